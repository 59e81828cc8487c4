import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import Site
import Support

/// The HTTP side of `serve`: pages from memory (with the live-reload script), assets from
/// the content folder, the event stream, and a 404 page that reloads once its page exists.
/// Every response says `no-store`: what is served changes with every save.
public struct SiteResponder: HTTPResponder {
    public typealias Context = BasicRequestContext
    let session: ServeSession
    let fileIO = FileIO()
    /// Listening on this computer only: requests must name it too (see `isLocal`).
    let localOnly: Bool

    public init(session: ServeSession, localOnly: Bool = true) {
        self.session = session
        self.localOnly = localOnly
    }

    /// Whether a request's Host names this computer: `localhost` (or a name under it), an
    /// address in 127/8, or `[::1]`, with any port. Another name reaching a server that
    /// listens on this computer only is a page elsewhere whose name was pointed here (DNS
    /// rebinding), which must not read the site and its drafts. No Host (HTTP/1.0) is local.
    public static func isLocal(host: String?) -> Bool {
        guard var name = host?.lowercased(), !name.isEmpty else { return true }
        if name.hasPrefix("[") {
            return name.hasPrefix("[::1]") && (name.count == 5 || name.dropFirst(5).hasPrefix(":"))
        }
        if let colon = name.lastIndex(of: ":") {
            guard name[name.index(after: colon)...].allSatisfy({ ("0"..."9").contains($0) }) else { return false }
            name = String(name[..<colon])
        }
        if name.hasSuffix(".") { name.removeLast() }
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127"
            && parts.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy { ("0"..."9").contains($0) } && Int($0)! <= 255 }
    }

    public func respond(to request: Request, context: Context) async throws -> Response {
        if localOnly, !Self.isLocal(host: request.head.authority) {
            return Self.response(
                .forbidden, Array("quizgen serve answers only requests for localhost or 127.0.0.1\n".utf8),
                type: "text/plain; charset=utf-8", head: request.method == .head)
        }
        guard request.method == .get || request.method == .head else {
            return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD"])
        }
        let head = request.method == .head
        let site = session.site
        let route = Route.resolve(
            request.uri.path, page: site.hasFile, asset: site.hasAsset)
        switch route {
        case .events:
            return events(page: request.uri.queryParameters["page"].map(String.init), head: head)
        case .page(let path):
            // Rendered now: pages are not kept (see LiveSite).
            var bytes = site.file(path) ?? []
            if path.hasSuffix(".html") { bytes = LiveReload.inject(into: bytes, version: LiveReload.version(of: bytes)) }
            return Self.response(.ok, bytes, type: ContentType.of(path), head: head)
        case .asset(let path):
            guard let file = site.assetFile(path, fileSystem: session.fileSystem) else { return notFound(request, head: head) }
            var headers = Self.headers(type: ContentType.of(path))
            if let size = session.fileSystem.size(file) { headers[.contentLength] = String(size) }
            if head { return Response(status: .ok, headers: headers) }
            // Streamed in chunks, never whole in memory: assets may be large videos.
            return Response(status: .ok, headers: headers, body: try await fileIO.loadFile(path: file, context: context))
        case .redirect(let location):
            return Response(status: .movedPermanently, headers: [.location: location, .cacheControl: "no-store"])
        case .notFound:
            return notFound(request, head: head)
        }
    }

    private func notFound(_ request: Request, head: Bool) -> Response {
        let site = session.site
        let page = NotFoundPage.html(
            for: request.uri.path, files: site.filePaths, withErrors: site.foldersWithErrors, withoutMaps: site.foldersWithoutMaps)
        return Self.response(.notFound, LiveReload.inject(into: Array(page.utf8), version: ""),
                             type: "text/html; charset=utf-8", head: head)
    }

    /// The event stream: the current state at once, then a message after every rebuild.
    private func events(page: String?, head: Bool) -> Response {
        var headers = Self.headers(type: "text/event-stream")
        headers[.connection] = "keep-alive"
        if head { return Response(status: .ok, headers: headers) }
        let session = session
        let stream = session.subscribe(page: page)
        // With the page's version now, which a page sent before the last rebuild reached it
        // (or while serve was stopped, or the tab hidden) does not have.
        let site = session.site
        let first = session.message(changed: [], version: page.map { LiveReload.version(of: site.hasFile($0) ? site.file($0) : nil) })
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            // A lost connection is tried again after half a second (a restarted serve).
            try await writer.write(ByteBuffer(string: "retry: 500\ndata: \(first)\n\n"))
            // The server stops (Ctrl-C) only once every response has finished: this one ends
            // as the shutdown begins, not when the session's turn to stop comes.
            for await message in stream.cancelOnGracefulShutdown() {
                try await writer.write(ByteBuffer(string: "data: \(message)\n\n"))
            }
            try await writer.finish(nil)
        })
    }

    static func headers(type: String) -> HTTPFields {
        [.contentType: type, .cacheControl: "no-store", .xContentTypeOptions: "nosniff"]
    }

    static func response(_ status: HTTPResponse.Status, _ bytes: [UInt8], type: String, head: Bool) -> Response {
        var headers = headers(type: type)
        headers[.contentLength] = String(bytes.count)
        return Response(status: status, headers: headers, body: head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

public enum SiteServer {
    /// The port `serve` tries first (then the next ones, when it is taken).
    public static let defaultPort = 8400

    public struct BindFailure: Error, CustomStringConvertible {
        public var host: String
        public var port: Int
        public var reason: String
        /// The host is the problem (it names no address of this computer), not the port.
        public var hostProblem = false
        /// A host problem says which host, and no port: another port would not help.
        public var description: String {
            hostProblem ? reason : "cannot listen on \(SiteServer.urlHost(host)):\(port): \(reason)"
        }

        /// The failure in words: the system's message for its errno, not NIO's call and code.
        init(host: String, port: Int, error: Error) {
            self.host = host
            self.port = port
            switch error {
            case let io as IOError:
                switch io.errnoCode {
                case EADDRINUSE: reason = "the port is in use"
                case EACCES: reason = "permission denied (ports below 1024 need root)"
                case EADDRNOTAVAIL:
                    reason = "cannot listen on \(host): it is not an address of this computer"
                    hostProblem = true
                default: reason = String(cString: strerror(io.errnoCode))
                }
            // A name that does not resolve (NIO's own type for it), or an address it cannot take.
            case is SocketAddressError.UnknownHost, is SocketAddressError:
                reason = "cannot resolve host '\(host)'"
                hostProblem = true
            default:
                reason = "\(error)"
            }
        }

        init(host: String, port: Int, reason: String) {
            self.host = host
            self.port = port
            self.reason = reason
        }
    }

    /// Whether `host` is an address of this computer only (so that no other can connect).
    public static func isLoopback(_ host: String) -> Bool {
        ["localhost", "::1"].contains(host.lowercased()) || host.hasPrefix("127.")
    }

    /// The first port from `port` on (trying `attempts` of them) that can be bound on `host`.
    public static func freePort(host: String, from port: Int, attempts: Int) async throws(BindFailure) -> Int {
        var last = BindFailure(host: host, port: port, reason: "no port tried")
        for candidate in port..<min(port + max(attempts, 1), 65536) {
            do {
                let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                    .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                    .bind(host: host, port: candidate).get()
                try? await channel.close()
                return candidate
            } catch {
                last = BindFailure(host: host, port: candidate, error: error)
                // Another port cannot help a host that is not this computer's.
                if last.hostProblem { break }
            }
        }
        throw last
    }

    /// The application serving `session` on host:port, the session running beside it.
    public static func application(
        session: ServeSession, host: String, port: Int, onRunning: @escaping @Sendable (Int) async -> Void
    ) -> some ApplicationProtocol {
        var logger = Logger(label: "quizgen.serve")
        logger.logLevel = .critical
        return Application(
            responder: SiteResponder(session: session, localOnly: isLoopback(host)),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            services: [session],
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
    }
}
