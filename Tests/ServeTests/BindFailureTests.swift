import Foundation
import Serve
import Testing

/// `serve` says why it cannot listen in words, not as NIO's call and error code.
@Suite struct BindFailureTests {
    /// A socket listening on 127.0.0.1 at a port the system chose, and that port.
    func occupiedPort() throws -> (Int32, Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        try #require(bound)
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Why `freePort` could not bind, or nil when it bound.
    func failure(_ host: String, from port: Int, attempts: Int) async -> SiteServer.BindFailure? {
        do {
            _ = try await SiteServer.freePort(host: host, from: port, attempts: attempts)
            return nil
        } catch {
            return error
        }
    }

    @Test func aPortInUseIsSaidSo() async throws {
        let (fd, port) = try occupiedPort()
        defer { close(fd) }
        let error = try #require(await failure("127.0.0.1", from: port, attempts: 1), "port \(port) was taken, yet bound")
        #expect(error.description == "cannot listen on 127.0.0.1:\(port): the port is in use")
        #expect(!error.hostProblem)
    }

    /// 192.0.2.1 is an address for documentation (RFC 5737): no computer's own.
    @Test func anAddressOfAnotherComputerIsTheHostsProblem() async throws {
        let error = try #require(await failure("192.0.2.1", from: 8400, attempts: 20), "bound an address that is not this computer's")
        #expect(error.description == "cannot listen on 192.0.2.1: it is not an address of this computer")
        #expect(error.hostProblem)
    }

    /// A name that resolves to nothing is said so, once: not NIO's type and error code, and
    /// not after trying twenty ports that cannot help.
    @Test func aHostThatDoesNotResolveIsSaidInWords() async throws {
        let error = try #require(await failure("not a host", from: 8400, attempts: 20), "bound a host that does not resolve")
        #expect(error.description == "cannot resolve host 'not a host'")
        #expect(error.hostProblem)
        #expect(error.port == 8400)
    }

    /// Every address (0.0.0.0, ::) is where serve listens; a browser goes to loopback.
    @Test func everyAddressIsShownAsLoopback() {
        #expect(SiteServer.localURL(host: "0.0.0.0", port: 8490) == "http://127.0.0.1:8490/")
        #expect(SiteServer.localURL(host: "::", port: 8490) == "http://[::1]:8490/")
        #expect(SiteServer.localURL(host: "0:0::0", port: 8490) == "http://[::1]:8490/")
        #expect(SiteServer.localURL(host: "127.0.0.1", port: 8400) == "http://127.0.0.1:8400/")
        #expect(SiteServer.localURL(host: "::1", port: 8400) == "http://[::1]:8400/")
        #expect(SiteServer.localURL(host: "192.168.1.5", port: 8400) == "http://192.168.1.5:8400/")
        #expect(SiteServer.localURL(host: "localhost", port: 8400) == "http://localhost:8400/")
        #expect(!SiteServer.isEveryAddress("0.0.0.1"))
        #expect(SiteServer.networkURL(port: 8490)?.hasSuffix(":8490/") ?? true)
    }
}
