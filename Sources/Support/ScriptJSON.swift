/// JSON for embedding inside `<script>`: nothing an author writes can close the element,
/// open a comment, or end a JavaScript line (U+2028/2029) inside a string.
///
/// Not `indirect`: arrays already hold their elements out of line, and an indirect case
/// would allocate a box for every number and string of a page's data.
public enum ScriptJSON: Sendable, Equatable {
    case int(Int)
    case number(Double)
    case bool(Bool)
    case string(String)
    /// A string already as UTF-8 (rendered HTML): making it a `String` would read every byte
    /// again to check it.
    case utf8([UInt8])
    case array([ScriptJSON])
    /// Keys keep their order, so output is byte-for-byte reproducible.
    case object([(String, ScriptJSON)])
    case null

    public static func == (a: ScriptJSON, b: ScriptJSON) -> Bool { a.encoded == b.encoded }

    public var encoded: String {
        String(decoding: utf8Encoded, as: UTF8.self)
    }

    /// The same as UTF-8, for a page built as bytes: making a `String` reads every byte
    /// again to check it.
    public var utf8Encoded: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        encode(into: &out)
        return out
    }

    /// Indented, for people reading `check --format json`.
    public var pretty: String {
        var out = ""
        encodePretty(into: &out, indent: "")
        return out + "\n"
    }

    private func encodePretty(into out: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .array(let items) where !items.isEmpty:
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += inner
                item.encodePretty(into: &out, indent: inner)
                out += i < items.count - 1 ? ",\n" : "\n"
            }
            out += indent + "]"
        case .object(let fields) where !fields.isEmpty:
            out += "{\n"
            for (i, (key, value)) in fields.enumerated() {
                out += inner
                Self.encodeString(key, into: &out)
                out += ": "
                value.encodePretty(into: &out, indent: inner)
                out += i < fields.count - 1 ? ",\n" : "\n"
            }
            out += indent + "}"
        default:
            encode(into: &out)
        }
    }

    public func encode(into out: inout String) {
        var bytes: [UInt8] = []
        encode(into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// Encodes into bytes: a page's data is thousands of short pieces, and appending bytes
    /// to an array costs a fraction of appending them to a `String` one piece at a time.
    public func encode(into out: inout [UInt8]) {
        switch self {
        case .int(let n):
            Self.encodeInt(n, into: &out)
        case .number(let x):
            if x.isFinite {
                out += x.plainDescription.utf8
            } else {
                out += "null".utf8
            }
        case .bool(let b):
            out += (b ? "true" : "false").utf8
        case .null:
            out += "null".utf8
        case .string(let s):
            Self.encodeString(s, into: &out)
        case .utf8(let bytes):
            bytes.withUnsafeBufferPointer { Self.encodeString($0, into: &out) }
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.encode(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let fields):
            out.append(UInt8(ascii: "{"))
            for i in fields.indices {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.encodeString(fields[i].0, into: &out)
                out.append(UInt8(ascii: ":"))
                fields[i].1.encode(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    @inlinable
    static func encodeInt(_ n: Int, into out: inout [UInt8]) {
        // Most numbers of a page's data (weights, indices, points) are one digit.
        if n >= 0 && n < 10 {
            out.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: n))
        } else {
            out += String(n).utf8  // a small string: no allocation
        }
    }

    static func encodeString(_ s: String, into out: inout String) {
        var bytes: [UInt8] = []
        encodeString(s, into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// For each byte, whether it may need an escape: a control character, `"`, `&`, `<`,
    /// `>`, `\`, DEL, or the lead byte of U+2028/2029. One load per byte of text.
    @usableFromInline
    static let mayNeedEscape: [Bool] = (0...255).map { (b: Int) -> Bool in
        b < 0x20 || b == 0x22 || b == 0x26 || b == 0x3C || b == 0x3E || b == 0x5C || b == 0x7F || b == 0xE2
    }

    @usableFromInline
    static func encodeString(_ s: String, into out: inout [UInt8]) {
        var text = s
        text.withUTF8 { encodeString($0, into: &out) }
    }

    /// Escaped into a buffer with room for the worst case (six bytes for each), then
    /// appended whole: appending each run of plain bytes to the array cost more than
    /// reading them, and text with markup is many short runs.
    @usableFromInline
    static func encodeString(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 6 * bytes.count + 2) { buffer in
            let written = escape(bytes, into: buffer.baseAddress!)
            out.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress, count: written))
        }
    }

    /// Writes the string as JSON, quotes included, at `start`, which has room for six bytes
    /// a byte and two; returns the count written.
    static func escape(_ bytes: UnsafeBufferPointer<UInt8>, into start: UnsafeMutablePointer<UInt8>) -> Int {
        mayNeedEscape.withUnsafeBufferPointer { escape(bytes, into: start, special: $0.baseAddress!) }
    }

    /// The walk itself, in a function of its own with the table given: its positions are
    /// then locals the compiler keeps in registers, where inside the table's closure they
    /// were written to memory for every byte.
    private static func escape(
        _ bytes: UnsafeBufferPointer<UInt8>, into start: UnsafeMutablePointer<UInt8>, special: UnsafePointer<Bool>
    ) -> Int {
        var o = start
        o.pointee = UInt8(ascii: "\"")
        o += 1
        guard var p = bytes.baseAddress else {
            o.pointee = UInt8(ascii: "\"")
            return 2
        }
        let end = p + bytes.count
        while p < end {
            let b = p.pointee
            p += 1
            // Marked rare, so that a plain byte runs straight through without a jump.
            guard _slowPath(special[Int(b)]) else {
                o.pointee = b
                o += 1
                continue
            }
            switch b {
            case 0x22, 0x5C:
                o[0] = UInt8(ascii: "\\")
                o[1] = b
                o += 2
            case 0x0A, 0x0D, 0x09:
                o[0] = UInt8(ascii: "\\")
                o[1] = b == 0x0A ? UInt8(ascii: "n") : b == 0x0D ? UInt8(ascii: "r") : UInt8(ascii: "t")
                o += 2
            case 0xE2 where end - p >= 2 && p[0] == 0x80 && (p[1] == 0xA8 || p[1] == 0xA9):
                // U+2028 and U+2029 end a line in older JavaScript.
                o[0] = UInt8(ascii: "\\")
                o[1] = UInt8(ascii: "u")
                o[2] = UInt8(ascii: "2")
                o[3] = UInt8(ascii: "0")
                o[4] = UInt8(ascii: "2")
                o[5] = p[1] == 0xA8 ? UInt8(ascii: "8") : UInt8(ascii: "9")
                o += 6
                p += 2
            case 0xE2:
                o.pointee = b
                o += 1
            default:
                // Controls, DEL, and `&`, `<`, `>` (which could close the script element or
                // open a comment) as \u00XX: all below 0x80.
                let low = b & 0xF
                o[0] = UInt8(ascii: "\\")
                o[1] = UInt8(ascii: "u")
                o[2] = UInt8(ascii: "0")
                o[3] = UInt8(ascii: "0")
                o[4] = UInt8(ascii: "0") + (b >> 4)
                o[5] = low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") - 10 + low
                o += 6
            }
        }
        o.pointee = UInt8(ascii: "\"")
        o += 1
        return o - start
    }
}
