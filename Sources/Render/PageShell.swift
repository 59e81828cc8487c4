import Content
import Markdown
import Messages
import Support
import Synchronization
import Templating

/// Wraps a page's content in the layout: the head with its metadata, the link to the site's
/// stylesheet and a Content-Security-Policy that allows exactly that and this page's inline
/// script.
public struct PageShell: Sendable {
    public var title: String
    public var ogTitle: String?
    public var description: String
    public var lang: String
    /// The way back to the site root from the page's folder (`../../`), for the stylesheet.
    public var root: String
    /// Absolute URL of the page, when the site has a base URL.
    public var url: String?
    public var image: String?
    /// Inline scripts of the page, exactly as they stand between their tags.
    public var scripts: [String]
    /// True for a page that shows the site's own SVG through `<object>` (a story's map, so
    /// that its boxes are links): the policy then allows objects (and the frame Chromium
    /// draws them in) from the site.
    public var embedsSVG: Bool
    /// True for `404.html`: a host shows it at any missing address, where a relative link to
    /// the stylesheet leads nowhere, so the page carries its stylesheet (allowed by hash).
    public var inlinesStyle: Bool

    public init(title: String, ogTitle: String? = nil, description: String, lang: String, root: String,
                url: String? = nil, image: String? = nil, scripts: [String] = [], embedsSVG: Bool = false,
                inlinesStyle: Bool = false) {
        self.embedsSVG = embedsSVG
        self.inlinesStyle = inlinesStyle
        self.title = title
        self.ogTitle = ogTitle
        self.description = description
        self.lang = lang
        self.root = root
        self.url = url
        self.image = image
        self.scripts = scripts
    }

    /// The policy: nothing by default; stylesheets and fonts from the site (the one every page
    /// links, and fonts a site's stylesheet names with `@font-face`),
    /// and the inline stylesheet by hash for a site layout that still inlines `{{{css}}}`;
    /// this page's scripts by hash; images and media
    /// from the site itself, `data:` URLs and the origins the site lists in `media-origins`
    /// (a picture from elsewhere tells its host who reads the page); no plugins, no base
    /// rewriting, no form posts.
    public static func contentSecurityPolicy(
        style: String, scripts: [String], mediaOrigins: [String] = [], embedsSVG: Bool = false
    ) -> String {
        policy(style: SHA256.cspSource(style), scripts: scripts.map(SHA256.cspSource), mediaOrigins: mediaOrigins, embedsSVG: embedsSVG)
    }

    /// `SiteSettings` admits only plain `scheme://host[:port]` origins; anything else set in
    /// code is left out here too, as a space, quote or `;` would change the policy.
    static func policy(style: String, scripts: [String], mediaOrigins: [String], embedsSVG: Bool = false) -> String {
        let origins = mediaOrigins.filter { !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ":/.-*".contains($0)) } }
        // On a page opened from disk (file://), Chromium matches 'self' with file: URLs, so
        // the site's own pictures show there too (tested in Tests/e2e).
        let media = (["'self'", "data:"] + origins).joined(separator: " ")
        return "default-src 'none'; style-src 'self' \(style); font-src 'self'; script-src \(scripts.isEmpty ? "'none'" : scripts.joined(separator: " ")); "
            + "img-src \(media); media-src \(media); " + (embedsSVG ? "object-src 'self'; frame-src 'self'; " : "")
            + "base-uri 'none'; form-action 'none'"
    }

    public func render(content: String, site: SiteContext) -> String {
        String(decoding: render(content: Array(content.utf8), site: site), as: UTF8.self)
    }

    /// The page as UTF-8, around content as UTF-8: neither is made a `String`, whose making
    /// reads every byte again to check it.
    public func render(content: [UInt8], site: SiteContext) -> [UInt8] {
        render(content: content, layout: site.layout(for: self), site: site)
    }

    /// The same in a layout already prepared for this page (`SiteContext.layout(for:)`): the
    /// pages of a story share one, fetched once.
    public func render(content: [UInt8], layout: PreparedTemplate, site: SiteContext) -> [UInt8] {
        render(content: .utf8(content), layout: layout, site: site)
    }

    /// The same around content still to render (`TemplateSet.deferred`), which then goes
    /// straight into the page's bytes.
    public func render(content: TemplateValue, site: SiteContext) -> [UInt8] {
        render(content: content, layout: site.layout(for: self), site: site)
    }

    public func render(content: TemplateValue, layout: PreparedTemplate, site: SiteContext) -> [UInt8] {
        site.templates.renderUTF8(layout, [
            "title": .string(title),
            "ogTitle": .string(ogTitle ?? title),
            "description": .string(description),
            "hasDescription": .bool(!description.isEmpty),
            "url": .string(url ?? ""),
            "hasURL": .bool(url != nil),
            "image": .string(image ?? ""),
            "hasImage": .bool(image != nil),
            "content": content,
        ])
    }

    /// Whether CSS holds `</style` in any letter case, which would end a `<style>` element.
    /// Compared on the bytes: Foundation's case-insensitive `range(of:)` cost 7 million
    /// instructions on a 5 KB stylesheet, 2 % of a 200-file build.
    static func endsStyleElement(_ css: String) -> Bool {
        let bytes = Array(css.utf8), tag = Array("</style".utf8)
        guard bytes.count >= tag.count else { return false }
        return (0...(bytes.count - tag.count)).contains { start in
            bytes[start] == UInt8(ascii: "<") && (1..<tag.count).allSatisfy { bytes[start + $0] | 0x20 == tag[$0] }
        }
    }

    /// What the layout shows the same on every page with this shell's root, language,
    /// scripts and embedding: rendered once into a prepared layout (`SiteContext.layout(for:)`).
    func layoutValues(site: SiteContext) -> [(String, TemplateValue)] {
        let css = site.templates.text("style.css")
        return [
            ("stylesheet", .string(root + site.templates.stylesheetPath)),
            // For a site's own layout to link its own files (`{{root}}fonts/brand.css`).
            ("root", .string(root)),
            ("lang", .string(lang)),
            ("rtl", .bool(site.isRightToLeft(lang))),
            ("siteTitle", .string(site.siteTitle)),
            ("css", .string(css)),
            // A stylesheet that says `</style` would end the element early: that one stays linked.
            ("inlineStyle", .bool(inlinesStyle && !Self.endsStyleElement(css))),
            ("csp", .string(site.contentSecurityPolicy(style: css, scripts: scripts, embedsSVG: embedsSVG))),
        ]
    }
}

/// What every page of a build shares.
public struct SiteContext: Sendable {
    public var settings: SiteSettings
    public var templates: TemplateSet
    /// The catalogs pages take their words from.
    public var messages: MessageLibrary

    /// Each language's words, made on first use and shared by the site's pages.
    private let wordsByLanguage = MadeOnce<String, PageMessages>()
    /// Each language's direction, from its tag parsed once rather than on every page.
    private let directions = MadeOnce<String, Bool>()
    private let policies = MadeOnce<String, String>()
    private let defaultTitles = MadeOnce<String, String>()
    private let layouts = MadeOnce<LayoutKey, PreparedTemplate>()
    /// Content templates with a root's and a language's names fixed (`prepared(_:root:lang:)`).
    let preparedContent = MadeOnce<PreparedContentKey, PreparedTemplate>()

    /// What makes two pages' layouts differ before their own words: the policy's sources
    /// (short hashes, not the scripts' text, so the key is cheap to hash) stand for the scripts.
    private struct LayoutKey: Hashable, Sendable {
        var root: String
        var lang: String
        var sources: [String]
        var embedsSVG: Bool
        var inlinesStyle: Bool
    }

    public init(settings: SiteSettings, templates: TemplateSet, messages: MessageLibrary = .builtIn) {
        self.settings = settings
        self.templates = templates
        self.messages = messages
    }

    /// Whether a language has no catalog, so that its pages are worded in English.
    public func hasNoCatalog(for lang: String) -> Bool {
        messages.resolve(lang).isFallback
    }

    /// The words of a page in this language (a piece's `lang`, else the site's `language`):
    /// its catalog, or English for a language quizgen has none for (the build warns).
    public func words(_ lang: String) -> PageMessages {
        wordsByLanguage.valueMadeOnce(lang) {
            let resolved = messages.resolve(lang)
            guard resolved.isFallback else {
                // The page's region may write numbers otherwise than the catalog's language.
                var catalog = resolved.catalog
                catalog.numbers = NumberStyle(language: lang)
                return PageMessages(catalog)
            }
            let english = resolved.catalog.language
            let direction = isRightToLeft(english) == isRightToLeft(lang) ? [] : [(name: "dir", value: isRightToLeft(english) ? "rtl" : "ltr")]
            return PageMessages(resolved.catalog, interfaceLanguage: [(name: "lang", value: english)] + direction)
        }
    }

    /// The policy of a page with this style and these scripts: the same for every page of a
    /// kind, so it is written once per build and kind, not once per page.
    public func contentSecurityPolicy(style: String, scripts: [String], embedsSVG: Bool = false) -> String {
        let style = templates.cspSource(style)
        let scripts = scripts.map(templates.cspSource)
        return policies.value(([style] + scripts + (embedsSVG ? ["svg"] : [])).joined(separator: " ")) {
            PageShell.policy(style: style, scripts: scripts, mediaOrigins: settings.mediaOrigins, embedsSVG: embedsSVG)
        }
    }

    /// The layout with what is the same for every page of this shell's kind rendered once:
    /// a page renders only its own title, description, links and content into it.
    public func layout(for shell: PageShell) -> PreparedTemplate {
        let key = LayoutKey(root: shell.root, lang: shell.lang, sources: shell.scripts.map(templates.cspSource), embedsSVG: shell.embedsSVG,
                            inlinesStyle: shell.inlinesStyle)
        return layouts.value(key) { templates.prepare("layout", fixed: shell.layoutValues(site: self)) }
    }

    /// Whether pages in this language are written right to left.
    public func isRightToLeft(_ lang: String) -> Bool {
        directions.value(lang) { LanguageTag(lang).isRightToLeft }
    }

    /// ` lang="…"` (with ` dir="…"` where the direction differs) for the site's name on a page
    /// in another language, so that it is read, and runs, in its own; empty on a page in the
    /// site's language.
    public func siteNameAttributes(on lang: String) -> String {
        let own = settings.language
        guard own.lowercased() != lang.lowercased() else { return "" }
        let rtl = isRightToLeft(own)
        return " lang=\"\(HTMLEscaping.escape(own))\"" + (rtl == isRightToLeft(lang) ? "" : " dir=\"\(rtl ? "rtl" : "ltr")\"")
    }

    /// The site's name: quizgen.yml's title, else a name in the site's language (looked up
    /// once per language: every page asks).
    public var siteTitle: String {
        settings.title ?? defaultTitles.value(settings.language) { words(settings.language).text("index.title") }
    }

    /// The absolute URL of a site path (as on disk, encoded here), when the site has a base URL.
    public func absoluteURL(_ path: String) -> String? {
        absoluteURL(encoded: SitePaths.urlPath(path))
    }

    /// An absolute URL for a picture in a page's text (a quiz's introduction, an outcome's
    /// text), for link previews: as written when absolute, else from the site's base URL
    /// (none without one). `pageFolder` is the page folder of the Markdown file that shows it.
    public func previewImageURL(_ source: String, pageFolder folder: String) -> String? {
        // The source is a URL as the author wrote it (`my pic.png`): encoded as the page's own
        // <img> has it, since a link preview reads the URL as it stands.
        if source.hasPrefix("https://") || source.hasPrefix("http://") { return HTMLEscaping.percentEncodeHref(source) }
        guard !SitePaths.isAbsoluteOrFragment(source) else { return nil }
        // The folder is a path on disk; the picture's path is from the Markdown file's folder.
        var parts = folder.split(separator: "/").dropLast().map { SitePaths.urlPath(String($0)) }
        for part in source.split(separator: "/") {
            if part == ".." { if parts.popLast() == nil { return nil } } else if part != "." { parts.append(HTMLEscaping.percentEncodeHref(String(part))) }
        }
        return absoluteURL(encoded: parts.joined(separator: "/"))
    }

    /// The absolute URL of a path already written as a URL.
    public func absoluteURL(encoded path: String) -> String? {
        settings.baseURL.map { $0 + path }
    }

    public var markdown: HTMLRenderer { SitePaths.markdownRenderer(allowRawHTML: settings.rawHTML) }

    /// The stylesheet every page links: written once per site rather than inlined in each
    /// of its pages, which made it half of all the bytes a build wrote.
    public var stylesheet: OutputFile {
        OutputFile(path: templates.stylesheetPath, text: templates.text("style.css"))
    }
}

/// Values a build makes once per key (a language's words, a page script's words) and
/// shares between pages; rendering runs on every core.
final class MadeOnce<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let cache = Mutex<[Key: Value]>([:])

    func value(_ key: Key, make: () -> Value) -> Value {
        if let known = cache.withLock({ $0[key] }) { return known }
        let made = make()
        cache.withLock { $0[key] = made }
        return made
    }

    /// The same, made while the cache is locked: for a value that costs enough that two
    /// threads asking for it at once should not both make it (a language's words, asked for
    /// by every core as the maps are planned). `make` must not ask this cache again.
    func valueMadeOnce(_ key: Key, make: () -> Value) -> Value {
        cache.withLock { cache in
            if let known = cache[key] { return known }
            let made = make()
            cache[key] = made
            return made
        }
    }
}
