import Markdown

/// A personality quiz: answers score outcomes; the highest total wins, ties go to the
/// outcome declared first.
public struct PersonalityQuiz: Sendable {
    public enum QuestionType: String, Sendable, CaseIterable {
        case single, multiple, ranged
    }

    public struct Answer: Sendable {
        /// The list item's content, without its attribute block.
        public var content: [Node]
        /// Weight per outcome index; outcomes not named score 0.
        public var scores: [Int: Int]
        public var line: Int

        public init(content: [Node] = [], scores: [Int: Int], line: Int = 0) {
            self.content = content
            self.scores = scores
            self.line = line
        }
    }

    public struct Question: Sendable {
        public var type: QuestionType
        /// The heading's inline content.
        public var text: [Node]
        /// Markdown under the heading other than the answer list.
        public var body: [Node]
        public var answers: [Answer]
        public var line: Int

        public init(type: QuestionType, text: [Node] = [], body: [Node] = [], answers: [Answer], line: Int = 0) {
            self.type = type
            self.text = text
            self.body = body
            self.answers = answers
            self.line = line
        }
    }

    public struct Outcome: Sendable {
        public var id: String
        public var title: [Node]
        public var body: [Node]
        public var line: Int
        public var column: Int

        public init(id: String, title: [Node] = [], body: [Node] = [], line: Int = 0, column: Int = 0) {
            self.id = id
            self.title = title
            self.body = body
            self.line = line
            self.column = column
        }
    }

    public var questions: [Question]
    public var outcomes: [Outcome]
    public var shuffleQuestions: Bool
    public var shuffleAnswers: Bool

    public init(questions: [Question], outcomes: [Outcome], shuffleQuestions: Bool = false, shuffleAnswers: Bool = false) {
        self.questions = questions
        self.outcomes = outcomes
        self.shuffleQuestions = shuffleQuestions
        self.shuffleAnswers = shuffleAnswers
    }
}
