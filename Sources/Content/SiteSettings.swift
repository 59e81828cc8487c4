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
        if let title = reader.prose("title") { settings.title = title }
        if let description = reader.prose("description") { settings.description = description }
        if let language = reader.string("language"), let entry = frontMatter["language"] {
            let (tag, warning) = LanguageSlips.read(language, using: settings.language, at: entry, in: file)
            if let warning { diagnostics.append(warning) }
            if let tag { settings.language = tag }
        }
        if let base = reader.string("base-url"), !base.isEmpty, let entry = frontMatter["base-url"] {
            switch baseURL(base) {
            case .success(let url): settings.baseURL = url
            case .failure(let problem):
                diagnostics.append(file.diagnostic(
                    .error, problem.message, line: entry.valueLine, characterColumn: entry.valueColumn, hint: problem.hint))
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
