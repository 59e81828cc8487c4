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
/// A raw buffer, allocated once: an Array's `withUnsafeMutableBufferPointer` moves the
/// array's storage out for the duration of the call, so two threads calling it at once on
/// one array corrupt it.
private final class ResultSlots<T>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<T?>
    private let count: Int

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    func set(_ index: Int, _ value: T) {
        slots[index] = value
    }

    func values() -> [T] { (0..<count).map { slots[$0]! } }
}

/// Values handed out once each to concurrent iterations (every index taken by exactly one),
/// so that each is released on the thread that used it last, not on the caller's afterwards.
final class Handoff<T>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<T?>
    let count: Int

    init(_ values: [T]) {
        count = values.count
        slots = .allocate(capacity: count)
        for (i, value) in values.enumerated() { (slots + i).initialize(to: value) }
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    func take(_ index: Int) -> T {
        let value = slots[index]!
        slots[index] = nil
        return value
    }
}

/// A value handed to concurrent iterations that only read it.
struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
