@testable import Analysis
import Testing

@Suite struct StoryGraphTests {
    func analyse(_ successors: [[Int]], start: Int = 0) -> StoryAnalysis {
        StoryAnalysis.analyse(StoryGraph(successors: successors, start: start))
    }

    /// Page 1 → pages 2 and 3 → pages 4 to 7.
    let sevenPages: [[Int]] = [[1, 2], [3, 4], [5, 6], [], [], [], []]

    @Test func theClassicSevenPageStory() {
        let a = analyse(sevenPages)
        #expect(a.reachableCount == 7)
        #expect(a.unreachable.isEmpty && a.traps.isEmpty && a.loops.isEmpty)
        #expect(!a.loopIsReachable)
        #expect(a.playthroughs == .exact(BigCount(4)))
        #expect(a.endings.map(\.page) == [3, 4, 5, 6])
        #expect(a.endings.allSatisfy { $0.shortest == 2 && $0.longest == .exact(2) && $0.playthroughs == .exact(.one) })
    }

    @Test func unreachablePages() {
        // Page 3 and page 4 (which only page 3 leads to) cannot be reached.
        let a = analyse([[1], [], [3], []])
        #expect(a.unreachable == [2, 3])
        #expect(a.reachable == [true, true, false, false])
        #expect(a.endings.map(\.shortest) == [1, nil])
        #expect(a.endings[1].longest == nil && a.endings[1].playthroughs == .exact(.zero))
        #expect(a.playthroughs == .exact(.one))
        #expect(a.traps.isEmpty)
    }

    @Test func trapsArePagesFromWhichNoEndingCanBeReached() {
        // 0 → 1 (ending) or 2; 2 ↔ 3 go round for ever; 4 → 2 is unreachable, so no trap.
        let a = analyse([[1, 2], [], [3], [2], [2]])
        #expect(a.traps == [2, 3])
        #expect(a.unreachable == [4])
        #expect(a.loops == [[2, 3]])
        #expect(a.loopIsReachable)
        // A loop that leads to no ending adds no playthrough: the count stays exact.
        #expect(a.playthroughs == .exact(.one))
        #expect(a.endings[0].longest == .exact(1))
    }

    /// A page with a link to no page (a story with errors) may lead to an ending once the
    /// link is fixed: neither it nor the pages that lead to it are traps, and it is no ending.
    @Test func aPageWithABrokenLinkIsNoTrapAndNoEnding() {
        // 0 ↔ 1, and 1 also has a link to no page; 2 is unreachable.
        let graph = StoryGraph(successors: [[1], [0], []], start: 0, brokenLinks: [false, true, false])
        let a = StoryAnalysis.analyse(graph)
        #expect(a.traps.isEmpty)
        #expect(a.unreachable == [2])
        #expect(a.endings.map(\.page) == [2])
        // A page whose only link is broken is no ending either.
        #expect(!StoryGraph(successors: [[]], brokenLinks: [true]).isEnding(0))
    }

    @Test func aLoopOnTheWayToAnEndingMakesPlaythroughsAndLongestUnbounded() {
        // 0 → 1 → 2 → 1 (loop), 2 → 3 (ending); 0 → 4 (ending, no loop on the way).
        let a = analyse([[1, 4], [2], [1, 3], [], []])
        #expect(a.loops == [[1, 2]])
        #expect(a.traps.isEmpty)
        #expect(a.playthroughs == .unbounded)
        #expect(a.endings.map(\.page) == [3, 4])
        #expect(a.endings[0].shortest == 3)
        #expect(a.endings[0].longest == .unbounded)
        #expect(a.endings[0].playthroughs == .unbounded)
        #expect(a.endings[1].shortest == 1)
        #expect(a.endings[1].longest == .exact(1))
        #expect(a.endings[1].playthroughs == .exact(.one))
    }

    @Test func aPageLinkingToItselfIsALoop() {
        let a = analyse([[0, 1], []])
        #expect(a.loops == [[0]])
        #expect(a.playthroughs == .unbounded)
        #expect(a.endings[0].shortest == 1)
    }

    @Test func startingInsideALoop() {
        let a = analyse([[1], [0, 2], []], start: 1)
        #expect(a.loops == [[0, 1]])
        #expect(a.endings[0].shortest == 1)
        #expect(a.endings[0].longest == .unbounded)
    }

    @Test func aStoryOfOnePageIsOnePlaythroughOfNoChoices() {
        let a = analyse([[]])
        #expect(a.playthroughs == .exact(.one))
        #expect(a.endings == [.init(page: 0, shortest: 0, longest: .exact(0), playthroughs: .exact(.one))])
    }

    @Test func longestAndShortestDifferOnAnAcyclicStory() {
        // 0 → 3 directly, or 0 → 1 → 2 → 3, or 0 → 2 → 3.
        let a = analyse([[3, 1, 2], [2], [3], []])
        #expect(a.endings == [.init(page: 3, shortest: 1, longest: .exact(3), playthroughs: .exact(BigCount(3)))])
    }

    @Test func twoChoicesToOnePageAreOneWay() {
        let graph = StoryGraph(successors: [[1, 1, 2], [], []])
        #expect(graph.successors == [[1, 2], [], []])
        #expect(StoryAnalysis.analyse(graph).playthroughs == .exact(BigCount(2)))
    }

    /// Repeats go whichever way they are found: scanned among a few targets, hashed among many.
    @Test(arguments: [3, 16, 17, 40])
    func repeatedTargetsKeepTheirFirstPlace(count: Int) {
        let targets = (0..<count).map { ($0 * 7) % 5 } + [4, 0]
        var expected: [Int] = []
        for t in targets where !expected.contains(t) { expected.append(t) }
        #expect(StoryGraph(successors: [targets, [], [], [], [], []]).successors[0] == expected)
    }

    /// A chain of n diamonds: every diamond doubles the ways, so 2^n playthroughs.
    func diamonds(_ n: Int) -> [[Int]] {
        var successors: [[Int]] = []
        for i in 0..<n {
            let top = 3 * i
            successors.append([top + 1, top + 2])
            successors.append([top + 3])
            successors.append([top + 3])
        }
        successors.append([])
        return successors
    }

    @Test func countsBeyondSixtyFourBitsAreExact() {
        #expect(analyse(diamonds(60)).playthroughs == .exact(.power(ofTwo: 60)))
        let a = analyse(diamonds(200))
        guard case .exact(let count) = a.playthroughs else { Issue.record("unbounded"); return }
        #expect(count.description == "1606938044258990275541962092341162602522202993782792835301376")
        #expect(count.intValue == nil)
        #expect(a.endings[0].shortest == 400 && a.endings[0].longest == .exact(400))
    }

    /// Ten thousand pages in three shapes. The analysis counts its steps (a page or a choice
    /// looked at): they must stay within a small multiple of pages plus choices, where a
    /// quadratic pass would take 10^8. Steps, not a clock, so a busy machine cannot fail
    /// it; the time limit stops an exponential count or a hang.
    @Test(.timeLimit(.minutes(1))) func tenThousandPagesTakeLittleTime() {
        func linear(_ successors: [[Int]], _ check: (StoryAnalysis) -> Void = { _ in }) {
            var steps = 0
            check(StoryAnalysis.analyse(StoryGraph(successors: successors, start: 0), steps: &steps))
            let size = successors.count + successors.reduce(0) { $0 + $1.count }
            #expect(steps <= 16 * size, "\(steps) steps for \(size) pages and choices")
        }
        // About 2^3333 ways through 3,333 diamonds.
        let big = diamonds(3_333)
        #expect(big.count == 10_000)
        linear(big) { a in
            guard case .exact(let count) = a.playthroughs else { Issue.record("unbounded"); return }
            #expect(count == .power(ofTwo: 3_333))
            #expect(count.description.count == 1_004)
        }
        // A line of 10,000 pages with a loop back from every page: deep, and every page on one loop.
        var line = (0..<10_000).map { [$0 + 1, max($0 - 1, 0)] }
        line[9_999] = [10_000, 9_998]
        line.append([])
        linear(line) { a in
            #expect(a.loops.count == 1 && a.loops[0].count == 10_000)
            #expect(a.endings[0].shortest == 10_000 && a.playthroughs == .unbounded)
        }
        // A pseudo-random tangle: 10,000 pages with three choices each, some endings.
        var seed: UInt64 = 42
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33)
        }
        linear((0..<10_000).map { i in i % 7 == 6 ? [] : (0..<3).map { _ in next() % 10_000 } })
    }
}

@Suite struct BigCountTests {
    @Test func addsWithCarries() {
        var n = BigCount(UInt64.max)
        n += BigCount(1)
        #expect(n == .power(ofTwo: 64))
        #expect(n.description == "18446744073709551616")
        #expect((BigCount(UInt64.max) + BigCount(UInt64.max)).description == "36893488147419103230")
        #expect(BigCount().description == "0")
        #expect(BigCount(1_000_000_000_000_000_000).description == "1000000000000000000")
        #expect(BigCount.power(ofTwo: 128).description == "340282366920938463463374607431768211456")
    }

    @Test func comparesAndConverts() {
        #expect(BigCount(3) < BigCount(4))
        #expect(BigCount(UInt64.max) < .power(ofTwo: 64))
        #expect(!(BigCount.power(ofTwo: 70) < .power(ofTwo: 70)))
        #expect(BigCount(42).intValue == 42)
        #expect(BigCount.power(ofTwo: 63).intValue == nil)
    }
}
