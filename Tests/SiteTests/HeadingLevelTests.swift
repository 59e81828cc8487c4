import Site
import Testing

/// A page's title is its only h1, so headings in a quiz's text move one level down as a
/// story's do: a reader navigating by headings finds no level skipped.
@Suite struct HeadingLevelTests {
    @Test func quizTextHeadingsMoveDownOneLevel() {
        let result = LanguageSiteTests().build([
            "/site/Content/p.md": "---\nkind: personality\n---\n### Before you start\n## Q\n### Think\n- A {d}\n- B {d}\n## D {#d .outcome}\n#### Why\n",
            "/site/Content/t.md": "---\nkind: trivia\n---\n### Rules\n## Q\n### Look\n- [x] A\n- [ ] B\n\n> ### Because\n",
        ])
        #expect(result.diagnostics.isEmpty)
        func page(_ path: String) -> String { result.files.first { $0.path == path }?.text ?? "" }
        let personality = page("p/index.html")
        #expect(personality.contains("<h2>Before you start</h2>") && personality.contains("<h2>Think</h2>"))
        #expect(!personality.contains("<h3>Before") && !personality.contains("<h3>Think") && personality.contains("<h3>Why</h3>"))
        #expect(page("p/d.html").contains("<h3>Why</h3>"))
        let trivia = page("t/index.html")
        // The questions are the script's data, with < written \u003c.
        #expect(trivia.contains("<h2>Rules</h2>") && trivia.contains("\\u003ch2\\u003eLook") && trivia.contains("\\u003ch2\\u003eBecause"))
        #expect(!trivia.contains("h3"))
    }
}
