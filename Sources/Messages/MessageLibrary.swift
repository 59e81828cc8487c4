import Diagnostics

/// Every catalog a build can use: the built-in ones (`Templates/i18n/`), and a site's own
/// once merged in. Chooses the catalog for a language tag.
public struct MessageLibrary: Sendable {
    /// Keyed by canonical tag in lowercase ("zh-hant").
    public private(set) var catalogs: [String: MessageCatalog]

    /// The reference: every catalog has its ids and placeholders.
    public var english: MessageCatalog { catalogs["en"]! }

    public init(catalogs: [MessageCatalog]) {
        self.catalogs = Dictionary(catalogs.map { ($0.language.lowercased(), $0) }, uniquingKeysWith: { $1 })
    }

    /// The catalogs built into quizgen, parsed once.
    public static let builtIn: MessageLibrary = loadBuiltIn().library

    /// What reading the built-in catalogs reported: nothing, as a test checks.
    public static let builtInDiagnostics: [Diagnostic] = loadBuiltIn().diagnostics

    /// The built-in languages' tags, sorted: "ar", "de", "en", …
    public var languages: [String] { catalogs.values.map(\.language).sorted() }

    static func loadBuiltIn() -> (library: MessageLibrary, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let files = DefaultCatalogs.files.filter { $0.key.hasSuffix(".yaml") }
        let englishParser = CatalogParser(
            path: "Templates/i18n/en.yaml", text: files["en.yaml"] ?? "", language: "en", pluralRule: .english, reference: nil)
        let (englishMessages, englishDiagnostics) = englishParser.parse()
        diagnostics += englishDiagnostics
        let english = MessageCatalog(language: "en", pluralRule: .english, messages: englishMessages)
        var catalogs = [english]
        for (name, text) in files.sorted(by: { $0.key < $1.key }) where name != "en.yaml" {
            let language = LanguageTag(String(name.dropLast(".yaml".count))).description
            let rule = PluralRule(language: language) ?? .english
            let (messages, found) = CatalogParser(
                path: "Templates/i18n/\(name)", text: text, language: language, pluralRule: rule, reference: english).parse()
            diagnostics += found
            catalogs.append(MessageCatalog(
                language: language, pluralRule: rule, messages: english.messages.merging(messages) { $1 }))
        }
        return (MessageLibrary(catalogs: catalogs), diagnostics)
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
            guard var catalog = catalogs[candidate.lowercased()] else { continue }
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
        if let existing = catalogs[tag.description.lowercased()] {
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
        library.catalogs[merged.language.lowercased()] = merged
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
