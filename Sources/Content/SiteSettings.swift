import Diagnostics

/// The optional `quizgen.yml` at the top of a site.
public struct SiteSettings: Sendable, Equatable {
    /// The site's name; without one, pages name it in the site's language (the catalogs'
    /// `index.title`, "Quizzes and stories").
    public var title: String?
    public var description: String
    public var language: String
    /// Where the site will be hosted, for absolute Open Graph URLs; links stay relative.
    public var baseURL: String?
    /// Keep raw HTML from Markdown. Off by default: authors' HTML could run script.
    public var rawHTML: Bool
    /// Origins (`https://host[:port]`, normalised) that pages may load images, audio and video
    /// from besides the site itself. Empty by default: a picture from elsewhere tells its host
    /// who reads what, so the site opts in, host by host.
    public var mediaOrigins: [String]
    /// How story maps show choices' words, where a story does not say (`map-choices:`).
    public var mapChoices: Story.MapChoices

    public init(title: String? = nil, description: String = "", language: String = "en",
                baseURL: String? = nil, rawHTML: Bool = false, mediaOrigins: [String] = [],
                mapChoices: Story.MapChoices = .labels) {
        self.title = title
        self.description = description
        self.language = language
        self.baseURL = baseURL
        self.rawHTML = rawHTML
        self.mediaOrigins = mediaOrigins
        self.mapChoices = mapChoices
    }

    public static let keys = ["title", "description", "language", "base-url", "raw-html", "media-origins", "map-choices"]

    /// How `story`'s map shows its choices: its own `map-choices:`, else the site's.
    public func mapChoices(for story: Story) -> Story.MapChoices { story.mapChoices ?? mapChoices }

    /// Where `language:` is set in the file, for a diagnostic about the language.
    public static func languagePosition(in file: SourceFile) -> ValuePosition? {
        guard file.nulByteError() == nil else { return nil }
        var frontMatter = FrontMatter()
        frontMatter.entries = FrontMatter.compose(file.text, in: file, lineOffset: 0).0
        return frontMatter["language"].map { ValuePosition(line: $0.valueLine, column: $0.valueColumn) }
    }

    public static func parse(_ file: SourceFile) -> (SiteSettings, [Diagnostic]) {
        if let nul = file.nulByteError() { return (SiteSettings(), [nul]) }
        var (entries, diagnostics) = FrontMatter.compose(file.text, in: file, lineOffset: 0)
        var frontMatter = FrontMatter()
        frontMatter.entries = entries
        var reader = FrontMatterReader(frontMatter, file: file, noun: "setting")
        var settings = SiteSettings()
        if let title = reader.string("title") { settings.title = title }
        if let description = reader.string("description") { settings.description = description }
        if let language = reader.string("language") {
            if ContentParser.isLanguageTag(language) {
                settings.language = language
            } else if let entry = frontMatter["language"] {
                diagnostics.append(file.diagnostic(
                    .warning, "'\(language)' is not a language tag; using 'en'", line: entry.valueLine,
                    characterColumn: entry.valueColumn, hint: "write a tag such as en, fr or pt-BR"))
            }
        }
        if var base = reader.string("base-url"), !base.isEmpty {
            // Schemes have no case (`HTTPS://`); written as pages' URLs have them.
            for scheme in ["https://", "http://"] where base.lowercased().hasPrefix(scheme) { base = scheme + base.dropFirst(scheme.count) }
            let scheme = base.hasPrefix("https://") ? 8 : base.hasPrefix("http://") ? 7 : 0
            // Pages' URLs are made by appending their paths, so anything after the path (a
            // query or fragment) or white space would end up inside every one of them.
            let bad = base.unicodeScalars.first { $0 == "?" || $0 == "#" || $0.properties.isWhitespace }
            // The host and port: no user or password (they would be in every page's URL), a port
            // that is one.
            let authority = base.dropFirst(scheme).prefix { $0 != "/" }
            let port = authority.split(separator: ":", omittingEmptySubsequences: false).dropFirst().first
            let badAuthority = authority.contains("@") ? "a user name or password ('@')"
                : port.map { Int($0).map { (1...65_535).contains($0) } ?? false } == false ? "a port that is no port" : nil
            if scheme > 0, badAuthority == nil, base.utf8.count > scheme, base.utf8.dropFirst(scheme).first != UInt8(ascii: "/"), bad == nil {
                settings.baseURL = base.hasSuffix("/") ? base : base + "/"
            } else if scheme > 0, let entry = frontMatter["base-url"] {
                let what = bad.map { $0 == "?" ? "a query ('?')" : $0 == "#" ? "a fragment ('#')" : "white space" } ?? badAuthority ?? "no host"
                diagnostics.append(file.diagnostic(
                    .error, "'base-url' is the address the site lives at, and '\(base)' has \(what)", line: entry.valueLine,
                    characterColumn: entry.valueColumn, hint: "for example https://example.org/quizzes/ (a space in a path is written %20)"))
            } else if let entry = frontMatter["base-url"] {
                diagnostics.append(file.diagnostic(
                    .error, "'base-url' must start with https:// or http://", line: entry.valueLine,
                    characterColumn: entry.valueColumn, hint: "for example https://example.org/quizzes/"))
            }
        }
        if let raw = reader.bool("raw-html") { settings.rawHTML = raw }
        if let choices = reader.choice("map-choices", as: Story.MapChoices.self) { settings.mapChoices = choices }
        reader.allow(["media-origins"])
        if let entry = frontMatter["media-origins"] {
            settings.mediaOrigins = mediaOrigins(entry, in: file, diagnostics: &diagnostics)
        }
        reader.warnAboutUnknownKeys()
        diagnostics += reader.diagnostics
        return (settings, diagnostics)
    }
}
