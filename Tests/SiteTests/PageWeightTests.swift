import Diagnostics
import Foundation
import Site
import Testing

/// A quiz's page travels whole to every reader, its questions' data inline: past 1 MB a
/// build warns at the quiz's front matter, whether the weight comes from the Markdown or
/// from a bank.
@Suite struct PageWeightTests {
    /// `count` questions, each with a paragraph of `words` characters.
    func trivia(_ count: Int, words: Int, title: String = "Heavy") -> String {
        "---\nkind: trivia\ntitle: \(title)\n---\n" + (0..<count).map {
            "## Question \($0)?\n\n" + String(repeating: "w", count: words) + "\n\n- [x] Yes\n- [ ] No\n\n"
        }.joined()
    }

    func located(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.file):\($0.line):\($0.column): \($0.severity): \($0.message)" }
    }

    @Test func aHeavyQuizPageIsAWarningAtItsFrontMatter() throws {
        let site = TemporarySite(files: ["Content/heavy.md": trivia(250, words: 4_500), "Content/light.md": trivia(20, words: 4_500, title: "Light")])
        let output = site.build()
        #expect(located(output.diagnostics) == [
            "Content/heavy.md:1:1: warning: this quiz's page is 1.2 MB with its inline data, more than readers on phones should wait for (1.0 MB)",
        ])
        let warning = try #require(output.diagnostics.first)
        #expect(warning.hint?.contains("each drawing 'pick:' questions from a bank of its own") == true)
        #expect(warning.sourceLine == "---")
        // A warning: the site is built.
        #expect(site.exists("public/heavy/index.html"))
    }

    @Test func aHeavyPersonalityQuizToo() {
        let questions = (0..<200).map { "## Question \($0)?\n\n" + String(repeating: "w", count: 6_000) + "\n\n- Yes {a}\n- No {b}\n\n" }
        let site = TemporarySite(files: [
            "Content/animals.md": "---\nkind: personality\n---\n" + questions.joined() + "## A {#a .outcome}\nA.\n\n## B {#b .outcome}\nB.\n",
        ])
        let output = site.build()
        #expect(located(output.diagnostics).map { $0.hasPrefix("Content/animals.md:1:1: warning: this quiz's page is 1.") } == [true])
        #expect(output.diagnostics.first?.hint?.hasPrefix("split it into several quizzes, or link picture files") == true)
    }

    /// A story's pages are files of their own: a long story is many light pages.
    @Test func aLongStoryIsNoQuizPage() {
        let pages = (0..<200).map { "## Page \($0) {#p\($0)}\n\n" + String(repeating: "w", count: 6_000) + "\n\n- [On](#p\($0 + 1))\n\n" }
        let site = TemporarySite(files: ["Content/long.md": "---\nkind: story\n---\n" + pages.joined() + "## End {#p200}\nThe end.\n"])
        #expect(site.build().diagnostics == [])
    }
}

/// `--source` naming a content folder of another name finds it by a quiz file in it, of
/// any size the build reads (it looked only at files up to 1 MB).
@Suite struct ContentFolderFindingTests {
    @Test func aFolderWhoseOnlyQuizIsLargeIsFound() {
        let site = TemporarySite(files: ["quizzes/big.md": "---\nkind: story\n---\n## A\n" + String(repeating: "words ", count: 400_000)])
        let folder = site.root.appendingPathComponent("quizzes").path
        #expect(DefaultFiles.contentFolder(holding: folder, fileSystem: .disk)?.hasSuffix("/quizzes") == true)
    }
}
