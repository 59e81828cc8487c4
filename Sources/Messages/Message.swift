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
    /// does not enclose a name (letters, digits, `_`) is only text, and so is one that is not a
    /// character of its own (a combining mark after it, say): braces are found in the bytes,
    /// and those next to a non-ASCII character are asked about (`isCharacter`).
    public static func placeholders(in text: String) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var names: [String] = []
            var from = 0
            while let open = brace(UInt8(ascii: "{"), in: bytes, from: from) {
                guard let close = brace(UInt8(ascii: "}"), in: bytes, from: open + 1) else { break }
                let name = UnsafeBufferPointer(rebasing: bytes[(open + 1)..<close])
                if isName(name) {
                    names.append(String(decoding: name, as: UTF8.self))
                    from = close + 1
                } else {
                    from = open + 1
                }
            }
            return names
        }
    }

    /// The offset of the first `brace` from `from` on that is a character of its own.
    static func brace(_ brace: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        var i = from
        while i < bytes.count {
            if bytes[i] == brace, isCharacter(at: i, in: bytes) { return i }
            i += 1
        }
        return nil
    }

    /// Whether the ASCII byte at `i` is a character (grapheme cluster) of its own. Only a
    /// Prepend scalar before it, or an Extend, ZWJ or SpacingMark after it, can join it to
    /// another, and no ASCII scalar does either: a non-ASCII neighbour is checked by counting
    /// the characters of the two scalars together, which decides it (UAX #29, GB9 to GB9b).
    static func isCharacter(at i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if i > 0, bytes[i - 1] >= 0x80 {
            var start = i - 1
            while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            if String(decoding: UnsafeBufferPointer(rebasing: bytes[start...i]), as: UTF8.self).count != 2 { return false }
        }
        if i + 1 < bytes.count, bytes[i + 1] >= 0x80 {
            var end = i + 2
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            if String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<end]), as: UTF8.self).count != 2 { return false }
        }
        return true
    }

    /// ASCII letters, digits and `_`, not starting with a digit. Read as bytes: every page
    /// fills dozens of messages.
    static func isName(_ name: Substring) -> Bool {
        isName(name.utf8)
    }

    static func isName<Bytes: Sequence<UInt8>>(_ name: Bytes) -> Bool {
        var bytes = name.makeIterator()
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
        fill(text) { values[$0] }
    }

    /// The same with each value asked for by name: a catalog turns only the values its
    /// text names into strings, instead of making a dictionary of them all on every call.
    /// The text is read and written as bytes: slicing and appending substrings cost more
    /// than the rest of a page's words together.
    public static func fill(_ text: String, _ value: (String) -> String?) -> String {
        guard text.utf8.contains(UInt8(ascii: "{")) else { return text }
        var text = text
        return text.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 32)
            scan(bytes, value, text: { out.append(contentsOf: $0) }, filled: { out.append(contentsOf: $0.utf8) })
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// A piece of a message cut at its placeholders (`parts`).
    public enum Part: Sendable, Equatable {
        case text([UInt8])
        case value(String)
    }

    /// The message cut where `fill` would fill it, for a text filled many times over: the
    /// runs between placeholders as bytes, and the placeholders among `names`.
    public static func parts(_ text: String, names: Set<String>) -> [Part] {
        var text = text
        return text.withUTF8 { bytes in
            var parts: [Part] = []
            scan(bytes, { names.contains($0) ? $0 : nil },
                 text: { if !$0.isEmpty { parts.append(.text(Array($0))) } }, filled: { parts.append(.value($0)) })
            return parts
        }
    }

    /// Reads `bytes` as `fill` does: `text` for each run kept as written, `filled` for each
    /// `{name}` that `value` has a value for.
    @inline(__always)
    private static func scan<Value>(
        _ bytes: UnsafeBufferPointer<UInt8>, _ value: (String) -> Value?,
        text: (UnsafeBufferPointer<UInt8>) -> Void, filled: (Value) -> Void
    ) {
        var runStart = 0
        var from = 0
        while let open = index(of: UInt8(ascii: "{"), in: bytes, from: from) {
            from = open + 1
            guard let close = index(of: UInt8(ascii: "}"), in: bytes, from: open + 1) else { continue }
            let name = UnsafeBufferPointer(rebasing: bytes[(open + 1)..<close])
            guard isName(name), let found = value(String(decoding: name, as: UTF8.self)) else { continue }
            text(UnsafeBufferPointer(rebasing: bytes[runStart..<open]))
            filled(found)
            runStart = close + 1
            from = runStart
        }
        text(UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    private static func index(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        var i = from
        while i < bytes.count {
            if bytes[i] == byte { return i }
            i += 1
        }
        return nil
    }
}
