import Dispatch

extension Array where Element: Sendable {
    /// `map` across all cores. Order is kept, so output stays deterministic.
    func parallelMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        guard count > 1 else { return map(transform) }
        let results = ResultSlots<T>(count: count)
        self.withUnsafeBufferPointer { input in
            let input = UncheckedSendable(input)
            DispatchQueue.concurrentPerform(iterations: count) { i in
                results.set(i, transform(input.value[i]))
            }
        }
        return results.values()
    }
}

/// Slots written once each from concurrent iterations: every index by exactly one writer.
private final class ResultSlots<T>: @unchecked Sendable {
    private var storage: [T?]

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: T) {
        storage.withUnsafeMutableBufferPointer { $0[index] = value }
    }

    func values() -> [T] { storage.map { $0! } }
}

private struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
