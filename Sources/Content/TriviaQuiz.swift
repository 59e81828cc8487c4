import Markdown
import Support

/// A trivia quiz: questions with right answers, worth points, drawn from one bank made of
/// the Markdown questions and the rows of an optional CSV file.
public struct TriviaQuiz: Sendable {
    public struct Choice: Sendable {
        /// The list item's content without its `[x]`/`[ ]` marker (inline text for CSV choices).
        public var content: [Node]
        public var correct: Bool

        public init(content: [Node], correct: Bool) {
            self.content = content
            self.correct = correct
        }
    }

    /// Where a question is written: the Markdown heading or the CSV row.
    public struct Source: Sendable, Hashable {
        public var file: String
        public var line: Int

        public init(file: String, line: Int) {
            self.file = file
            self.line = line
        }
    }

    public struct Question: Sendable {
        /// The heading's inline content (a CSV question is one text node).
        public var text: [Node]
        /// Markdown under the heading other than the choices and the explanation.
        public var body: [Node]
        public var choices: [Choice]
        /// Scored only when the picked set is exactly the correct set.
        public var multiple: Bool
        /// Resolved at parse time: `points=N`, else the level's entry in the points map, else 1.
        public var points: Int
        public var level: String?
        /// Blocks shown once the question is answered.
        public var explanation: [Node]
        public var source: Source

        public init(text: [Node], body: [Node] = [], choices: [Choice], multiple: Bool = false, points: Int = 1,
                    level: String? = nil, explanation: [Node] = [], source: Source) {
            self.text = text
            self.body = body
            self.choices = choices
            self.multiple = multiple
            self.points = points
            self.level = level
            self.explanation = explanation
            self.source = source
        }

        public var correctIndices: [Int] {
            choices.indices.filter { choices[$0].correct }
        }
    }

    public enum OnWrong: String, Sendable, CaseIterable {
        case `continue`, end
    }

    /// Texts of the result screen that the author wrote in the front matter; nil where the
    /// page shows its language's catalog text (the renderer knows the language).
    public struct Messages: Sendable, Equatable {
        public var pass: String?
        public var fail: String?
        public var perfect: String?

        public init(pass: String? = nil, fail: String? = nil, perfect: String? = nil) {
            self.pass = pass
            self.fail = fail
            self.perfect = perfect
        }
    }

    public var questions: [Question]
    /// Questions per play; nil plays the whole bank.
    public var pick: Int?
    /// Seconds per question; nil for no limit.
    public var time: Double?
    public var shuffleAnswers: Bool
    public var shuffleQuestions: Bool
    public var onWrong: OnWrong
    /// Pass mark in percent.
    public var pass: Double?
    /// The CSV file as the front matter names it.
    public var bank: String?
    public var messages: Messages

    public init(
        questions: [Question], pick: Int? = nil, time: Double? = nil, shuffleAnswers: Bool = true,
        shuffleQuestions: Bool? = nil, onWrong: OnWrong = .continue, pass: Double? = nil, bank: String? = nil,
        messages: Messages? = nil
    ) {
        self.questions = questions
        self.pick = pick
        self.time = time
        self.shuffleAnswers = shuffleAnswers
        self.shuffleQuestions = shuffleQuestions ?? (pick != nil)
        self.onWrong = onWrong
        self.pass = pass
        self.bank = bank
        self.messages = messages ?? Messages()
    }

    /// How many questions one play asks.
    public var drawSize: Int { min(pick ?? questions.count, questions.count) }

    /// "10 seconds" or "7.5 seconds", in English: for `check`'s report, not for pages.
    public static func seconds(_ value: Double) -> String {
        value.plainDescription + (value == 1 ? " second" : " seconds")
    }

    /// 70% or 62.5%, for `check`'s report.
    public static func percent(_ value: Double) -> String {
        value.plainDescription + "%"
    }
}

extension TriviaQuiz {
    /// What a question may be worth; and the flags that give its type (any other flag on its
    /// heading is a level). Public so that an importer can tell before writing what the
    /// parser would refuse.
    public static var pointsRange: ClosedRange<Int> { TriviaParser.pointsRange }
    public static var typeFlags: [String] { TriviaParser.typeFlags }

    /// Choices that read the same to a reader are duplicates: spacing and emphasis aside, but
    /// not case (`CO` and `Co` are two answers). Public so that an importer can tell before
    /// writing what the parser would refuse.
    public static func choiceKey(_ text: String) -> String {
        asciiChoiceKey(text) ?? text.collapsingWhitespace
    }

    /// `choiceKey` of Markdown's plain text, made from its bytes without a string of the
    /// text first.
    public static func choiceKey(of content: [Node]) -> String {
        content.withPlainTextBytes { bytes in
            asciiChoiceKey(bytes) ?? choiceKey(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// `choiceKey` of an ASCII text on its bytes; nil for text with other bytes.
    static func asciiChoiceKey(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { asciiChoiceKey($0) }
    }

    static func asciiChoiceKey(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        return String(asciiCapacity: bytes.count) { out in
            // On ASCII, collapsing's white space is ASCII's.
            var unchanged = true
            return String.collapseWhitespace(bytes, into: out, unchanged: &unchanged)
        }
    }
}
