import Content

/// A personality quiz reduced to numbers: for each question and answer, what it adds to each
/// outcome. This is what the page script receives; it only adds and compares.
public struct OutcomeTable: Sendable, Equatable {
    /// weights[question][answer][outcome]
    public let weights: [[[Int]]]
    public let types: [PersonalityQuiz.QuestionType]
    public let outcomeCount: Int

    public init(_ quiz: PersonalityQuiz) {
        outcomeCount = quiz.outcomes.count
        types = quiz.questions.map(\.type)
        weights = quiz.questions.map { question in
            question.answers.map { answer in
                // The few scores set, rather than a hashed lookup for every outcome.
                var row = [Int](repeating: 0, count: quiz.outcomes.count)
                for score in answer.scores where row.indices.contains(score.outcome) { row[score.outcome] = score.points }
                return row
            }
        }
    }

    public init(weights: [[[Int]]], types: [PersonalityQuiz.QuestionType], outcomeCount: Int) {
        self.weights = weights
        self.types = types
        self.outcomeCount = outcomeCount
    }

    /// The outcome for a set of choices: `choices[q]` lists the answers picked for question q
    /// (exactly one for single and ranged questions, any number for multiple).
    public func result(for choices: [[Int]]) -> Int {
        var totals = [Int](repeating: 0, count: outcomeCount)
        for (q, picked) in choices.enumerated() {
            for a in picked {
                for k in 0..<outcomeCount { totals[k] += weights[q][a][k] }
            }
        }
        return Self.winner(totals)
    }

    /// The highest total; a tie goes to the outcome declared first.
    public static func winner(_ totals: [Int]) -> Int {
        var best = 0
        for k in totals.indices where totals[k] > totals[best] { best = k }
        return best
    }

    /// The answer a slider value v in [0, 1] picks among n answers: round(v × (n − 1)).
    public static func rangedAnswer(value v: Double, answers n: Int) -> Int {
        let index = Int((min(max(v, 0), 1) * Double(n - 1)).rounded(.toNearestOrAwayFromZero))
        return min(max(index, 0), n - 1)
    }

    /// How many different ways a reader can answer question q.
    public func optionCount(_ q: Int) -> Double {
        types[q] == .multiple ? Double(sign: .plus, exponent: weights[q].count, significand: 1) : Double(weights[q].count)
    }

    /// The number of answer combinations of the whole quiz.
    public var combinationCount: Double {
        types.indices.reduce(1.0) { $0 * optionCount($1) }
    }

    /// Every answer combination, in order, while there are at most `limit` of them.
    public func allCombinations(limit: Int = 1_000_000) -> [[[Int]]]? {
        guard combinationCount <= Double(limit) else { return nil }
        var result: [[[Int]]] = [[]]
        for q in types.indices {
            let options: [[Int]]
            if types[q] == .multiple {
                let n = weights[q].count
                options = (0..<(1 << n)).map { mask in (0..<n).filter { mask & (1 << $0) != 0 } }
            } else {
                options = weights[q].indices.map { [$0] }
            }
            result = result.flatMap { prefix in options.map { prefix + [$0] } }
        }
        return result
    }
}
