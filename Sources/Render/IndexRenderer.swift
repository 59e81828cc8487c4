import Content

/// `index.html` at the site root: every quiz and story with its title, kind and description.
public enum IndexRenderer {
    public static func render(_ pieces: [ContentMeta], site: SiteContext) -> OutputFile {
        let entries: [[String: Any]] = pieces.sorted { $0.sitePath < $1.sitePath }.map { meta in
            [
                "url": meta.sitePath + "/index.html",
                "title": meta.title,
                "kind": meta.kind.label,
                "description": meta.description,
                "hasDescription": !meta.description.isEmpty,
            ]
        }
        let content = site.templates.render("index", [
            "siteTitle": site.settings.title,
            "siteDescription": site.settings.description,
            "hasSiteDescription": !site.settings.description.isEmpty,
            "entries": entries,
            "hasEntries": !entries.isEmpty,
        ])
        let shell = PageShell(
            title: site.settings.title, description: site.settings.description, lang: site.settings.language,
            url: site.absoluteURL("index.html"))
        return OutputFile(path: "index.html", text: shell.render(content: content, site: site))
    }
}
