import Dispatch
@testable import Render
import Synchronization
import Testing

@Suite struct MadeOnceTests {
    /// Threads asking at once for a value made alone wait for it instead of making it again.
    @Test func aValueMadeAloneIsMadeOnceWhoeverAsks() {
        let cache = MadeOnce<String, Int>()
        let makes = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            let value = cache.valueMadeOnce(i % 2 == 0 ? "even" : "odd") {
                makes.withLock { $0 += 1 }
                return i % 2
            }
            #expect(value == i % 2)
        }
        #expect(makes.withLock { $0 } == 2)
        // Either kind of asking finds what the other made.
        #expect(cache.value("even") { 7 } == 0)
        #expect(cache.valueMadeOnce("new") { 9 } == 9)
        #expect(cache.value("new") { 8 } == 9)
    }
}
