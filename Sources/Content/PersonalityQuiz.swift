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
        public var scores: Scores
        public var line: Int

        public init(content: [Node] = [], scores: Scores, line: Int = 0) {
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

extension PersonalityQuiz {
    /// An answer's points per outcome (by the outcome's number), in the order the outcomes
    /// are first named. An answer names one or two outcomes: a scan of its few pairs does
    /// what a hashed dictionary made for every answer did, at a fraction of the cost; an
    /// answer naming many outcomes gets an index, so that adding stays linear.
    public struct Scores: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
        public struct Score: Sendable, Equatable {
            public var outcome: Int
            public var points: Int
        }

        private var scores: [Score] = []
        /// Position in `scores` by outcome, once there are more than `scanLimit`.
        private var index: [Int: Int]?
        static let scanLimit = 16

        public init() {}

        public init(dictionaryLiteral elements: (Int, Int)...) {
            for (outcome, points) in elements { add(points, to: outcome) }
        }

        /// The points of a dictionary, in the order of the outcomes' numbers.
        public init(_ points: [Int: Int]) {
            for (outcome, value) in points.sorted(by: { $0.key < $1.key }) { add(value, to: outcome) }
        }

        public var count: Int { scores.count }

        public mutating func reserveCapacity(_ count: Int) {
            scores.reserveCapacity(count)
        }

        /// The points for an outcome; nil when the answer does not name it.
        public subscript(outcome: Int) -> Int? {
            position(of: outcome).map { scores[$0].points }
        }

        /// Adds points for an outcome, named for the first time or again.
        public mutating func add(_ points: Int, to outcome: Int) {
            if let i = position(of: outcome) {
                scores[i].points += points
                return
            }
            scores.append(Score(outcome: outcome, points: points))
            if index != nil {
                index![outcome] = scores.count - 1
            } else if scores.count > Self.scanLimit {
                index = Dictionary(uniqueKeysWithValues: scores.enumerated().map { ($1.outcome, $0) })
            }
        }

        private func position(of outcome: Int) -> Int? {
            if let index { return index[outcome] }
            return scores.firstIndex { $0.outcome == outcome }
        }

        public func makeIterator() -> IndexingIterator<[Score]> { scores.makeIterator() }

        /// The same points for the same outcomes, whatever order they were named in.
        public static func == (a: Scores, b: Scores) -> Bool {
            a.count == b.count && a.scores.allSatisfy { b[$0.outcome] == $0.points }
        }
    }
}
