/// A reader for the plain YAML that front matter, quizgen.yml and message catalogs are
/// written in, at a small part of what composing with Yams costs (Yams builds a tag object
/// and an event per node; that was about 150,000 instructions for five lines of front matter).
///
/// It reads a block mapping at the left margin, nested block mappings and sequences under
/// a key with no value, and one-line values: plain, single- or double-quoted scalars, and
/// flow sequences and mappings of such scalars. It gives exactly the values and libyaml marks
/// that Yams would, and for anything else it is not sure of it gives nil, so the caller
/// composes with Yams, which also reports every error: anchors, aliases, tags, block scalars,
/// values over several lines, escapes other than the common ones, tabs, carriage returns,
/// characters libyaml refuses or reads as line breaks, duplicate keys, errors of any kind.
public enum PlainYAML {
    /// The document's root mapping, or nil when the text is not in the subset (an empty
    /// text included: Yams gives no document for it).
    public static func read(_ yaml: String) -> YAMLNode? {
        var text = yaml
        return text.withUTF8 { bytes in
            var reader = Reader(bytes: bytes)
            return try? reader.document()
        }
    }

    /// Not in the subset: the caller composes with Yams.
    struct Unsure: Error {}

    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        /// The start of the line being read.
        var lineStart = 0
        /// Its 1-based number.
        var line = 1
        var depth = 0
        /// The last column worked out, and its byte (see `column`).
        var counted = (position: 0, column: 1)

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func document() throws(Unsure) -> YAMLNode {
            try checkCharacters()
            guard nextContentLine() == 0 else { throw Unsure() }
            let root = try blockMapping(indent: 0)
            // The mapping ends only at the end of the text or at a line it cannot read.
            guard nextContentLine() == nil else { throw Unsure() }
            return root
        }

        // MARK: Lines

        /// Skips blank and comment lines; the indent of the next line with content, with
        /// `lineStart` at it, or nil at the end of the text.
        mutating func nextContentLine() -> Int? {
            while lineStart < bytes.count {
                var i = lineStart
                while i < bytes.count, bytes[i] == .space { i += 1 }
                if i < bytes.count, bytes[i] != .newline, bytes[i] != .hash { return i - lineStart }
                // Blank, or only a comment: on to the next line.
                while i < bytes.count, bytes[i] != .newline { i += 1 }
                guard i < bytes.count else {
                    lineStart = bytes.count
                    return nil
                }
                lineStart = i + 1
                line += 1
            }
            return nil
        }

        /// After a value: only spaces and a comment may follow on its line.
        mutating func endLine(at position: Int) throws(Unsure) {
            var i = position
            while i < bytes.count, bytes[i] == .space { i += 1 }
            if i < bytes.count, bytes[i] == .hash {
                // A comment needs a space before it, else libyaml's reading is not ours.
                guard i > position else { throw Unsure() }
                while i < bytes.count, bytes[i] != .newline { i += 1 }
            }
            guard i == bytes.count || bytes[i] == .newline else { throw Unsure() }
            lineStart = min(i + 1, bytes.count)
            if i < bytes.count { line += 1 }
        }

        /// libyaml's column of a byte of the current line: Unicode scalars before it, plus 1.
        /// Counted on from the last one asked for on the line, so that a long line of flow
        /// entries is not counted over for each of them.
        mutating func column(_ position: Int) -> Int {
            var (from, column) = (lineStart, 1)
            if counted.position >= lineStart, counted.position <= position { (from, column) = counted }
            for i in from..<position where bytes[i] & 0xC0 != 0x80 { column += 1 }
            counted = (position, column)
            return column
        }

        // MARK: Block collections

        /// Keys at `indent`, from the current line on, until a line indented less.
        mutating func blockMapping(indent: Int) throws(Unsure) -> YAMLNode {
            depth += 1
            defer { depth -= 1 }
            guard depth <= 16 else { throw Unsure() }
            let mark = (line, indent + 1)
            var pairs: [YAMLNode.Pair] = []
            while let lineIndent = nextContentLine(), lineIndent >= indent {
                guard lineIndent == indent else { throw Unsure() }
                let keyStart = lineStart + indent
                let keyEnd = try key(at: keyStart)
                guard keyEnd < bytes.count, bytes[keyEnd] == .colon,
                      keyEnd + 1 == bytes.count || bytes[keyEnd + 1] == .space || bytes[keyEnd + 1] == .newline
                else { throw Unsure() }
                let key = YAMLNode(.scalar(string(keyStart, keyEnd), .plain), line: line, column: indent + 1)
                var start = keyEnd + 1
                while start < bytes.count, bytes[start] == .space { start += 1 }
                let value: YAMLNode
                if start < bytes.count, bytes[start] != .newline, bytes[start] != .hash {
                    let (inline, end) = try inlineValue(at: start)
                    try endLine(at: end)
                    value = inline
                } else {
                    // libyaml marks an empty value just after its `:`.
                    let empty = YAMLNode(.scalar("", .plain), line: line, column: keyEnd - lineStart + 2)
                    try endLine(at: keyEnd + 1)
                    value = try blockValue(parentIndent: indent) ?? empty
                }
                pairs.append(YAMLNode.Pair(key: key, value: value))
            }
            guard !Self.hasDuplicateKeys(pairs) else { throw Unsure() }
            return YAMLNode(.mapping(pairs), line: mark.0, column: mark.1)
        }

        /// The value of a key with nothing after it on its line: a mapping or sequence on
        /// the lines below, or a sequence at the key's own indent; nil when it is empty (null).
        mutating func blockValue(parentIndent: Int) throws(Unsure) -> YAMLNode? {
            guard let indent = nextContentLine(), indent >= parentIndent else { return nil }
            if isSequenceEntry(lineStart + indent) { return try blockSequence(indent: indent) }
            if indent > parentIndent { return try blockMapping(indent: indent) }
            return nil
        }

        /// `- value` lines at `indent`, each with a one-line value.
        mutating func blockSequence(indent: Int) throws(Unsure) -> YAMLNode {
            let mark = (line, indent + 1)
            var items: [YAMLNode] = []
            while let lineIndent = nextContentLine(), lineIndent >= indent {
                guard lineIndent == indent else { throw Unsure() }
                // A line at the indent that is no entry ends a sequence at its key's indent;
                // under a key indented less, it would be an error.
                guard isSequenceEntry(lineStart + indent) else { break }
                var start = lineStart + indent + 1
                while start < bytes.count, bytes[start] == .space { start += 1 }
                guard start < bytes.count, bytes[start] != .newline, bytes[start] != .hash else { throw Unsure() }
                let (item, end) = try inlineValue(at: start)
                try endLine(at: end)
                items.append(item)
            }
            return YAMLNode(.sequence(items), line: mark.0, column: mark.1)
        }

        /// Whether a key is set twice: libyaml reads that, and Yams then reports it. Keys
        /// here are plain scalars, so the same text is the same key. A few are compared in
        /// turn, many through a set, so that no mapping costs the square of its keys.
        static func hasDuplicateKeys(_ pairs: [YAMLNode.Pair]) -> Bool {
            guard pairs.count > 16 else {
                return pairs.indices.contains { i in pairs[..<i].contains { $0.key.content == pairs[i].key.content } }
            }
            return Set(pairs.map { $0.key.string ?? "" }).count < pairs.count
        }

        func isSequenceEntry(_ i: Int) -> Bool {
            bytes[i] == .dash && (i + 1 == bytes.count || bytes[i + 1] == .space || bytes[i + 1] == .newline)
        }

        /// The end of a key: letters, digits and `_ . - /`, starting with no indicator.
        func key(at start: Int) throws(Unsure) -> Int {
            guard Self.isWordStart(bytes[start]) else { throw Unsure() }
            var i = start + 1
            while i < bytes.count, Self.isWord(bytes[i]) { i += 1 }
            guard i - start <= 128 else { throw Unsure() }
            return i
        }

        // MARK: One-line values

        /// A value that stands on the rest of its line (in block context), and where it ends.
        mutating func inlineValue(at start: Int) throws(Unsure) -> (YAMLNode, Int) {
            switch bytes[start] {
            case .doubleQuote, .singleQuote: return try quoted(at: start)
            case .openBracket: return try flowSequence(at: start)
            case .openBrace: return try flowMapping(at: start)
            default: return try plain(at: start, flow: false)
            }
        }

        /// A plain scalar on one line. In block context it runs to the end of the line or a
        /// comment; in flow context also to `,` and brackets.
        mutating func plain(at start: Int, flow: Bool) throws(Unsure) -> (YAMLNode, Int) {
            let first = bytes[start]
            if Self.isIndicator(first) {
                // `-` may start a plain scalar when something other than a space follows
                // (`-5`); the other indicators start something else, or an error.
                guard first == .dash, start + 1 < bytes.count, Self.isWord(bytes[start + 1]) else { throw Unsure() }
            }
            var i = start
            var end = start
            scan: while i < bytes.count {
                switch bytes[i] {
                case .newline:
                    break scan
                case .space:
                    if i + 1 < bytes.count, bytes[i + 1] == .hash {
                        // A comment in a flow collection on one line: left to Yams.
                        if flow { throw Unsure() }
                        break scan
                    }
                case .colon:
                    // `: ` would make a key (an error in a value); in flow context libyaml
                    // versions differ on what else ends the scalar there.
                    let next = i + 1 < bytes.count ? bytes[i + 1] : .newline
                    if flow ? !(Self.isWord(next) || next == .slash) : (next == .space || next == .newline) {
                        throw Unsure()
                    }
                    end = i + 1
                case .comma, .closeBracket, .closeBrace, .openBracket, .openBrace:
                    if flow { break scan }
                    end = i + 1
                case .question:
                    if flow { throw Unsure() }
                    end = i + 1
                default:
                    end = i + 1
                }
                i += 1
            }
            // More of the scalar could follow on the next lines: the callers check the indent.
            return (YAMLNode(.scalar(string(start, end), .plain), line: line, column: column(start)), end)
        }

        /// A single- or double-quoted scalar closed on its own line, and the end after the quote.
        mutating func quoted(at start: Int) throws(Unsure) -> (YAMLNode, Int) {
            let quote = bytes[start]
            var i = start + 1
            var chunkStart = i
            var text: [UInt8] = []
            var escaped = false
            while true {
                guard i < bytes.count, bytes[i] != .newline else { throw Unsure() }
                let byte = bytes[i]
                if byte == quote {
                    if quote == .singleQuote, i + 1 < bytes.count, bytes[i + 1] == .singleQuote {
                        // `''` is one quote.
                        text.append(contentsOf: bytes[chunkStart...i])
                        escaped = true
                        i += 2
                        chunkStart = i
                        continue
                    }
                    break
                }
                if byte == .backslash, quote == .doubleQuote {
                    guard i + 1 < bytes.count, let meaning = Self.escape(bytes[i + 1]) else { throw Unsure() }
                    text.append(contentsOf: bytes[chunkStart..<i])
                    text.append(meaning)
                    escaped = true
                    i += 2
                    chunkStart = i
                    continue
                }
                i += 1
            }
            let value: String
            if escaped {
                text.append(contentsOf: bytes[chunkStart..<i])
                value = String(decoding: text, as: UTF8.self)
            } else {
                value = string(chunkStart, i, trimming: false)
            }
            let style: YAMLNode.Style = quote == .singleQuote ? .singleQuoted : .doubleQuoted
            return (YAMLNode(.scalar(value, style), line: line, column: column(start)), i + 1)
        }

        /// `[a, "b", c]` on one line, of scalars.
        mutating func flowSequence(at start: Int) throws(Unsure) -> (YAMLNode, Int) {
            let mark = column(start)
            var items: [YAMLNode] = []
            let end = try Self.flowEntries(bytes, from: start, closing: .closeBracket) { (i) throws(Unsure) in
                let (item, end) = try flowScalar(at: i)
                items.append(item)
                return end
            }
            return (YAMLNode(.sequence(items), line: line, column: mark), end)
        }

        /// `{easy: 3, hard: 10}` on one line: keys as in a block mapping, scalar values.
        mutating func flowMapping(at start: Int) throws(Unsure) -> (YAMLNode, Int) {
            let mark = column(start)
            var pairs: [YAMLNode.Pair] = []
            let end = try Self.flowEntries(bytes, from: start, closing: .closeBrace) { (i) throws(Unsure) in
                let keyEnd = try key(at: i)
                guard keyEnd + 1 < bytes.count, bytes[keyEnd] == .colon, bytes[keyEnd + 1] == .space else { throw Unsure() }
                let key = YAMLNode(.scalar(string(i, keyEnd), .plain), line: line, column: column(i))
                let (value, end) = try flowScalar(at: skipSpaces(keyEnd + 1))
                pairs.append(YAMLNode.Pair(key: key, value: value))
                return end
            }
            guard !Self.hasDuplicateKeys(pairs) else { throw Unsure() }
            return (YAMLNode(.mapping(pairs), line: line, column: mark), end)
        }

        /// Reads the entries of a flow collection on one line, from its opening bracket at
        /// `start`: `entry` reads one from where it starts and gives where it ends. The end
        /// is after the closing bracket. (Static, as `entry` changes the reader.)
        static func flowEntries(
            _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, closing: UInt8, _ entry: (Int) throws(Unsure) -> Int
        ) throws(Unsure) -> Int {
            func skipSpaces(_ start: Int) -> Int { Self.skipSpaces(bytes, start) }
            var i = skipSpaces(start + 1)
            if i < bytes.count, bytes[i] == closing { return i + 1 }
            while true {
                guard i < bytes.count else { throw Unsure() }
                i = skipSpaces(try entry(i))
                guard i < bytes.count else { throw Unsure() }
                if bytes[i] == closing { return i + 1 }
                guard bytes[i] == .comma else { throw Unsure() }
                i = skipSpaces(i + 1)
            }
        }

        /// A scalar inside a flow collection; an empty one, or a nested collection, is left to Yams.
        mutating func flowScalar(at start: Int) throws(Unsure) -> (YAMLNode, Int) {
            guard start < bytes.count else { throw Unsure() }
            let (node, end) = bytes[start] == .doubleQuote || bytes[start] == .singleQuote
                ? try quoted(at: start)
                : try plain(at: start, flow: true)
            guard end > start, node.style != .plain || !(node.string ?? "").isEmpty else { throw Unsure() }
            return (node, end)
        }

        func skipSpaces(_ start: Int) -> Int { Self.skipSpaces(bytes, start) }

        static func skipSpaces(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
            var i = start
            while i < bytes.count, bytes[i] == .space { i += 1 }
            return i
        }

        /// The text between two byte offsets, by default with trailing spaces left out.
        func string(_ start: Int, _ end: Int, trimming: Bool = true) -> String {
            var end = end
            while trimming, end > start, bytes[end - 1] == .space { end -= 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }

        // MARK: Characters

        /// Tabs, carriage returns and other controls, characters libyaml refuses (C1
        /// controls, noncharacters, a byte order mark), the ones it reads as line breaks
        /// (U+0085, U+2028, U+2029) and the alias placeholder: all left to Yams. A `*name`
        /// in this subset can only be text (an alias starts a value, which is left to Yams),
        /// which the callers' Yams paths read the same way (`YAMLAliases` counts it as an
        /// alias of one value); so many of them that it could refuse the text are left to Yams.
        func checkCharacters() throws(Unsure) {
            var stars = 0
            let count = bytes.count
            var i = 0
            while i < count {
                let byte = bytes[i]
                switch byte {
                case .newline, 0x20...0x7E:
                    if byte == .star, i + 1 < count, YAMLAliases.isAnchorByte(bytes[i + 1]) {
                        stars += 1
                        guard stars < YAMLAliases.maximumExpansion / 10 else { throw Unsure() }
                    }
                case 0xC2:
                    if i + 1 < count, bytes[i + 1] < 0xA0 { throw Unsure() }
                case 0xE2:
                    if i + 2 < count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 { throw Unsure() }
                case 0xEE:
                    if i + 2 < count, bytes[i + 1] == 0x80, bytes[i + 2] == 0x80 { throw Unsure() }
                case 0xEF:
                    if i + 2 < count, bytes[i + 1] == 0xBB, bytes[i + 2] == 0xBF { throw Unsure() }
                    if i + 2 < count, bytes[i + 1] == 0xBF, bytes[i + 2] >= 0xBE { throw Unsure() }
                case 0x80...0xF4:
                    break
                default:
                    throw Unsure()
                }
                i += 1
            }
        }

        static func isWordStart(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == .underscore
        }

        static func isWord(_ byte: UInt8) -> Bool {
            isWordStart(byte) || byte == .dash || byte == .dot || byte == .slash
        }

        /// What may not start a plain scalar (YAML's c-indicator).
        static func isIndicator(_ byte: UInt8) -> Bool {
            switch byte {
            case .dash, .question, .colon, .comma, .openBracket, .closeBracket, .openBrace, .closeBrace,
                 .hash, .ampersand, .star, .exclamation, .pipe, .greater, .singleQuote, .doubleQuote,
                 .percent, .at, .backtick:
                true
            default:
                false
            }
        }

        /// The escapes read here; libyaml's others (`\x`, `\u`, `\N`, …) are left to Yams.
        static func escape(_ byte: UInt8) -> UInt8? {
            switch byte {
            case .backslash: .backslash
            case .doubleQuote: .doubleQuote
            case .slash: .slash
            case UInt8(ascii: "n"): .newline
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        }
    }
}

private extension UInt8 {
    static let newline = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let hash = UInt8(ascii: "#")
    static let colon = UInt8(ascii: ":")
    static let dash = UInt8(ascii: "-")
    static let dot = UInt8(ascii: ".")
    static let slash = UInt8(ascii: "/")
    static let underscore = UInt8(ascii: "_")
    static let comma = UInt8(ascii: ",")
    static let question = UInt8(ascii: "?")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let ampersand = UInt8(ascii: "&")
    static let star = UInt8(ascii: "*")
    static let exclamation = UInt8(ascii: "!")
    static let pipe = UInt8(ascii: "|")
    static let greater = UInt8(ascii: ">")
    static let singleQuote = UInt8(ascii: "'")
    static let doubleQuote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let percent = UInt8(ascii: "%")
    static let at = UInt8(ascii: "@")
    static let backtick = UInt8(ascii: "`")
}
