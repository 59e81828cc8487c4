import Foundation

/// The messages a page script shows, as data: `{"r": rule, "m": {id: text or {category:
/// text}}}`. The script picks a form with `PluralRule.javaScript` and fills placeholders
/// with `MessageCatalog.scriptFormatter`, so "Question 3 of 10" and "4 of 7 points" are
/// worded at run time in the page's language.
public struct ScriptMessages: Sendable, Hashable, Encodable {
    /// `PluralRule.scriptID`.
    public var rule: String
    public var messages: [String: Message]

    enum CodingKeys: String, CodingKey {
        case rule = "r", messages = "m"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rule, forKey: .rule)
        try container.encode(messages.mapValues(Form.init), forKey: .messages)
    }

    /// A text as a string, plural forms as an object of category to text.
    struct Form: Encodable {
        let message: Message
        init(_ message: Message) { self.message = message }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch message {
            case .text(let text): try container.encode(text)
            case .plural(let forms): try container.encode(Dictionary(uniqueKeysWithValues: forms.map { ($0.key.rawValue, $0.value) }))
            }
        }
    }

    /// Compact JSON with keys in a stable order, for embedding in a page.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(self), as: UTF8.self)
    }

    /// The same as plain dictionaries and strings, for a caller with its own JSON writer.
    public var dictionary: [String: Any] {
        ["r": rule, "m": messages.mapValues { message -> Any in
            switch message {
            case .text(let text): text
            case .plural(let forms): Dictionary(uniqueKeysWithValues: forms.map { ($0.key.rawValue, $0.value) })
            }
        }]
    }
}

extension MessageCatalog {
    /// The messages with these ids for a page script (all when nil), with only the plural
    /// forms this language's rule can choose.
    public func scriptMessages(_ ids: [String]? = nil) -> ScriptMessages {
        var chosen: [String: Message] = [:]
        for id in ids ?? self.ids {
            switch messages[id] {
            case .text(let text)?: chosen[id] = .text(text)
            case .plural(let forms)?: chosen[id] = .plural(forms.filter { pluralRule.categories.contains($0.key) })
            case nil: continue
            }
        }
        return ScriptMessages(rule: pluralRule.scriptID, messages: chosen)
    }

    /// `say(M, id, values, count)` in JavaScript: the message of M (a `ScriptMessages`) in
    /// the form for count, with `{name}` filled from values. Needs `PluralRule.javaScript`.
    public static let scriptFormatter = """
        const say = (M, id, a = {}, n) => {
          let t = M.m[id] ?? id
          if (typeof t == 'object') t = t[plural(M.r, n)] ?? t.other
          return t.replace(/\\{(\\w+)\\}/g, (s, k) => k in a ? a[k] : s)
        }
        """
}
