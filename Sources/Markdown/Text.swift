import Support

extension String {
    /// The text on one line: every run of white space (line breaks included) made one
    /// space, none at either end. Works on bytes: Unicode white space outside ASCII is
    /// recognised by its UTF-8 encoding, so no Character or scalar is ever built.
    public var collapsingWhitespace: String {
        var text = self
        return text.withUTF8 { bytes in
            var unchanged = true
            // Written through a pointer into a buffer of the input's size: the output is never
            // longer, and appending byte by byte to an array cost most of the time here.
            let out = [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
                count = Self.collapseWhitespace(bytes, into: buffer, unchanged: &unchanged)
            }
            return unchanged ? self : String(decoding: out, as: UTF8.self)
        }
    }

    /// `collapsingWhitespace` on bytes, written to `out` (room for `bytes.count`); the count
    /// written. `unchanged` is cleared when the output differs from the input.
    public static func collapseWhitespace(
        _ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>, unchanged: inout Bool
    ) -> Int {
        var count = 0
        var pendingSpace = false
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            // Printable ASCII, most of any text, is never white space: no table to consult.
            let width = byte > 0x20 && byte < 0x80 ? 0 : whitespaceWidth(bytes, at: i)
            if width > 0 {
                // Anything but one plain space between two words changes the text.
                if count == 0 || pendingSpace || width != 1 || byte != 0x20 { unchanged = false }
                pendingSpace = count > 0
                i += width
            } else {
                if pendingSpace {
                    out[count] = 0x20
                    count += 1
                }
                pendingSpace = false
                out[count] = byte
                count += 1
                i += 1
            }
        }
        if pendingSpace { unchanged = false }
        return count
    }

    /// The length in bytes of the white-space character at `i`, or 0.
    public static func whitespaceWidth(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        switch b[i] {
        case 0x09...0x0D, 0x20: return 1
        case 0xC2 where i + 1 < b.count && (b[i + 1] == 0x85 || b[i + 1] == 0xA0): return 2
        case 0xE1 where i + 2 < b.count && b[i + 1] == 0x9A && b[i + 2] == 0x80: return 3
        case 0xE2 where i + 2 < b.count && b[i + 1] == 0x80
            && ((0x80...0x8A).contains(b[i + 2]) || b[i + 2] == 0xA8 || b[i + 2] == 0xA9 || b[i + 2] == 0xAF):
            return 3
        case 0xE2 where i + 2 < b.count && b[i + 1] == 0x81 && b[i + 2] == 0x9F: return 3
        case 0xE3 where i + 2 < b.count && b[i + 1] == 0x80 && b[i + 2] == 0x80: return 3
        default: return 0
        }
    }
}

extension Array where Element == Node {
    /// The nodes' plain text on one line, as `plainText.collapsingWhitespace` reads, lent to
    /// `body` as bytes: written into `scratch` (kept by a caller that reads many) and
    /// collapsed on the stack, with no string made of it.
    /// Not generic: called from other modules, a generic one ran unspecialised.
    public func withPlainLine(scratch: inout ByteBuffer, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        scratch.removeAll()
        for node in self { node.tree.writePlainText(of: node.index, into: &scratch) }
        scratch.withUnsafeBufferPointer { plain in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(plain.count, 1)) { line in
                var unchanged = true
                let count = String.collapseWhitespace(plain, into: line, unchanged: &unchanged)
                body(UnsafeBufferPointer(rebasing: line[..<count]))
            }
        }
    }
}

extension Array where Element == Node {
    /// The first paragraph as one line of plain text, cut at a word boundary near `limit`
    /// characters: for descriptions and link previews.
    /// Images are left out, and a paragraph of images only is passed over: a picture's
    /// alternative text describes the picture, not the page.
    public func summary(limit: Int) -> String {
        var plain = ByteBuffer(capacity: 512)
        for paragraph in self where paragraph.isParagraph {
            plain.removeAll()
            paragraph.tree.writePlainText(of: paragraph.index, into: &plain, images: false)
            if let summary = Self.summary(of: plain, limit: limit) { return summary }
        }
        return ""
    }

    /// Plain text collapsed onto one line and cut near `limit`; nil when only white space.
    static func summary(of plain: borrowing ByteBuffer, limit: Int) -> String? {
        plain.withUnsafeBufferPointer { bytes in
            // Collapsed on the bytes, into a buffer of their size: the output is never longer.
            let collapsed = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Swift.max(bytes.count, 1))
            defer { collapsed.deallocate() }
            var unchanged = true
            let count = String.collapseWhitespace(bytes, into: collapsed, unchanged: &unchanged)
            guard count > 0 else { return nil }
            let text = UnsafeBufferPointer(rebasing: collapsed[..<count])
            // When the first `limit` + 1 bytes are ASCII, the cut is a byte offset (an ASCII byte
            // followed by ASCII is a whole Character; the text has no carriage return), and
            // only what is kept is made a String: making one checks every byte it is given.
            if count > limit, !text[...limit].contains(where: { $0 >= 0x80 || $0 == 0x0D }) {
                let cut = UnsafeBufferPointer(rebasing: text[..<limit])
                let end = cut.lastIndex(of: 0x20) ?? limit
                return String(decoding: cut[..<end], as: UTF8.self) + "…"
            }
            return Self.cut(String(decoding: text, as: UTF8.self), limit: limit)
        }
    }

    /// `text` cut at a word boundary near `limit` Characters, with an ellipsis when cut.
    static func cut(_ text: String, limit: Int) -> String {
        guard text.utf8.count > limit, let limitIndex = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
              limitIndex < text.endIndex
        else { return text }
        let cut = text[..<limitIndex]
        let end = cut.lastIndex(of: " ") ?? cut.endIndex
        return String(cut[..<end]) + "…"
    }
}

extension Node {
    /// The plain text (`plainText`) appended to a buffer, without a string made of it.
    public func writePlainText(into out: inout ByteBuffer) {
        tree.writePlainText(of: index, into: &out)
    }
}

extension Tree {
    /// The text a reader would see, without markup, into a page's buffer.
    /// `images: false` leaves images' alternative text out.
    func writePlainText(of index: Int, into out: inout ByteBuffer, images: Bool = true) {
        forEachPlainTextRun(of: index, images: images) { out.append($0) }
    }

    /// The text a reader would see (for titles, slugs, aria labels and summaries), as runs of
    /// bytes in order: the one walk behind `appendPlainText` and `writePlainText`.
    func forEachPlainTextRun(of index: Int, images: Bool = true, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let record = records[index]
        switch record.tag {
        case .text, .code:
            withBytes(record.text, body)
        case .softBreak, .lineBreak:
            Self.space(body)
        case .image:
            // An image's alternative text is its children.
            guard images else { break }
            for child in record.first..<(record.first + record.count) { forEachPlainTextRun(of: child, body) }
        case .htmlInline, .htmlBlock:
            break
        case .codeBlock:
            withBytes(record.text2, body)
        default:
            for child in record.first..<(record.first + record.count) {
                // Keep words of neighbouring blocks (list items, paragraphs) apart.
                if child > record.first, records[child].tag.isBlock { Self.space(body) }
                forEachPlainTextRun(of: child, images: images, body)
            }
        }
    }

    private static func space(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withUnsafePointer(to: UInt8(ascii: " ")) { body(UnsafeBufferPointer(start: $0, count: 1)) }
    }
}
