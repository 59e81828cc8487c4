@testable import Analysis
import Content
import Testing

/// The greedy proof of reachability reads each answer's few scores and their sum; it must
/// decide as reading every outcome of every answer did (its definition, written out here).
@Suite struct GreedyWinsTests {
    static func dense(_ k: Int, _ table: OutcomeTable) -> Bool {
        var totals = [Int](repeating: 0, count: table.outcomeCount)
        for (q, answers) in table.weights.enumerated() {
            func advantage(_ answer: [Int]) -> Int { answer.indices.filter { $0 != k }.reduce(0) { $0 + answer[k] - answer[$1] } }
            let picked: [[Int]] = table.types[q] == .multiple
                ? answers.filter { advantage($0) > 0 }
                : answers.isEmpty ? [] : [answers.dropFirst().reduce(answers[0]) { advantage($1) > advantage($0) ? $1 : $0 }]
            for answer in picked { for j in totals.indices { totals[j] += answer[j] } }
        }
        return OutcomeTable.winner(totals) == k
    }

    @Test func theSparseReadingDecidesAsTheDenseOne() {
        var random = SplitMix64(seed: 42)
        var decided = 0
        for _ in 0..<400 {
            // A few outcomes (rows added whole), and more than 32 (their scores listed).
            let outcomes = random.below(2) == 0 ? 1 + random.below(6) : 33 + random.below(8)
            let weights = (0..<(1 + random.below(5))).map { _ in
                (0..<(2 + random.below(4))).map { _ in (0..<outcomes).map { _ in random.below(3) == 0 ? random.below(7) - 3 : 0 } }
            }
            let types: [PersonalityQuiz.QuestionType] = weights.map { _ in [.single, .multiple, .ranged][random.below(3)] }
            let table = OutcomeTable(weights: weights, types: types, outcomeCount: outcomes)
            let rows = OutcomeAnalysis.SparseRows(table)
            for k in 0..<outcomes {
                let wins = OutcomeAnalysis.greedyWins(k, table, rows)
                #expect(wins == Self.dense(k, table), "\(weights) \(types) outcome \(k)")
                if !wins { decided += 1 }
            }
        }
        // Both answers occur: the comparison is not of one constant.
        #expect(decided > 50)
    }
}
