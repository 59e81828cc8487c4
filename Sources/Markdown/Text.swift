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
    static func whitespaceWidth(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
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
