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

    /// Whether a byte may need an escape: a control character, `"`, `&`, `<`, `>` (one bit
    /// each of a mask below 0x40), `\`, DEL, or the lead byte of U+2028/2029. Most bytes
    /// are letters and fail the first compares, so the switch below sees only these.
    @inline(__always)
    static func mayNeedEscape(_ b: UInt8) -> Bool {
        let special: UInt64 = 0xFFFF_FFFF | 1 << 0x22 | 1 << 0x26 | 1 << 0x3C | 1 << 0x3E
        if b < 0x40 { return special >> UInt64(b) & 1 != 0 }
        return b == 0x5C || b == 0x7F || b == 0xE2
    }

    static func encodeString(_ s: String, into out: inout [UInt8]) {
        var text = s
        text.withUTF8 { encodeString($0, into: &out) }
    }

    static func encodeString(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Runs of bytes that need no escape are appended whole; most text is one run.
        var runStart = 0
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            guard Self.mayNeedEscape(b) else {
                i += 1
                continue
            }
            var escape: StaticString?
            var width = 1
            switch b {
            case 0x22: escape = "\\\""
            case 0x5C: escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0x3C: escape = "\\u003c"
            case 0x3E: escape = "\\u003e"
            case 0x26: escape = "\\u0026"
            case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                // U+2028 and U+2029 end a line in older JavaScript.
                escape = bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                width = 3
            case 0x00..<0x20, 0x7F:
                let hex: StaticString = "0123456789abcdef"
                if i > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i])) }
                out += "\\u00".utf8
                hex.withUTF8Buffer { digits in
                    out.append(digits[Int(b >> 4)])
                    out.append(digits[Int(b & 0xF)])
                }
                i += 1
                runStart = i
                continue
            default:
                break
            }
            if let escape {
                if i > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i])) }
                escape.withUTF8Buffer { out.append(contentsOf: $0) }
                i += width
                runStart = i
            } else {
                i += 1
            }
        }
        if bytes.count > runStart { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count])) }
        out.append(UInt8(ascii: "\""))
    }
}
