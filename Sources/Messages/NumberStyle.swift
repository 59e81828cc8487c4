/// How a language writes a number: "2,000" and "7.5" in English, "2.000" and "7,5" in
/// German, "2 000" and "7,5" in French, "2000" in Spanish (which groups from five digits).
/// From CLDR 48 (`Intl.NumberFormat` in node 24 gives the same), for the languages quizgen
/// has catalogs for and the common others a site's own catalog may add; Latin digits
/// throughout, as CLDR has them for all of these.
public struct NumberStyle: Sendable, Hashable {
    public var group: String
    public var decimal: String
    /// The fewest digits before a group separator is written: 2 leaves "2000" whole.
    public var minimumGrouping: Int

    public static let english = NumberStyle(group: ",", decimal: ".", minimumGrouping: 1)

    static let dotComma = NumberStyle(group: ".", decimal: ",", minimumGrouping: 1)
    static let spaceComma = NumberStyle(group: "\u{A0}", decimal: ",", minimumGrouping: 1)

    /// By the language's primary subtag; a language not here is written as English is.
    static let byLanguage: [String: NumberStyle] = {
        var styles: [String: NumberStyle] = [:]
        for language in ["de", "pt", "nl", "tr", "da", "id", "vi", "el", "ro", "ca", "hr", "sr"] { styles[language] = dotComma }
        for language in ["ru", "sv", "nb", "no", "fi", "cs", "uk", "sk", "lt"] { styles[language] = spaceComma }
        for language in ["es", "it"] { styles[language] = NumberStyle(group: ".", decimal: ",", minimumGrouping: 2) }
        for language in ["pl", "hu", "bg", "lv", "et"] { styles[language] = NumberStyle(group: "\u{A0}", decimal: ",", minimumGrouping: 2) }
        styles["sl"] = NumberStyle(group: ".", decimal: ",", minimumGrouping: 2)
        styles["fr"] = NumberStyle(group: "\u{202F}", decimal: ",", minimumGrouping: 1)
        return styles
    }()

    public init(group: String, decimal: String, minimumGrouping: Int) {
        self.group = group
        self.decimal = decimal
        self.minimumGrouping = minimumGrouping
    }

    public init(language: String) {
        let tag = LanguageTag(language)
        // The regions whose signs differ from their language's.
        switch (tag.language, tag.region) {
        case ("pt", "PT"): self = NumberStyle(group: "\u{A0}", decimal: ",", minimumGrouping: 2)
        case ("de", "CH"), ("de", "LI"): self = NumberStyle(group: "'", decimal: ".", minimumGrouping: 1)
        case ("it", "CH"): self = NumberStyle(group: "'", decimal: ".", minimumGrouping: 2)
        case ("de", "AT"), ("fr", "CA"): self = Self.spaceComma
        case ("es", "MX"), ("es", "US"), ("es", "419"): self = .english
        default: self = Self.byLanguage[tag.language] ?? .english
        }
    }

    public func format(_ number: Int) -> String {
        let digits = String(number.magnitude)
        // Grouped only from `minimumGrouping` digits before the last group of three.
        guard digits.count >= 4 + minimumGrouping - 1 else { return number < 0 ? "-" + digits : digits }
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out += group }
            out.append(digit)
        }
        return number < 0 ? "-" + out : out
    }

    /// 5 for 5.0, 7,5 for 7.5 in German: the shortest text that reads back as the number.
    public func format(_ number: Double) -> String {
        guard number.isFinite else { return String(number) }
        if number == number.rounded(), abs(number) < 1e15 { return format(Int(number)) }
        let plain = MessageCatalog.format(number)
        guard let dot = plain.firstIndex(of: "."), !plain.contains("e") else { return plain }
        let whole = Int(plain[..<dot]).map(format) ?? String(plain[..<dot])
        return (plain.hasPrefix("-0") ? "-" : "") + whole + decimal + plain[plain.index(after: dot)...]
    }
}
