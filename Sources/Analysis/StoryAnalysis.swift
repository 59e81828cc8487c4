/// What the graph says about a story: what a reader can reach, where they can get stuck,
/// and how long and how many the ways from the start to each ending are. Every part is
/// computed in time linear in pages plus choices (counts add numbers of growing size).
public struct StoryAnalysis: Sendable, Equatable {
    /// A length or count that is either exact or has no upper bound (a loop lies on the way).
    public enum Bound<Value: Sendable & Equatable>: Sendable, Equatable {
        case exact(Value)
        case unbounded
    }

    public struct EndingPaths: Sendable, Equatable {
        public var page: Int
        /// nil when the ending cannot be reached from the start.
        public var shortest: Int?
        /// The most choices a reader can make on the way, when no loop can be gone round on
        /// the way; `.unbounded` when one can (nil when the ending cannot be reached).
        public var longest: Bound<Int>?
        /// The distinct ways (sequences of pages) from the start to this ending.
        public var playthroughs: Bound<BigCount>

        public init(page: Int, shortest: Int?, longest: Bound<Int>?, playthroughs: Bound<BigCount>) {
            self.page = page
            self.shortest = shortest
            self.longest = longest
            self.playthroughs = playthroughs
        }
    }

    public var pageCount: Int
    public var start: Int
    /// Per page: whether some path from the start reaches it.
    public var reachable: [Bool]
    public var unreachable: [Int]
    /// Reachable pages from which no ending can be reached.
    public var traps: [Int]
    /// Groups of pages that a reader can go round and round (strongly connected components
    /// with a cycle), each sorted, in the order of their first page. Unreachable ones too.
    public var loops: [[Int]]
    /// Whether a loop can be reached from the start at all.
    public var loopIsReachable: Bool
    /// Every ending, in page order.
    public var endings: [EndingPaths]
    /// Distinct ways from the start to any ending: unbounded when a loop lies on such a way.
    public var playthroughs: Bound<BigCount>

    public var reachableCount: Int { reachable.count { $0 } }

    public static func analyse(_ graph: StoryGraph) -> StoryAnalysis {
        var steps = 0
        return analyse(graph, steps: &steps)
    }

    /// The same, adding to `steps` one for each page and each choice looked at (an addition
    /// of counts is one step): tests check that it stays in proportion to pages plus
    /// choices, which a clock on a busy machine cannot tell.
    static func analyse(_ graph: StoryGraph, steps: inout Int) -> StoryAnalysis {
        let n = graph.pageCount
        guard n > 0 else {
            return StoryAnalysis(
                pageCount: 0, start: 0, reachable: [], unreachable: [], traps: [], loops: [], loopIsReachable: false,
                endings: [], playthroughs: .exact(.zero))
        }
        let successors = graph.successors
        var predecessors = [[Int]](repeating: [], count: n)
        for (page, targets) in successors.enumerated() {
            steps += 1 + targets.count
            for target in targets { predecessors[target].append(page) }
        }

        let distance = breadthFirst(from: [graph.start], along: successors, count: n, steps: &steps)
        let reachable = distance.map { $0 != nil }
        // Told unreachable: not even through what a mistyped link meant (only in a story
        // with errors; the rest of the analysis takes the graph as written).
        let told = graph.meant.allSatisfy(\.isEmpty) ? reachable
            : breadthFirst(from: [graph.start], along: zip(successors, graph.meant).map { $0 + $1 }, count: n, steps: &steps)
                .map { $0 != nil }
        let endings = (0..<n).filter(graph.isEnding)
        // A broken link may lead to an ending once fixed: no trap is told on its account,
        // unless it plainly meant a page, which it is then taken to lead to.
        var towardsEndings = predecessors
        for (page, targets) in graph.meant.enumerated() {
            for target in targets { towardsEndings[target].append(page) }
        }
        let reachesEnding = breadthFirst(
            from: graph.unmeantLinks.isEmpty ? endings : endings + (0..<n).filter { graph.unmeantLinks[$0] },
            along: towardsEndings, count: n, steps: &steps
        ).map { $0 != nil }

        let components = StronglyConnected.components(successors, steps: &steps)
        var isLoop = [Bool](repeating: false, count: components.members.count)
        for page in 0..<n {
            steps += 1 + successors[page].count
            let c = components.component[page]
            if components.members[c].count > 1 || successors[page].contains(page) { isLoop[c] = true }
        }
        let loops = components.members.indices.filter { isLoop[$0] }
            .map { components.members[$0].sorted() }
            .sorted { $0[0] < $1[0] }
        let loopPages = (0..<n).filter { reachable[$0] && isLoop[components.component[$0]] }
        // Pages a reader can reach after going round a loop any number of times.
        let afterLoop = breadthFirst(from: loopPages, along: successors, count: n, steps: &steps).map { $0 != nil }

        // The reachable pages not after a loop form an acyclic graph, closed under their
        // reachable predecessors: lengths and counts follow in topological order.
        var longest = [Int](repeating: 0, count: n)
        var counts = [BigCount](repeating: .zero, count: n)
        if !afterLoop[graph.start] {
            counts[graph.start] = .one
            var waiting = [Int](repeating: 0, count: n)
            for page in 0..<n where reachable[page] && !afterLoop[page] {
                steps += 1 + successors[page].count
                for target in successors[page] where !afterLoop[target] { waiting[target] += 1 }
            }
            var ready = [graph.start]
            while let page = ready.popLast() {
                steps += 1 + successors[page].count
                for target in successors[page] where !afterLoop[target] {
                    longest[target] = max(longest[target], longest[page] + 1)
                    counts[target] += counts[page]
                    waiting[target] -= 1
                    if waiting[target] == 0 { ready.append(target) }
                }
            }
        }

        var total = BigCount.zero
        var totalIsBounded = true
        let endingPaths = endings.map { page -> EndingPaths in
            guard let shortest = distance[page] else {
                return EndingPaths(page: page, shortest: nil, longest: nil, playthroughs: .exact(.zero))
            }
            if afterLoop[page] {
                totalIsBounded = false
                return EndingPaths(page: page, shortest: shortest, longest: .unbounded, playthroughs: .unbounded)
            }
            total += counts[page]
            return EndingPaths(page: page, shortest: shortest, longest: .exact(longest[page]), playthroughs: .exact(counts[page]))
        }

        return StoryAnalysis(
            pageCount: n, start: graph.start, reachable: reachable,
            unreachable: (0..<n).filter { !told[$0] },
            // A page reached only through what a mistyped link meant is told a trap too: it is
            // not told unreachable, and a loop there is worth knowing before the typo is fixed.
            traps: (0..<n).filter { told[$0] && !reachesEnding[$0] },
            loops: loops, loopIsReachable: !loopPages.isEmpty, endings: endingPaths,
            playthroughs: totalIsBounded ? .exact(total) : .unbounded)
    }

    /// Steps from the nearest source to each page along the edges; nil where none leads.
    static func breadthFirst(from sources: [Int], along edges: [[Int]], count: Int, steps: inout Int) -> [Int?] {
        var distance = [Int?](repeating: nil, count: count)
        var queue: [Int] = []
        for source in sources where distance[source] == nil {
            distance[source] = 0
            queue.append(source)
        }
        var head = 0
        while head < queue.count {
            let page = queue[head]
            head += 1
            steps += 1 + edges[page].count
            for next in edges[page] where distance[next] == nil {
                distance[next] = distance[page]! + 1
                queue.append(next)
            }
        }
        return distance
    }
}
