import Content

/// What an author wants to know about a trivia bank before publishing it: its size and
/// make-up, and what one play can be worth.
public struct TriviaSummary: Sendable, Equatable {
    public var questionCount: Int
    /// Questions written in the Markdown file; the rest come from the CSV bank.
    public var markdownCount: Int
    public var multipleCount: Int
    public var explainedCount: Int
    /// Questions per level, in the order easy, medium, hard, then other levels by name;
    /// questions without a level are counted under "".
    public var levels: [Level]
    public var points: ClosedRange<Int>
    /// Questions per play.
    public var drawSize: Int
    /// The lowest and highest maximum score of one play, over every possible draw.
    public var maximumPerPlay: ClosedRange<Int>

    public struct Level: Sendable, Equatable {
        public var name: String
        public var count: Int
    }

    public init(_ quiz: TriviaQuiz, markdownFile: String) {
        let questions = quiz.questions
        questionCount = questions.count
        markdownCount = questions.count { $0.source.file == markdownFile }
        multipleCount = questions.count(where: \.multiple)
        explainedCount = questions.count { !$0.explanation.isEmpty }
        var counts: [String: Int] = [:]
        for question in questions { counts[question.level ?? "", default: 0] += 1 }
        let standard = ["easy", "medium", "hard"]
        levels = counts.keys.sorted { a, b in
            let (i, j) = (standard.firstIndex(of: a) ?? (a.isEmpty ? 4 : 3), standard.firstIndex(of: b) ?? (b.isEmpty ? 4 : 3))
            return i != j ? i < j : a < b
        }.map { Level(name: $0, count: counts[$0]!) }
        let sorted = questions.map(\.points).sorted()
        points = (sorted.first ?? 0)...(sorted.last ?? 0)
        drawSize = quiz.drawSize
        // A draw's maximum is the sum of its questions' points: least for the cheapest
        // questions, most for the dearest.
        maximumPerPlay = sorted.prefix(drawSize).reduce(0, +)...sorted.suffix(drawSize).reduce(0, +)
    }
}
