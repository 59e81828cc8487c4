import Foundation
import Content
@testable import Render
import Testing
import TestSupport

/// The site index: every piece in path order (FORMAT.md), each naming its folder, so that
/// three "Week 1 quiz" entries are told apart.
@Suite struct IndexRendererTests {
    func meta(_ path: String) -> ContentMeta {
        ContentMeta(kind: .trivia, title: "T " + path, description: "", lang: "en", sitePath: path,
                    sourcePath: "Content/\(path).md", introduction: [], draft: false)
    }

    func index(_ paths: [String]) -> String {
        let site = SiteContext(settings: SiteSettings(), templates: TemplateSet.make().0)
        return IndexRenderer.render(paths.map(meta), site: site).text
    }

    @Test func entriesStandInPathOrderEachNamingItsFolder() throws {
        let paths = ["week10/quiz", "intro", "week2/quiz", "week1/quiz", "week1/b/deep", "extra-10", "Extra", "extra-9", "été",
                     "maths", "maths/week1", "maths-extra"]
        let page = index(paths)
        let links = page.matches(of: /<a href="([^"]*)\/index.html"/).map { String($0.1) }
        // A plain sort of the Markdown files' paths: by their bytes, so capitals first,
        // numbers digit by digit, and `maths-extra.md` < `maths.md` < `maths/week1.md`.
        #expect(links.map { $0.removingPercentEncoding! + ".md" } == paths.map { $0 + ".md" }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(links == ["Extra", "extra-10", "extra-9", "intro", "maths-extra", "maths", "maths/week1", "week1/b/deep", "week1/quiz",
                          "week10/quiz", "week2/quiz", "%C3%A9t%C3%A9"])
        let folders = page.matches(of: /<li>.*?(?:<bdi class="muted">([^<]*)<\/bdi>|<\/li>)/).map { $0.1.map(String.init) ?? "" }
        #expect(folders == ["", "", "", "", "", "", "maths/", "week1/b/", "week1/", "week10/", "week2/", ""])
    }

    /// The kind in the site's words, and as front matter names it (a class to style it by).
    @Test func anEntrysKindIsInWordsAndByName() {
        #expect(index(["q"]).contains("<span class=\"kind trivia\">Trivia quiz</span>"))
    }

    @Test func anEmptyIndexSaysSo() {
        let empty = index([])
        #expect(!empty.contains("<ul") && empty.contains("Nothing here yet"))
    }

    /// The host's page for a missing address, as the site's other pages look.
    @Test func goldenNotFoundPage() {
        let site = SiteContext(settings: SiteSettings(title: "Quizzes & more", baseURL: "https://example.org/q/"), templates: TemplateSet.make().0)
        Golden.assertMatches(NotFoundRenderer.render(site: site).text, named: "404.html")
    }
}
