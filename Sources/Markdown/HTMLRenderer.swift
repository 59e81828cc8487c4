import Support

/// Renders `Node` trees to HTML, following cmark's HTML output (so it reads like any
/// CommonMark site) with three differences that a quiz site needs: raw HTML is dropped
/// unless allowed, dangerous URLs never become links, and every URL passes through a
/// resolver that can rewrite it (page-relative paths, story choices).
public struct HTMLRenderer: Sendable {
    public enum URLUse: Sendable { case link, image }

    public var allowRawHTML: Bool
    /// Returns the URL to write, or nil to drop the link (its text is kept).
    public var resolveURL: @Sendable (String, URLUse) -> String?
    /// What a page does with one of its links beyond the link itself (a story's choice).
    public struct LinkRole: Sendable {
        /// Another control on the page already offers the link (a story's choice button):
        /// it gets `tabindex="-1"`, so the keyboard meets that choice once.
        public var leavesTabOrder: Bool
        /// Words for screen readers only, at the end of the link's text (already escaped
        /// HTML): where a choice leads, which a sighted reader sees on its button.
        public var hiddenNote: [UInt8]

        public init(leavesTabOrder: Bool = false, hiddenNote: [UInt8] = []) {
            self.leavesTabOrder = leavesTabOrder
            self.hiddenNote = hiddenNote
        }
    }

    /// The role of a resolved link URL, or nil for a plain link.
    public var linkRole: (@Sendable (String) -> LinkRole?)?

    public init(
        allowRawHTML: Bool = false, resolveURL: @escaping @Sendable (String, URLUse) -> String? = { url, _ in url },
        linkRole: (@Sendable (String) -> LinkRole?)? = nil
    ) {
        self.allowRawHTML = allowRawHTML
        self.resolveURL = resolveURL
        self.linkRole = linkRole
    }

    /// Block content, e.g. an introduction or an outcome's text.
    public func render(blocks: [Node]) -> String {
        String(decoding: utf8(blocks: blocks), as: UTF8.self)
    }

    /// Inline content, e.g. a heading's text.
    public func render(inlines: [Node]) -> String {
        String(decoding: utf8(inlines: inlines), as: UTF8.self)
    }

    /// Inline content for a place where links are not allowed (inside a button or label):
    /// links are rendered as their text. Block content inside is reduced to its inlines.
    public func renderPhrasing(_ nodes: [Node]) -> String {
        String(decoding: utf8Phrasing(nodes), as: UTF8.self)
    }

    // The same as UTF-8, for pages built as bytes: making a `String` reads every byte
    // again to check it, which for text with any non-ASCII character costs more than
    // rendering it.

    public func utf8(blocks: [Node]) -> [UInt8] {
        // Room for a typical text: growing from little copies it half a dozen times.
        ByteBuffer.array(capacity: 1024) { write(blocks: blocks, into: &$0) }
    }

    public func utf8(inlines: [Node]) -> [UInt8] {
        ByteBuffer.array(capacity: 128) { write(inlines: inlines, into: &$0) }
    }

    public func utf8Phrasing(_ nodes: [Node]) -> [UInt8] {
        ByteBuffer.array(capacity: 128) { writePhrasing(nodes, into: &$0) }
    }

    // The same appended to a page's buffer as it is built.

    public func write(blocks: [Node], into out: inout ByteBuffer) {
        for block in blocks { renderBlock(block.index, of: block.tree, tight: false, into: &out) }
    }

    public func write(inlines: [Node], into out: inout ByteBuffer) {
        for node in inlines { renderInline(node.index, of: node.tree, interactive: true, into: &out) }
    }

    public func writePhrasing(_ nodes: [Node], into out: inout ByteBuffer) {
        for (i, node) in nodes.enumerated() {
            appendPhrasing(node.index, of: node.tree, first: i == 0, into: &out)
        }
    }

    private func appendPhrasing(_ index: Int, of tree: Tree, first: Bool, into out: inout ByteBuffer) {
        let record = tree.records[index]
        guard record.tag.isBlock else {
            renderInline(index, of: tree, interactive: false, into: &out)
            return
        }
        if !first { out += " " }
        for child in record.first..<(record.first + record.count) {
            appendPhrasing(child, of: tree, first: child == record.first, into: &out)
        }
        if record.tag == .codeBlock {
            out += "<code>"
            escape(record.text2, of: tree, into: &out)
            out += "</code>"
        }
    }

    // MARK: Blocks

    private func renderBlock(_ index: Int, of tree: Tree, tight: Bool, into out: inout ByteBuffer) {
        let record = tree.records[index]
        let children = record.first..<(record.first + record.count)
        switch record.tag {
        case .document:
            for child in children { renderBlock(child, of: tree, tight: false, into: &out) }
        case .blockQuote:
            cr(&out)
            out += "<blockquote>\n"
            for child in children { renderBlock(child, of: tree, tight: false, into: &out) }
            out += "</blockquote>\n"
        case .list:
            cr(&out)
            if record.ordered {
                if record.number == 1 { out += "<ol>\n" } else { out.append(utf8: "<ol start=\"\(record.number)\">\n") }
            } else {
                out += "<ul>\n"
            }
            for item in children { renderBlock(item, of: tree, tight: record.tight, into: &out) }
            out += record.ordered ? "</ol>\n" : "</ul>\n"
        case .item:
            cr(&out)
            out += "<li>"
            for child in children { renderBlock(child, of: tree, tight: tight, into: &out) }
            out += "</li>\n"
        case .codeBlock:
            cr(&out)
            // The language is the info string's first word, split on characters as ever.
            let info = tree.string(record.text)
            let language = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
            if language.isEmpty {
                out += "<pre><code>"
            } else {
                out += "<pre><code class=\"language-"
                HTMLEscaping.escape(language, into: &out)
                out += "\">"
            }
            escape(record.text2, of: tree, into: &out)
            out += "</code></pre>\n"
        case .htmlBlock:
            cr(&out)
            if allowRawHTML { append(record.text, of: tree, into: &out) } else { out += "<!-- raw HTML omitted -->\n" }
        case .paragraph:
            if tight {
                for child in children { renderInline(child, of: tree, interactive: true, into: &out) }
            } else {
                cr(&out)
                out += "<p>"
                for child in children { renderInline(child, of: tree, interactive: true, into: &out) }
                out += "</p>\n"
            }
        case .heading:
            let clamped = min(max(record.number, 1), 6)
            cr(&out)
            out += "<h"
            out.append(UInt8(ascii: "0") + UInt8(clamped))
            out += ">"
            for child in children { renderInline(child, of: tree, interactive: true, into: &out) }
            out += "</h"
            out.append(UInt8(ascii: "0") + UInt8(clamped))
            out += ">\n"
        case .thematicBreak:
            cr(&out)
            out += "<hr>\n"
        default:
            renderInline(index, of: tree, interactive: true, into: &out)
        }
    }

    /// Starts a block on a new line, as cmark does.
    private func cr(_ out: inout ByteBuffer) {
        if let last = out.last, last != UInt8(ascii: "\n") { out += "\n" }
    }

    // MARK: Inlines

    private func renderInline(_ index: Int, of tree: Tree, interactive: Bool, into out: inout ByteBuffer) {
        let record = tree.records[index]
        let children = record.first..<(record.first + record.count)
        switch record.tag {
        case .text:
            escape(record.text, of: tree, into: &out)
        case .softBreak:
            out += "\n"
        case .lineBreak:
            out += "<br>\n"
        case .code:
            out += "<code>"
            escape(record.text, of: tree, into: &out)
            out += "</code>"
        case .htmlInline:
            if allowRawHTML { append(record.text, of: tree, into: &out) } else { out += "<!-- raw HTML omitted -->" }
        case .emphasis:
            out += "<em>"
            for child in children { renderInline(child, of: tree, interactive: interactive, into: &out) }
            out += "</em>"
        case .strong:
            out += "<strong>"
            for child in children { renderInline(child, of: tree, interactive: interactive, into: &out) }
            out += "</strong>"
        case .link:
            let destination = tree.string(record.text)
            let url = HTMLEscaping.isDangerousURL(destination) ? nil : resolveURL(destination, .link)
            guard interactive, let url else {
                for child in children { renderInline(child, of: tree, interactive: interactive, into: &out) }
                return
            }
            out += "<a href=\""
            out.append(utf8: HTMLEscaping.escapeHref(url))
            if record.text2.count > 0 {
                out += "\" title=\""
                escape(record.text2, of: tree, into: &out)
            }
            let role = linkRole?(url)
            out += role?.leavesTabOrder == true ? "\" tabindex=\"-1\">" : "\">"
            for child in children { renderInline(child, of: tree, interactive: interactive, into: &out) }
            if let note = role?.hiddenNote, !note.isEmpty {
                out += "<span class=\"sr\"> "
                out.append(note)
                out += "</span>"
            }
            out += "</a>"
        case .image:
            let source = tree.string(record.text)
            let url = HTMLEscaping.isDangerousURL(source, isImage: true) ? nil : resolveURL(source, .image)
            var alternative: [UInt8] = []
            tree.appendPlainText(of: index, to: &alternative)
            guard let url else {
                alternative.withUnsafeBufferPointer { HTMLEscaping.escape($0, into: &out) }
                return
            }
            out += "<img src=\""
            out.append(utf8: HTMLEscaping.escapeHref(url))
            out += "\" alt=\""
            alternative.withUnsafeBufferPointer { HTMLEscaping.escape($0, into: &out) }
            if record.text2.count > 0 {
                out += "\" title=\""
                escape(record.text2, of: tree, into: &out)
            }
            out += "\">"
        default:
            // A block where an inline was expected (phrasing of a loose item): its inlines.
            for child in children { renderInline(child, of: tree, interactive: interactive, into: &out) }
        }
    }

    private func escape(_ span: Tree.Span, of tree: Tree, into out: inout ByteBuffer) {
        tree.withBytes(span) { HTMLEscaping.escape($0, into: &out) }
    }

    private func append(_ span: Tree.Span, of tree: Tree, into out: inout ByteBuffer) {
        tree.withBytes(span) { out.append($0) }
    }
}

/// The renderer builds HTML as bytes: appending a piece to a buffer costs a fraction of
/// appending it to a `String`, and a page is thousands of pieces. The tags are literals,
/// whose bytes are read in place.
extension ByteBuffer {
    @inline(__always)
    fileprivate static func += (out: inout ByteBuffer, text: StaticString) {
        out.append(text)
    }
}
