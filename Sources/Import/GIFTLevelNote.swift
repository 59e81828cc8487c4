import Content

/// A question's level and points, which GIFT has no place for: quizgen's export writes them
/// in a comment line right above the question (`// level: hard, points: 7`), and its import
/// reads exactly that form back. Any other comment is only a comment, as GIFT has it, so
/// Moodle's own files read as before.
struct GIFTLevelNote: Equatable {
    var level: String?
    /// Left out when 1, as a question without a level or points is worth.
    var points: Int?

    /// The note for a question; nil when there is nothing to keep (no level, 1 point).
    init?(level: String?, points: Int) {
        guard level != nil || points != 1 else { return nil }
        self.level = level
        self.points = points == 1 ? nil : points
    }

    /// `// level: NAME`, `// points: N` or `// level: NAME, points: N`; nil for any other
    /// comment, a level that could not be a level flag among them.
    init?(comment: String) {
        guard comment.hasPrefix("//") else { return nil }
        var parts = comment.dropFirst(2).trimmingWhitespace.split(separator: ", ", omittingEmptySubsequences: false)[...]
        func value(_ key: String) -> Substring? {
            guard let part = parts.first, part.hasPrefix(key + ": ") else { return nil }
            parts.removeFirst()
            return part.dropFirst(key.count + 2)
        }
        if let level = value("level") {
            guard Attributes.isValidName(level), !TriviaQuiz.typeFlags.contains(String(level)) else { return nil }
            self.level = String(level)
        }
        if let points = value("points") {
            guard points.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(points), TriviaQuiz.pointsRange.contains(n)
            else { return nil }
            self.points = n
        }
        guard parts.isEmpty, level != nil || points != nil else { return nil }
    }

    var comment: String {
        "// " + [level.map { "level: \($0)" }, points.map { "points: \($0)" }].compactMap { $0 }.joined(separator: ", ")
    }

    /// Gives the question its level and points as a quiz written by hand would: the first
    /// question of a level puts the level's points in the front-matter map, and a question
    /// worth other points than its level's entry (or points without a level) says them itself.
    func apply(to question: inout TriviaDraft.Question, in draft: inout TriviaDraft) {
        let points = points ?? 1
        guard let level else {
            question.points = points == 1 ? nil : points
            return
        }
        question.level = level
        if let entry = draft.points.first(where: { $0.0 == level }) {
            question.points = entry.1 == points ? nil : points
        } else {
            draft.points.append((level, points))
        }
    }
}
