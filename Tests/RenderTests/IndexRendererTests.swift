import Content
@testable import Render
import Support
import Testing
import TestSupport

/// The site index at a teacher's scale: entries in the order people number them, under a
/// heading for each folder, so that three "Week 1 quiz" entries are told apart by where
/// they stand.
@Suite struct IndexRendererTests {
    func meta(_ path: String) -> ContentMeta {
        ContentMeta(kind: .trivia, title: "T " + path, description: "", lang: "en", sitePath: path,
                    sourcePath: "Content/\(path).md", introduction: [], draft: false)
    }

    func index(_ paths: [String]) -> String {
        let site = SiteContext(settings: SiteSettings(), templates: TemplateSet.make().0)
        return IndexRenderer.render(paths.map(meta), site: site).text
    }

    @Test func entriesStandInNumberOrderUnderTheirFolders() throws {
        let page = index(["week10/quiz", "intro", "week2/quiz", "week1/quiz", "week1/b/deep", "extra-10", "extra-9"])
        let shown = page.matches(of: /<h2>([^<]*)<\/h2>|<a href="([^"]*)\/index.html"/).map { String($0.1 ?? $0.2 ?? "") }
        #expect(shown == ["extra-9", "extra-10", "intro", "week1", "week1/quiz", "week1/b", "week1/b/deep", "week2", "week2/quiz",
                          "week10", "week10/quiz"])
    }

    @Test func aSiteWithoutFoldersHasNoHeadingsAndAnEmptyOneSaysSo() {
        let flat = index(["b", "a"])
        #expect(!flat.contains("<h2>") && flat.components(separatedBy: "<ul class=\"cards\">").count == 2)
        let empty = index([])
        #expect(!empty.contains("<ul") && empty.contains("Nothing here yet"))
    }

    /// The host's page for a missing address, as the site's other pages look.
    @Test func goldenNotFoundPage() {
        let site = SiteContext(settings: SiteSettings(title: "Quizzes & more", baseURL: "https://example.org/q/"), templates: TemplateSet.make().0)
        Golden.assertMatches(NotFoundRenderer.render(site: site).text, named: "404.html")
    }

    @Test func numbersCompareByValue() {
        let sorted = ["a10", "a2", "a02", "a1b", "a1", "b", "A", "a", "x007", "x7", "x70", "Week3", "week10", "week1", "Zeta", "alpha"]
            .sorted(by: NaturalOrder.precedes)
        #expect(sorted == ["A", "a", "a1", "a1b", "a02", "a2", "a10", "alpha", "b", "week1", "Week3", "week10", "x007", "x7", "x70", "Zeta"])
        #expect(!NaturalOrder.precedes("a", "a") && NaturalOrder.precedes("", "a"))
    }

    /// A letter with an accent stands with its base letter, not after `z` by its code point;
    /// names equal so are ordered by their bytes, and CJK names by their code points.
    @Test func accentedLettersSortWithTheirBaseLetter() {
        let sorted = ["v", "école", "Zebra", "Ärger", "apfel", "ecole", "Éclair", "edam", "東京", "北京", "İzmir", "jazz", "Ecole"]
            .sorted(by: NaturalOrder.precedes)
        #expect(sorted == ["apfel", "Ärger", "Éclair", "Ecole", "ecole", "école", "edam", "İzmir", "jazz", "v", "Zebra", "北京", "東京"])
        let page = index(["v", "école", "Zebra", "Ärger", "b"])
        let shown = page.matches(of: /<a href="([^"]*)\/index.html"/).map { String($0.1) }
        #expect(shown == ["%C3%84rger", "b", "%C3%A9cole", "v", "Zebra"])
    }
}
