import Content
import Render
import Testing

/// The site's one stylesheet: written once, linked from every page by a relative path, named
/// by its contents, and allowed by the pages' policy.
@Suite struct StylesheetTests {
    func site(_ css: String? = nil) -> SiteContext {
        let overrides = css.map { ["style.css": (path: "Templates/style.css", text: $0)] } ?? [:]
        return SiteContext(settings: SiteSettings(), templates: TemplateSet.make(overrides: overrides).0)
    }

    func page(root: String, site: SiteContext) -> String {
        PageShell(title: "T", description: "", lang: "en", root: root).render(content: "<main></main>", site: site)
    }

    @Test func theStylesheetIsTheTemplatesStyleUnderANameFromItsContents() throws {
        let builtIn = site().stylesheet
        #expect(builtIn.text == TemplateSet.builtIn["style.css"])
        #expect(try #require(builtIn.path.wholeMatch(of: /style\.[0-9a-f]{10}\.css/)) != nil)
        let mine = site("body{color:#123}").stylesheet
        #expect(mine.text == "body{color:#123}")
        #expect(mine.path != builtIn.path)
        // SHA-256 of "body{color:#123}", its first five bytes.
        #expect(mine.path == "style." + "dcdba4b848" + ".css")
    }

    @Test func everyPageLinksItFromItsFolderAndInlinesNoStyle() {
        let site = site()
        let path = site.stylesheet.path
        #expect(page(root: "", site: site).contains("<link rel=\"stylesheet\" href=\"\(path)\">"))
        #expect(page(root: "../../", site: site).contains("<link rel=\"stylesheet\" href=\"../../\(path)\">"))
        #expect(!page(root: "", site: site).contains("<style"))
    }

    @Test func thePolicyAllowsTheSitesStylesheetsAndNoOtherInlineStyle() throws {
        let page = page(root: "", site: site())
        let csp = try #require(page.firstMatch(of: /style-src ([^;]*);/)).1
        #expect(csp == "'self' " + SHA256.cspSource(TemplateSet.builtIn["style.css"]!))
        #expect(!csp.contains("unsafe"))
    }
}
