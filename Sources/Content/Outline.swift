import Diagnostics
import Markdown

/// A content file cut into its parts: optional `#` title, introduction, and one item per
/// `##` heading with the Markdown under it. The same for every kind of content.
public struct Outline: Sendable {
    public struct Item: Sendable {
        /// The `##` heading with its attribute block removed from the text.
        public var heading: Node
        public var attributes: Attributes
        /// Everything under the heading up to the next `##`.
        public var body: [Node]

        public var line: Int { heading.range.start.line }
        public var column: Int { heading.range.start.column }
        /// Where the heading's text begins (after `## `), for messages about the title.
        public var titleColumn: Int { heading.childNodes.first?.range.start.column ?? heading.range.start.column }
    }

    public var titleHeading: Node?
    /// Where in the introduction the `#` title stood, for a file whose front matter names
    /// another title: then the heading is the introduction's, not the title.
    public var titleIndex = 0
    public var introduction: [Node] = []
    public var items: [Item] = []

    public static func make(from document: Node, file: SourceFile) -> (Outline, [Diagnostic]) {
        var outline = Outline()
        var diagnostics: [Diagnostic] = []
        // Read in place: each item's body is the run of blocks up to the next `##`, taken
        // whole (appending block by block grew every body from empty), and an array of all
        // the blocks first was one copy more.
        let blocks = document.childNodes
        var headings: [Int] = []
        headings.reserveCapacity(blocks.count)
        for i in blocks.indices where blocks[i].headingLevel == 2 { headings.append(i) }
        for block in blocks[..<(headings.first ?? blocks.endIndex)] {
            if block.headingLevel == 1, outline.titleHeading == nil {
                outline.titleHeading = Self.heading(block, file: file).0
                outline.titleIndex = outline.introduction.count
            } else {
                outline.introduction.append(block)
            }
        }
        // Two mistakes that hide items without a word from cmark: a `##` indented under a
        // list item is part of that item, and a fence never closed makes the rest code.
        for block in blocks where block.isList {
            for start in block.headingsInItems(level: 2) {
                diagnostics.append(file.warning(
                    "this '##' heading is indented under the list item above, so it is part of that item and starts nothing",
                    line: start.line, byteColumn: start.column, hint: "start the line with '##', with no spaces before it"))
            }
        }
        if let last = blocks.last, last.isCodeBlock, let unclosed = unclosedFence(last, file: file) { diagnostics.append(unclosed) }
        // `### Inside {#inside}`: a heading a level off holds a block that names a page,
        // question or outcome, and nothing reads it; the errors it causes ("unknown page
        // 'inside'") would not say why.
        for block in blocks {
            guard let level = block.headingLevel, level != 2, let braces = block.attributes else { continue }
            let marks = String(repeating: "#", count: level)
            let title = outline.titleHeading != nil && level == 1 && block.range.start.line == blocks.first(where: { $0.headingLevel == 1 })?.range.start.line
            diagnostics.append(file.warning(
                "an attribute block works only on a '##' heading: on this '\(marks)' heading, '{\(braces.text)}' is "
                    + (title ? "ignored" : "shown as text"),
                line: braces.brace.line, byteColumn: braces.brace.column,
                hint: "a page, a question or an outcome starts at a '##' heading; to show the braces as text, write \\{"))
        }
        outline.items.reserveCapacity(headings.count)
        for (n, start) in headings.enumerated() {
            let (heading, attributes, problems) = Self.heading(blocks[start], file: file)
            // Most headings have none: appending nothing still cost a call of 150 instructions.
            if !problems.isEmpty { diagnostics += problems }
            let end = n + 1 < headings.count ? headings[n + 1] : blocks.endIndex
            outline.items.append(Item(heading: heading, attributes: attributes, body: Array(blocks[(start + 1)..<end])))
        }
        return (outline, diagnostics)
    }

    /// A heading without its attribute block, and the parsed block.
    public static func heading(_ node: Node, file: SourceFile) -> (Node, Attributes, [Diagnostic]) {
        var (stripped, attributes, diagnostics) = item(node, file: file)
        if attributes == nil, let braces = fullWidthBraces(node, file: file, isHeading: true) { diagnostics.append(braces) }
        // No block reads as an empty one, placed at the heading.
        return (stripped, attributes ?? Attributes(line: node.range.start.line, column: node.range.start.column), diagnostics)
    }

    /// A list item without its attribute block, and the parsed block (nil when it has none).
    public static func item(_ node: Node, file: SourceFile) -> (Node, Attributes?, [Diagnostic]) {
        guard let block = node.attributes else { return (node, nil, []) }
        var (attributes, diagnostics) = Attributes.parse(block, in: file)
        if let earlier = earlierBlock(before: block, isHeading: node.headingLevel != nil, file: file) { diagnostics.append(earlier) }
        guard let stripped = node.strippingAttributes() else {
            return (node, attributes, diagnostics + [file.error(
                "the attribute block overlaps Markdown formatting", line: block.brace.line, byteColumn: block.brace.column,
                hint: "write the block as plain text at the end of the line, or escape the brace as \\{")])
        }
        return (stripped, attributes, diagnostics)
    }

    /// `- B {dog}{cat}`: only the last block is read, the first stays in the text ("B {dog}")
    /// and scores nothing, without a word. A warning at its `{` when it reads as a block of
    /// its own: its tokens all valid and, on a heading, not only names (`## A = {1} {.multiple}`
    /// shows a set, as meant).
    static func earlierBlock(before block: AttributeBlock, isHeading: Bool, file: SourceFile) -> Diagnostic? {
        guard let line = file.byteRange(ofLine: block.brace.line) else { return nil }
        // Read through a pointer: this runs for every answer, and almost all stop at the first test.
        let found: (open: Int, text: String)?? = file.text.utf8.withContiguousStorageIfAvailable { all in
            let bytes = UnsafeBufferPointer(rebasing: all[line])
            var close = min(block.textEnd.column - 1, bytes.count) - 1
            while close > 0, bytes[close] == UInt8(ascii: " ") || bytes[close] == UInt8(ascii: "\t") { close -= 1 }
            guard close > 0, bytes[close] == UInt8(ascii: "}"), bytes[close - 1] != UInt8(ascii: "\\") else { return nil }
            var open = close - 1
            while open >= 0, bytes[open] != UInt8(ascii: "{") {
                if bytes[open] == UInt8(ascii: "}") { return nil }
                open -= 1
            }
            guard open >= 0, open == 0 || bytes[open - 1] != UInt8(ascii: "\\") else { return nil }
            return (open, String(decoding: UnsafeBufferPointer(rebasing: bytes[(open + 1)..<close]), as: UTF8.self))
        }
        guard let (open, text) = found ?? nil else { return nil }
        let (earlier, problems) = Attributes.parse(
            AttributeBlock(text: text, brace: SourcePosition(line: block.brace.line, column: open + 1)), in: file)
        guard problems.isEmpty, !earlier.tokens.isEmpty,
              !isHeading || earlier.tokens.contains(where: { if case .name = $0.kind { false } else { true } }) else { return nil }
        let tokens = (text + " " + block.text).split(whereSeparator: \.isWhitespace)
        return file.warning(
            "only the last attribute block counts: '{\(text)}' is shown as text", line: block.brace.line, byteColumn: open + 1,
            hint: "write all its tokens in one block, {\(tokens.joined(separator: " "))}; to show the braces as text, write \\{")
    }

    /// A warning for a fenced code block (the file's last block) that no fence closes: it
    /// runs to the end of the file, and every heading after it is code.
    static func unclosedFence(_ block: Node, file: SourceFile) -> Diagnostic? {
        func fence(onLine number: Int) -> (mark: Character, count: Int, rest: Substring)? {
            let line = file.line(number)
            let indent = line.prefix { $0 == " " }
            guard indent.count <= 3, let mark = line.dropFirst(indent.count).first, mark == "`" || mark == "~" else { return nil }
            let run = line.dropFirst(indent.count).prefix { $0 == mark }
            return run.count >= 3 ? (mark, run.count, line.dropFirst(indent.count + run.count)) : nil
        }
        let start = block.range.start.line, end = block.range.end.line
        guard let open = fence(onLine: start) else { return nil }
        if end > start, let close = fence(onLine: end), close.mark == open.mark, close.count >= open.count,
           close.rest.allSatisfy(\.isWhitespace) {
            return nil
        }
        guard case .codeBlock(_, let literal) = block.kind else { return nil }
        let hidesHeadings = literal.split(separator: "\n").contains { $0.hasPrefix("## ") || $0 == "##" }
        return file.warning(
            "this code block is never closed, so the rest of the file is code" + (hidesHeadings ? ", its '##' headings too" : ""),
            line: start, byteColumn: block.range.start.column,
            hint: "close it with a line of \(String(repeating: open.mark, count: open.count))")
    }
}
