#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCmark
import Support

/// Parses CommonMark with cmark and returns the document as Swift values.
///
/// This is the only file in quizgen that touches cmark: it converts the whole C tree into
/// `Node` values with source positions and frees every C object before returning.
public enum MarkdownParser {
    /// Nesting deeper than this is flattened to its text, so that hostile input (ten thousand
    /// `>` in a row) cannot exhaust a worker thread's stack in any later stage.
    public static let maximumDepth = 64

    public struct Result: Sendable {
        public var document: Node
        /// Set when some content was nested deeper than `maximumDepth` and flattened.
        public var flattenedAt: SourcePosition?
        /// Where the first raw HTML (block or inline) of the document starts, depth first;
        /// noted while converting, so no later stage walks the tree to look for it.
        public var rawHTMLAt: SourcePosition?
        /// Every image's source and where it starts, in document order (only when the
        /// document has an image: the tree is searched for them only then).
        public var images: [(source: String, at: SourcePosition)] = []
        /// Every link whose destination is a relative path (no scheme, no `//host`, no `/`,
        /// `#` or `?` first) and where it starts: noted while converting, as most documents
        /// have none and are not walked for them.
        public var relativeLinks: [(destination: String, at: SourcePosition)] = []
    }

    /// - Parameters:
    ///   - text: the Markdown body.
    ///   - firstLine: the file line on which `text` starts (after front matter), so positions
    ///     are file positions.
    public static func parse(_ text: String, firstLine: Int = 1) -> Result {
        var text = text
        return text.withUTF8 { bytes in
            parse(bytes, body: 0..<bytes.count, lineStarts: bytes.lineStarts, firstLine: firstLine, startsLine: firstLine)
        }
    }

    /// The body of a whole file read in place, with the file's own index of its lines (a
    /// `SourceFile`'s): the body is neither copied nor indexed again.
    /// - Parameters:
    ///   - text: the whole file.
    ///   - offset: where the body starts in `text`'s bytes: the start of line `firstLine`.
    ///   - lineStarts: the byte offset in `text` of each line's start; `lineStarts[0] == 0`.
    public static func parse(_ text: String, from offset: Int, lineStarts: [Int], firstLine: Int) -> Result {
        var text = text
        return text.withUTF8 { bytes in
            parse(bytes, body: min(offset, bytes.count)..<bytes.count, lineStarts: lineStarts, firstLine: firstLine, startsLine: 1)
        }
    }

    /// Parses `body`, a part of `source` that starts on file line `firstLine`; `source`'s
    /// file line n starts at byte `lineStarts[n - startsLine]`.
    static func parse(
        _ source: UnsafeBufferPointer<UInt8>, body: Range<Int>, lineStarts: [Int], firstLine: Int, startsLine: Int
    ) -> Result {
        // No CMARK_OPT_VALIDATE_UTF8: a Swift String is valid UTF-8 already.
        let options = CMARK_OPT_SOURCEPOS
        // cmark's nodes live in an arena until the tree is converted; freeing the arena frees
        // them all, so neither the tree nor the parser is freed node by node.
        return ParseArena.with { allocator in
            guard let parser = cmark_parser_new_with_mem(options, allocator) else {
                return Result(document: Node(.document, range: .unknown))
            }
            if !body.isEmpty {
                UnsafeBufferPointer(rebasing: source[body]).withMemoryRebound(to: CChar.self) {
                    cmark_parser_feed(parser, $0.baseAddress, $0.count)
                }
            }
            guard let root = cmark_parser_finish(parser) else {
                return Result(document: Node(.document, range: .unknown))
            }
            var converter = Converter(
                source: source, bodyCount: body.count, lineStarts: lineStarts, lineOffset: firstLine - 1,
                startsOffset: firstLine - startsLine)
            converter.builder.records.append(converter.record(of: root, depth: 0))
            converter.convertChildren(of: root, at: 0, depth: 0)
            let tree = converter.builder.finish()
            return Result(
                document: Node(tree: tree, index: 0), flattenedAt: converter.flattenedAt,
                rawHTMLAt: converter.rawHTMLAt, images: converter.sawImage ? tree.images() : [],
                relativeLinks: converter.relativeLinks.map { (tree.string($0.span), $0.at) })
        }
    }
}

/// Fills one `Tree` from cmark's nodes: each node's record, then side by side the records
/// of its children, then theirs.
private struct Converter {
    /// The bytes `lineStarts` index: the body, or the whole file the body ends.
    let source: UnsafeBufferPointer<UInt8>
    let lineStarts: [Int]
    /// Added to cmark's body lines to make file lines.
    let lineOffset: Int
    /// Added to a body line to find its start in `lineStarts` (1-based).
    let startsOffset: Int
    var builder = Tree.Builder()
    var flattenedAt: SourcePosition?
    var rawHTMLAt: SourcePosition?
    /// Set once a raw HTML record is made; `rawHTMLAt` is worked out in the walk after.
    var sawRawHTML = false
    var sawImage = false
    var relativeLinks: [(span: Tree.Span, at: SourcePosition)] = []

    init(source: UnsafeBufferPointer<UInt8>, bodyCount: Int, lineStarts: [Int], lineOffset: Int, startsOffset: Int) {
        self.source = source
        self.lineStarts = lineStarts
        self.lineOffset = lineOffset
        self.startsOffset = startsOffset
        // About one record per 12 bytes of Markdown, and the text is at most the source.
        builder.records.reserveCapacity(bodyCount / 8 + 16)
        builder.bytes.reserveCapacity(bodyCount)
    }

    /// The record of `node` at `depth`, without its children: its range and kind, or its
    /// text when it is nested too deep. Made in the loop that appends it (the flattened
    /// case, rare, is a call of its own), so the record is built where it is stored.
    @inline(__always)
    mutating func record(of node: OpaquePointer, depth: Int) -> Tree.Record {
        var record = Tree.Record(range: range(of: node))
        if depth > MarkdownParser.maximumDepth {
            flatten(node, into: &record)
        } else {
            setKind(of: node, record: &record, depth: depth)
        }
        return record
    }

    @inline(never)
    mutating func flatten(_ node: OpaquePointer, into record: inout Tree.Record) {
        if flattenedAt == nil { flattenedAt = record.range.start }
        record.tag = .text
        record.text = builder.span(Self.text(of: node))
    }

    /// Appends the children of `node` (record `slot`, already complete but for its children)
    /// side by side, each complete, then what is under them. Each child is stored once, whole,
    /// and only a record with children is written again: every store into the array checks it.
    mutating func convertChildren(of node: OpaquePointer, at slot: Int, depth: Int) {
        if let firstChild = cmark_node_first_child(node) {
            let first = builder.records.count
            var child: OpaquePointer? = firstChild
            while let current = child {
                builder.records.append(record(of: current, depth: depth + 1))
                child = cmark_node_next(current)
            }
            builder.setChildren(of: slot, first: first, count: builder.records.count - first)
            // A flattened child is a leaf already.
            if depth + 1 <= MarkdownParser.maximumDepth {
                child = firstChild
                var i = first
                while let current = child {
                    // Kinds are set a level ahead of the walk: raw HTML is noted here, when the
                    // walk reaches it, so that the first noted is the first depth first.
                    if rawHTMLAt == nil, sawRawHTML {
                        let tag = builder.records[i].tag
                        if tag == .htmlBlock || tag == .htmlInline { rawHTMLAt = builder.records[i].range.start }
                    }
                    convertChildren(of: current, at: i, depth: depth + 1)
                    i += 1
                    child = cmark_node_next(current)
                }
            }
            // Once the inlines are converted, before the block is cut from the text (which the
            // corrected columns do). Only a node with children can be a paragraph.
            let tag = builder.records[slot].tag
            if tag == .paragraph || tag == .heading, case let range = builder.records[slot].range,
               range.end.line > range.start.line, range.start.line > 0, !placesLaterLinesRight(range) {
                realignLaterLines(under: slot, from: range.start)
            }
        }
        let attributes = builder.records[slot].attributes
        if attributes >= 0 { builder.addStripped(of: slot, block: attributes) }
    }

    /// cmark places the inlines of a paragraph's later lines as if each line's text began
    /// in the paragraph's first column, plus the indent of a lazy line; and after a
    /// backslash line break it does not count the line at all. So a lazy line, a
    /// continuation indented less or more, one after a tab or after `\`, had its links, code
    /// and attribute block reported (and cut) lines or columns off. Lines are counted again
    /// here, and each later line's inlines are moved by what puts the inline after its line
    /// break where the line's text starts: after its indent and any `>` of block quotes (a
    /// paragraph's later lines lose their leading spaces, and a list marker there would
    /// have started a new item).
    mutating func realignLaterLines(under slot: Int, from start: SourcePosition) {
        // In document order: a node's start on the way in, its end on the way out.
        var stack: [(Int, exiting: Bool)] = []
        func pushChildren(of parent: Int) {
            let record = builder.records[parent]
            for child in (record.first..<(record.first + record.count)).reversed() { stack.append((child, false)) }
        }
        pushChildren(of: slot)
        var uncounted = 0
        var lastLine = start.line
        var afterBreak = false
        // Where cmark put the first inline of each later line, the one after a line break.
        var placed: [Int: Int] = [:]
        var touched: [Int] = []
        while let (i, exiting) = stack.popLast() {
            var range = builder.records[i].range
            if exiting {
                if range.end.line > 0 {
                    range.end = SourcePosition(line: range.end.line + uncounted, column: range.end.column)
                    builder.records[i].range = range
                    lastLine = range.end.line
                }
                continue
            }
            let tag = builder.records[i].tag
            if tag == .softBreak || tag == .lineBreak {
                if tag == .lineBreak, endsWithBackslash(fileLine: lastLine) { uncounted += 1 }
                lastLine += 1
                afterBreak = true
                continue
            }
            if range.start.line > 0 {
                range.start = SourcePosition(line: range.start.line + uncounted, column: range.start.column)
                builder.records[i].range = range
                if afterBreak, range.start.line > start.line {
                    placed[range.start.line] = min(placed[range.start.line] ?? .max, range.start.column)
                }
                touched.append(i)
            }
            afterBreak = false
            stack.append((i, true))
            pushChildren(of: i)
        }
        let quotes = quoteMarkers(onFileLine: start.line, before: start.column)
        var shifts: [Int: Int] = [:]
        func shifted(_ position: SourcePosition) -> SourcePosition {
            guard position.line > start.line else { return position }
            let shift: Int
            if let known = shifts[position.line] {
                shift = known
            } else {
                // A line whose first text continues an inline from the line before (a code
                // span across lines) has no break before it: cmark's first column is assumed.
                shift = textStart(onFileLine: position.line, quotes: quotes).map { $0 - (placed[position.line] ?? start.column) } ?? 0
                shifts[position.line] = shift
            }
            let column = position.column + shift
            return column >= 1 ? SourcePosition(line: position.line, column: column) : position
        }
        for i in touched where builder.records[i].range.end.line > start.line {
            let range = builder.records[i].range
            builder.records[i].range = SourceRange(start: shifted(range.start), end: shifted(range.end))
        }
    }

    /// Whether cmark's columns for this paragraph's later lines are right, as they are for
    /// most, from the bytes alone: no tab before the text of any line, every later line's
    /// text in the paragraph's first column behind as many `>` as the first line's (so no
    /// container around it was left out, and the line is not lazy), and no backslash break.
    func placesLaterLinesRight(_ range: SourceRange) -> Bool {
        var quotes = 0
        for fileLine in range.start.line...range.end.line {
            guard let bytes = bytes(ofBodyLine: fileLine - lineOffset) else { return false }
            let (lineStart, end) = (bytes.lowerBound, bytes.upperBound)
            var i = lineStart
            if fileLine == range.start.line {
                let text = min(end, lineStart + range.start.column - 1)
                while i < text {
                    if source[i] == UInt8(ascii: ">") { quotes += 1 } else if source[i] == 0x09 { return false }
                    i += 1
                }
            } else {
                var quoted = 0
                while i < end, source[i] == 0x20 || source[i] == UInt8(ascii: ">") {
                    if source[i] == UInt8(ascii: ">") { quoted += 1 }
                    i += 1
                }
                guard i - lineStart + 1 == range.start.column, quoted == quotes, i < end, source[i] != 0x09 else { return false }
            }
            if fileLine < range.end.line, endsWithBackslash(fileLine: fileLine) { return false }
        }
        return true
    }

    /// Where a (body-relative) line's bytes are in `source`, without its line break.
    func bytes(ofBodyLine bodyLine: Int) -> Range<Int>? {
        let line = bodyLine + startsOffset
        guard bodyLine >= 1, line <= lineStarts.count else { return nil }
        return lineStarts[line - 1]..<(line < lineStarts.count ? lineStarts[line] - 1 : source.count)
    }

    /// Whether a file line ends with a backslash (before its line break): a hard line break.
    func endsWithBackslash(fileLine: Int) -> Bool {
        guard let bytes = bytes(ofBodyLine: fileLine - lineOffset) else { return false }
        var end = bytes.upperBound
        if end > bytes.lowerBound, source[end - 1] == 0x0D { end -= 1 }
        return end > bytes.lowerBound && source[end - 1] == UInt8(ascii: "\\")
    }

    /// The column where a file line's text starts after its indent and at most `quotes`
    /// block quote markers (a `>` past those is text).
    func textStart(onFileLine fileLine: Int, quotes: Int) -> Int? {
        guard let bytes = bytes(ofBodyLine: fileLine - lineOffset) else { return nil }
        let (lineStart, end) = (bytes.lowerBound, bytes.upperBound)
        var i = lineStart
        var quoted = 0
        while i < end, source[i] == 0x20 || source[i] == 0x09 || (source[i] == UInt8(ascii: ">") && quoted < quotes) {
            if source[i] == UInt8(ascii: ">") { quoted += 1 }
            i += 1
        }
        return i - lineStart + 1
    }

    /// How many `>` stand before a column of a file line: the block quotes around a paragraph.
    func quoteMarkers(onFileLine fileLine: Int, before column: Int) -> Int {
        guard let bytes = bytes(ofBodyLine: fileLine - lineOffset) else { return 0 }
        let end = min(bytes.upperBound, bytes.lowerBound + column - 1)
        return source[bytes.lowerBound..<max(bytes.lowerBound, end)].count { $0 == UInt8(ascii: ">") }
    }

    @inline(__always)
    mutating func setKind(of node: OpaquePointer, record: inout Tree.Record, depth: Int) {
        let type = cmark_node_get_type(node)
        switch type {
        case CMARK_NODE_DOCUMENT: record.tag = .document
        case CMARK_NODE_BLOCK_QUOTE: record.tag = .blockQuote
        case CMARK_NODE_LIST:
            record.tag = .list
            record.ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            record.number = Int(cmark_node_get_list_start(node))
            record.tight = cmark_node_get_list_tight(node) != 0
        case CMARK_NODE_ITEM:
            record.tag = .item
            // The last child is a paragraph unless it is flattened to text for its depth.
            if let last = cmark_node_last_child(node), cmark_node_get_type(last) == CMARK_NODE_PARAGRAPH,
               depth + 1 <= MarkdownParser.maximumDepth {
                record.attributes = builder.add(attributeBlock(onLine: Int(cmark_node_get_end_line(last)))) ?? -1
            }
        case CMARK_NODE_CODE_BLOCK:
            record.tag = .codeBlock
            record.text = span(cmark_node_get_fence_info(node))
            record.text2 = literal(node)
        case CMARK_NODE_PARAGRAPH: record.tag = .paragraph
        case CMARK_NODE_HEADING:
            record.tag = .heading
            record.number = Int(cmark_node_get_heading_level(node))
            record.attributes = builder.add(attributeBlock(forHeading: node)) ?? -1
        case CMARK_NODE_THEMATIC_BREAK: record.tag = .thematicBreak
        case CMARK_NODE_SOFTBREAK: record.tag = .softBreak
        case CMARK_NODE_LINEBREAK: record.tag = .lineBreak
        case CMARK_NODE_EMPH: record.tag = .emphasis
        case CMARK_NODE_STRONG: record.tag = .strong
        case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
            record.tag = type == CMARK_NODE_LINK ? .link : .image
            if type == CMARK_NODE_IMAGE { sawImage = true }
            let url = cmark_node_get_url(node)
            record.text = span(url)
            record.text2 = span(cmark_node_get_title(node))
            if type == CMARK_NODE_LINK, let url, Self.isRelativePath(url) {
                relativeLinks.append((record.text, record.range.start))
            }
        default:
            // Text, code and raw HTML hold a literal; so would custom nodes, which never come
            // out of the parser: their text is kept.
            switch type {
            case CMARK_NODE_CODE: record.tag = .code
            case CMARK_NODE_HTML_BLOCK: record.tag = .htmlBlock
            case CMARK_NODE_HTML_INLINE: record.tag = .htmlInline
            default: record.tag = .text
            }
            record.text = literal(node)
            if record.tag == .htmlBlock || record.tag == .htmlInline { sawRawHTML = true }
        }
    }

    /// Whether a URL is a path relative to its page, as the pages' resolver reads one: not
    /// empty, no `/`, `#` or `?` first, and no scheme (`https:`, `mailto:`; letters, then
    /// letters, digits, `+`, `-` or `.`, then `:`).
    static func isRelativePath(_ url: UnsafePointer<CChar>) -> Bool {
        let first = UInt8(bitPattern: url[0])
        guard first != 0, first != UInt8(ascii: "/"), first != UInt8(ascii: "#"), first != UInt8(ascii: "?") else { return false }
        var i = 0
        while true {
            let byte = UInt8(bitPattern: url[i])
            if byte == UInt8(ascii: ":") { return i == 0 }
            let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            let isOther = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            if !(isLetter || i > 0 && isOther) { return true }
            i += 1
        }
    }

    /// A C string's bytes, copied into the tree's text.
    mutating func span(_ pointer: UnsafePointer<CChar>?) -> Tree.Span {
        guard let pointer else { return Tree.Span() }
        // strlen reads a word at a time, not a byte.
        let length = strlen(pointer)
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            builder.span(UnsafeBufferPointer(start: bytes, count: length))
        }
    }

    mutating func literal(_ node: OpaquePointer) -> Tree.Span {
        span(cmark_node_get_literal(node))
    }

    func range(of node: OpaquePointer) -> SourceRange {
        let startLine = Int(cmark_node_get_start_line(node))
        let endLine = Int(cmark_node_get_end_line(node))
        return SourceRange(
            start: SourcePosition(line: startLine == 0 ? 0 : startLine + lineOffset, column: Int(cmark_node_get_start_column(node))),
            end: SourcePosition(line: endLine == 0 ? 0 : endLine + lineOffset, column: Int(cmark_node_get_end_column(node))))
    }

    // MARK: Attribute blocks

    /// ATX headings hold their text on their one line; setext headings on the line above
    /// the underline. cmark 0.30 ends a setext heading on the line after its underline when
    /// more follows, so the underline is found on the lines: the first after the heading's
    /// first that is only `=` or only `-` (a paragraph's line cannot be, as it would have
    /// made the paragraph a heading there).
    func attributeBlock(forHeading node: OpaquePointer) -> AttributeBlock? {
        let start = Int(cmark_node_get_start_line(node))
        let end = Int(cmark_node_get_end_line(node))
        guard start > 0 else { return nil }
        // `>=`: the lines searched below must make a range even if an end came before the start.
        if start >= end {
            return attributeBlock(onLine: start, atxHeading: true)
        }
        let underline = ((start + 1)...end).first(where: isSetextUnderline) ?? end
        return attributeBlock(onLine: underline - 1)
    }

    /// A (body-relative) line that is `=`s or `-`s after its containers' markers and indent.
    func isSetextUnderline(_ bodyLine: Int) -> Bool {
        guard let bytes = bytes(ofBodyLine: bodyLine) else { return false }
        var i = bytes.lowerBound
        let end = bytes.upperBound
        while i < end, source[i] == 0x20 || source[i] == 0x09 || source[i] == UInt8(ascii: ">") { i += 1 }
        guard i < end, source[i] == UInt8(ascii: "=") || source[i] == UInt8(ascii: "-") else { return false }
        let mark = source[i]
        while i < end, source[i] == mark { i += 1 }
        while i < end, source[i] == 0x20 || source[i] == 0x09 || source[i] == 0x0D { i += 1 }
        return i == end
    }

    /// Looks for an unescaped `{ ... }` at the very end of a (body-relative) line.
    func attributeBlock(onLine bodyLine: Int, atxHeading: Bool = false) -> AttributeBlock? {
        guard let bytes = bytes(ofBodyLine: bodyLine) else { return nil }
        let lineStart = bytes.lowerBound
        var end = bytes.upperBound
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D }
        while end > lineStart, isSpace(source[end - 1]) { end -= 1 }
        if atxHeading {
            // An optional closing sequence of `#`, preceded by a space, is not content.
            var hashes = end
            while hashes > lineStart, source[hashes - 1] == UInt8(ascii: "#") { hashes -= 1 }
            if hashes < end, hashes > lineStart, isSpace(source[hashes - 1]) {
                end = hashes
                while end > lineStart, isSpace(source[end - 1]) { end -= 1 }
            }
        }
        guard end > lineStart, source[end - 1] == UInt8(ascii: "}"), !isEscaped(end - 1, from: lineStart) else {
            return nil
        }
        var open = end - 2
        while open >= lineStart, source[open] != UInt8(ascii: "{") {
            if source[open] == UInt8(ascii: "}") { return nil }
            open -= 1
        }
        guard open >= lineStart, !isEscaped(open, from: lineStart) else { return nil }
        let text = String(decoding: source[(open + 1)..<(end - 1)], as: UTF8.self)
        let fileLine = bodyLine + lineOffset
        var textEnd = open
        if atxHeading {
            // `## Title ## {#id}`: the closing sequence before the block is not text either.
            var hashes = open
            while hashes > lineStart, isSpace(source[hashes - 1]) { hashes -= 1 }
            var run = hashes
            while run > lineStart, source[run - 1] == UInt8(ascii: "#") { run -= 1 }
            if run < hashes, run > lineStart, isSpace(source[run - 1]) { textEnd = run }
        }
        return AttributeBlock(
            text: text,
            brace: SourcePosition(line: fileLine, column: open + 1 - lineStart),
            textEnd: SourcePosition(line: fileLine, column: textEnd + 1 - lineStart))
    }

    /// A character is escaped when an odd number of backslashes precede it.
    func isEscaped(_ index: Int, from lineStart: Int) -> Bool {
        var count = 0
        var i = index - 1
        while i >= lineStart, source[i] == UInt8(ascii: "\\") {
            count += 1
            i -= 1
        }
        return count % 2 == 1
    }

    // MARK: C strings

    static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    static func literal(_ node: OpaquePointer) -> String {
        string(cmark_node_get_literal(node))
    }

    /// The text of a whole subtree, walked with cmark's iterator so no recursion is needed.
    static func text(of node: OpaquePointer) -> String {
        var out = ""
        guard let iterator = cmark_iter_new(node) else { return out }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let current = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK:
                out += literal(current)
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_PARAGRAPH:
                out += " "
            default:
                break
            }
        }
        return out
    }
}
