extension Node {
    /// The node without its trailing attribute block, for headings and list items that have
    /// one. Returns nil when the block cannot be separated cleanly from the text (when it
    /// overlaps Markdown markup), so the caller can report that instead of guessing.
    ///
    /// Worked out on the records: the result is one tree over the same bytes, the text that
    /// holds the brace cut by its span, without a string or a tree per changed node.
    public func strippingAttributes() -> Node? {
        guard let block = attributes else { return self }
        let record = record
        // The parser's tree holds the stripped node already, worked out while converting.
        if record.attributes < tree.stripped.count, case let found = tree.stripped[record.attributes], found != Tree.notWorkedOut {
            return found == Tree.notStrippable ? nil : Node(tree: tree, index: Int(found))
        }
        switch record.tag {
        case .heading:
            guard let kept = tree.inlinesKept(of: index, before: block) else { return nil }
            var builder = Tree.Builder(sharingBytesOf: tree, capacity: 1 + kept.count)
            builder.copy(index, of: tree, to: nil, withChildren: false, withAttributes: false)
            builder.append(kept, of: tree, to: 0)
            return Node(tree: builder.finish(), index: 0)
        case .item:
            let last = record.first + record.count - 1
            guard record.count > 0, tree.records[last].tag == .paragraph,
                  let kept = tree.inlinesKept(of: last, before: block) else { return nil }
            var builder = Tree.Builder(sharingBytesOf: tree, capacity: record.count + kept.count + 1)
            builder.copy(index, of: tree, to: nil, withChildren: false, withAttributes: false)
            let first = builder.reserveChildren(record.count, of: 0, range: record.range)
            for offset in 0..<(record.count - 1) {
                builder.copy(record.first + offset, of: tree, to: first + offset)
            }
            builder.copy(last, of: tree, to: first + record.count - 1, withChildren: false)
            builder.append(kept, of: tree, to: first + record.count - 1)
            return Node(tree: builder.finish(), index: 0)
        default:
            return self
        }
    }
}

extension Tree {
    /// A child kept by `inlinesKept`, with its text when that was cut.
    struct Kept {
        var index: Int
        var text: Span?
    }

    /// The inline children of `parent` before the brace: those at or after it are dropped,
    /// the text node that holds it is cut there, and the space before it and any break left
    /// at the end go too. Nil when the block overlaps other markup.
    func inlinesKept(of parent: Int, before block: AttributeBlock) -> [Kept]? {
        var kept: [Kept] = []
        kept.reserveCapacity(records[parent].count)
        guard Self.inlinesKept(of: parent, before: block, records: records, bytes: bytes, into: &kept) else { return nil }
        return kept
    }

    /// `inlinesKept` over the arrays of a tree or of a tree being built, into `kept` (emptied
    /// first, so that one array serves a whole parse); false when the block overlaps markup.
    static func inlinesKept(
        of parent: Int, before block: AttributeBlock, records: [Record], bytes: [UInt8], into kept: inout [Kept]
    ) -> Bool {
        let record = records[parent]
        kept.removeAll(keepingCapacity: true)
        for child in record.first..<(record.first + record.count) {
            let node = records[child]
            if node.tag == .softBreak || node.tag == .lineBreak || node.range.end < block.textEnd {
                kept.append(Kept(index: child))
            } else if node.range.start >= block.textEnd {
                // Inside the block: ordinary text or emphasis made of underscores in an id.
                switch node.tag {
                case .text, .emphasis, .strong: continue
                default: return false
                }
            } else {
                // This node holds the brace (or a heading's closing `#`s before it): it must be
                // text whose tail is the block as written.
                guard node.tag == .text, node.range.end.line == block.textEnd.line else { return false }
                let tailLength = node.range.end.column - block.textEnd.column + 1
                let count = Int(node.text.count)
                guard tailLength > 0, tailLength <= count,
                      case let cut = bytes[Int(node.text.start) + count - tailLength],
                      cut == UInt8(ascii: "{") || cut == UInt8(ascii: "#") else { return false }
                kept.append(Kept(index: child, text: Span(start: node.text.start, count: Int32(count - tailLength))))
            }
        }
        while let last = kept.last {
            let node = records[last.index]
            if node.tag == .softBreak || node.tag == .lineBreak {
                kept.removeLast()
            } else if node.tag == .text {
                var text = last.text ?? node.text
                while text.count > 0, case let byte = bytes[Int(text.start + text.count - 1)], byte == 0x20 || byte == 0x09 {
                    text.count -= 1
                }
                if text.count == 0 {
                    kept.removeLast()
                } else {
                    kept[kept.count - 1].text = text
                    break
                }
            } else {
                break
            }
        }
        return true
    }
}

extension Tree.Builder {
    /// Copies the kept children (of `tree`, whose bytes this builder shares) under `parent`.
    mutating func append(_ kept: [Tree.Kept], of tree: Tree, to parent: Int) {
        guard !kept.isEmpty else { return }
        let first = reserveChildren(kept.count, of: parent, range: records[parent].range)
        for (offset, child) in kept.enumerated() {
            copy(child.index, of: tree, to: first + offset)
            if let text = child.text { records[first + offset].text = text }
        }
    }
}

extension Tree.Builder {
    /// Works out the node of record `slot` (a heading or an item, with attribute block
    /// `block`, its subtree converted) without the block, as `strippingAttributes` would,
    /// and keeps it in this tree: a copy of its record whose children are copies of the
    /// kept ones' records (their subtrees shared, a cut text's span narrowed). No tree is
    /// made per stripped node, and nothing is copied below the changed records.
    mutating func addStripped(of slot: Int, block: Int) {
        let record = records[slot]
        // Taken out while used, so that the array is not shared (and copied) when filled.
        var kept: [Tree.Kept] = []
        swap(&kept, &keptScratch)
        defer { swap(&kept, &keptScratch) }
        var found = Tree.notStrippable
        switch record.tag {
        case .heading:
            if Tree.inlinesKept(of: slot, before: attributes[block], records: records, bytes: bytes, into: &kept) {
                found = Int32(records.count)
                var copy = record
                copy.attributes = -1
                copy.first = 0
                copy.count = 0
                records.append(copy)
                appendShallow(kept, to: Int(found))
            }
        case .item:
            let last = record.first + record.count - 1
            if record.count > 0, records[last].tag == .paragraph,
               Tree.inlinesKept(of: last, before: attributes[block], records: records, bytes: bytes, into: &kept) {
                found = Int32(records.count)
                var copy = record
                copy.attributes = -1
                copy.first = records.count + 1
                records.append(copy)
                for child in record.first...last { records.append(records[child]) }
                let paragraph = records.count - 1
                records[paragraph].first = 0
                records[paragraph].count = 0
                appendShallow(kept, to: paragraph)
            }
        default:
            break
        }
        // One slot per attribute block, grown as they are.
        if stripped.capacity < attributes.count { stripped.reserveCapacity(attributes.capacity) }
        while stripped.count <= block { stripped.append(Tree.notWorkedOut) }
        stripped[block] = found
    }

    /// The kept children's records under `parent`, side by side, each still pointing to its
    /// own children in this tree.
    private mutating func appendShallow(_ kept: [Tree.Kept], to parent: Int) {
        guard !kept.isEmpty else { return }
        records[parent].first = records.count
        records[parent].count = kept.count
        for child in kept {
            var record = records[child.index]
            if let text = child.text { record.text = text }
            records.append(record)
        }
    }
}
