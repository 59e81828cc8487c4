extension Array where Element == Node {
    /// The plain text's bytes appended to `out`: for a caller that keys many texts in one
    /// buffer, without an array per text.
    public func appendPlainText(to out: inout [UInt8]) {
        for node in self { node.tree.appendPlainText(of: node.index, to: &out) }
    }
}

extension Node {
    /// `leadingTextBytes(limit:total:)` written over `out`, whose room is kept: for a caller
    /// that reads the head of every item of a list, without an array per item. The total is
    /// checked before each text child, so one child's bytes always come whole (to `limit`).
    public func readLeadingText(limit: Int, total: Int, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        let record = record
        var child = record.first
        while child < record.first + record.count, out.count <= total, tree.records[child].tag == .text {
            tree.withBytes(tree.records[child].text) { out.append(contentsOf: $0.prefix(limit)) }
            child += 1
        }
    }
}
