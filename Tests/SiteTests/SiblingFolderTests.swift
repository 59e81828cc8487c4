import Site
import Testing

/// A quiz's bank is read from the quiz's own folder: the path up to its last `/`.
@Suite struct SiblingFolderTests {
    let quiz = "---\nkind: trivia\ntitle: Banked\nbank: bank.csv\n---\n## In Markdown?\n- [x] Yes\n- [ ] No\n"
    let bank = "question,choices,answer\nFrom the bank?,Yes|No,Yes\n"

    /// A name may start with a combining mark, which makes one Character with the `/`
    /// before it: the folder is found on the bytes, not by splitting into Characters.
    @Test(arguments: [("a/b", "quiz.md"), ("\u{301}x/y", "quiz.md"), ("a", "\u{301}quiz.md")])
    func aBankIsReadBesideItsQuiz(_ folder: String, _ name: String) {
        let site = TemporarySite(files: ["Content/\(folder)/\(name)": quiz, "Content/\(folder)/bank.csv": bank])
        let output = site.build()
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics.map(\.message))")
        let pages = site.tree().filter { $0.key.hasSuffix(".html") }.values.map { String(decoding: $0, as: UTF8.self) }
        #expect(pages.contains { $0.contains("From the bank?") })
    }
}
