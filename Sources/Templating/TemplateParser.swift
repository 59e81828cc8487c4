import Support

/// Turns Mustache text into a tree of nodes: first a flat list of text and tags, then the
/// standalone-line rule applied, then sections nested.
struct TemplateParser {
    enum TagKind: Equatable {
        case variable, unescaped, section, inverted, close, comment, partial, delimiters
    }

    struct Tag {
        var kind: TagKind
        var content: String
        var line: Int
        var column: Int
    }

    enum Token {
        case text(String)
        case tag(Tag)
    }

    let bytes: [UInt8]

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    func parse() throws(TemplateError) -> [Template.Node] {
        var tokens = try tokenize()
        applyStandalone(&tokens)
        tokens = Self.mergeTexts(tokens)
        var index = 0
        let nodes = try build(&tokens, &index, closing: nil, depth: 0)
        return nodes
    }

    // MARK: Tokens

    func tokenize() throws(TemplateError) -> [Token] {
        var tokens: [Token] = []
        var open: [UInt8] = Array("{{".utf8)
        var close: [UInt8] = Array("}}".utf8)
        var i = 0
        var textStart = 0
        var line = 1
        // Columns count characters from the last tag on the same line, not from the line's
        // start: counting from the start for every tag made a one-line template quadratic.
        var counted = (offset: 0, column: 1)
        while i < bytes.count {
            if bytes[i] == 0x0A {
                line += 1
                counted = (i + 1, 1)
                i += 1
                continue
            }
            guard starts(with: open, at: i) else {
                i += 1
                continue
            }
            if i > textStart { tokens.append(.text(string(textStart..<i))) }
            let column = counted.column + String(decoding: bytes[counted.offset..<i], as: UTF8.self).count
            counted = (i, column)
            var j = i + open.count
            var kind = TagKind.variable
            var endMarker = close
            if j < bytes.count {
                switch bytes[j] {
                case UInt8(ascii: "{"):
                    kind = .unescaped
                    endMarker = [UInt8(ascii: "}")] + close
                    j += 1
                case UInt8(ascii: "&"): kind = .unescaped; j += 1
                case UInt8(ascii: "#"): kind = .section; j += 1
                case UInt8(ascii: "^"): kind = .inverted; j += 1
                case UInt8(ascii: "/"): kind = .close; j += 1
                case UInt8(ascii: "!"): kind = .comment; j += 1
                case UInt8(ascii: ">"): kind = .partial; j += 1
                case UInt8(ascii: "="):
                    kind = .delimiters
                    endMarker = [UInt8(ascii: "=")] + close
                    j += 1
                default: break
                }
            }
            guard let end = find(endMarker, from: j) else {
                throw TemplateError(message: "a tag is not closed", line: line, column: column)
            }
            let content = string(j..<end).trimmingWhitespace
            // A tag that runs over lines is reported where it starts.
            let tagLine = line
            if kind != .comment && kind != .delimiters, content.utf8.contains(where: Self.isNeverInAName),
               let odd = content.first(where: { $0.isASCII && Self.isNeverInAName($0.asciiValue!) }) {
                // `{{title}</title>…`: the tag runs on to the next `}}`, swallowing the page.
                let shown = content.prefix { !$0.isNewline }.prefix(24)
                throw TemplateError(
                    message: "'\(shown)\(shown.count < content.count ? "…" : "")' is not a name: a name has no "
                        + (odd.isWhitespace ? "white space" : "'\(odd)'") + "; is the tag closed with '\(String(decoding: close, as: UTF8.self))'?",
                    line: tagLine, column: column)
            }
            for b in bytes[i..<end] where b == 0x0A {
                line += 1
                _ = b
            }
            if let lastNewline = bytes[i..<end].lastIndex(of: 0x0A) { counted = (lastNewline + 1, 1) }
            i = end + endMarker.count
            textStart = i
            if kind == .delimiters {
                let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard parts.count == 2, !parts[0].contains("="), !parts[1].contains("=") else {
                    throw TemplateError(message: "a set-delimiter tag must be {{=<open> <close>=}}", line: tagLine, column: column)
                }
                open = Array(parts[0].utf8)
                close = Array(parts[1].utf8)
            }
            if kind != .comment && kind != .delimiters && content.isEmpty {
                throw TemplateError(message: "a tag has no name", line: tagLine, column: column)
            }
            tokens.append(.tag(Tag(kind: kind, content: content, line: tagLine, column: column)))
        }
        if textStart < bytes.count { tokens.append(.text(string(textStart..<bytes.count))) }
        return tokens
    }

    /// Characters no variable, section or partial name holds: met in one, the tag was most
    /// likely closed wrongly (one brace) and ran on into the markup after it.
    /// Read as bytes: tags are many, and most names short and plain.
    static func isNeverInAName(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x09, 0x0A, 0x0D, 0x20, UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""): true
        default: false
        }
    }

    private func starts(with marker: [UInt8], at i: Int) -> Bool {
        guard i + marker.count <= bytes.count else { return false }
        for k in marker.indices where bytes[i + k] != marker[k] { return false }
        return true
    }

    private func find(_ marker: [UInt8], from start: Int) -> Int? {
        var i = start
        while i + marker.count <= bytes.count {
            if starts(with: marker, at: i) { return i }
            i += 1
        }
        return nil
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    // MARK: Standalone lines

    /// A section, inverted, close, comment, partial or delimiter tag alone on its line
    /// takes the whole line with it; a standalone partial keeps the line's indentation.
    func applyStandalone(_ tokens: inout [Token]) {
        // Cut the tokens into lines; a line's last text ends with its newline.
        var lines: [[Token]] = [[]]
        for token in tokens {
            guard case .text(let text) = token else {
                lines[lines.count - 1].append(token)
                continue
            }
            // Bytes, not Characters: "\r\n" is one Character and would hide the "\n".
            var rest = Substring(text)
            while let newline = rest.utf8.firstIndex(of: 0x0A) {
                let next = rest.utf8.index(after: newline)
                lines[lines.count - 1].append(.text(String(rest[..<next])))
                lines.append([])
                rest = rest[next...]
            }
            if !rest.isEmpty { lines[lines.count - 1].append(.text(String(rest))) }
        }
        var result: [Token] = []
        for line in lines {
            var tag: Tag?
            var standalone = true
            var indent = ""
            for token in line {
                switch token {
                case .tag(let t):
                    if tag != nil || t.kind == .variable || t.kind == .unescaped { standalone = false }
                    tag = t
                case .text(let text):
                    if !text.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { standalone = false }
                    if tag == nil { indent += text }
                }
            }
            if standalone, var tag {
                if tag.kind == .partial { tag.content += "\u{0}" + indent }
                result.append(.tag(tag))
            } else {
                result += line
            }
        }
        tokens = result
    }

    // MARK: Tree

    /// Joins neighbouring texts (the lines of a text, once cut for the standalone rule) in
    /// one growing string: joining each to a copy of the ones before was quadratic.
    static func mergeTexts(_ tokens: [Token]) -> [Token] {
        var merged: [Token] = []
        var text = ""
        var inText = false
        for token in tokens {
            if case .text(let piece) = token {
                text += piece
                inText = true
                continue
            }
            if inText { merged.append(.text(text)) }
            text = ""
            inText = false
            merged.append(token)
        }
        if inText { merged.append(.text(text)) }
        return merged
    }

    /// How deep sections may nest, as Markdown's blocks may: parsing, preparing and rendering
    /// all recurse once per level, and thousands of levels overflow the stack.
    static let maxNesting = 64

    func build(_ tokens: inout [Token], _ index: inout Int, closing: Tag?, depth: Int) throws(TemplateError) -> [Template.Node] {
        var nodes: [Template.Node] = []
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token {
            case .text(let text):
                if !text.isEmpty { nodes.append(.text(Array(text.utf8))) }
            case .tag(let tag):
                switch tag.kind {
                case .variable, .unescaped:
                    nodes.append(.variable(path: Self.path(tag.content), escaped: tag.kind == .variable))
                case .section, .inverted:
                    guard depth < Self.maxNesting else {
                        throw TemplateError(
                            message: "sections are nested more than \(Self.maxNesting) deep", line: tag.line, column: tag.column)
                    }
                    let body = try build(&tokens, &index, closing: tag, depth: depth + 1)
                    nodes.append(.section(path: Self.path(tag.content), body: body, inverted: tag.kind == .inverted))
                case .close:
                    guard let closing else {
                        throw TemplateError(message: "'\(tag.content)' is closed but was never opened", line: tag.line, column: tag.column)
                    }
                    guard closing.content == tag.content else {
                        throw TemplateError(
                            message: "'\(closing.content)' (opened on line \(closing.line)) is closed as '\(tag.content)'",
                            line: tag.line, column: tag.column)
                    }
                    return nodes
                case .partial:
                    let parts = tag.content.split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false)
                    nodes.append(.partial(PartialUse(
                        name: String(parts[0]), indent: parts.count > 1 ? String(parts[1]) : "", line: tag.line, column: tag.column)))
                case .comment, .delimiters:
                    break
                }
            }
        }
        if let closing {
            throw TemplateError(message: "'\(closing.content)' is opened but never closed", line: closing.line, column: closing.column)
        }
        return nodes
    }

    /// `a.b.c` → [a, b, c]; `.` → [] (the current value).
    static func path(_ name: String) -> [String] {
        name == "." ? [] : name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}
