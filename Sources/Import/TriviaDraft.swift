import Content
import Diagnostics
import Support

/// A trivia quiz read from another format, before it is written as quizgen Markdown: the
/// GIFT, Aiken and Open Trivia DB importers all make one, and `TriviaWriter` writes it.
struct TriviaDraft {
    /// Text as the source has it: plain (escaped when written) or Markdown (kept).
    enum Text: Equatable {
        case plain(String)
        case markdown(String)

        var isPlain: Bool { if case .plain = self { true } else { false } }

        /// What a reader sees, near enough to compare choices.
        var readable: String {
            switch self {
            case .plain(let text), .markdown(let text): text
            }
        }
    }

    struct Choice {
        var text: Text
        var correct: Bool
        /// Where the choice is in the source file, when the format says (else its question's place is used).
        var line: Int?
        var column: Int = 1
    }

    struct Question {
        var text: Text
        var choices: [Choice]
        var multiple = false
        var level: String?
        /// Its own points (`points=N`), where its level's entry in the points map does not say them.
        var points: Int?
        /// An id for the heading (`{#id}`), e.g. from a GIFT question's name.
        var id: String?
        var explanation: [Text] = []
        /// Where the question starts in the source file.
        var line: Int
        var column: Int = 1
    }

    var title: String?
    var questions: [Question] = []
    /// The front-matter `points` map, written for the author to change.
    var points: [(String, Int)] = []

    /// The problem that would make quizgen refuse the question, said at its line in the
    /// source; nil when it will build.
    static func problem(with question: Question, file: SourceFile) -> Diagnostic? {
        func error(_ message: String, at choice: Choice? = nil, hint: String? = nil) -> Diagnostic {
            if let choice, let line = choice.line { return file.error(message, line: line, byteColumn: choice.column, hint: hint) }
            return file.error(message, line: question.line, byteColumn: question.column, hint: hint)
        }
        if question.text.readable.allSatisfy(\.isWhitespace) { return error("this question has no text") }
        if question.choices.count < 2 {
            return error(
                question.choices.isEmpty ? "this question has no choices" : "this question has only one choice",
                hint: "a quizgen question needs at least 2 choices")
        }
        if let empty = question.choices.firstIndex(where: { $0.text.readable.allSatisfy(\.isWhitespace) }) {
            return error("choice \(empty + 1) of this question is empty", at: question.choices[empty])
        }
        var seen: Set<String> = []
        // Said at the second of the two: the first is where it belongs.
        for choice in question.choices where !seen.insert(TriviaQuiz.choiceKey(choice.text.readable)).inserted {
            return error("this question has the choice '\(choice.text.readable)' twice", at: choice,
                         hint: "quizgen needs every choice of a question to read differently")
        }
        let correct = question.choices.count(where: \.correct)
        if correct == 0 { return error("this question has no right answer") }
        if correct > 1 && !question.multiple {
            return error("this question has \(correct) right answers", hint: "mark it .multiple")
        }
        return nil
    }
}
