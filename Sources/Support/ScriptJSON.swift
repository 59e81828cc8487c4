/// JSON for embedding inside `<script>`: nothing an author writes can close the element,
/// open a comment, or end a JavaScript line (U+2028/2029) inside a string.
public indirect enum ScriptJSON: Sendable, Equatable {
    case int(Int)
    case number(Double)
    case bool(Bool)
    case string(String)
    case array([ScriptJSON])
    /// Keys keep their order, so output is byte-for-byte reproducible.
    case object([(String, ScriptJSON)])
    case null

    public static func == (a: ScriptJSON, b: ScriptJSON) -> Bool { a.encoded == b.encoded }

    public var encoded: String {
        var out = ""
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
        switch self {
        case .int(let n):
            out += String(n)
        case .number(let x):
            if x.isFinite {
                out += x.plainDescription
            } else {
                out += "null"
            }
        case .bool(let b):
            out += b ? "true" : "false"
        case .null:
            out += "null"
        case .string(let s):
            Self.encodeString(s, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.encode(into: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (i, (key, value)) in fields.enumerated() {
                if i > 0 { out += "," }
                Self.encodeString(key, into: &out)
                out += ":"
                value.encode(into: &out)
            }
            out += "}"
        }
    }

    static func encodeString(_ s: String, into out: inout String) {
        out += "\""
        // Runs of bytes that need no escape are appended whole; most text is one run.
        var text = s
        text.withUTF8 { bytes in
            var runStart = 0
            var i = 0
            func flush(_ end: Int) {
                if end > runStart { out += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<end]), as: UTF8.self) }
            }
            while i < bytes.count {
                let b = bytes[i]
                var escape: String?
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
                    let hex = String(b, radix: 16)
                    escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default:
                    break
                }
                if let escape {
                    flush(i)
                    out += escape
                    i += width
                    runStart = i
                } else {
                    i += 1
                }
            }
            flush(bytes.count)
        }
        out += "\""
    }
}
