extension Node {
    /// Whether the node shows a reader no text: white space, line breaks, and emphasis,
    /// links, paragraphs or a heading or list item around only those. An image, code or raw
    /// HTML shows something. Read on the records, without a copy of any text, since it is
    /// asked of every question, answer and choice.
    public var isBlank: Bool { tree.isBlank(index) }
}

extension Array where Element == Node {
    /// Whether none of these nodes shows text (see `Node.isBlank`).
    public var isBlank: Bool { allSatisfy(\.isBlank) }
}

extension Tree {
    func isBlank(_ index: Int) -> Bool {
        let record = records[index]
        switch record.tag {
        case .text:
            return isBlank(record.text)
        case .softBreak, .lineBreak:
            return true
        case .emphasis, .strong, .link, .paragraph, .heading, .item:
            for child in record.first..<(record.first + record.count) where !isBlank(child) { return false }
            return true
        default:
            return false
        }
    }

    private func isBlank(_ span: Span) -> Bool {
        let text = bytes[Int(span.start)..<Int(span.start + span.count)]
        var ascii = true
        for byte in text {
            if byte >= 0x80 {
                ascii = false
            } else if byte != 0x20 && !(0x09...0x0D).contains(byte) {
                return false
            }
        }
        // Past ASCII, white space is Unicode's (a no-break or an ideographic space).
        return ascii || String(decoding: text, as: UTF8.self).allSatisfy(\.isWhitespace)
    }
}
