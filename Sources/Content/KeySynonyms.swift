import YAMLReading

/// Names authors give settings, from other quiz tools or plain English, with the key quizgen
/// reads instead: a "did you mean" that edit distance cannot find (`pass-mark` is five edits
/// from `pass`, `sudden-death` is no spelling of `on-wrong` at all).
enum KeySynonyms {
    /// Each name as `normalized` writes it, with the key it stands for.
    static let keys: [String: String] = {
        let groups: [(String, [String])] = [
            ("pass", ["pass-mark", "passmark", "pass-percent", "pass-percentage", "pass-score", "passing-score",
                      "pass-grade", "passing-grade", "passing-mark", "pass-threshold", "threshold", "min-score",
                      "minimum-score"]),
            ("on-wrong", ["sudden-death", "suddendeath", "end-on-wrong", "stop-on-wrong", "game-over"]),
            ("time", ["timer", "time-limit", "timelimit", "timeout", "time-per-question", "seconds",
                      "seconds-per-question", "countdown", "duration"]),
            ("pick", ["questions", "draw", "number-of-questions", "question-count", "num-questions",
                      "questions-per-play", "count"]),
            ("shuffle-questions", ["shuffle", "randomize", "randomise", "random", "random-order"]),
            ("kind", ["type", "quiz-type"]),
            ("title", ["name", "quiz-title"]),
            ("description", ["summary", "subtitle", "desc", "about"]),
            ("lang", ["language", "locale"]),
            ("language", ["lang", "locale"]),
            ("bank", ["csv", "bank-file", "question-bank", "questions-file", "csv-file"]),
            ("bank-separator", ["separator", "choice-separator", "choices-separator"]),
            ("bank-delimiter", ["delimiter", "csv-delimiter"]),
            ("pass-message", ["success-message", "win-message", "passed-message"]),
            ("fail-message", ["failure-message", "lose-message", "failed-message"]),
            ("start", ["start-page", "first-page", "begin"]),
            ("base-url", ["url", "site-url", "base"]),
        ]
        var keys: [String: String] = [:]
        for (key, names) in groups {
            // `lang` and `language` name each other: the one that is known wins (see `hint`).
            for name in names where keys[name] == nil { keys[name] = key }
        }
        return keys
    }()

    /// `Pass_Mark` and `pass mark` as `pass-mark`.
    static func normalized(_ name: String) -> String {
        String(name.lowercased().map { $0 == "_" || $0 == " " ? "-" : $0 })
    }

    /// The hint for an unknown key that names a known one under another name, showing the
    /// line to write when its value can be carried over; nil when it names none of `known`.
    static func hint(_ name: String, value: YAMLNode, known: [String]) -> String? {
        let name = normalized(name)
        let key: String
        switch name {
        case "lang" where known.contains("language"): key = "language"
        case "language" where known.contains("lang"): key = "lang"
        default:
            guard let synonym = keys[name], known.contains(synonym) else { return nil }
            key = synonym
        }
        let plain = value.style == .plain ? value.string : nil
        switch key {
        case "on-wrong":
            // Sudden death is a value of another key.
            if value.boolValue == false { return "sudden death is 'on-wrong: end'; without it, leave this line out" }
            return "sudden death is written 'on-wrong: end'"
        case "shuffle-questions" where known.contains("shuffle-answers"):
            return "did you mean 'shuffle-questions' or 'shuffle-answers'? Each is true or false"
        case "pass", "time", "pick":
            if let plain, !plain.isEmpty,
               let number = value.doubleValue != nil ? plain : NumberSlip(plain, quoted: false, seconds: key == "time")?.number {
                return "did you mean '\(key)'? Write \(key): \(number)"
            }
            // `questions:` over a list of questions is no count of questions to draw.
            return key == "pick" ? nil : "did you mean '\(key)'?"
        default:
            guard let plain, !plain.isEmpty else { return "did you mean '\(key)'?" }
            return "did you mean '\(key)'? Write \(key): \(plain)"
        }
    }
}
