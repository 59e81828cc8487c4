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

    /// ASCII letters, digits and `_`, not starting with a digit. Read as bytes: every page
    /// fills dozens of messages.
    static func isName(_ name: Substring) -> Bool {
        var bytes = name.utf8.makeIterator()
        guard let first = bytes.next(), isNameByte(first), !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        while let byte = bytes.next() {
            guard isNameByte(byte) else { return false }
        }
        return true
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): true
        default: false
        }
    }

    /// The text with each `{name}` that has a value replaced by it; others stay as written.
    /// Braces are ASCII, so the search reads bytes and copies the runs between them whole:
    /// every page fills dozens of messages.
    public static func fill(_ text: String, _ values: [String: String]) -> String {
        let utf8 = text.utf8
        let brace = UInt8(ascii: "{")
        guard var open = utf8.firstIndex(of: brace) else { return text }
        var out = ""
        var runStart = utf8.startIndex
        while true {
            let afterOpen = utf8.index(after: open)
            var searchFrom = afterOpen
            if let close = utf8[afterOpen...].firstIndex(of: UInt8(ascii: "}")),
               isName(text[afterOpen..<close]), let value = values[String(text[afterOpen..<close])] {
                out += text[runStart..<open]
                out += value
                runStart = utf8.index(after: close)
                searchFrom = runStart
            }
            guard let next = utf8[searchFrom...].firstIndex(of: brace) else { break }
            open = next
        }
        return out + text[runStart...]
    }
}
