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
        let page = index(["week10/quiz", "intro", "week2/quiz", "week1/quiz", "week1/b/deep", "extra-10", "Extra", "extra-9", "été"])
        let links = page.matches(of: /<a href="([^"]*)\/index.html"/).map { String($0.1) }
        // A sort of the paths: by their bytes, so capitals first and numbers digit by digit.
        #expect(links == ["Extra", "extra-10", "extra-9", "intro", "week1/b/deep", "week1/quiz", "week10/quiz", "week2/quiz",
                          "%C3%A9t%C3%A9"])
        let folders = page.matches(of: /<li>.*?(?:<bdi class="muted">([^<]*)<\/bdi>|<\/li>)/).map { $0.1.map(String.init) ?? "" }
        #expect(folders == ["", "", "", "", "week1/b/", "week1/", "week10/", "week2/", ""])
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
