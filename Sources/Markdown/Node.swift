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

/// An immutable CommonMark node: what cmark parsed, copied into Swift values so that no C
/// pointer outlives the parse.
///
/// A node is a handle on one record of a `Tree`, which holds a whole document in three
/// arrays: the records (children of a node side by side, so a node's children are a range),
/// all text as bytes, and the few attribute blocks. Parsing a document makes a handful of
/// allocations instead of an object, an array and a string per node, and freeing it frees
/// those few. Changing a node (rare: attribute blocks, choice markers) copies its subtree
/// into a tree of its own.
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

    let tree: Tree
    let index: Int

    init(tree: Tree, index: Int) {
        self.tree = tree
        self.index = index
    }

    public init(_ kind: Kind, range: SourceRange, children: [Node] = [], attributes: AttributeBlock? = nil) {
        var builder = Tree.Builder(capacity: 1 + children.count)
        builder.records.append(Tree.Record(range: range))
        builder.set(0, kind: kind, attributes: attributes)
        builder.append(children: children, to: 0)
        self.init(tree: builder.finish(), index: 0)
    }

    var record: Tree.Record { tree.records[index] }

    public var kind: Kind {
        get { tree.kind(of: index) }
        set { rebuild(kind: newValue) }
    }

    public var range: SourceRange {
        get { tree.records[index].range }
        set { rebuild(range: newValue) }
    }

    /// The children as nodes of their own. Walks inside this module read the records instead.
    public var children: [Node] {
        get {
            let record = tree.records[index]
            guard record.count > 0 else { return [] }
            return (record.first..<(record.first + record.count)).map { Node(tree: tree, index: $0) }
        }
        set { rebuild(children: newValue) }
    }

    /// The children read in place, without an array of them: for counting them, taking the
    /// first, or a walk that may stop early.
    public var childNodes: ChildNodes {
        let record = tree.records[index]
        return ChildNodes(tree: tree, indices: record.first..<(record.first + record.count))
    }

    public struct ChildNodes: RandomAccessCollection, Sendable {
        let tree: Tree
        public let indices: Range<Int>

        public var startIndex: Int { indices.lowerBound }
        public var endIndex: Int { indices.upperBound }
        public subscript(position: Int) -> Node { Node(tree: tree, index: position) }
    }

    /// A trailing `{ ... }` found on a heading or on a list item's last paragraph. It is still
    /// part of the inline text; `strippingAttributes()` removes it where the caller wants that.
    public var attributes: AttributeBlock? {
        get {
            let slot = tree.records[index].attributes
            return slot < 0 ? nil : tree.attributes[slot]
        }
        set { rebuild(attributes: .some(newValue)) }
    }

    /// This node in a tree of its own, with what is given changed and the rest copied as it is
    /// (its text as bytes, without making strings of it).
    mutating func rebuild(
        kind: Kind? = nil, range: SourceRange? = nil, children: [Node]? = nil, attributes: AttributeBlock?? = nil
    ) {
        // Text cut to a part of itself (an attribute block or a choice marker taken off) keeps
        // pointing into the same bytes.
        if case .text(let text) = kind, range == nil, children == nil, attributes == nil,
           let narrowed = tree.narrowing(index, to: text) {
            self = narrowed
            return
        }
        // Without new text, and with every part from trees over the same bytes (the document's,
        // or text cut from it), the copy shares those bytes and copies records only.
        let shared = kind == nil && (children ?? []).allSatisfy { $0.tree.sharesBytes(with: tree) }
        var builder = shared ? Tree.Builder(sharingBytesOf: tree, capacity: 16) : Tree.Builder(capacity: 16)
        builder.copy(index, of: tree, to: nil, withChildren: children == nil, withAttributes: attributes == nil)
        if let kind { builder.set(0, kind: kind, attributes: nil) }
        if let range { builder.records[0].range = range }
        if let attributes, let slot = builder.add(attributes) { builder.records[0].attributes = slot }
        if let children { builder.append(children: children, to: 0) }
        self = Node(tree: builder.finish(), index: 0)
    }

    public static func == (a: Node, b: Node) -> Bool {
        (a.tree === b.tree && a.index == b.index)
            || (a.kind == b.kind && a.range == b.range && a.attributes == b.attributes && a.children == b.children)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(range)
        hasher.combine(children)
        hasher.combine(attributes)
    }

    public var isBlock: Bool { record.tag.isBlock }

    public var headingLevel: Int? {
        let record = record
        return record.tag == .heading ? record.number : nil
    }

    public var isList: Bool { record.tag == .list }

    public var isCodeBlock: Bool { record.tag == .codeBlock }

    /// Whether the children are blocks (a document, block quote, list or item), not inlines.
    public var holdsBlocks: Bool {
        switch record.tag {
        case .document, .blockQuote, .list, .item: true
        default: false
        }
    }

    // Read on the record: comparing `kind` would first make its strings.
    public var isParagraph: Bool { record.tag == .paragraph }

    public var isBreak: Bool { record.tag == .softBreak || record.tag == .lineBreak }

    public var isText: Bool { record.tag == .text }

    public var isSoftBreak: Bool { record.tag == .softBreak }

    /// A link's destination, nil for any other node: read on the record, without the title
    /// that `kind` would make too.
    public var linkDestination: String? {
        let record = record
        return record.tag == .link ? tree.string(record.text) : nil
    }

    /// Whether this node or one inside it is a list item with an attribute block: read on the
    /// records, so a caller can leave alone the (many) blocks that have none.
    public var containsItemAttributes: Bool { tree.containsItemAttributes(index) }

    /// The text a reader would see, without markup (for titles, slugs, aria labels).
    public var plainText: String {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        tree.appendPlainText(of: index, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

/// One document's nodes. Immutable once built, so handles on it can be shared freely.
final class Tree: @unchecked Sendable {
    enum Tag: UInt8 {
        case document, blockQuote, list, item, codeBlock, htmlBlock, paragraph, heading, thematicBreak
        case text, softBreak, lineBreak, code, htmlInline, emphasis, strong, link, image

        var isBlock: Bool { rawValue <= Tag.thematicBreak.rawValue }
    }

    /// A run of `bytes`.
    struct Span {
        var start: Int32 = 0
        var count: Int32 = 0
    }

    struct Record {
        var tag: Tag = .document
        /// A list: ordered, tight.
        var ordered = false
        var tight = false
        /// A list's start, a heading's level.
        var number = 0
        /// Text, code, raw HTML, a code block's info, a link's destination, an image's source.
        var text = Span()
        /// A code block's literal, a link's or an image's title.
        var text2 = Span()
        /// The children: `count` records from `first`.
        var first = 0
        var count = 0
        var range: SourceRange
        /// Index in `attributes`, or -1.
        var attributes = -1

        init(range: SourceRange) {
            self.range = range
        }
    }

    let records: [Record]
    let bytes: [UInt8]
    let attributes: [AttributeBlock]
    /// For attribute block `i`, where the parser put its node without the block: a record
    /// of this tree, `notStrippable`, or `notWorkedOut` (also past the end: copied trees
    /// have none, and work it out when asked).
    let stripped: [Int32]

    static let notStrippable: Int32 = -1
    static let notWorkedOut: Int32 = -2

    init(records: [Record], bytes: [UInt8], attributes: [AttributeBlock], stripped: [Int32] = []) {
        self.records = records
        self.bytes = bytes
        self.attributes = attributes
        self.stripped = stripped
    }

    func string(_ span: Span) -> String {
        guard span.count > 0 else { return "" }
        return bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[Int(span.start)..<Int(span.start + span.count)]), as: UTF8.self)
        }
    }

    /// Whether both trees hold the very same bytes (one is text cut from the other, or a copy
    /// that shares them).
    func sharesBytes(with other: Tree) -> Bool {
        self === other || bytes.withUnsafeBufferPointer { mine in
            other.bytes.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress && $0.count == mine.count }
        }
    }

    /// The bytes of a span, for a moment.
    func withBytes<R>(_ span: Span, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard span.count > 0 else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(span.start)..<Int(span.start + span.count)])) }
    }

    /// Text leaf `index` as a node whose text is `text`, when that is the start or the end of
    /// its text: a tree of one record that shares these bytes.
    func narrowing(_ index: Int, to text: String) -> Node? {
        var record = records[index]
        guard record.tag == .text, record.count == 0, record.attributes < 0 else { return nil }
        let length = text.utf8.count
        guard length <= record.text.count else { return nil }
        let start: Int32? = withBytes(record.text) { old in
            text.utf8.withContiguousStorageIfAvailable { new -> Int32? in
                if new.elementsEqual(old.prefix(length)) { return record.text.start }
                if new.elementsEqual(old.suffix(length)) { return record.text.start + record.text.count - Int32(length) }
                return nil
            } ?? nil
        }
        guard let start else { return nil }
        record.text = Span(start: start, count: Int32(length))
        return Node(tree: Tree(records: [record], bytes: bytes, attributes: []), index: 0)
    }

    func kind(of index: Int) -> Node.Kind {
        let record = records[index]
        switch record.tag {
        case .document: return .document
        case .blockQuote: return .blockQuote
        case .list: return .list(ordered: record.ordered, start: record.number, tight: record.tight)
        case .item: return .item
        case .codeBlock: return .codeBlock(info: string(record.text), literal: string(record.text2))
        case .htmlBlock: return .htmlBlock(string(record.text))
        case .paragraph: return .paragraph
        case .heading: return .heading(level: record.number)
        case .thematicBreak: return .thematicBreak
        case .text: return .text(string(record.text))
        case .softBreak: return .softBreak
        case .lineBreak: return .lineBreak
        case .code: return .code(string(record.text))
        case .htmlInline: return .htmlInline(string(record.text))
        case .emphasis: return .emphasis
        case .strong: return .strong
        case .link: return .link(destination: string(record.text), title: string(record.text2))
        case .image: return .image(source: string(record.text), title: string(record.text2))
        }
    }

    func appendPlainText(of index: Int, to out: inout [UInt8]) {
        forEachPlainTextRun(of: index) { out.append(contentsOf: $0) }
    }

    /// Builds a tree: the parser's, or a changed copy of a subtree.
    struct Builder {
        var records: [Record] = []
        var bytes: [UInt8] = []
        var attributes: [AttributeBlock] = []
        var stripped: [Int32] = []
        /// The children kept by `addStripped`, one array for the whole parse.
        var keptScratch: [Tree.Kept] = []

        /// Set when `bytes` is the bytes of the trees copied from: their spans stay as they are,
        /// and nothing may be appended to them.
        private(set) var sharesBytes = false

        init() {}

        init(sharingBytesOf tree: Tree, capacity: Int) {
            records.reserveCapacity(capacity)
            bytes = tree.bytes
            sharesBytes = true
        }

        /// Room for about `capacity` records and their text: growing the arrays a few times
        /// cost more than the copying itself in the small trees of changed nodes.
        init(capacity: Int) {
            records.reserveCapacity(capacity)
            bytes.reserveCapacity(capacity * 16)
        }

        mutating func span(_ text: String) -> Span {
            assert(!sharesBytes, "text added to shared bytes")
            let start = bytes.count
            bytes.append(contentsOf: text.utf8)
            return Span(start: Int32(start), count: Int32(bytes.count - start))
        }

        mutating func span(_ text: UnsafeBufferPointer<UInt8>) -> Span {
            assert(!sharesBytes, "text added to shared bytes")
            let start = bytes.count
            bytes.append(contentsOf: text)
            return Span(start: Int32(start), count: Int32(text.count))
        }

        /// Sets the kind and attribute block of record `slot`.
        mutating func set(_ slot: Int, kind: Node.Kind, attributes block: AttributeBlock?) {
            // Only the place in the tree is kept: nothing of another kind's fields.
            var record = Record(range: records[slot].range)
            record.first = records[slot].first
            record.count = records[slot].count
            record.attributes = records[slot].attributes
            switch kind {
            case .document: record.tag = .document
            case .blockQuote: record.tag = .blockQuote
            case .list(let ordered, let start, let tight):
                record.tag = .list
                record.ordered = ordered
                record.number = start
                record.tight = tight
            case .item: record.tag = .item
            case .codeBlock(let info, let literal):
                record.tag = .codeBlock
                record.text = span(info)
                record.text2 = span(literal)
            case .htmlBlock(let literal):
                record.tag = .htmlBlock
                record.text = span(literal)
            case .paragraph: record.tag = .paragraph
            case .heading(let level):
                record.tag = .heading
                record.number = level
            case .thematicBreak: record.tag = .thematicBreak
            case .text(let text):
                record.tag = .text
                record.text = span(text)
            case .softBreak: record.tag = .softBreak
            case .lineBreak: record.tag = .lineBreak
            case .code(let code):
                record.tag = .code
                record.text = span(code)
            case .htmlInline(let literal):
                record.tag = .htmlInline
                record.text = span(literal)
            case .emphasis: record.tag = .emphasis
            case .strong: record.tag = .strong
            case .link(let destination, let title):
                record.tag = .link
                record.text = span(destination)
                record.text2 = span(title)
            case .image(let source, let title):
                record.tag = .image
                record.text = span(source)
                record.text2 = span(title)
            }
            if let block = add(block) { record.attributes = block }
            records[slot] = record
        }

        mutating func add(_ block: AttributeBlock?) -> Int? {
            guard let block else { return nil }
            attributes.append(block)
            return attributes.count - 1
        }

        /// Sets where the children of record `parent` are: both fields in one store.
        mutating func setChildren(of parent: Int, first: Int, count: Int) {
            records.withUnsafeMutableBufferPointer { records in
                records[parent].first = first
                records[parent].count = count
            }
        }

        /// Reserves side-by-side records for `count` children of record `parent`; returns the first.
        mutating func reserveChildren(_ count: Int, of parent: Int, range: SourceRange) -> Int {
            let first = records.count
            records[parent].first = first
            records[parent].count = count
            let blank = Record(range: range)
            for _ in 0..<count { records.append(blank) }
            return first
        }

        /// Copies the subtrees of `children` (from any trees) under record `parent`.
        mutating func append(children: [Node], to parent: Int) {
            guard !children.isEmpty else { return }
            let first = reserveChildren(children.count, of: parent, range: records[parent].range)
            for (offset, child) in children.enumerated() {
                copy(child.index, of: child.tree, to: first + offset)
            }
        }

        /// Copies record `index` of `tree` into `slot` (a new record at the end when nil), with
        /// or without its subtree and its attribute block.
        mutating func copy(_ index: Int, of tree: Tree, to slot: Int?, withChildren: Bool = true, withAttributes: Bool = true) {
            var record = tree.records[index]
            if !sharesBytes {
                record.text = record.text.count > 0 ? tree.withBytes(record.text) { span($0) } : Span()
                record.text2 = record.text2.count > 0 ? tree.withBytes(record.text2) { span($0) } : Span()
            }
            record.attributes = withAttributes && record.attributes >= 0 ? add(tree.attributes[record.attributes])! : -1
            let children = record.first..<(record.first + record.count)
            record.first = 0
            record.count = 0
            let slot = slot ?? records.count
            if slot == records.count { records.append(record) } else { records[slot] = record }
            guard withChildren, !children.isEmpty else { return }
            let first = reserveChildren(children.count, of: slot, range: record.range)
            for (offset, child) in children.enumerated() {
                copy(child, of: tree, to: first + offset)
            }
        }

        func finish() -> Tree {
            Tree(records: records, bytes: bytes, attributes: attributes, stripped: stripped)
        }
    }
}

/// The raw text of a trailing attribute block and where it starts.
public struct AttributeBlock: Hashable, Sendable {
    /// What stands between the braces.
    public var text: String
    /// Position of the `{` itself.
    public var brace: SourcePosition
    /// Where the text before the block ends: the brace, or on an ATX heading the closing
    /// `#`s before it (`## Title ## {#id}`, as Pandoc reads it).
    public var textEnd: SourcePosition
    /// Position of the first byte after `{`. Worked out, not stored: a block is copied with
    /// every list item that has one, and a fourth position made that cost more than its use.
    public var start: SourcePosition { SourcePosition(line: brace.line, column: brace.column + 1) }

    public init(text: String, brace: SourcePosition, textEnd: SourcePosition? = nil) {
        self.text = text
        self.brace = brace
        self.textEnd = textEnd ?? brace
    }
}

extension Array where Element == Node {
    /// Every link among these nodes and inside them, in document order: found on the records,
    /// without an array of children per node.
    public var links: [Node] {
        var out: [Node] = []
        for node in self { node.tree.collectLinks(node.index, into: &out) }
        return out
    }
}

extension Node {
    /// The links in this node and below, in document order (`[node].links` without the array).
    public var links: [Node] {
        var out: [Node] = []
        tree.collectLinks(index, into: &out)
        return out
    }
}

extension Tree {
    func containsItemAttributes(_ index: Int) -> Bool {
        let record = records[index]
        if record.tag == .item && record.attributes >= 0 { return true }
        // Inlines hold no items: only blocks are walked into.
        guard record.tag.isBlock else { return false }
        for child in record.first..<(record.first + record.count) where containsItemAttributes(child) { return true }
        return false
    }

    func collectLinks(_ index: Int, into out: inout [Node]) {
        let record = records[index]
        if record.tag == .link { out.append(Node(tree: self, index: index)) }
        for child in record.first..<(record.first + record.count) { collectLinks(child, into: &out) }
    }
}

extension Array where Element == Node {
    /// The plain text of a run of nodes, e.g. a heading's inlines.
    public var plainText: String {
        withPlainTextBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// The plain text's bytes, lent to `body`: for a key made of them without a string of
    /// the text first.
    public func withPlainTextBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var out: [UInt8] = []
        // Room for most texts at once: growing from empty took several allocations.
        out.reserveCapacity(64)
        for node in self { node.tree.appendPlainText(of: node.index, to: &out) }
        return out.withUnsafeBufferPointer(body)
    }
}
