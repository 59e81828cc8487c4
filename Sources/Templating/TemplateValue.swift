import Support

/// What a template can show: the values of a page's view model, typed once so that
/// rendering never has to ask a value what it is.
public enum TemplateValue: Sendable, Equatable {
    case string(String)
    case bool(Bool)
    case int(Int)
    case double(Double)
    case list([TemplateValue])
    /// Keys and values side by side: view models have a dozen keys at most, so a scan with
    /// `==` (which compares small strings as raw bits) beats hashing a string per lookup.
    case object(keys: [String], values: [TemplateValue])
    case null

    public static func object(_ fields: [String: TemplateValue]) -> TemplateValue {
        let sorted = fields.sorted { $0.key < $1.key }
        return .object(keys: sorted.map(\.key), values: sorted.map(\.value))
    }

    /// Mustache truthiness: false, null, empty lists and empty strings skip a section.
    var isFalsy: Bool {
        switch self {
        case .bool(let b): !b
        case .null: true
        case .list(let items): items.isEmpty
        case .string(let s): s.isEmpty
        default: false
        }
    }

    func child(_ name: String) -> TemplateValue? {
        guard case .object(let keys, let values) = self else { return nil }
        // Lengths first: a stored count is one compare, and most keys differ in length;
        // message ids longer than 15 bytes are not small strings, and their == is a call.
        let length = name.utf8.count
        for i in keys.indices where keys[i].utf8.count == length && keys[i] == name { return values[i] }
        return nil
    }

    func append(to out: inout String, escaped: Bool) {
        switch self {
        case .string(let s): escaped ? escapeHTML(s, into: &out) : out.append(s)
        case .int(let n): out.append(String(n))
        case .double(let x): out.append(x.plainDescription)
        case .bool(let b): out.append(b ? "true" : "false")
        case .null, .list, .object: break
        }
    }
}

/// Escapes text for HTML text and quoted attributes.
func escapeHTML(_ text: String, into out: inout String) {
    HTMLEscaping.escape(text, into: &out)
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
        self = .object(keys: elements.map(\.0), values: elements.map(\.1))
    }
}
