import Diagnostics
import Site
import Testing

/// Pages of a language quizgen has no catalog for are built in English, and the build says
/// so once per language, at the value that asked for it.
@Suite struct LanguageSiteTests {
    static let location = SiteLocation(root: "/site", content: "/site/Content", contentDisplay: "Content", rootDisplay: "")
    static let story = "## A\n"

    func build(_ files: [String: String]) -> BuildOutput {
        Pipeline().collect(SiteLoader.load(
            Self.location, fileSystem: FileSystem.memory(files.mapValues { Array($0.utf8) }).0))
    }

    @Test func aPieceInAnUnknownLanguageWarnsOnceAtItsLangValue() throws {
        let piece = "---\nkind: story\nlang: tlh\n---\n" + Self.story
        let result = build(["/site/Content/a.md": piece, "/site/Content/b.md": piece, "/site/Content/c.md": "---\nkind: story\nlang: ja\n---\n## A\n"])
        let warning = try #require(result.diagnostics.only)
        #expect(warning.severity == .warning && warning.file == "Content/a.md" && warning.line == 3 && warning.column == 7)
        #expect(warning.message.contains("'tlh'") && warning.message.contains("English"))
        let page = result.files.first { $0.path.hasPrefix("b/") && $0.path.hasSuffix(".html") && $0.path != "b/index.html" }?.text ?? ""
        #expect(page.contains("<html lang=\"tlh\">") && page.contains("The end."))
    }

    @Test func anUnknownSiteLanguageWarnsOnceInQuizgenYml() throws {
        let result = build([
            "/site/quizgen.yml": "title: Q\nlanguage: tlh\n",
            "/site/Content/a.md": "---\nkind: story\n---\n" + Self.story,
            "/site/Content/b.md": "---\nkind: story\nlang: tlh\n---\n" + Self.story,
        ])
        let warning = try #require(result.diagnostics.only)
        #expect(warning.file == "quizgen.yml" && warning.line == 2 && warning.column == 11)
    }

    @Test func builtInAndRegionalLanguagesDoNotWarn() {
        let result = build([
            "/site/quizgen.yml": "language: pt-BR\n",
            "/site/Content/a.md": "---\nkind: story\nlang: zh-TW\n---\n" + Self.story,
            "/site/Content/b.md": "---\nkind: story\nlang: de-AT\n---\n" + Self.story,
        ])
        #expect(result.diagnostics.isEmpty)
    }
}

extension Array {
    fileprivate var only: Element? { count == 1 ? first : nil }
}
