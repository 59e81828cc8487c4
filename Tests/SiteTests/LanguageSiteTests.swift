import Diagnostics
import Foundation
import Messages
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

    /// `jp`, `cn`, `tw` and `kr` are countries: the warning names the language's tag, as a
    /// typo of an id names the id. Other tags still list the built-in languages.
    @Test func aCountryCodeGetsTheLanguagesTag() throws {
        let result = build([
            "/site/quizgen.yml": "language: jp\n",
            "/site/Content/a.md": "---\nkind: story\nlang: cn\n---\n" + Self.story,
            "/site/Content/b.md": "---\nkind: story\nlang: tlh\n---\n" + Self.story,
        ])
        #expect(result.diagnostics.map { "\($0.file):\($0.line):\($0.column)" } == ["Content/a.md:3:7", "Content/b.md:3:7", "quizgen.yml:1:11"])
        #expect(result.diagnostics.map(\.hint) == [
            "did you mean 'zh-Hans'?", "built-in languages: " + MessageLibrary.builtIn.languages.joined(separator: ", "),
            "did you mean 'ja'?",
        ])
    }

    /// The English standing in for a missing catalog is marked as English (WCAG 3.1.2, and
    /// left to right on a right-to-left page); the author's words keep the page's language.
    @Test func interfaceWordsInEnglishAreMarkedSoAndTheAuthorsAreNot() throws {
        let result = build([
            "/site/Content/walk.md": "---\nkind: story\nlang: sw\n---\n## Mwanzo\n- [Nenda](#b)\n## Mwisho {#b}\nMwisho wa hadithi.\n",
            "/site/Content/he.md": "---\nkind: story\nlang: he\n---\n## A\n",
            "/site/Content/ja.md": "---\nkind: story\nlang: ja\n---\n## A\n",
            "/site/Content/quiz.md": "---\nkind: trivia\nlang: sw\npass: 50\npass-message: Hongera!\n---\n## Mbili?\n- [x] 2\n- [ ] 3\n",
        ])
        func page(_ path: String) -> String { result.files.first { $0.path == path }?.text ?? "" }
        let first = page("walk/mwanzo.html")
        #expect(first.contains("<html lang=\"sw\">"))
        #expect(first.contains("<p class=\"muted\" lang=\"en\">Page 1</p>"))
        #expect(first.contains("<span>Nenda</span> <span class=\"to\" lang=\"en\">page 2</span>"))
        #expect(page("walk/b.html").contains("<p class=\"end\" lang=\"en\">The end.</p>"))
        #expect(!page("walk/b.html").contains("<p lang=\"en\">Mwisho wa hadithi.</p>") && page("walk/b.html").contains("<p>Mwisho wa hadithi.</p>"))
        #expect(page("walk/index.html").contains("<p class=\"muted\" lang=\"en\">A story in 2 pages, with 1 ending.</p>"))
        #expect(page("he/a.html").contains("<p class=\"muted\" lang=\"en\" dir=\"ltr\">Page 1</p>"))
        // A language with a catalog is worded in it, and only the site's English name is marked.
        #expect(page("ja/a.html").components(separatedBy: " lang=\"en\"").count == 2)
        #expect(page("ja/a.html").contains("<a href=\"../index.html\" lang=\"en\">"))
        let quiz = page("quiz/index.html")
        #expect(quiz.contains("<button type=\"button\" id=\"next\" class=\"primary\" aria-describedby=\"why\" lang=\"en\">Next question</button>"))
        #expect(quiz.contains("<p id=\"passed\" class=\"msg ok\" hidden>Hongera!</p>"))
        #expect(quiz.contains("<p id=\"failed\" class=\"msg no\" hidden lang=\"en\">"))
        // The verdict and the share status may hold the author's words too: the script marks
        // a line of English alone from "u", which only such a page has.
        #expect(quiz.contains("<p id=\"verdict\" role=\"status\"></p>") && quiz.contains("<p id=\"status\" role=\"status\"></p>"))
        #expect(quiz.contains(",\"u\":\" lang=\\\"en\\\"\""))
        let hebrew = build(["/site/Content/q.md": "---\nkind: trivia\nlang: he\n---\n## ?\n- [x] 2\n- [ ] 3\n"])
        #expect(hebrew.files.first { $0.path == "q/index.html" }?.text.contains(",\"u\":\" lang=\\\"en\\\" dir=\\\"ltr\\\"\"") == true)
        let japanese = build(["/site/Content/q.md": "---\nkind: trivia\nlang: ja\n---\n## ?\n- [x] 2\n- [ ] 3\n"])
        #expect(japanese.files.first { $0.path == "q/index.html" }?.text.contains("\"u\":") == false)
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

/// A site's own `i18n/<lang>.yaml`: overrides of a built-in language and whole new ones
/// reach every page, the map's labels included, and their mistakes are located.
@Suite struct SiteCatalogTests {
    static let location = LanguageSiteTests.location
    static let story = "---\nkind: story\ntitle: Walk\n---\n## A\n- [On](#b)\n## B {#b}\nDone.\n"

    func build(_ files: [String: String]) -> BuildOutput {
        LanguageSiteTests().build(files)
    }

    func page(_ result: BuildOutput, _ path: String) -> String {
        result.files.first { $0.path == path }?.text ?? ""
    }

    @Test func anOverrideReachesPagesAndTheMap() throws {
        let result = build([
            "/site/Content/walk.md": Self.story,
            "/site/i18n/en.yaml": "story.the_end: \"That's all, folks.\"\nmap.start: begin here\n",
        ])
        #expect(result.diagnostics.isEmpty)
        #expect(page(result, "walk/b.html").contains("That&#39;s all, folks.") || page(result, "walk/b.html").contains("That's all, folks."))
        #expect(!page(result, "walk/b.html").contains("The end."))
        #expect(page(result, "walk/story.dot").contains("begin here"))
    }

    @Test func aNewLanguageIsUsedWithoutTheNoCatalogWarningAndSaysWhatIsMissing() throws {
        let result = build([
            "/site/quizgen.yml": "language: nl\n",
            "/site/Content/walk.md": Self.story,
            "/site/i18n/nl.yaml": "story.the_end: Het einde.\n",
            "/site/i18n/xx.yaml": "story.the_end: Xx.\n",
        ])
        #expect(result.diagnostics.map { "\($0.severity) \($0.file): \($0.message)" } == [
            "warning i18n/nl.yaml: 71 of 72 messages are not translated: English is shown for them",
            "warning i18n/xx.yaml: 71 of 72 messages are not translated: English is shown for them",
            "warning i18n/xx.yaml: quizgen has no plural rules for 'xx': forms are chosen as in English",
        ].map { $0.replacingOccurrences(of: "72", with: "\(MessageLibrary.builtIn.english.ids.count)")
            .replacingOccurrences(of: "71", with: "\(MessageLibrary.builtIn.english.ids.count - 1)") })
        #expect(page(result, "walk/b.html").contains("Het einde.") && page(result, "walk/b.html").contains("<html lang=\"nl\">"))
    }

    @Test func mistakesAreLocatedInTheCatalog() throws {
        let result = build([
            "/site/Content/walk.md": Self.story,
            "/site/i18n/fr.yaml": "story.the_endd: Fin.\nquiz.question_of: \"Question {x} sur {total}\"\n",
            "/site/i18n/de.yaml": "story.the_end: [unclosed\n",
        ])
        let found = result.diagnostics.map { "\($0.severity) \($0.file):\($0.line):\($0.column)" }
        #expect(found == ["error i18n/de.yaml:1:16", "warning i18n/fr.yaml:1:1", "error i18n/fr.yaml:2:19"], "\(found)")
        #expect(result.diagnostics.contains { $0.file == "i18n/fr.yaml" && $0.hint?.contains("story.the_end") == true })
        #expect(result.diagnostics.filter { $0.severity == .error }.map(\.file).sorted() == ["i18n/de.yaml", "i18n/fr.yaml"])
    }

    @Test func oneCatalogPerLanguageAndOtherFilesAreNamed() throws {
        let result = build([
            "/site/Content/walk.md": Self.story,
            "/site/i18n/fr.yaml": "story.the_end: Fin.\n",
            "/site/i18n/FR.yml": "story.the_end: Fin !\n",
            "/site/i18n/notes.txt": "to do\n",
        ])
        #expect(result.diagnostics.map { "\($0.severity) \($0.file)" } == ["error i18n/fr.yaml", "warning i18n/notes.txt"])
    }
}

extension Array {
    fileprivate var only: Element? { count == 1 ? first : nil }
}
