import Diagnostics

/// The words of one language that readers see, keyed by message id ("trivia.next_question").
///
/// A catalog is complete: a message its source left out is English's (see `MessageLibrary`),
/// so a lookup by a known id always gives a text. Catalogs are plain values, parsed from the
/// YAML of `Templates/i18n/<lang>.yaml` (built in) or a site's `i18n/<lang>.yaml`.
public struct MessageCatalog: Sendable, Hashable {
    /// The canonical tag of the catalog: "en", "zh-Hant".
    public var language: String {
        didSet { numbers = NumberStyle(language: language) }
    }
    public var pluralRule: PluralRule
    public var messages: [String: Message]

    public init(language: String, pluralRule: PluralRule, messages: [String: Message]) {
        self.language = language
        self.pluralRule = pluralRule
        self.messages = messages
        numbers = NumberStyle(language: language)
    }

    public var isRightToLeft: Bool { LanguageTag(language).isRightToLeft }

    /// How the language writes the numbers its messages are filled with: the catalog's own,
    /// or a region's (`de-CH`) for the pages that ask for it.
    public var numbers: NumberStyle

    /// Every message id, sorted.
    public var ids: [String] { messages.keys.sorted() }

    /// A message's text with its placeholders filled: `text("trivia.question_of", ["n": 3,
    /// "total": 10])`. An unknown id gives the id itself, so that a mistake shows on the page.
    public func text(_ id: String, _ values: [String: any Sendable] = [:]) -> String {
        guard let message = messages[id] else { return id }
        // Without values nothing is filled: placeholders stay as written.
        guard !values.isEmpty else { return message.text(for: .other) }
        let numbers = numbers
        return Message.fill(message.text(for: .other)) { values[$0].map { Self.string($0, numbers) } }
    }

    /// The form of a message for a count, filled: `plural("common.points", count: 5)`. The
    /// count is also the value of `{count}` unless the values give another.
    public func plural(_ id: String, count: Int, _ values: [String: any Sendable] = [:]) -> String {
        plural(id, PluralOperands(count), numbers.format(count), values)
    }

    /// The same for a count with a fraction (7.5 seconds).
    public func plural(_ id: String, count: Double, _ values: [String: any Sendable] = [:]) -> String {
        plural(id, PluralOperands(count), numbers.format(count), values)
    }

    private func plural(_ id: String, _ operands: PluralOperands, _ shown: String, _ values: [String: any Sendable]) -> String {
        guard let message = messages[id] else { return id }
        let numbers = numbers
        return Message.fill(message.text(for: pluralRule.category(operands))) { name in
            values[name].map { Self.string($0, numbers) } ?? (name == "count" ? shown : nil)
        }
    }

    /// A value as its text shows it.
    static func string(_ value: any Sendable, _ numbers: NumberStyle) -> String {
        // A count is recognised by its type first: a failed cast to String costs a
        // conformance search. Most other values are text: asked next, for the same reason.
        if type(of: value) == Int.self, let number = value as? Int { return numbers.format(number) }
        return switch value {
        case let text as String: text
        case let number as Int: numbers.format(number)
        case let number as Double: numbers.format(number)
        default: String(describing: value)
        }
    }

    /// A number as messages show it: 5 for 5.0, 7.5 for 7.5.
    public static func format(_ number: Double) -> String {
        guard number.isFinite else { return String(number) }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return String(number)
    }
}
