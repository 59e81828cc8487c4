import Support

/// What a template can show: the values of a page's view model, typed once so that
/// rendering never has to ask a value what it is.
public enum TemplateValue: Sendable, Equatable {
    case string(String)
    /// Text already as UTF-8 (rendered HTML, a page's content), shown as a string is: kept
    /// as bytes because making a `String` of them reads every byte again to check it.
    case utf8([UInt8])
    case bool(Bool)
    case int(Int)
    case double(Double)
    case list([TemplateValue])
    /// Names with their values, in one array: view models have a dozen keys at most, so a
    /// scan with `==` (which compares small strings as raw bits) beats hashing a string per
    /// lookup, and a literal's own array of pairs is kept as it is, with nothing to allocate.
    case object(fields: [(String, TemplateValue)])
    case null
    /// A template still to render, shown as its output is: a page's content, rendered
    /// straight into the layout's bytes rather than into an array of its own and copied.
    case deferred(DeferredRendering)

    public static func object(_ fields: [String: TemplateValue]) -> TemplateValue {
        .object(fields: fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    public static func == (a: TemplateValue, b: TemplateValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): x == y
        case (.utf8(let x), .utf8(let y)): x == y
        case (.bool(let x), .bool(let y)): x == y
        case (.int(let x), .int(let y)): x == y
        case (.double(let x), .double(let y)): x == y
        case (.list(let x), .list(let y)): x == y
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.null, .null): true
        case (.deferred(let x), .deferred(let y)): x === y || x.rendered() == y.rendered()
        default: false
        }
    }

    /// Mustache truthiness: false, null, empty lists and empty strings skip a section.
    var isFalsy: Bool {
        switch self {
        case .bool(let b): !b
        case .null: true
        case .list(let items): items.isEmpty
        case .string(let s): s.isEmpty
        case .utf8(let bytes): bytes.isEmpty
        case .deferred(let rendering): rendering.isEmpty
        default: false
        }
    }

    /// The room a value's rendered HTML takes in a page (`TemplateLibrary.reserve`).
    var roomNeeded: Int {
        switch self {
        case .utf8(let bytes): bytes.count
        case .deferred(let rendering): 4096 + rendering.utf8Count
        default: 0
        }
    }

    func child(_ name: String) -> TemplateValue? {
        guard case .object(let fields) = self else { return nil }
        // Lengths first: a stored count is one compare, and most keys differ in length;
        // message ids longer than 15 bytes are not small strings, and their == is a call.
        // Read in place: copying each pair out retains and releases both its halves.
        let length = name.utf8.count
        return fields.withUnsafeBufferPointer { fields in
            for i in fields.indices where fields[i].0.utf8.count == length && fields[i].0 == name { return fields[i].1 }
            return nil
        }
    }

    /// Appends the value as UTF-8: a page is hundreds of pieces, and appending bytes to an
    /// array costs a fraction of appending a `String` to a `String`.
    func append(to out: inout [UInt8], escaped: Bool) {
        switch self {
        case .string(let s):
            if escaped { HTMLEscaping.escape(s, into: &out) } else { out.appendUTF8(s) }
        case .utf8(let bytes):
            if escaped { bytes.withUnsafeBufferPointer { HTMLEscaping.escape($0, into: &out) } } else { out += bytes }
        case .int(let n): out.append(contentsOf: String(n).utf8)
        case .double(let x): out.append(contentsOf: x.plainDescription.utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .deferred(let rendering): rendering.append(to: &out, escaped: escaped)
        case .null, .list, .object: break
        }
    }
}

// View models can be written as literals.
extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(fields: elements)
    }
}
