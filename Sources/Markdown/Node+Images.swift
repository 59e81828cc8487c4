extension Array where Element == Node {
    /// The source of the first image, in document order: a page's picture for link
    /// previews. The records are read in place, without a node made for every child.
    public var firstImageSource: String? {
        for node in self {
            if let source = node.tree.firstImageSource(from: node.index) { return source }
        }
        return nil
    }
}

extension Tree {
    func firstImageSource(from index: Int) -> String? {
        let record = records[index]
        if record.tag == .image { return string(record.text) }
        for child in record.first..<(record.first + record.count) {
            if let source = firstImageSource(from: child) { return source }
        }
        return nil
    }
}

extension Tree {
    /// Every image's source and where it starts, in document order.
    func images() -> [(source: String, at: SourcePosition)] {
        var found: [(source: String, at: SourcePosition)] = []
        func walk(_ index: Int) {
            let record = records[index]
            if record.tag == .image { found.append((string(record.text), record.range.start)) }
            for child in record.first..<(record.first + record.count) { walk(child) }
        }
        walk(0)
        return found
    }
}
