/// JSON as the importers need it: every value knows the byte offset where it starts, so a
/// problem in an Open Trivia DB response or a Twee `StoryData` passage is located at its
/// line and column. RFC 8259, with a nesting limit.
indirect enum JSONValue: Sendable {
    case object([(key: String, value: JSONNode)])
    case array([JSONNode])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    var kindName: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "true or false"
        case .null: "null"
        }
    }
}

struct JSONNode: Sendable {
    var value: JSONValue
    /// Byte offset of the value's first character in the text that was read.
    var offset: Int

    subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.key == key }?.value
    }

    var string: String? {
        if case .string(let s) = value { return s }
        return nil
    }
}

struct JSONError: Error, Equatable {
    var message: String
    var offset: Int
}

struct JSONReader {
    static let depthLimit = 64

    private let bytes: [UInt8]
    private var i: Int
    private let base: Int

    /// Reads one JSON value from `text`, which starts at byte `base` of its file; only white
    /// space may follow it.
    static func read(_ text: Substring, base: Int = 0) -> Result<JSONNode, JSONError> {
        var reader = JSONReader(bytes: Array(text.utf8), i: 0, base: base)
        do {
            reader.skipSpace()
            let value = try reader.value(depth: 0)
            reader.skipSpace()
            if reader.i < reader.bytes.count { throw reader.error("unexpected text after the JSON value") }
            return .success(value)
        } catch let error as JSONError {
            return .failure(error)
        } catch {
            return .failure(JSONError(message: "\(error)", offset: base))
        }
    }

    private func error(_ message: String, at offset: Int? = nil) -> JSONError {
        JSONError(message: message, offset: base + (offset ?? i))
    }

    private mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    private mutating func value(depth: Int) throws -> JSONNode {
        guard depth < Self.depthLimit else { throw error("JSON nested more than \(Self.depthLimit) levels deep") }
        guard i < bytes.count else { throw error("the JSON ends where a value should be: is the file cut short?") }
        let start = i
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var members: [(key: String, value: JSONNode)] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
                i += 1
                return JSONNode(value: .object(members), offset: base + start)
            }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                    throw error(i < bytes.count ? "expected a quoted key" : "the JSON ends inside an object: is the file cut short?")
                }
                let key = try string()
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after the key") }
                i += 1
                skipSpace()
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard i < bytes.count else { throw error("the JSON ends inside an object: is the file cut short?") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "}") { i += 1; break }
                throw error("expected ',' or '}' in the object")
            }
            return JSONNode(value: .object(members), offset: base + start)
        case UInt8(ascii: "["):
            i += 1
            var elements: [JSONNode] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                i += 1
                return JSONNode(value: .array(elements), offset: base + start)
            }
            while true {
                skipSpace()
                elements.append(try value(depth: depth + 1))
                skipSpace()
                guard i < bytes.count else { throw error("the JSON ends inside an array: is the file cut short?") }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                if bytes[i] == UInt8(ascii: "]") { i += 1; break }
                throw error("expected ',' or ']' in the array")
            }
            return JSONNode(value: .array(elements), offset: base + start)
        case UInt8(ascii: "\""):
            return JSONNode(value: .string(try string()), offset: base + start)
        case UInt8(ascii: "t"): try literal("true"); return JSONNode(value: .bool(true), offset: base + start)
        case UInt8(ascii: "f"): try literal("false"); return JSONNode(value: .bool(false), offset: base + start)
        case UInt8(ascii: "n"): try literal("null"); return JSONNode(value: .null, offset: base + start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            while i < bytes.count, "+-.eE0123456789".utf8.contains(bytes[i]) { i += 1 }
            let text = String(decoding: bytes[start..<i], as: UTF8.self)
            guard let number = Double(text) else { throw error("'\(text)' is not a number", at: start) }
            return JSONNode(value: .number(number), offset: base + start)
        default:
            throw error("expected a JSON value")
        }
    }

    private mutating func literal(_ word: String) throws {
        let utf8 = Array(word.utf8)
        guard bytes.count - i >= utf8.count, Array(bytes[i..<i + utf8.count]) == utf8 else {
            throw error("expected a JSON value")
        }
        i += utf8.count
    }

    private mutating func string() throws -> String {
        let start = i
        i += 1
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw error("a string that starts here is never closed", at: start) }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; break }
            if b < 0x20 { throw error("a line break or control character inside a string") }
            if b != UInt8(ascii: "\\") {
                out.append(b)
                i += 1
                continue
            }
            guard i + 1 < bytes.count else { throw error("a string that starts here is never closed", at: start) }
            let escape = bytes[i + 1]
            i += 2
            switch escape {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                    i += 2
                    let low = try hex4()
                    code = (0xDC00...0xDFFF).contains(low) ? 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
                }
                out += Array(String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8)
            default:
                throw error("unknown escape in a string", at: i - 2)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func hex4() throws -> UInt32 {
        guard bytes.count - i >= 4, let code = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16) else {
            throw error("expected four hexadecimal digits after \\u")
        }
        i += 4
        return code
    }
}
