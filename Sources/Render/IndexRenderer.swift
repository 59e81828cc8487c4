import Content
import Support
import Templating

/// `index.html` at the site root: every quiz and story with its title, kind and description,
/// in path order as people number things (`week2` before `week10`), under a heading for
/// each folder when the site has folders.
public enum IndexRenderer {
    public static func render(_ pieces: [ContentMeta], site: SiteContext) -> OutputFile {
        let words = site.words(site.settings.language)
        let siteRTL = site.isRightToLeft(site.settings.language)
        // By folder first, so that each folder's entries stand together under one heading.
        // Each name's bytes are made once, not at every comparison, and indices are sorted
        // rather than the entries, which are large to move.
        let keys = pieces.map { meta in
            let path = Array(meta.sitePath.utf8)
            return (folder: Array(path[..<(path.lastIndex(of: UInt8(ascii: "/")) ?? 0)]), path: path)
        }
        let order = keys.indices.sorted { a, b in
            keys[a].folder != keys[b].folder
                ? NaturalOrder.precedes(keys[a].folder, keys[b].folder) : NaturalOrder.precedes(keys[a].path, keys[b].path)
        }
        let entries: [TemplateValue] = order.map { pieces[$0] }.map { meta in
            // A title and description in another language than the page's carry theirs, so
            // that they are shaped (CJK glyphs differ by language) and run (right to left)
            // as they should; the kind is in the site's words.
            let rtl = site.isRightToLeft(meta.lang)
            return [
                "url": .string(SitePaths.urlPath(meta.sitePath + "/index.html")),
                "title": .string(meta.title),
                "kind": .string(words.text("kind.\(meta.kind.rawValue)")),
                "description": .string(meta.description),
                "hasDescription": .bool(!meta.description.isEmpty),
                "otherLang": .bool(meta.lang.lowercased() != site.settings.language.lowercased()),
                "lang": .string(meta.lang),
                "otherDir": .bool(rtl != siteRTL),
                "dir": .string(rtl ? "rtl" : "ltr"),
            ]
        }
        // Consecutive entries of one folder (the root's without a heading).
        var groups: [TemplateValue] = []
        var start = 0
        let folders = order.map { keys[$0].folder }
        for end in folders.indices.dropFirst() + [folders.count] where !folders.isEmpty
            && (end == folders.count || folders[end] != folders[start]) {
            let name = String(decoding: folders[start], as: UTF8.self)
            groups.append(["folder": .string(name), "hasFolder": .bool(!name.isEmpty), "entries": .list(Array(entries[start..<end]))])
            start = end
        }
        let content = site.templates.renderUTF8("index", [
            // Every template has the way to the root, as its own may link the site's files.
            "root": .string(""),
            "siteTitle": .string(site.siteTitle),
            "siteDescription": .string(site.settings.description),
            "hasSiteDescription": .bool(!site.settings.description.isEmpty),
            "entries": .list(entries),
            "groups": .list(groups),
            "hasEntries": .bool(!entries.isEmpty),
            "t": words.templateValue,
        ] as TemplateValue)
        let shell = PageShell(
            title: site.siteTitle, description: site.settings.description, lang: site.settings.language,
            root: "", url: site.absoluteURL("index.html"))
        return OutputFile(path: "index.html", contents: shell.render(content: content, site: site))
    }
}
