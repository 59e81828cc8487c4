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
    /// True for a resolved link URL that another control on the page already offers (a
    /// story's choice button): the link gets `tabindex="-1"`, so the keyboard meets that
    /// choice once.
    public var leavesTabOrder: (@Sendable (String) -> Bool)?

    public init(
        allowRawHTML: Bool = false, resolveURL: @escaping @Sendable (String, URLUse) -> String? = { url, _ in url },
        leavesTabOrder: (@Sendable (String) -> Bool)? = nil
    ) {
        self.allowRawHTML = allowRawHTML
        self.resolveURL = resolveURL
        self.leavesTabOrder = leavesTabOrder
    }

    /// Block content, e.g. an introduction or an outcome's text.
    public func render(blocks: [Node]) -> String {
        var out: [UInt8] = []
        for block in blocks { renderBlock(block, tight: false, into: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Inline content, e.g. a heading's text.
    public func render(inlines: [Node]) -> String {
        var out: [UInt8] = []
        for node in inlines { renderInline(node, interactive: true, into: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Inline content for a place where links are not allowed (inside a button or label):
    /// links are rendered as their text. Block content inside is reduced to its inlines.
    public func renderPhrasing(_ nodes: [Node]) -> String {
        var out: [UInt8] = []
        appendPhrasing(nodes, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func appendPhrasing(_ nodes: [Node], into out: inout [UInt8]) {
        for (i, node) in nodes.enumerated() {
            if node.isBlock {
                if i > 0 { out += " " }
                appendPhrasing(node.children, into: &out)
                if case .codeBlock(_, let literal) = node.kind { out += "<code>"; HTMLEscaping.escape(literal, into: &out); out += "</code>" }
            } else {
                renderInline(node, interactive: false, into: &out)
            }
        }
    }

    // MARK: Blocks

    private func renderBlock(_ node: Node, tight: Bool, into out: inout [UInt8]) {
        switch node.kind {
        case .document:
            for child in node.children { renderBlock(child, tight: false, into: &out) }
        case .blockQuote:
            cr(&out)
            out += "<blockquote>\n"
            for child in node.children { renderBlock(child, tight: false, into: &out) }
            out += "</blockquote>\n"
        case .list(let ordered, let start, let isTight):
            cr(&out)
            if ordered {
                out += start == 1 ? "<ol>\n" : "<ol start=\"\(start)\">\n"
            } else {
                out += "<ul>\n"
            }
            for item in node.children { renderBlock(item, tight: isTight, into: &out) }
            out += ordered ? "</ol>\n" : "</ul>\n"
        case .item:
            cr(&out)
            out += "<li>"
            for child in node.children { renderBlock(child, tight: tight, into: &out) }
            out += "</li>\n"
        case .codeBlock(let info, let literal):
            cr(&out)
            let language = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
            if language.isEmpty {
                out += "<pre><code>"
            } else {
                out += "<pre><code class=\"language-"
                HTMLEscaping.escape(language, into: &out)
                out += "\">"
            }
            HTMLEscaping.escape(literal, into: &out)
            out += "</code></pre>\n"
        case .htmlBlock(let literal):
            cr(&out)
            if allowRawHTML { out += literal } else { out += "<!-- raw HTML omitted -->\n" }
        case .paragraph:
            if tight {
                for child in node.children { renderInline(child, interactive: true, into: &out) }
            } else {
                cr(&out)
                out += "<p>"
                for child in node.children { renderInline(child, interactive: true, into: &out) }
                out += "</p>\n"
            }
        case .heading(let level):
            let clamped = min(max(level, 1), 6)
            cr(&out)
            out += "<h\(clamped)>"
            for child in node.children { renderInline(child, interactive: true, into: &out) }
            out += "</h\(clamped)>\n"
        case .thematicBreak:
            cr(&out)
            out += "<hr>\n"
        default:
            renderInline(node, interactive: true, into: &out)
        }
    }

    /// Starts a block on a new line, as cmark does.
    private func cr(_ out: inout [UInt8]) {
        if let last = out.last, last != UInt8(ascii: "\n") { out += "\n" }
    }

    // MARK: Inlines

    private func renderInline(_ node: Node, interactive: Bool, into out: inout [UInt8]) {
        switch node.kind {
        case .text(let text):
            HTMLEscaping.escape(text, into: &out)
        case .softBreak:
            out += "\n"
        case .lineBreak:
            out += "<br>\n"
        case .code(let code):
            out += "<code>"
            HTMLEscaping.escape(code, into: &out)
            out += "</code>"
        case .htmlInline(let literal):
            if allowRawHTML { out += literal } else { out += "<!-- raw HTML omitted -->" }
        case .emphasis:
            out += "<em>"
            for child in node.children { renderInline(child, interactive: interactive, into: &out) }
            out += "</em>"
        case .strong:
            out += "<strong>"
            for child in node.children { renderInline(child, interactive: interactive, into: &out) }
            out += "</strong>"
        case .link(let destination, let title):
            let url = HTMLEscaping.isDangerousURL(destination) ? nil : resolveURL(destination, .link)
            guard interactive, let url else {
                for child in node.children { renderInline(child, interactive: interactive, into: &out) }
                return
            }
            out += "<a href=\""
            out += HTMLEscaping.escapeHref(url)
            if !title.isEmpty {
                out += "\" title=\""
                HTMLEscaping.escape(title, into: &out)
            }
            out += leavesTabOrder?(url) == true ? "\" tabindex=\"-1\">" : "\">"
            for child in node.children { renderInline(child, interactive: interactive, into: &out) }
            out += "</a>"
        case .image(let source, let title):
            let url = HTMLEscaping.isDangerousURL(source, isImage: true) ? nil : resolveURL(source, .image)
            guard let url else {
                HTMLEscaping.escape(node.plainText, into: &out)
                return
            }
            out += "<img src=\""
            out += HTMLEscaping.escapeHref(url)
            out += "\" alt=\""
            HTMLEscaping.escape(node.plainText, into: &out)
            if !title.isEmpty {
                out += "\" title=\""
                HTMLEscaping.escape(title, into: &out)
            }
            out += "\">"
        default:
            // A block where an inline was expected (phrasing of a loose item): its inlines.
            for child in node.children { renderInline(child, interactive: interactive, into: &out) }
        }
    }
}

/// The renderer builds HTML as bytes: appending a piece to an array costs a fraction of
/// appending it to a `String`, and a page is thousands of pieces.
extension [UInt8] {
    fileprivate static func += (out: inout [UInt8], text: String) {
        out.append(contentsOf: text.utf8)
    }
}
