import Diagnostics

import Synchronization

/// Every catalog a build can use: the built-in ones (`Templates/i18n/`), and a site's own
/// once merged in. Chooses the catalog for a language tag.
///
/// Built-in catalogs are parsed when a build first asks for their language: a site in one
/// language pays for English and that one, not for all twelve.
public struct MessageLibrary: Sendable {
    /// Catalogs given or changed by a site, keyed by canonical tag in lowercase ("zh-hant");
    /// they stand in front of the built-in ones.
    private var own: [String: MessageCatalog]
    private let builtIns: BuiltInCatalogs?

    /// The reference: every catalog has its ids and placeholders.
    public var english: MessageCatalog { catalog("en")! }

    public init(catalogs: [MessageCatalog]) {
        own = Dictionary(catalogs.map { ($0.language.lowercased(), $0) }, uniquingKeysWith: { $1 })
        builtIns = nil
    }

    private init(builtIns: BuiltInCatalogs) {
        own = [:]
        self.builtIns = builtIns
    }

    /// The catalogs built into quizgen, each parsed on first use.
    public static let builtIn = MessageLibrary(builtIns: BuiltInCatalogs())

    /// The built-in catalogs' YAML by file name ("fr.yaml"), as in `Templates/i18n/`.
    public static var builtInFiles: [String: String] { DefaultCatalogs.files }

    /// What reading every built-in catalog reports: nothing, as a test checks.
    public static var builtInDiagnostics: [Diagnostic] { BuiltInCatalogs().parseAll() }

    /// The languages with a catalog, sorted: "ar", "de", "en", …
    public var languages: [String] {
        Set(own.values.map(\.language)).union(builtIns?.languages.values.map { $0 } ?? []).sorted()
    }

    /// The catalog for a canonical tag in any letter case, without fallbacks.
    func catalog(_ tag: String) -> MessageCatalog? {
        let key = tag.lowercased()
        return own[key] ?? builtIns?.catalog(key)
    }

    /// The catalog chosen for a page's language.
    public struct Resolution: Sendable, Hashable {
        public var catalog: MessageCatalog
        /// The tag that was asked for, as written.
        public var requested: String
        /// True when no catalog serves the language and English stands in: the caller warns
        /// once (every page of a language gives the same resolution).
        public var isFallback: Bool
    }

    /// The catalog for a language tag: the most specific that exists ("pt-BR" → pt,
    /// "zh-TW" → zh-Hant, "zh-SG" → zh-Hans, "de-AT" → de), in any letter case; English
    /// for a language without one. A regional tag keeps its own plural rule where CLDR
    /// gives it one (pt-PT).
    public func resolve(_ tag: String) -> Resolution {
        let parsed = LanguageTag(tag)
        for candidate in parsed.candidates {
            guard var catalog = catalog(candidate) else { continue }
            if LanguageTag(catalog.language).language == parsed.language, let rule = PluralRule(language: parsed.description) {
                catalog.pluralRule = rule
            }
            return Resolution(catalog: catalog, requested: tag, isFallback: false)
        }
        return Resolution(catalog: english, requested: tag, isFallback: true)
    }

    /// The library with a site's `i18n/<lang>.yaml` merged in: its messages override those
    /// of the catalog for that language, or start a new language from the nearest catalog
    /// (English when none is near). The language is the file's name.
    public func merging(siteYAML text: String, path: String) -> (MessageLibrary, [Diagnostic]) {
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        let stem = fileName.hasSuffix(".yaml") ? String(fileName.dropLast(5))
            : fileName.hasSuffix(".yml") ? String(fileName.dropLast(4)) : fileName
        let tag = LanguageTag(stem)
        guard !tag.language.isEmpty, tag.language.count <= 8, tag.language.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return (self, [Diagnostic.error(
                "'\(fileName)' is not named after a language", file: path,
                hint: "name a catalog after its language tag, e.g. i18n/fr.yaml or i18n/pt-BR.yaml")])
        }
        var library = self
        var diagnostics: [Diagnostic] = []
        let base: MessageCatalog
        if let existing = catalog(tag.description) {
            base = existing
        } else {
            let near = resolve(tag.description)
            var rule = PluralRule(language: tag.description) ?? near.catalog.pluralRule
            if near.isFallback, PluralRule(language: tag.description) == nil {
                rule = .english
                diagnostics.append(Diagnostic.warning(
                    "quizgen has no plural rules for '\(tag)': forms are chosen as in English", file: path,
                    hint: "'one' for 1 and 'other' for every other number"))
            }
            base = MessageCatalog(language: tag.description, pluralRule: rule, messages: near.catalog.messages)
        }
        let (messages, found) = CatalogParser(
            path: path, text: text, language: base.language, pluralRule: base.pluralRule, reference: english).parse()
        diagnostics += found
        var merged = base
        merged.messages.merge(messages) { $1 }
        // A language of the site's own starts from English: say how much of it is left.
        if tag.language != "en", resolve(tag.description).isFallback {
            let missing = english.ids.filter { messages[$0] == nil }
            if !missing.isEmpty {
                diagnostics.append(Diagnostic.warning(
                    "\(missing.count) of \(english.ids.count) messages are not translated: English is shown for them",
                    file: path, hint: "missing: " + missing.prefix(5).joined(separator: ", ") + (missing.count > 5 ? ", …" : "")))
            }
        }
        library.own[merged.language.lowercased()] = merged
        return (library, diagnostics)
    }
}

extension MessageCatalog {
    /// This catalog with a site's YAML for the same language laid over it: each message
    /// the site gives replaces the built-in one, checked against the reference (English)
    /// as built-in catalogs are. A message with an error keeps the built-in text.
    public func merging(
        siteYAML text: String, path: String, reference: MessageCatalog = MessageLibrary.builtIn.english
    ) -> (MessageCatalog, [Diagnostic]) {
        let (messages, diagnostics) = CatalogParser(
            path: path, text: text, language: language, pluralRule: pluralRule, reference: reference).parse()
        var merged = self
        merged.messages.merge(messages) { $1 }
        return (merged, diagnostics)
    }
}

/// The embedded YAML of the built-in catalogs and those parsed so far. Every catalog but
/// English is completed from English, so English is parsed first.
final class BuiltInCatalogs: Sendable {
    /// Lowercase tag → canonical tag, from the file names.
    let languages: [String: String]
    private let parsed = Mutex<[String: MessageCatalog]>([:])

    init() {
        var languages: [String: String] = [:]
        for name in DefaultCatalogs.files.keys where name.hasSuffix(".yaml") {
            let tag = LanguageTag(String(name.dropLast(".yaml".count))).description
            languages[tag.lowercased()] = tag
        }
        self.languages = languages
    }

    func catalog(_ key: String) -> MessageCatalog? {
        guard let language = languages[key] else { return nil }
        if let done = parsed.withLock({ $0[key] }) { return done }
        let english = key == "en" ? nil : catalog("en")
        let catalog = Self.parse(language, english: english).catalog
        // Two threads may parse the same catalog at once; both get the same value.
        return parsed.withLock { done in
            if let first = done[key] { return first }
            done[key] = catalog
            return catalog
        }
    }

    /// Every catalog parsed, for the test that they all read cleanly.
    func parseAll() -> [Diagnostic] {
        let (english, diagnostics) = Self.parse("en", english: nil)
        return diagnostics + languages.values.sorted().filter { $0 != "en" }.flatMap {
            Self.parse($0, english: english).diagnostics
        }
    }

    static func parse(_ language: String, english: MessageCatalog?) -> (catalog: MessageCatalog, diagnostics: [Diagnostic]) {
        let name = "\(language).yaml"
        let rule = language == "en" ? .english : PluralRule(language: language) ?? .english
        let (messages, diagnostics) = CatalogParser(
            path: "Templates/i18n/\(name)", text: DefaultCatalogs.files[name] ?? "", language: language,
            pluralRule: rule, reference: english).parse()
        let complete = english.map { $0.messages.merging(messages) { $1 } } ?? messages
        return (MessageCatalog(language: language, pluralRule: rule, messages: complete), diagnostics)
    }
}
