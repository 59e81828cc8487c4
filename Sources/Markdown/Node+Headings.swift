extension Array where Element == Node {
    /// Whether any of the nodes is a heading or holds one in its blocks (a list item's,
    /// a quote's). The records are read in place, without a node made for every child.
    public var containsHeading: Bool {
        contains { $0.tree.containsHeading(from: $0.index) }
    }
}

extension Tree {
    func containsHeading(from index: Int) -> Bool {
        let record = records[index]
        if record.tag == .heading { return true }
        // Only blocks that hold blocks can hold a heading: a paragraph's inlines are not read.
        guard record.tag == .blockQuote || record.tag == .list || record.tag == .item || record.tag == .document else {
            return false
        }
        for child in record.first..<(record.first + record.count) where containsHeading(from: child) { return true }
        return false
    }
}

extension Node {
    /// Where a heading of `level` stands directly in one of this list's items (a `##`
    /// indented under an item belongs to it). Read on the records, as every list is asked.
    public func headingsInItems(level: Int) -> [SourcePosition] {
        let record = tree.records[index]
        guard record.tag == .list else { return [] }
        var found: [SourcePosition] = []
        for item in record.first..<(record.first + record.count) {
            let itemRecord = tree.records[item]
            for child in itemRecord.first..<(itemRecord.first + itemRecord.count) {
                let block = tree.records[child]
                if block.tag == .heading, block.number == level { found.append(block.range.start) }
            }
        }
        return found
    }
}
