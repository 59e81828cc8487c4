import Analysis
import Content
import Markdown
import Testing

@Suite struct TriviaSummaryTests {
    func question(_ points: Int, level: String? = nil, file: String = "Content/q.md", multiple: Bool = false) -> TriviaQuiz.Question {
        let range = SourceRange(start: .init(line: 1, column: 1), end: .init(line: 1, column: 1))
        return TriviaQuiz.Question(
            text: [Node(.text("Q"), range: range)],
            choices: [.init(content: [], correct: true), .init(content: [], correct: false)],
            multiple: multiple, points: points, level: level, source: .init(file: file, line: 1))
    }

    @Test func sizeMakeUpAndWhatAPlayIsWorth() {
        let quiz = TriviaQuiz(questions: [
            question(3, level: "easy"), question(10, level: "hard", file: "Content/q.csv"),
            question(5, level: "medium", file: "Content/q.csv", multiple: true), question(1, file: "Content/q.csv"),
            question(10, level: "hard", file: "Content/q.csv"), question(20, level: "expert", file: "Content/q.csv"),
        ], pick: 2)
        let summary = TriviaSummary(quiz, markdownFile: "Content/q.md")
        #expect(summary.questionCount == 6 && summary.markdownCount == 1 && summary.multipleCount == 1)
        #expect(summary.levels.map(\.name) == ["easy", "medium", "hard", "expert", ""])
        #expect(summary.levels.map(\.count) == [1, 1, 2, 1, 1])
        #expect(summary.points == 1...20)
        #expect(summary.drawSize == 2)
        // The cheapest draw is 1 + 3, the dearest 20 + 10.
        #expect(summary.maximumPerPlay == 4...30)
    }

    @Test func withoutPickAPlayIsTheWholeBank() {
        let summary = TriviaSummary(TriviaQuiz(questions: [question(3), question(4)]), markdownFile: "Content/q.md")
        #expect(summary.drawSize == 2 && summary.maximumPerPlay == 7...7)
    }
}
