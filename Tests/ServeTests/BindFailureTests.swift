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

    @Test func aPortInUseIsSaidSo() async throws {
        let (fd, port) = try occupiedPort()
        defer { close(fd) }
        do {
            _ = try await SiteServer.freePort(host: "127.0.0.1", from: port, attempts: 1)
            Issue.record("port \(port) was taken, yet bound")
        } catch {
            #expect(error.description == "cannot listen on 127.0.0.1:\(port): the port is in use")
            #expect(!error.hostProblem)
        }
    }

    /// 192.0.2.1 is an address for documentation (RFC 5737): no computer's own.
    @Test func anAddressOfAnotherComputerIsTheHostsProblem() async throws {
        do {
            _ = try await SiteServer.freePort(host: "192.0.2.1", from: 8400, attempts: 20)
            Issue.record("bound an address that is not this computer's")
        } catch {
            #expect(error.description == "cannot listen on 192.0.2.1:8400: this computer has no such address")
            #expect(error.hostProblem)
        }
    }
}
