import Content
import Templating

/// `index.html` at the site root: every quiz and story with its title, kind and description,
/// in path order (FORMAT.md), each in a folder naming it, so that three "Week 1 quiz" entries
/// are told apart.
public enum IndexRenderer {
    public static func render(_ pieces: [ContentMeta], site: SiteContext) -> OutputFile {
        let words = site.words(site.settings.language)
        let siteRTL = site.isRightToLeft(site.settings.language)
        // Path order is the order of the Markdown files' paths, byte by byte (code point by
        // code point): what a plain sort of them gives, `maths-extra.md`, `maths.md`,
        // `maths/week1.md`. Each path's bytes are made once, and indices are sorted rather
        // than the entries, which are large to move.
        let paths = pieces.map { Array(($0.sitePath + ".md").utf8) }
        let order = paths.indices.sorted { paths[$0].lexicographicallyPrecedes(paths[$1]) }
        let entries: [TemplateValue] = order.map { pieces[$0] }.map { meta in
            let folder = meta.folder
            // A title and description in another language than the page's carry theirs, so
            // that they are shaped (CJK glyphs differ by language) and run (right to left)
            // as they should; the kind is in the site's words.
            let rtl = site.isRightToLeft(meta.lang)
            return [
                "url": .string(SitePaths.urlPath(meta.sitePath + "/index.html")),
                "title": .string(meta.title),
                "kind": .string(words.text("kind.\(meta.kind.rawValue)")),
                // The kind as front matter names it, for styling: `personality`, `trivia`, `story`.
                "kindName": .string(meta.kind.rawValue),
                "description": .string(meta.description),
                "hasDescription": .bool(!meta.description.isEmpty),
                "otherLang": .bool(meta.lang.lowercased() != site.settings.language.lowercased()),
                "lang": .string(meta.lang),
                "otherDir": .bool(rtl != siteRTL),
                "dir": .string(rtl ? "rtl" : "ltr"),
                "folder": .string(folder),
                "hasFolder": .bool(!folder.isEmpty),
            ]
        }
        let content = site.templates.renderUTF8("index", [
            // Every template has the way to the root, as its own may link the site's files.
            "root": .string(""),
            "siteTitle": .string(site.siteTitle),
            "siteDescription": .string(site.settings.description),
            "hasSiteDescription": .bool(!site.settings.description.isEmpty),
            "entries": .list(entries),
            "hasEntries": .bool(!entries.isEmpty),
            "t": words.templateValue,
        ] as TemplateValue)
        let shell = PageShell(
            title: site.siteTitle, description: site.settings.description, lang: site.settings.language,
            root: "", url: site.absoluteURL("index.html"))
        return OutputFile(path: "index.html", contents: shell.render(content: content, site: site))
    }
}
