import Templating

/// `404.html` at the site root: the page static hosts (GitHub Pages, Netlify, Cloudflare
/// Pages, …) show for an address the site does not have, in the site's language. Its links
/// are relative, as every link of the site is (FORMAT.md); its stylesheet is inline, so a
/// host shows it styled at a missing address below the top of the site too.
public enum NotFoundRenderer {
    public static let path = "404.html"

    public static func render(site: SiteContext) -> OutputFile {
        let lang = site.settings.language
        let words = site.words(lang)
        let root = ""
        let content = site.templates.renderUTF8("not-found", [
            "root": .string(root),
            "siteTitle": .string(site.siteTitle),
            "t": words.templateValue,
        ] as TemplateValue)
        let shell = PageShell(title: SitePaths.joined(words.text("notfound.title"), " · ", site.siteTitle), description: "", lang: lang, root: root, inlinesStyle: true)
        return OutputFile(path: path, contents: shell.render(content: content, site: site))
    }
}
