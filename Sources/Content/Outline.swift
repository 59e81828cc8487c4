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
        let (stripped, attributes, diagnostics) = item(node, file: file)
        // No block reads as an empty one, placed at the heading.
        return (stripped, attributes ?? Attributes(line: node.range.start.line, column: node.range.start.column), diagnostics)
    }

    /// A list item without its attribute block, and the parsed block (nil when it has none).
    public static func item(_ node: Node, file: SourceFile) -> (Node, Attributes?, [Diagnostic]) {
        guard let block = node.attributes else { return (node, nil, []) }
        let (attributes, diagnostics) = Attributes.parse(block, in: file)
        guard let stripped = node.strippingAttributes() else {
            return (node, attributes, diagnostics + [file.error(
                "the attribute block overlaps Markdown formatting", line: block.brace.line, byteColumn: block.brace.column,
                hint: "write the block as plain text at the end of the line, or escape the brace as \\{")])
        }
        return (stripped, attributes, diagnostics)
    }
}
