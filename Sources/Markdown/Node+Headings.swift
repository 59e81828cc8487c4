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
        guard record.tag.isBlock else { return false }
        for child in record.first..<(record.first + record.count) where containsHeading(from: child) { return true }
        return false
    }
}
