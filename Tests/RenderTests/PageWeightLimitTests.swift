import Content
import Diagnostics
import Render
import Testing

/// The warning starts one byte past `warningSize`, and only for a quiz's own page.
@Suite struct PageWeightLimitTests {
    func meta(_ kind: ContentKind) -> ContentMeta {
        ContentMeta(kind: kind, title: "Q", description: "", lang: "en", sitePath: "a/q", sourcePath: "Content/a/q.md", introduction: [], draft: false)
    }

    @Test func theWarningStartsPastTheSize() {
        let at = OutputFile(path: "a/q/index.html", contents: Array(repeating: 0x20, count: PageWeight.warningSize))
        let past = OutputFile(path: "a/q/index.html", contents: Array(repeating: 0x20, count: PageWeight.warningSize + 1))
        let outcome = OutputFile(path: "a/q/dog.html", contents: past.contents)
        #expect(PageWeight.warnings([at, outcome], of: meta(.personality)) == [])
        #expect(PageWeight.warnings([past], of: meta(.trivia)).map(\.file) == ["Content/a/q.md"])
        #expect(PageWeight.warnings([past], of: meta(.personality)).map(\.line) == [1])
        #expect(PageWeight.warnings([past], of: meta(.story)) == [])
    }
}
