extension Array where Element == Node {
    /// The plain text's bytes appended to `out`: for a caller that keys many texts in one
    /// buffer, without an array per text.
    public func appendPlainText(to out: inout [UInt8]) {
        for node in self { node.tree.appendPlainText(of: node.index, to: &out) }
    }
}
