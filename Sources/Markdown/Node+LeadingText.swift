extension Node {
    /// The bytes of the text this node's inline children start with: up to `limit` bytes of
    /// each text child, over the text children that follow one another, until more than
    /// `total` bytes are read. cmark splits text at brackets (`[x] Paris` arrives as "[", "x",
    /// "] Paris"), so a marker written as text must be read across its pieces. Read on the
    /// records, without a string per node (`readLeadingText(limit:total:into:)`).
    public func leadingTextBytes(limit: Int, total: Int) -> [UInt8] {
        var out: [UInt8] = []
        readLeadingText(limit: limit, total: total, into: &out)
        return out
    }

    /// The children of this block (a list item) with the first `count` bytes of its first
    /// paragraph's text taken off, then the line breaks, spaces and tabs after them; the
    /// paragraph goes when nothing is left of it. For a marker written as text at the start
    /// of an item. Nil unless the first child is a paragraph whose first `count` bytes are
    /// text; the cut is in bytes, so they should be ASCII.
    ///
    /// Spaces and tabs are taken off as Characters: one that a combining mark joins stays.
    /// Worked out on the records: only the cut paragraph is copied, into a tree over the
    /// same bytes; the other children stay handles on this tree.
    public func childrenDroppingLeadingText(_ count: Int) -> [Node]? {
        let record = record
        guard record.count > 0, tree.records[record.first].tag == .paragraph else { return nil }
        let paragraph = tree.records[record.first]
        // What is kept of the paragraph is always its children from `child` on, the first of
        // them with its text cut when `firstText` is set: no list of them is made.
        let end = paragraph.first + paragraph.count
        var child = paragraph.first
        var firstText: Tree.Span?
        var drop = count
        while drop > 0 {
            guard child < end, case let node = tree.records[child], node.tag == .text else { return nil }
            if Int(node.text.count) <= drop {
                drop -= Int(node.text.count)
                child += 1
                continue
            }
            var text = node.text
            text.start += Int32(drop)
            text.count -= Int32(drop)
            drop = 0
            firstText = text
        }
        // The space and breaks right after the cut are not content.
        while child < end {
            let node = tree.records[child]
            if node.tag == .softBreak || node.tag == .lineBreak {
                child += 1
                firstText = nil
                continue
            }
            if node.tag == .text {
                let text = tree.trimmingLeadingBlanks(firstText ?? node.text)
                if text.count == 0 {
                    child += 1
                    firstText = nil
                    continue
                }
                firstText = text
            }
            break
        }
        // The other children are as they were: handles on this tree. Only the paragraph
        // that was cut gets a tree of its own (over the same bytes), when anything is left.
        var children: [Node] = []
        children.reserveCapacity(record.count)
        if child < end {
            var builder = Tree.Builder(sharingBytesOf: tree, capacity: end - child + 1)
            builder.copy(record.first, of: tree, to: nil, withChildren: false)
            let first = builder.reserveChildren(end - child, of: 0, range: builder.records[0].range)
            for offset in 0..<(end - child) { builder.copy(child + offset, of: tree, to: first + offset) }
            if let firstText { builder.records[first].text = firstText }
            children.append(Node(tree: builder.finish(), index: 0))
        }
        for child in (record.first + 1)..<(record.first + record.count) { children.append(Node(tree: tree, index: child)) }
        return children
    }
}

extension Tree {
    /// The span without its leading spaces and tabs, counted as Characters.
    func trimmingLeadingBlanks(_ span: Span) -> Span {
        var blanks = 0
        let next: UInt8? = withBytes(span) { bytes in
            while blanks < bytes.count, bytes[blanks] == 0x20 || bytes[blanks] == 0x09 { blanks += 1 }
            return blanks < bytes.count ? bytes[blanks] : nil
        }
        if blanks > 0, let next, next >= 0x80 {
            // A mark outside ASCII may join the last blank into one Character, which then stays.
            let text = string(span)
            let rest = text.drop { $0 == " " || $0 == "\t" }
            blanks = text.utf8.count - rest.utf8.count
        }
        return Span(start: span.start + Int32(blanks), count: span.count - Int32(blanks))
    }
}
