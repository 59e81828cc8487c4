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
                out += x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
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
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
