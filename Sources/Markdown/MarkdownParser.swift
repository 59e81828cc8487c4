import CCmark

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
    }

    /// - Parameters:
    ///   - text: the Markdown body.
    ///   - firstLine: the file line on which `text` starts (after front matter), so positions
    ///     are file positions.
    public static func parse(_ text: String, firstLine: Int = 1) -> Result {
        var bytes = Array(text.utf8)
        // No CMARK_OPT_VALIDATE_UTF8: a Swift String is valid UTF-8 already.
        let options = CMARK_OPT_SOURCEPOS
        guard let root = bytes.withUnsafeMutableBufferPointer({ buffer -> OpaquePointer? in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) {
                cmark_parse_document($0, buffer.count, options)
            }
        }) else {
            return Result(document: Node(.document, range: .unknown))
        }
        defer { cmark_node_free(root) }
        if bytes.isEmpty { bytes = [] }
        var converter = Converter(source: bytes, lineOffset: firstLine - 1)
        let document = converter.convert(root, depth: 0)
        return Result(document: document, flattenedAt: converter.flattenedAt, rawHTMLAt: converter.rawHTMLAt)
    }
}

private struct Converter {
    let source: [UInt8]
    let lineStarts: [Int]
    let lineOffset: Int
    var flattenedAt: SourcePosition?
    var rawHTMLAt: SourcePosition?

    init(source: [UInt8], lineOffset: Int) {
        self.source = source
        self.lineOffset = lineOffset
        var starts = [0]
        source.withUnsafeBufferPointer { bytes in
            for i in bytes.indices where bytes[i] == UInt8(ascii: "\n") {
                starts.append(i + 1)
            }
        }
        lineStarts = starts
    }

    mutating func convert(_ node: OpaquePointer, depth: Int) -> Node {
        let range = range(of: node)
        if depth > MarkdownParser.maximumDepth {
            if flattenedAt == nil { flattenedAt = range.start }
            return Node(.text(Self.text(of: node)), range: range)
        }
        var count = 0
        var probe = cmark_node_first_child(node)
        while let current = probe {
            count += 1
            probe = cmark_node_next(current)
        }
        // Most nodes are leaves, which need no buffer at all; the others get one of the exact
        // size, filled in place.
        let children = count == 0 ? [] : [Node](unsafeUninitializedCapacity: count) { buffer, initialized in
            var child = cmark_node_first_child(node)
            while let current = child, initialized < count {
                (buffer.baseAddress! + initialized).initialize(to: convert(current, depth: depth + 1))
                initialized += 1
                child = cmark_node_next(current)
            }
        }
        // Decided on cmark's node type, before the node is made: setting a field afterwards
        // goes through the copy-on-write check, and reading `kind` copies it.
        var attributes: AttributeBlock?
        switch cmark_node_get_type(node) {
        case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
            // Raw HTML is a leaf, so the first one converted is the first depth first.
            if rawHTMLAt == nil { rawHTMLAt = range.start }
        case CMARK_NODE_HEADING:
            attributes = attributeBlock(forHeading: node)
        case CMARK_NODE_ITEM:
            // The last child is a paragraph unless it was flattened to text for its depth.
            if let last = cmark_node_last_child(node), cmark_node_get_type(last) == CMARK_NODE_PARAGRAPH,
               depth + 1 <= MarkdownParser.maximumDepth {
                attributes = attributeBlock(onLine: Int(cmark_node_get_end_line(last)))
            }
        default:
            break
        }
        return Node(kind(of: node), range: range, children: children, attributes: attributes)
    }

    func kind(of node: OpaquePointer) -> Node.Kind {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST:
            return .list(
                ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                start: Int(cmark_node_get_list_start(node)),
                tight: cmark_node_get_list_tight(node) != 0)
        case CMARK_NODE_ITEM: return .item
        case CMARK_NODE_CODE_BLOCK:
            return .codeBlock(info: Self.string(cmark_node_get_fence_info(node)), literal: Self.literal(node))
        case CMARK_NODE_HTML_BLOCK: return .htmlBlock(Self.literal(node))
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading(level: Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_TEXT: return .text(Self.literal(node))
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code(Self.literal(node))
        case CMARK_NODE_HTML_INLINE: return .htmlInline(Self.literal(node))
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK:
            return .link(destination: Self.string(cmark_node_get_url(node)), title: Self.string(cmark_node_get_title(node)))
        case CMARK_NODE_IMAGE:
            return .image(source: Self.string(cmark_node_get_url(node)), title: Self.string(cmark_node_get_title(node)))
        default:
            // Custom nodes never come out of the parser; keep their text if they ever do.
            return .text(Self.literal(node))
        }
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
    /// the underline.
    func attributeBlock(forHeading node: OpaquePointer) -> AttributeBlock? {
        let start = Int(cmark_node_get_start_line(node))
        let end = Int(cmark_node_get_end_line(node))
        guard start > 0 else { return nil }
        if start == end {
            return attributeBlock(onLine: start, atxHeading: true)
        }
        return attributeBlock(onLine: end - 1)
    }

    /// Looks for an unescaped `{ ... }` at the very end of a (body-relative) line.
    func attributeBlock(onLine line: Int, atxHeading: Bool = false) -> AttributeBlock? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let lineStart = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : source.count
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
        let fileLine = line + lineOffset
        return AttributeBlock(
            text: text,
            start: SourcePosition(line: fileLine, column: open + 2 - lineStart),
            brace: SourcePosition(line: fileLine, column: open + 1 - lineStart))
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
