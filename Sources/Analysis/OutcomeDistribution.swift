import Content

/// The share of answer combinations that ends in each outcome, and which outcomes can never
/// be the result.
public struct OutcomeDistribution: Sendable, Equatable {
    public enum Method: Sendable, Equatable {
        /// Every combination counted (by dynamic programming over score totals).
        case exact
        /// Too many distinct totals to count: a seeded random sample of combinations.
        case sampled(size: Int, seed: UInt64)
    }

    public var method: Method
    /// All answer combinations of the quiz (a Double: it can exceed 2^64).
    public var combinations: Double
    /// Per outcome: combinations counted (exact) or sampled draws that end there.
    public var counts: [Double]
    /// Outcomes proven never to be the result.
    public var unreachable: [Int]
    /// Outcomes for which neither a proof nor a witness was found within the search budget.
    public var undecided: [Int]

    public func share(_ outcome: Int) -> Double {
        let total = counts.reduce(0, +)
        return total > 0 ? counts[outcome] / total : 0
    }
}

public enum OutcomeAnalysis {
    public static let defaultSeed: UInt64 = 0x5EED_0F_0A_715
    /// Distinct score vectors kept while counting exactly, before falling back to a sample.
    public static let stateLimit = 200_000

    /// The outcomes no answer combination can make the result: what a build warns about.
    /// A pruned search for a winning combination per outcome, much cheaper than counting.
    public static func reachability(_ table: OutcomeTable) -> (unreachable: [Int], undecided: [Int]) {
        // Most outcomes are won by the answers that favour them most; only the others need
        // the search, and its option lists are built only then.
        let rows = SparseRows(table)
        let doubtful = (0..<table.outcomeCount).filter { !greedyWins($0, table, rows) }
        return settle(doubtful, table)
    }

    /// Which doubtful outcomes can never be the result, and which the search could not decide.
    /// First the cheap proof: an outcome no answer scores totals 0, so an earlier outcome never
    /// scored below 0 always ties or beats it, and a tie goes to the earlier one. (A quiz of
    /// thousands of outcomes, most of them unscored, spent minutes searching each.)
    static func settle(_ doubtful: [Int], _ table: OutcomeTable) -> (unreachable: [Int], undecided: [Int]) {
        guard !doubtful.isEmpty else { return ([], []) }
        var scored = [Bool](repeating: false, count: table.outcomeCount)
        var negative = scored
        for answers in table.weights {
            for row in answers {
                for k in row.indices where row[k] != 0 {
                    scored[k] = true
                    if row[k] < 0 { negative[k] = true }
                }
            }
        }
        var shadowed = scored
        var earlierNeverBelowZero = false
        for k in scored.indices {
            shadowed[k] = !scored[k] && earlierNeverBelowZero
            if !negative[k] { earlierNeverBelowZero = true }
        }
        var unreachable = doubtful.filter { shadowed[$0] }
        let rest = doubtful.filter { !shadowed[$0] }
        guard !rest.isEmpty else { return (unreachable, []) }
        guard let vectors = allDistinctVectors(table) else { return (unreachable, rest) }
        var undecided: [Int] = []
        for k in rest {
            switch canWin(k, vectors: vectors, outcomeCount: table.outcomeCount) {
            case false?: unreachable.append(k)
            case nil: undecided.append(k)
            case true?: break
            }
        }
        return (unreachable.sorted(), undecided)
    }

    /// Each answer's scores as the outcomes it changes, and their sum: an answer scores a
    /// few outcomes, and reading every outcome of every answer for every outcome made the
    /// check cubic (a 1,000-question, 1,000-outcome quiz took minutes).
    struct SparseRows {
        /// scores[question][answer]: (outcome, points) where points are not 0.
        let scores: [[[(outcome: Int, points: Int)]]]
        /// sums[question][answer]: the answer's points over all outcomes.
        let sums: [[Int]]

        init(_ table: OutcomeTable) {
            // A quiz of a few outcomes (most) adds its rows whole: listing each answer's
            // scores would cost more than it saves.
            scores = table.outcomeCount <= 32 ? [] : table.weights.map { answers in
                answers.map { row in row.indices.compactMap { row[$0] != 0 ? ($0, row[$0]) : nil } }
            }
            sums = table.weights.map { answers in answers.map { $0.reduce(0, +) } }
        }
    }

    /// Whether outcome k wins when every question is answered in the way that most favours
    /// k over the others together (for multiple-answer questions: every answer that does).
    /// True proves k reachable; false proves nothing.
    static func greedyWins(_ k: Int, _ table: OutcomeTable, _ rows: SparseRows) -> Bool {
        var totals = [Int](repeating: 0, count: table.outcomeCount)
        let n = table.outcomeCount
        for (q, answers) in table.weights.enumerated() {
            // Σ over j ≠ k of (a[k] − a[j]) = n·a[k] − Σ a.
            func advantage(_ a: Int) -> Int { n * answers[a][k] - rows.sums[q][a] }
            func add(_ a: Int) {
                if rows.scores.isEmpty {
                    for j in totals.indices { totals[j] += answers[a][j] }
                } else {
                    for (j, points) in rows.scores[q][a] { totals[j] += points }
                }
            }
            if table.types[q] == .multiple {
                for a in answers.indices where advantage(a) > 0 { add(a) }
            } else if !answers.isEmpty {
                var best = 0, bestAdvantage = advantage(0)
                for a in answers.indices.dropFirst() {
                    let value = advantage(a)
                    if value > bestAdvantage { (best, bestAdvantage) = (a, value) }
                }
                add(best)
            }
        }
        return OutcomeTable.winner(totals) == k
    }

    public static func distribution(
        _ table: OutcomeTable, stateLimit: Int = stateLimit, sampleSize: Int = 100_000, seed: UInt64 = defaultSeed
    ) -> OutcomeDistribution {
        // Counting can only be exact within the state limit; when the totals could take far
        // more values than that, a first try with a small limit saves most of the wasted work.
        let attempt = possibleStates(table) <= Double(stateLimit) ? stateLimit : min(stateLimit, 20_000)
        if let counts = exactCounts(table, stateLimit: attempt) {
            return OutcomeDistribution(
                method: .exact, combinations: table.combinationCount, counts: counts,
                unreachable: counts.indices.filter { counts[$0] == 0 }, undecided: [])
        }
        // Each draw visits every answer, so very large quizzes get fewer draws: the estimate
        // stays useful and the check stays within a second or two.
        let answers = table.weights.reduce(0) { $0 + $1.count } * max(1, table.outcomeCount)
        let size = max(1_000, min(sampleSize, 50_000_000 / max(1, answers)))
        let counts = sampledCounts(table, size: size, seed: seed)
        var unreachable: [Int] = []
        var undecided: [Int] = []
        // An outcome the sample missed is most often won greedily; only the rest are searched,
        // over option lists made once for all of them.
        let rows = SparseRows(table)
        let doubtful = counts.indices.filter { counts[$0] == 0 && !greedyWins($0, table, rows) }
        (unreachable, undecided) = settle(doubtful, table)
        return OutcomeDistribution(
            method: .sampled(size: size, seed: seed), combinations: table.combinationCount,
            counts: counts, unreachable: unreachable, undecided: undecided)
    }

    // MARK: Exact counting

    /// The distinct score vectors one question can add, with how many ways each arises; nil
    /// when a multiple-answer question's subsets give more than `limit` (each is a vector of
    /// every outcome's score: 2^20 of them for 1,000 outcomes would be gigabytes).
    static func options(_ table: OutcomeTable, _ q: Int, limit: Int) -> [([Int], Double)]? {
        let zero = [Int](repeating: 0, count: table.outcomeCount)
        guard table.types[q] == .multiple else {
            var merged: [[Int]: Double] = [:]
            for vector in table.weights[q] { merged[vector, default: 0] += 1 }
            return merged.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map { ($0.key, $0.value) }
        }
        // Any subset of answers: fold them in one at a time, merging equal sums.
        var sums: [[Int]: Double] = [zero: 1]
        for vector in table.weights[q] {
            var next = sums
            for (sum, count) in sums {
                next[zip(sum, vector).map(+), default: 0] += count
            }
            sums = next
            if sums.count > limit { return nil }
        }
        return sums.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map { ($0.key, $0.value) }
    }

    /// An upper bound on the number of distinct score totals: per outcome, the values its
    /// total can take, multiplied; and never more than there are combinations.
    static func possibleStates(_ table: OutcomeTable) -> Double {
        guard let packing = Packing(table) else { return table.combinationCount }
        let values = packing.mask.reduce(1.0) { $0 * Double($1 + 1) }
        return min(values, table.combinationCount)
    }

    /// The distinct score vectors one question can add, without their counts: sorting and
    /// dropping repeats is cheaper than hashing arrays for the few vectors of a question.
    /// nil when a multiple-answer question's sums come to more than `limit`: its subsets
    /// double with each answer, but many answers often share a few distinct sums.
    static func distinctVectors(_ table: OutcomeTable, _ q: Int, limit: Int) -> [[Int]]? {
        func unique(_ vectors: [[Int]]) -> [[Int]] {
            let sorted = vectors.sorted { $0.lexicographicallyPrecedes($1) }
            return sorted.indices.filter { $0 == 0 || sorted[$0] != sorted[$0 - 1] }.map { sorted[$0] }
        }
        guard table.types[q] == .multiple else { return unique(table.weights[q]) }
        var sums = [[Int](repeating: 0, count: table.outcomeCount)]
        for vector in table.weights[q] {
            sums = unique(sums + sums.map { zip($0, vector).map(+) })
            if sums.count > limit { return nil }
        }
        return sums
    }

    /// Every question's distinct score vectors (`distinctVectors`), or nil when one has too many.
    /// The lists share one budget of scores (`vectorLimit`): thirty questions each within it
    /// held 960 MB for a quiz of 4,000 outcomes.
    static func allDistinctVectors(_ table: OutcomeTable) -> [[[Int]]]? {
        var left = vectorLimit(table, states: 1 << 18)
        var vectors: [[[Int]]] = []
        for q in table.types.indices {
            guard left > 0, let distinct = distinctVectors(table, q, limit: min(left, 1 << 16)) else { return nil }
            left -= distinct.count
            vectors.append(distinct)
        }
        return vectors
    }

    /// How many score vectors a question's list may hold: `states`, and never more than
    /// 4 million scores in all (32 MB), since each vector holds one per outcome.
    static func vectorLimit(_ table: OutcomeTable, states: Int) -> Int {
        max(16, min(states, (1 << 22) / max(1, table.outcomeCount)))
    }

    static func exactCounts(_ table: OutcomeTable, stateLimit: Int) -> [Double]? {
        if let packing = Packing(table) { return packedCounts(table, packing: packing, stateLimit: stateLimit) }
        // Each state is a vector of every outcome's total: as many fewer states as it is longer.
        return vectorCounts(table, stateLimit: vectorLimit(table, states: stateLimit))
    }

    /// Score vectors packed into one integer, one bit field per outcome, when every partial
    /// total fits: hashing an Int is far cheaper than hashing an array.
    struct Packing {
        var low: [Int]
        var shift: [Int]
        var mask: [Int]

        init?(_ table: OutcomeTable) {
            var low = [Int](repeating: 0, count: table.outcomeCount)
            var high = low
            for (q, answers) in table.weights.enumerated() {
                for k in 0..<table.outcomeCount {
                    let column = answers.map { $0[k] }
                    if table.types[q] == .multiple {
                        low[k] += column.filter { $0 < 0 }.reduce(0, +)
                        high[k] += column.filter { $0 > 0 }.reduce(0, +)
                    } else {
                        // Partial totals of any prefix of questions stay within these bounds.
                        low[k] += min(0, column.min() ?? 0)
                        high[k] += max(0, column.max() ?? 0)
                    }
                }
            }
            var shift: [Int] = []
            var mask: [Int] = []
            var used = 0
            for k in low.indices {
                let bits = max(1, Int.bitWidth - (high[k] - low[k]).leadingZeroBitCount)
                shift.append(used)
                mask.append((1 << bits) - 1)
                used += bits
                if used > 62 { return nil }
            }
            self.low = low
            self.shift = shift
            self.mask = mask
        }

        /// A change of totals as a change of the packed integer.
        func delta(_ vector: [Int]) -> Int {
            var d = 0
            for k in vector.indices { d += vector[k] << shift[k] }
            return d
        }

        var origin: Int {
            var key = 0
            for k in low.indices { key += -low[k] << shift[k] }
            return key
        }

        func winner(_ key: Int) -> Int {
            var best = 0
            var bestTotal = Int.min
            for k in low.indices {
                let total = (key >> shift[k]) & mask[k] + low[k]
                if total > bestTotal {
                    best = k
                    bestTotal = total
                }
            }
            return best
        }
    }

    static func packedCounts(_ table: OutcomeTable, packing: Packing, stateLimit: Int) -> [Double]? {
        var counts = [Double](repeating: 0, count: table.outcomeCount)
        guard table.outcomeCount > 0 else { return counts }
        // Each question's distinct changes of the totals, with how many ways give each.
        var questions: [[(delta: Int, ways: Double)]] = []
        for q in table.types.indices {
            var choices: [Int: Double] = [:]
            if table.types[q] == .multiple {
                guard table.weights[q].count <= 20 else { return nil }
                choices[0] = 1
                for vector in table.weights[q] {
                    let d = packing.delta(vector)
                    var next = choices
                    for (sum, ways) in choices { next[sum + d, default: 0] += ways }
                    choices = next
                    if choices.count > stateLimit { return nil }
                }
            } else {
                for vector in table.weights[q] { choices[packing.delta(vector), default: 0] += 1 }
            }
            questions.append(choices.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        }

        var states: [Int: Double] = [packing.origin: 1]
        for options in questions {
            var next: [Int: Double] = [:]
            next.reserveCapacity(min(states.count * options.count, stateLimit + 1))
            for (key, count) in states {
                for (d, ways) in options { next[key + d, default: 0] += count * ways }
                if next.count > stateLimit { return nil }
            }
            states = next
        }
        // Sorted so that the floating-point sums do not depend on hash order.
        for (key, count) in states.sorted(by: { $0.key < $1.key }) {
            counts[packing.winner(key)] += count
        }
        return counts
    }

    static func vectorCounts(_ table: OutcomeTable, stateLimit: Int) -> [Double]? {
        let zero = [Int](repeating: 0, count: table.outcomeCount)
        var states: [[Int]: Double] = [zero: 1]
        for q in table.types.indices {
            if table.types[q] == .multiple, table.weights[q].count > 20 { return nil }
            guard let choices = options(table, q, limit: vectorLimit(table, states: stateLimit)) else { return nil }
            var next: [[Int]: Double] = [:]
            next.reserveCapacity(min(states.count * choices.count, stateLimit + 1))
            for (total, count) in states {
                for (vector, ways) in choices {
                    next[zip(total, vector).map(+), default: 0] += count * ways
                }
                if next.count > stateLimit { return nil }
            }
            states = next
        }
        var counts = [Double](repeating: 0, count: table.outcomeCount)
        guard table.outcomeCount > 0 else { return counts }
        // Sorted so that the floating-point sums do not depend on hash order.
        for (total, count) in states.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            counts[OutcomeTable.winner(total)] += count
        }
        return counts
    }

    // MARK: Sampling

    static func sampledCounts(_ table: OutcomeTable, size: Int, seed: UInt64) -> [Double] {
        var random = SplitMix64(seed: seed)
        var counts = [Double](repeating: 0, count: table.outcomeCount)
        guard table.outcomeCount > 0 else { return counts }
        var totals = [Int](repeating: 0, count: table.outcomeCount)
        for _ in 0..<size {
            for k in totals.indices { totals[k] = 0 }
            for q in table.types.indices {
                let answers = table.weights[q]
                if table.types[q] == .multiple {
                    for answer in answers where random.next() & 1 == 1 {
                        for k in totals.indices { totals[k] += answer[k] }
                    }
                } else {
                    let answer = answers[Int(random.next() % UInt64(answers.count))]
                    for k in totals.indices { totals[k] += answer[k] }
                }
            }
            counts[OutcomeTable.winner(totals)] += 1
        }
        return counts
    }

    // MARK: Reachability search

    /// Whether some combination makes outcome k the result: a depth-first search over
    /// questions on the differences between k's total and every other, pruned by the most
    /// each difference can still grow, most promising answers first. nil when the search
    /// budget runs out.
    static func canWin(_ k: Int, vectors: [[[Int]]], outcomeCount: Int, budget: Int = 2_000_000) -> Bool? {
        // Differences between k's total and each other outcome's, kept in flat arrays: this
        // runs for every outcome of every quiz, and small arrays of arrays cost more to
        // allocate than the search itself usually takes (a handful of steps).
        let others = (0..<outcomeCount).filter { $0 != k }
        let width = others.count
        // A lone outcome is always the result.
        guard width > 0 else { return true }
        // k must beat outcomes declared before it and at least tie those after it.
        let required = others.map { $0 < k ? 1 : 0 }
        var choices: [[Int]] = []
        choices.reserveCapacity(vectors.count)
        for options in vectors {
            let sums = options.map { vector in others.reduce(0) { $0 + vector[k] - vector[$1] } }
            // Most promising first; ties in the order the options come (already sorted).
            let order = options.indices.sorted { sums[$0] > sums[$1] || (sums[$0] == sums[$1] && $0 < $1) }
            var flat: [Int] = []
            flat.reserveCapacity(order.count * width)
            for i in order {
                for j in others { flat.append(options[i][k] - options[i][j]) }
            }
            choices.append(flat)
        }
        // best[q * width + j]: the most difference j can still gain from questions q... onwards.
        var best = [Int](repeating: 0, count: (choices.count + 1) * width)
        for q in stride(from: choices.count - 1, through: 0, by: -1) {
            for j in 0..<width {
                var most = Int.min
                var i = j
                while i < choices[q].count {
                    most = max(most, choices[q][i])
                    i += width
                }
                best[q * width + j] = best[(q + 1) * width + j] + (most == Int.min ? 0 : most)
            }
        }
        var visited = Set<[Int]>()
        var steps = 0
        // Each step reads and each remembered dead end holds a score per other outcome: with
        // thousands of outcomes the search gets fewer steps, and remembers at most 4 million
        // scores (it took gigabytes).
        let budget = min(budget, max(10_000, (1 << 26) / width))
        let remembered = max(1, (1 << 22) / (width + 1))
        var current = [Int](repeating: 0, count: width)
        func search(_ q: Int) -> Bool? {
            steps += 1
            if steps > budget { return nil }
            for j in 0..<width where current[j] + best[q * width + j] < required[j] { return false }
            if q == choices.count { return true }
            // Remember dead ends only once the search has to backtrack much: most outcomes
            // are won by the first path tried, and hashing every step would dominate.
            if steps > 256, visited.count < remembered, !visited.insert([q] + current).inserted { return false }
            let options = choices[q]
            var start = 0
            while start < options.count {
                for j in 0..<width { current[j] += options[start + j] }
                let found = search(q + 1)
                for j in 0..<width { current[j] -= options[start + j] }
                if found != false { return found }
                start += width
            }
            return false
        }
        return search(0)
    }
}

/// A small, fast, seedable generator, so that a sample is the same on every run.
public struct SplitMix64: Sendable {
    var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// A number in 0..<n (0 when n is 0 or 1).
    public mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : Int(next() % UInt64(n)) }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
