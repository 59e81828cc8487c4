@testable import Site
import Synchronization
import Testing

@Suite struct ParallelTests {
    /// Results keep their input's order and arrive whole, however the work is spread over
    /// the threads.
    @Test func parallelMapKeepsOrderUnderLoad() {
        for round in 0..<200 {
            let input = Array(0..<(500 + round))
            let output = input.parallelMap { n in String(repeating: "x", count: n % 37) + String(n) }
            #expect(output == input.map { String(repeating: "x", count: $0 % 37) + String($0) })
        }
    }
}

@Suite struct HandoffTests {
    final class Counted: Sendable {
        let value: Int
        let freed: Freed
        init(_ value: Int, _ freed: Freed) { self.value = value; self.freed = freed }
        deinit { freed.add(value) }
    }

    final class Freed: Sendable {
        private let values = Mutex<[Int]>([])
        func add(_ value: Int) { values.withLock { $0.append(value) } }
        var all: [Int] { values.withLock { $0 } }
    }

    /// Each value goes to the iteration that takes it, and the handoff keeps no reference:
    /// a value is freed as soon as its iteration is done with it, wherever that runs.
    @Test func eachValueIsTakenOnceAndFreedByItsTaker() {
        let freed = Freed()
        var values = (0..<300).map { Counted($0, freed) }
        let handoff = Handoff(values)
        values = []
        #expect(freed.all.isEmpty)
        let seen = Array(0..<handoff.count).parallelMap { i -> Int in
            let value = handoff.take(i)
            return value.value
        }
        #expect(seen == Array(0..<300))
        // Freed before the handoff itself is.
        #expect(freed.all.sorted() == Array(0..<300))
        withExtendedLifetime(handoff) {}
    }
}
