import Content
import Render
import Testing
import TestSupport

/// The Content-Security-Policy every page carries: images and media from the site itself and
/// `data:` only, unless the site lists origins in `media-origins`.
@Suite struct PolicyTests {
    func page(_ settings: SiteSettings) -> String {
        let site = SiteContext(settings: settings, templates: TemplateSet.make().0)
        return PageShell(title: "T", description: "", lang: "en", root: "../", scripts: ["run()"])
            .render(content: "<main><img src=\"cat.png\" alt=\"\"></main>", site: site)
    }

    func policy(_ page: String) -> String? {
        page.firstMatch(of: /http-equiv="Content-Security-Policy" content="([^"]*)"/).map { String($0.1) }
    }

    @Test func goldenDefaultAndOptedIn() {
        Golden.assertMatches(page(SiteSettings()), named: "policy/default.html")
        Golden.assertMatches(
            page(SiteSettings(mediaOrigins: ["https://images.example.org", "http://localhost:8080"])),
            named: "policy/media-origins.html")
    }

    /// A site's stylesheet may name fonts of its own with `@font-face`; nothing else may load them.
    @Test func fontsFromTheSiteOnly() throws {
        let csp = try #require(policy(page(SiteSettings(mediaOrigins: ["https://images.example.org"]))))
        #expect(csp.contains("; font-src 'self'; "))
    }

    /// A site's own layout links its own files from any page's depth with `{{root}}`.
    @Test func theLayoutKnowsTheWayToTheRoot() {
        let (templates, problems) = TemplateSet.make(overrides: [
            "layout.mustache": (path: "Templates/layout.mustache", text: "<link href=\"{{root}}fonts/brand.css\">{{{content}}}"),
        ])
        // A layout without the policy is only warned of.
        #expect(problems.map(\.message) == ["the layout has no {{{csp}}}, so its pages carry no Content-Security-Policy"])
        let site = SiteContext(settings: SiteSettings(), templates: templates)
        for root in ["", "../", "../../"] {
            #expect(PageShell(title: "T", description: "", lang: "en", root: root).render(content: "x", site: site)
                == "<link href=\"\(root)fonts/brand.css\">x")
        }
    }

    @Test func imagesAndMediaFromTheSiteOnlyByDefault() throws {
        let csp = try #require(policy(page(SiteSettings())))
        #expect(csp.contains("; img-src 'self' data:; media-src 'self' data:; "))
        #expect(!csp.contains("*"))
    }

    @Test func listedOriginsAreAddedToBoth() throws {
        let csp = try #require(policy(page(SiteSettings(mediaOrigins: ["https://images.example.org", "https://*.cdn.example.net"]))))
        #expect(csp.contains("; img-src 'self' data: https://images.example.org https://*.cdn.example.net; "
            + "media-src 'self' data: https://images.example.org https://*.cdn.example.net; "))
        #expect(PageShell.contentSecurityPolicy(style: "", scripts: [], mediaOrigins: ["https://a.example"])
            .contains("img-src 'self' data: https://a.example; media-src 'self' data: https://a.example;"))
    }

    /// `SiteSettings` only admits plain origins; one set in code that could change the policy
    /// is left out rather than written.
    @Test func anOriginThatCouldChangeThePolicyIsLeftOut() throws {
        let hostile = SiteSettings(mediaOrigins: ["https://a.example; script-src *", "\"><script>", "", "https://ok.example"])
        let page = page(hostile)
        let csp = try #require(policy(page))
        #expect(csp.contains("img-src 'self' data: https://ok.example; media-src 'self' data: https://ok.example;"))
        #expect(!page.contains("script-src *"))
        #expect(!page.contains("\"><script>"))
    }
}
