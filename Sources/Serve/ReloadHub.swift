import Synchronization

/// The open pages listening for rebuilds: each Server-Sent Events response is one stream,
/// and every message goes to all. Closed at shutdown, which ends every stream, so the
/// server is not kept waiting on responses that never finish.
public final class ReloadHub: Sendable {
    private struct Clients {
        var next = 0
        var open: [Int: AsyncStream<String>.Continuation] = [:]
        var closed = false
    }

    private let clients = Mutex(Clients())

    public init() {}

    /// A new listener's stream of messages; already finished once the hub is closed.
    public func subscribe() -> AsyncStream<String> {
        // A page that stops reading needs only the latest messages.
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(8))
        let id: Int? = clients.withLock { clients in
            guard !clients.closed else { return nil }
            defer { clients.next += 1 }
            clients.open[clients.next] = continuation
            return clients.next
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.clients.withLock { $0.open.removeValue(forKey: id) }
        }
        return stream
    }

    public func broadcast(_ message: String) {
        let open = clients.withLock { Array($0.open.values) }
        for continuation in open { continuation.yield(message) }
    }

    public var listeners: Int { clients.withLock { $0.open.count } }

    public func close() {
        let open = clients.withLock { clients in
            clients.closed = true
            defer { clients.open = [:] }
            return Array(clients.open.values)
        }
        for continuation in open { continuation.finish() }
    }
}
