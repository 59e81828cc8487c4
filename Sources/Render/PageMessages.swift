import Messages
import Support
import Templating

/// The words of one page, from the catalog of its language, in the shapes the templates
/// and page scripts take them: every message without placeholders as `{{t.<id>}}`, and
/// the others filled here (counts through the language's plural rule) by the renderers.
public struct PageMessages: Sendable {
    public let catalog: MessageCatalog
    /// The plain texts as a nested object, so that `{{t.trivia.submit}}` reads the message
    /// `trivia.submit`. Messages with placeholders or plural forms are left out: shown
    /// unfilled they would put `{count}` on a page. Made once per language, not per page.
    public let templateValue: TemplateValue
    /// `t.ui_lang`: see `init`.
    public let interfaceAttributes: String
    /// The same as attribute names and values (`[("lang", "en"), ("dir", "ltr")]`), for a
    /// page script that writes interface words: as its data's `"u"`.
    public let interfaceLanguage: [(name: String, value: String)]
    /// Digit n (below 100), 100 + n % 100 (above) or 200 (a whole number of millions) is
    /// the index of the form for a count n.
    let pluralTable: String
    /// Each page script's words as encoded JSON members, made on first use: the same on
    /// every page of the language.
    private let scripts = MadeOnce<String, [UInt8]>()
    /// Messages filled with a number, by id and number.
    private let numbered = MadeOnce<NumberedText, String>()
    /// Texts a renderer fills from a few numbers, by the renderer's name for them and the numbers.
    private let filled = MadeOnce<FilledTexts, [String]>()

    /// - Parameter interfaceLanguage: `lang="en"` (and a `dir`) for a page whose language
    ///   has no catalog, so that its interface words are read as the English they are while
    ///   the author's text keeps the page's language; none otherwise. Templates put them on
    ///   each element of interface words alone as `{{{t.ui_lang}}}`.
    public init(_ catalog: MessageCatalog, interfaceLanguage: [(name: String, value: String)] = []) {
        self.catalog = catalog
        self.interfaceLanguage = interfaceLanguage
        interfaceAttributes = interfaceLanguage.map { " \($0.name)=\"\(HTMLEscaping.escape($0.value))\"" }.joined()
        var tree = Tree()
        for id in catalog.ids {
            guard case .text(let text)? = catalog.messages[id], Message.placeholders(in: text).isEmpty else { continue }
            tree.insert(id.split(separator: ".").map(String.init), text)
        }
        // Not a message id: those all have a dot.
        tree.insert(["ui_lang"], interfaceAttributes)
        templateValue = tree.value
        // A digit per count, as bytes: a language has at most six forms.
        let categories = catalog.pluralRule.categories
        var digits: [UInt8] = []
        digits.reserveCapacity(201)
        for n in Array(0..<200) + [1_000_000] {
            let form = categories.firstIndex(of: catalog.pluralRule.category(n)) ?? categories.count - 1
            digits.append(UInt8(ascii: "0") + UInt8(form))
        }
        pluralTable = String(decoding: digits, as: UTF8.self)
    }

    /// The built-in catalog for a language, for a caller without a `SiteContext` (the
    /// story graph of `quizgen graph`).
    public static func builtIn(_ lang: String) -> PageMessages {
        PageMessages(MessageLibrary.builtIn.resolve(lang).catalog)
    }

    public func text(_ id: String, _ values: [String: any Sendable] = [:]) -> String {
        catalog.text(id, values)
    }

    /// A message whose placeholder `{n}` is a number (`story.page`, `story.choice_target`):
    /// the same on every page of the language, so each is filled once per number.
    public func text(_ id: String, n: Int) -> String {
        numbered.value(NumberedText(id: id, n: n)) { text(id, ["n": n]) }
    }

    /// Texts that depend only on the language and a few numbers (a quiz's questions per play,
    /// its seconds, its pass mark; nil where it has none): made once for each set of numbers,
    /// since filling a message cost thousands of instructions and most pages share them.
    /// `name` tells apart the sets of texts that callers make.
    public func texts(_ name: String, _ numbers: [Double?], make: () -> [String]) -> [String] {
        filled.value(FilledTexts(name: name, numbers: numbers), make: make)
    }

    public func plural(_ id: String, count: Int, _ values: [String: any Sendable] = [:]) -> String {
        catalog.plural(id, count: count, values)
    }

    public func plural(_ id: String, count: Double, _ values: [String: any Sendable] = [:]) -> String {
        catalog.plural(id, count: count, values)
    }

    /// A message as HTML, with placeholders filled by HTML (`<span id="qn">1</span>`): the
    /// catalog's text is escaped first, the values are not.
    public func html(_ id: String, _ html: [String: String]) -> String {
        Message.fill(HTMLEscaping.escape(text(id)), html)
    }

    /// A number as the language writes it: "2,000", "2.000", "2 000".
    public func number(_ n: Int) -> String {
        catalog.numbers.format(n)
    }

    /// A percentage as the language writes it: "70%", "62.5 %".
    public func percent(_ value: Double) -> String {
        text("common.percent", ["value": value])
    }

    /// One message a page script shows: its `{name}` placeholders become `{0}`, `{1}`, …
    /// (the script's `say(name, v0, v1, …)`) or text fixed at build time, as `values` maps
    /// them; a plural message's count is always `{0}`.
    public struct ScriptWord: Sendable {
        public var name: String
        public var id: String
        public var values: [String: String]
        /// Shown as HTML (`innerHTML`): the text is escaped here.
        public var html: Bool

        public init(_ name: String, _ id: String, _ values: [String: String] = [:], html: Bool = false) {
            self.name = name
            self.id = id
            self.values = values
            self.html = html
        }
    }

    /// The words of a page script for the JSON it reads: `("m", {name: text or [forms]})`,
    /// `("u", " lang=\"en\"…")` on a page whose language has no catalog (`interfaceAttributes`),
    /// and when a message has forms, `("p", table)` and `("f", [group, decimal, digits])`,
    /// how numbers are written (`NumberStyle`): the index of the form for a count n is
    /// digit `n` of the table below 100, digit 200 for a whole number of millions (Italian,
    /// Spanish, French and Portuguese `many`: "1000000 di punti") and digit `100 + n % 100`
    /// for the rest, which CLDR's rules for whole numbers make exact: none looks further
    /// than n % 100 but those four, at n % 1000000. The script then needs no rules.
    /// `numbers`: "f" also without forms, for a script that writes numbers of its own.
    public func script(_ words: [ScriptWord], numbers: Bool = false) -> [(String, ScriptJSON)] {
        let categories = catalog.pluralRule.categories
        var plural = false
        let fields: [(String, ScriptJSON)] = words.map { word in
            let message = catalog.messages[word.id] ?? .text(word.id)
            let shape = { (text: String) -> ScriptJSON in
                let filled = Message.fill(word.html ? HTMLEscaping.escape(text) : text, word.values)
                return .string(filled)
            }
            guard message.isPlural else { return (word.name, shape(message.text(for: .other))) }
            plural = true
            return (word.name, .array(categories.map { shape(message.text(for: $0)) }))
        }
        // "u": the attributes of a line of interface words alone, where they are English, as
        // the markup the script writes them into (` lang="en"`): the script stays small.
        let u = interfaceLanguage.isEmpty ? [] : [("u", ScriptJSON.string(interfaceAttributes))]
        guard plural || numbers else { return [("m", .object(fields))] + u }
        // Counts are written as the language writes numbers: its group and decimal signs and
        // the digits before it groups ("2.000"; Spanish "2000").
        let style = catalog.numbers
        let f = ("f", ScriptJSON.array([.string(style.group), .string(style.decimal), .int(style.minimumGrouping)]))
        return (plural ? [("m", .object(fields)), ("p", .string(pluralTable)), f] : [("m", .object(fields)), f]) + u
    }

    /// The same for the script `name` (`trivia`, `personality`), encoded as members of the
    /// page data's object (`"m":{…},"p":"…"`, for `ScriptJSONWriter.members`): its words
    /// are the same on every page of the language, so they are made and encoded once.
    public func scriptMembers(named name: String, numbers: Bool = false, _ words: () -> [ScriptWord]) -> [UInt8] {
        scripts.value(name) {
            var json = ScriptJSONWriter()
            for (key, value) in script(words(), numbers: numbers) { json.member(key, value) }
            return json.bytes
        }
    }

    /// Builds the nested object of `templateValue`.
    private struct Tree {
        var texts: [String: String] = [:]
        var children: [String: Tree] = [:]

        mutating func insert(_ path: [String], _ text: String) {
            guard let first = path.first else { return }
            if path.count == 1 { texts[first] = text } else { children[first, default: Tree()].insert(Array(path.dropFirst()), text) }
        }

        var value: TemplateValue {
            var fields: [String: TemplateValue] = texts.mapValues { .string($0) }
            for (name, child) in children { fields[name] = child.value }
            return .object(fields)
        }
    }
}

/// The key of `PageMessages.text(_:n:)`'s cache, the id and number as they are: a key
/// joined into one string cost more to make and hash than the lookup saved.
struct NumberedText: Hashable, Sendable {
    var id: String
    var n: Int
}

/// The key of `PageMessages.texts(_:_:make:)`'s cache.
struct FilledTexts: Hashable, Sendable {
    var name: String
    var numbers: [Double?]
}
