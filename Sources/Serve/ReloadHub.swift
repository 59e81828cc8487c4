import Synchronization

/// The open pages listening for rebuilds: each Server-Sent Events response is one stream,
/// and every message goes to all. Closed at shutdown, which ends every stream, so the
/// server is not kept waiting on responses that never finish.
public final class ReloadHub: Sendable {
    private struct Clients {
        var next = 0
        var open: [Int: AsyncStream<String>.Continuation] = [:]
        var pages: [Int: String] = [:]
        var closed = false
    }

    private let clients = Mutex(Clients())

    public init() {}

    /// A new listener's stream of messages; already finished once the hub is closed. `page`
    /// is the page it shows, so that a rebuild of every page can do the open ones first.
    public func subscribe(page: String? = nil) -> AsyncStream<String> {
        // A page that stops reading needs only the latest messages.
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(8))
        let id: Int? = clients.withLock { clients in
            guard !clients.closed else { return nil }
            defer { clients.next += 1 }
            clients.open[clients.next] = continuation
            clients.pages[clients.next] = page
            return clients.next
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            self?.clients.withLock { clients in
                clients.open[id] = nil
                clients.pages[id] = nil
            }
        }
        return stream
    }

    public func broadcast(_ message: String) {
        let open = clients.withLock { Array($0.open.values) }
        for continuation in open { continuation.yield(message) }
    }

    public var listeners: Int { clients.withLock { $0.open.count } }

    /// The pages open now, by their file in the site.
    public var openPages: Set<String> { clients.withLock { Set($0.pages.values) } }

    public func close() {
        let open = clients.withLock { clients in
            clients.closed = true
            defer { clients.open = [:]; clients.pages = [:] }
            return Array(clients.open.values)
        }
        for continuation in open { continuation.finish() }
    }
}
