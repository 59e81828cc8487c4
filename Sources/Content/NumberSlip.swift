import Support

/// A value meant as a number but written with something more, as authors write numbers in
/// prose: a unit or word after it (`60%`, `30s`, `10 questions`), quotes around it, a
/// decimal comma (`7,5`), or minutes (`2 min`, `1:30`) where seconds are asked for. It knows
/// the number to write instead, for a hint that shows the fix.
struct NumberSlip: Equatable {
    enum Kind: Equatable {
        /// `"60"`: quoted, so text.
        case quoted
        /// `60%`: the percent sign after the number.
        case percent
        /// `30s`, `10 questions`: a unit or word after the number.
        case word
        /// `7,5`.
        case decimalComma
        /// `2 min`, `1:30`, turned into seconds.
        case minutes
    }

    var kind: Kind
    /// What to write instead, as written in YAML (`60`, `7.5`, `120`).
    var number: String
    /// The value counts seconds.
    var seconds = false

    /// Nil when `text` holds no number to take out of it.
    /// - Parameters:
    ///   - quoted: the value was written in quotes.
    ///   - seconds: the value counts seconds (minutes are turned into them).
    init?(_ text: String, quoted: Bool, seconds: Bool = false) {
        let text = text.trimmingWhitespace
        self.seconds = seconds
        if quoted, Self.isNumber(text) {
            (kind, number) = (.quoted, text)
            return
        }
        let digits = text.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "+" || $0 == "-") }
        // A whole number (`1e3`) is no slip: a range or a whole number is asked for.
        guard !digits.isEmpty, Self.isNumber(String(digits)), !Self.isNumber(text) else { return nil }
        let rest = text.dropFirst(digits.count)
        if rest.hasPrefix(","), rest.count > 1, rest.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) {
            (kind, number) = (.decimalComma, digits + "." + rest.dropFirst())
            return
        }
        if seconds, rest.hasPrefix(":"), rest.count == 3, let minutes = Int(digits), let secondsPart = Int(rest.dropFirst()),
           secondsPart < 60 {
            (kind, number) = (.minutes, String(minutes * 60 + secondsPart))
            return
        }
        let word = String(rest).trimmingWhitespace
        guard let first = word.first, first.isLetter || first == "%" else { return nil }
        if word == "%" {
            (kind, number) = (.percent, String(digits))
        } else if seconds, ["m", "min", "mins", "minute", "minutes"].contains(word.lowercased()), let value = Double(digits) {
            (kind, number) = (.minutes, (value * 60).plainDescription)
        } else {
            (kind, number) = (.word, String(digits))
        }
    }

    /// The hint, with `written` giving the setting as it should be written (`pass: 60`).
    func hint(_ written: (String) -> String) -> String {
        let fix = written(number)
        return switch kind {
        case .quoted: "write the number without quotes: \(fix)"
        case .percent: "write the number alone, without '%': \(fix)"
        case .word: seconds ? "write the seconds as a number alone: \(fix)" : "write the number alone: \(fix)"
        case .decimalComma: "write decimals with a point: \(fix)"
        case .minutes: "it counts seconds: \(fix)"
        }
    }

    private static func isNumber(_ text: String) -> Bool {
        guard text.contains(where: \.isNumber), let value = Double(text.hasPrefix("+") ? String(text.dropFirst()) : text) else {
            return false
        }
        return value.isFinite
    }
}
