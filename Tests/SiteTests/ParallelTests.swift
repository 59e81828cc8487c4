@testable import Site
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
