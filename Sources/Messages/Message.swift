/// One message of a catalog: a text, or one text per plural category for a message with a
/// count. Texts hold `{name}` placeholders for the values given when the message is shown.
public enum Message: Sendable, Hashable {
    case text(String)
    case plural([PluralCategory: String])

    /// The text for a category: its own form, else `other` (which every plural message has).
    public func text(for category: PluralCategory) -> String {
        switch self {
        case .text(let text): text
        case .plural(let forms): forms[category] ?? forms[.other] ?? forms.values.first ?? ""
        }
    }

    /// Every text of the message, in category order.
    public var texts: [String] {
        switch self {
        case .text(let text): [text]
        case .plural(let forms): forms.sorted { $0.key < $1.key }.map(\.value)
        }
    }

    public var isPlural: Bool {
        if case .plural = self { return true }
        return false
    }

    /// The names of the `{name}` placeholders of a text, in order of appearance. A brace that
    /// does not enclose a name (letters, digits, `_`) is only text.
    public static func placeholders(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { break }
            let name = after[..<close]
            if isName(name) {
                names.append(String(name))
                rest = after[after.index(after: close)...]
            } else {
                rest = after
            }
        }
        return names
    }

    static func isName(_ name: Substring) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// The text with each `{name}` that has a value replaced by it; others stay as written.
    public static func fill(_ text: String, _ values: [String: String]) -> String {
        guard text.contains("{") else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}"), isName(after[..<close]), let value = values[String(after[..<close])] {
                out += value
                rest = after[after.index(after: close)...]
            } else {
                out += "{"
                rest = after
            }
        }
        return out + rest
    }
}
