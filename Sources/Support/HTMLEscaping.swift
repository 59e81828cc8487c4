/// Escaping for HTML text and attribute values: the one copy for Markdown's renderer and
/// the template engine, so a value reads the same whichever of them writes it.
public enum HTMLEscaping {
    /// Escapes `&`, `<`, `>`, `"` and `'`, which is enough for text and for attribute values
    /// in either kind of quotes.
    public static func escape(_ text: String) -> String {
        var out = ""
        escape(text, into: &out)
        return out
    }

    public static func escape(_ text: String, into out: inout String) {
        // Most text needs no escaping; appending it whole is much faster.
        guard needsEscaping(text) else {
            out += text
            return
        }
        // Runs between special bytes go in whole: appending one scalar at a time copied the
        // whole output each time, which made escaping quadratic in page size. The special
        // characters are ASCII, so every cut falls between two scalars.
        let utf8 = text.utf8
        var runStart = utf8.startIndex
        var i = runStart
        while i != utf8.endIndex {
            guard let entity = entity(for: utf8[i]) else {
                utf8.formIndex(after: &i)
                continue
            }
            out.append(contentsOf: text[runStart..<i])
            out.append(entity.description)
            utf8.formIndex(after: &i)
            runStart = i
        }
        out.append(contentsOf: text[runStart...])
    }

    /// The same into bytes, for renderers that build a page as bytes.
    public static func escape(_ text: String, into out: inout [UInt8]) {
        var text = text
        text.withUTF8 { escape($0, into: &out) }
    }

    public static func escape(_ text: String, into out: inout ByteBuffer) {
        var text = text
        text.withUTF8 { escape($0, into: &out) }
    }

    /// The same from bytes (UTF-8), for text kept as bytes.
    public static func escape(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var runStart = 0
        forEachSpecial(bytes) { i, entity in
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
            entity.withUTF8Buffer { out.append(contentsOf: $0) }
            runStart = i + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    public static func escape(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout ByteBuffer) {
        var runStart = 0
        forEachSpecial(bytes) { i, entity in
            out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
            out.append(entity)
            runStart = i + 1
        }
        out.append(UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    /// Calls `body` with the offset and entity of each special byte, in order: eight bytes
    /// at a time, looked at one by one only when one of them is special.
    @inline(__always)
    static func forEachSpecial(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, StaticString) -> Void) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        @inline(__always) func check(_ i: Int) {
            if isSpecial(base[i]), let entity = entity(for: base[i]) { body(i, entity) }
        }
        var i = 0
        while i + 8 <= count {
            if mayHoldSpecial(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) {
                for j in i..<(i + 8) { check(j) }
            }
            i += 8
        }
        while i < count {
            check(i)
            i += 1
        }
    }

    /// Whether any of the eight bytes of a word is one of `& < > " '`: for each, the word
    /// XOR the byte repeated has a zero byte exactly where it occurs, and `(x - 0x01…) & ~x
    /// & 0x80…` is nonzero exactly when x has a zero byte.
    @inline(__always)
    static func mayHoldSpecial(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        return zeroByte(word ^ (ones &* 0x22)) | zeroByte(word ^ (ones &* 0x26)) | zeroByte(word ^ (ones &* 0x27))
            | zeroByte(word ^ (ones &* 0x3C)) | zeroByte(word ^ (ones &* 0x3E)) != 0
    }

    static func entity(for byte: UInt8) -> StaticString? {
        switch byte {
        case 0x26: "&amp;"
        case 0x3C: "&lt;"
        case 0x3E: "&gt;"
        case 0x22: "&quot;"
        case 0x27: "&#39;"
        default: nil
        }
    }

    /// Whether a byte is one of `& < > " '`. All five are below 0x40, so one bit each in a
    /// 64-bit mask: most bytes (letters) fail the first compare.
    @inline(__always)
    static func isSpecial(_ byte: UInt8) -> Bool {
        let special: UInt64 = 1 << 0x22 | 1 << 0x26 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E
        return byte < 0x40 && special >> UInt64(byte) & 1 != 0
    }

    /// Whether any of `& < > " '` occurs, scanning the bytes directly.
    static func needsEscaping(_ text: String) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes in bytes.contains(where: isSpecial) }
        return found ?? text.utf8.contains(where: isSpecial)
    }
}
