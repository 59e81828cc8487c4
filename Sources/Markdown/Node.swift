/// A position in the source as cmark reports it: 1-based line, 1-based *byte* column.
public struct SourcePosition: Hashable, Sendable, Comparable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

public struct SourceRange: Hashable, Sendable {
    public var start: SourcePosition
    public var end: SourcePosition

    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }

    static let unknown = SourceRange(start: .init(line: 0, column: 0), end: .init(line: 0, column: 0))
}

/// An immutable CommonMark node: what cmark parsed, copied into Swift values so that no C
/// pointer outlives the parse.
public struct Node: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case document
        case blockQuote
        case list(ordered: Bool, start: Int, tight: Bool)
        case item
        case codeBlock(info: String, literal: String)
        case htmlBlock(String)
        case paragraph
        case heading(level: Int)
        case thematicBreak
        case text(String)
        case softBreak
        case lineBreak
        case code(String)
        case htmlInline(String)
        case emphasis
        case strong
        case link(destination: String, title: String)
        case image(source: String, title: String)
    }

    /// The fields live in one copy-on-write box: trees are passed around and copied a
    /// lot, and copying one reference is much cheaper than retaining every field.
    final class Storage: @unchecked Sendable {
        var kind: Kind
        var range: SourceRange
        var children: [Node]
        var attributes: AttributeBlock?

        init(kind: Kind, range: SourceRange, children: [Node], attributes: AttributeBlock?) {
            self.kind = kind
            self.range = range
            self.children = children
            self.attributes = attributes
        }
    }

    fileprivate(set) var storage: Storage

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(kind: storage.kind, range: storage.range, children: storage.children, attributes: storage.attributes)
        }
    }

    public var kind: Kind {
        get { storage.kind }
        set { makeUnique(); storage.kind = newValue }
    }

    public var range: SourceRange {
        get { storage.range }
        set { makeUnique(); storage.range = newValue }
    }

    public var children: [Node] {
        get { storage.children }
        _modify {
            makeUnique()
            yield &storage.children
        }
    }

    /// A trailing `{ ... }` found on a heading or on a list item's last paragraph. It is still
    /// part of the inline text; `strippingAttributes()` removes it where the caller wants that.
    public var attributes: AttributeBlock? {
        get { storage.attributes }
        set { makeUnique(); storage.attributes = newValue }
    }

    public init(_ kind: Kind, range: SourceRange, children: [Node] = [], attributes: AttributeBlock? = nil) {
        storage = Storage(kind: kind, range: range, children: children, attributes: attributes)
    }

    public static func == (a: Node, b: Node) -> Bool {
        a.storage === b.storage
            || (a.kind == b.kind && a.range == b.range && a.attributes == b.attributes && a.children == b.children)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(range)
        hasher.combine(children)
        hasher.combine(attributes)
    }

    // These read the kind in place: the `kind` getter copies it, retaining its strings.
    public var isBlock: Bool {
        switch storage.kind {
        case .document, .blockQuote, .list, .item, .codeBlock, .htmlBlock, .paragraph, .heading, .thematicBreak:
            return true
        default:
            return false
        }
    }

    public var headingLevel: Int? {
        if case .heading(let level) = storage.kind { return level }
        return nil
    }

    public var isList: Bool {
        if case .list = storage.kind { return true }
        return false
    }

    /// The text a reader would see, without markup (for titles, slugs, aria labels).
    public var plainText: String {
        var out: [UInt8] = []
        appendPlainText(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Gathered as bytes: appending to an array costs a fraction of appending to a `String`.
    func appendPlainText(to out: inout [UInt8]) {
        switch storage.kind {
        case .text(let s), .code(let s):
            out.append(contentsOf: s.utf8)
        case .softBreak, .lineBreak:
            out.append(0x20)
        case .image:
            // An image's alternative text is its children.
            for child in storage.children { child.appendPlainText(to: &out) }
        case .htmlInline, .htmlBlock:
            break
        case .codeBlock(_, let literal):
            out.append(contentsOf: literal.utf8)
        default:
            for (i, child) in storage.children.enumerated() {
                // Keep words of neighbouring blocks (list items, paragraphs) apart.
                if i > 0, child.isBlock { out.append(0x20) }
                child.appendPlainText(to: &out)
            }
        }
    }

    var isParagraph: Bool {
        if case .paragraph = storage.kind { return true }
        return false
    }

    var isBreak: Bool {
        switch storage.kind {
        case .softBreak, .lineBreak: return true
        default: return false
        }
    }
}

/// The raw text of a trailing attribute block and where it starts.
public struct AttributeBlock: Hashable, Sendable {
    /// What stands between the braces.
    public var text: String
    /// Position of the first byte after `{`.
    public var start: SourcePosition
    /// Position of the `{` itself.
    public var brace: SourcePosition

    public init(text: String, start: SourcePosition, brace: SourcePosition) {
        self.text = text
        self.start = start
        self.brace = brace
    }
}

extension Array where Element == Node {
    /// The plain text of a run of nodes, e.g. a heading's inlines.
    public var plainText: String {
        var out: [UInt8] = []
        for node in self { node.appendPlainText(to: &out) }
        return String(decoding: out, as: UTF8.self)
    }
}

extension Array where Element == Node {
    /// The first paragraph as one line of plain text, cut at a word boundary near `limit`
    /// characters: for descriptions and link previews.
    public func summary(limit: Int) -> String {
        guard let paragraph = first(where: \.isParagraph) else { return "" }
        let text = paragraph.plainText.collapsingWhitespace
        // No more bytes than the limit means no more characters either; past that, only the
        // first `limit` characters are walked, not the whole paragraph.
        guard text.utf8.count > limit, let limitIndex = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
              limitIndex < text.endIndex
        else { return text }
        let cut = text[..<limitIndex]
        let end = cut.lastIndex(of: " ") ?? cut.endIndex
        return String(cut[..<end]) + "…"
    }
}
