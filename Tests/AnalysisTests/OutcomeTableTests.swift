import Analysis
import Content
import Testing

@Suite struct OutcomeTableTests {
    /// Two questions: single (a→0, b→1) and multiple (x→0+1, y→1 with weight 2, z→0 with -1).
    let table = OutcomeTable(
        weights: [[[1, 0], [0, 1]], [[1, 1], [0, 2], [-1, 0]]], types: [.single, .multiple], outcomeCount: 2)

    @Test func highestTotalWinsAndTiesGoToTheFirstDeclared() {
        #expect(OutcomeTable.winner([1, 3, 2]) == 1)
        #expect(OutcomeTable.winner([2, 2, 1]) == 0)
        #expect(OutcomeTable.winner([0, -1, 0]) == 0)
        #expect(OutcomeTable.winner([-3, -1, -1]) == 1)
        #expect(table.result(for: [[0], []]) == 0)
        #expect(table.result(for: [[1], [0]]) == 1)
        // a + x = [2, 1]; + z = [1, 1], a tie: the first declared.
        #expect(table.result(for: [[0], [0, 2]]) == 0)
        #expect(table.result(for: [[0], [1, 2]]) == 1)
    }

    @Test func buildsFromAQuiz() {
        let quiz = PersonalityQuiz(
            questions: [.init(type: .single, answers: [
                .init(scores: [1: 2]), .init(scores: [0: -1, 1: 1]), .init(scores: [2: 5, -1: 3, 0: 4]),
            ])],
            outcomes: [.init(id: "a"), .init(id: "b")])
        // Scores for numbers that are no outcome are not in the table.
        #expect(OutcomeTable(quiz).weights == [[[0, 2], [-1, 1], [4, 0]]])
    }

    @Test func sliderPicksRoundOfValueTimesNMinusOne() {
        #expect(OutcomeTable.rangedAnswer(value: 0, answers: 4) == 0)
        #expect(OutcomeTable.rangedAnswer(value: 0.5, answers: 4) == 2)  // round(1.5) = 2
        #expect(OutcomeTable.rangedAnswer(value: 0.5, answers: 3) == 1)
        #expect(OutcomeTable.rangedAnswer(value: 1, answers: 4) == 3)
        #expect(OutcomeTable.rangedAnswer(value: 0.16, answers: 4) == 0)
        #expect(OutcomeTable.rangedAnswer(value: 0.17, answers: 4) == 1)
    }

    @Test func enumeratesEveryCombination() throws {
        #expect(table.combinationCount == 2 * 8)
        let all = try #require(table.allCombinations())
        #expect(all.count == 16)
        #expect(Set(all.map { $0.description }).count == 16)
        #expect(all.first == [[0], []])
        #expect(table.allCombinations(limit: 10) == nil)
    }
}

@Suite struct OutcomeDistributionTests {
    let table = OutcomeTable(
        weights: [[[1, 0], [0, 1]], [[1, 1], [0, 2], [-1, 0]]], types: [.single, .multiple], outcomeCount: 2)

    /// Brute force over every combination, the definition the analysis must agree with.
    func bruteForce(_ table: OutcomeTable) -> [Double] {
        var counts = [Double](repeating: 0, count: table.outcomeCount)
        for combination in table.allCombinations()! { counts[table.result(for: combination)] += 1 }
        return counts
    }

    @Test func exactCountsMatchBruteForce() {
        let d = OutcomeAnalysis.distribution(table)
        #expect(d.method == .exact)
        #expect(d.counts == bruteForce(table))
        #expect(d.counts.reduce(0, +) == 16)
        #expect(d.unreachable.isEmpty)
    }

    @Test func randomQuizzesAgreeWithBruteForce() {
        var seed: UInt64 = 42
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33) % n
        }
        for _ in 0..<200 {
            let outcomes = 1 + next(4)
            let questions = 1 + next(4)
            let types: [PersonalityQuiz.QuestionType] = (0..<questions).map { _ in [.single, .multiple, .ranged][next(3)] }
            let weights = (0..<questions).map { _ in
                (0..<(2 + next(3))).map { _ in (0..<outcomes).map { _ in next(5) - 2 } }
            }
            let table = OutcomeTable(weights: weights, types: types, outcomeCount: outcomes)
            let expected = bruteForce(table)
            let d = OutcomeAnalysis.distribution(table)
            #expect(d.counts == expected)
            #expect(d.unreachable == expected.indices.filter { expected[$0] == 0 })
            // The sampled path must prove the same outcomes unreachable.
            let sampled = OutcomeAnalysis.distribution(table, stateLimit: 0, sampleSize: 2000)
            #expect(sampled.unreachable == d.unreachable)
            #expect(sampled.undecided.isEmpty)
            // And so must the search a build uses instead of counting.
            #expect(OutcomeAnalysis.reachability(table).unreachable == d.unreachable)
        }
    }

    /// A multiple-answer question of many answers has few distinct sums when its answers
    /// repeat weights: the build's search still decides, and warns as `check` does.
    @Test func aMultipleQuestionOfManyAnswersIsStillSearched() {
        let many = (0..<40).map { i in i % 2 == 0 ? [1, 0, 0] : [0, 1, 0] }
        let table = OutcomeTable(weights: [many, [[1, 0, 0], [0, 1, 0]]], types: [.multiple, .single], outcomeCount: 3)
        #expect(OutcomeAnalysis.reachability(table).unreachable == [2])
        #expect(OutcomeAnalysis.reachability(table).undecided == [])
        // Sums that are all distinct (2^24 of them) are beyond the search: undecided, not wrong.
        let distinct = (0..<24).map { i in [1 << i, 0, 0] }
        let wide = OutcomeTable(weights: [distinct, [[0, 1, 0], [1, 0, 1]]], types: [.multiple, .single], outcomeCount: 3)
        #expect(OutcomeAnalysis.reachability(wide) == ([], [2]))
        // An outcome no answer scores is settled without the search: an earlier one never
        // scored below 0 always ties or beats it.
        let unscored = OutcomeTable(weights: [distinct, [[0, 1, 0], [1, 0, 0]]], types: [.multiple, .single], outcomeCount: 3)
        #expect(OutcomeAnalysis.reachability(unscored) == ([2], []))
    }

    /// Thousands of outcomes, most of them never scored: settled at once, in small memory
    /// (each outcome searched one by one took minutes, and its lists gigabytes).
    @Test func manyUnscoredOutcomesAreSettledWithoutTheSearch() {
        let outcomes = 4_000
        func row(_ scores: [Int: Int]) -> [Int] { (0..<outcomes).map { scores[$0] ?? 0 } }
        let question = (0..<4).map { a in row([a: 1, (a + 1) % 4: 2]) }
        let table = OutcomeTable(weights: Array(repeating: question, count: 30), types: Array(repeating: .single, count: 30),
                                 outcomeCount: outcomes)
        let found = OutcomeAnalysis.reachability(table)
        #expect(found.unreachable == Array(4..<outcomes) && found.undecided.isEmpty)
        let negative = OutcomeTable(weights: [[row([0: -1, 1: 1]), row([1: 1])]], types: [.single], outcomeCount: outcomes)
        // o0 may fall below 0, where an unscored outcome's 0 beats it, but o1 never does and
        // comes first: still settled (o0 itself never wins: o1 is always ahead).
        #expect(OutcomeAnalysis.reachability(negative).unreachable == [0] + Array(2..<outcomes))
    }

    @Test func hugeWeightsThatDoNotPackStillCountExactly() {
        // Four outcomes with weights near the limit need more than 64 bits of packed totals.
        let w = 1_000_000
        let table = OutcomeTable(
            weights: [[[w, -w, 0, 1], [0, w, -w, 0], [1, 1, 1, w]], [[-w, 0, w, 0], [w, w, 0, -w]]],
            types: [.single, .multiple], outcomeCount: 4)
        let d = OutcomeAnalysis.distribution(table)
        #expect(d.method == .exact)
        #expect(d.counts == bruteForce(table))
    }

    @Test func outcomeThatCanOnlyTieALaterDeclaredOneIsUnreachable() {
        // Outcome 1 always scores exactly what outcome 0 scores: ties go to 0.
        let table = OutcomeTable(weights: [[[1, 1, 0], [0, 0, 1]]], types: [.single], outcomeCount: 3)
        let d = OutcomeAnalysis.distribution(table)
        #expect(d.unreachable == [1])
        #expect(d.counts == [1, 0, 1])
    }

    @Test func largeQuizzesFallBackToADeterministicSample() {
        // 30 questions of 6 answers over 6 outcomes with varied weights: too many totals to count.
        let weights = (0..<30).map { q in (0..<6).map { a in (0..<6).map { k in (q * 7 + a * 3 + k * 5) % 11 - 3 } } }
        let table = OutcomeTable(weights: weights, types: Array(repeating: .single, count: 30), outcomeCount: 6)
        let d = OutcomeAnalysis.distribution(table, stateLimit: 1000, sampleSize: 5000)
        guard case .sampled(let size, _) = d.method else {
            Issue.record("expected a sample")
            return
        }
        #expect(size == 5000)
        #expect(d.counts.reduce(0, +) == 5000)
        #expect(OutcomeAnalysis.distribution(table, stateLimit: 1000, sampleSize: 5000) == d)
        #expect(d.combinations == pow(6, 30))
    }

    @Test func manyAnswerMultipleQuestionsStillCountExactly() {
        // 2^12 subsets, but only a few distinct totals.
        let weights = [(0..<12).map { i in [i % 2, 1 - i % 2] }]
        let table = OutcomeTable(weights: weights, types: [.multiple], outcomeCount: 2)
        let d = OutcomeAnalysis.distribution(table)
        #expect(d.method == .exact)
        #expect(d.counts.reduce(0, +) == 4096)
    }

    @Test func quizzesWithThousandsOfAnswersDrawASmallerSample() {
        // 40 questions of 100 answers over 4 outcomes: 16,000 answer weights per draw.
        let weights = (0..<40).map { q in (0..<100).map { a in (0..<4).map { k in (q * 13 + a * 7 + k * 3) % 17 - 8 } } }
        let table = OutcomeTable(weights: weights, types: Array(repeating: .single, count: 40), outcomeCount: 4)
        let d = OutcomeAnalysis.distribution(table, stateLimit: 1000)
        guard case .sampled(let size, _) = d.method else {
            Issue.record("expected a sample")
            return
        }
        #expect(size == 50_000_000 / 16_000)
        #expect(d.counts.reduce(0, +) == Double(size))
    }
}

import Foundation
