import Analysis
import Content
import Diagnostics
import Foundation
import Messages
import Render
import Site
import Testing
import TestSupport

/// Tests/Fixtures/languages: a site in Japanese (quizgen.yml's `language: ja`) with a quiz of
/// each kind and a story, and one story in Arabic (`lang: ar`).
enum LanguageSite {
    static let root = Repository.root.appendingPathComponent("Tests/Fixtures/languages")
    static let location = SiteLocation(
        root: root.path, content: root.appendingPathComponent("Content").path, contentDisplay: "Content", rootDisplay: "")
    static let output: BuildOutput = Pipeline(options: BuildOptions(maps: false)).collect(SiteLoader.load(location, fileSystem: .disk))

    static func page(_ path: String) -> String? {
        output.files.first { $0.path == path }?.text
    }

    /// The story's map page, which a build only writes when Graphviz drew the map.
    static func mapPage(_ name: String) throws -> String {
        let file = try #require(SiteLoader.load(location, fileSystem: .disk).contentFiles.first { $0.relativePath == name + ".md" })
        guard case .success(let loaded) = file.load() else { throw StoryTestFailure() }
        let (piece, _) = ContentParser.parse(loaded.source, sitePath: name, options: .init(defaultLanguage: "ja"))
        guard case .story(let story)? = piece?.body, let meta = piece?.meta else { throw StoryTestFailure() }
        let analysis = StoryAnalysis.analyse(StoryGraph(story))
        let site = SiteContext(settings: SiteSettings(language: "ja"), templates: TemplateSet.make().0)
        let files = StoryRenderer.render(meta, story, analysis: analysis, dot: "digraph {}", svg: Array("<svg/>".utf8), site: site)
        return try #require(files.first { $0.path == name + "/map.html" }?.text)
    }
}

@Suite struct LanguagePageTests {
    static let japanese = [
        "index.html", "doubutsu/index.html", "doubutsu/dog.html", "tani/index.html", "michi/index.html", "michi/page-1.html",
        "michi/yama.html",
    ]

    @Test func fixtureBuildsWithoutProblems() {
        #expect(LanguageSite.output.diagnostics.isEmpty, "\(DiagnosticPrinter().format(LanguageSite.output.diagnostics))")
    }

    /// One Japanese page of each kind: personality, trivia, the story's cover and a page,
    /// its graph and its map page, and the site's index.
    @Test func goldenJapanesePages() throws {
        for path in ["doubutsu/index.html", "tani/index.html", "michi/index.html", "michi/page-1.html", "index.html"] {
            Golden.assertMatches(try #require(LanguageSite.page(path)), named: "languages/" + path)
        }
        Golden.assertMatches(try #require(LanguageSite.page("michi/story.dot")), named: "languages/michi/story.dot")
        Golden.assertMatches(try LanguageSite.mapPage("michi"), named: "languages/michi/map.html")
    }

    /// A site whose quizgen.yml gives no title is named in its own language, on the index
    /// and in every crumb; a title given is kept as written.
    @Test func aSiteWithoutATitleIsNamedInItsLanguage() throws {
        let templates = TemplateSet.make().0
        func name(_ settings: SiteSettings) -> String { SiteContext(settings: settings, templates: templates).siteTitle }
        #expect(name(SiteSettings(language: "ja")) == "クイズと物語")
        #expect(name(SiteSettings(language: "de-AT")) == "Quizze und Geschichten")
        #expect(name(SiteSettings(language: "xx")) == "Quizzes and stories")
        #expect(name(SiteSettings()) == "Quizzes and stories")
        #expect(name(SiteSettings(title: "Mine", language: "ja")) == "Mine")
        #expect(try LanguageSite.mapPage("michi").contains("<a href=\"../index.html\">クイズと物語</a>"))
    }

    @Test func goldenArabicPageReadsRightToLeft() throws {
        let page = try #require(LanguageSite.page("tariq/start.html"))
        Golden.assertMatches(page, named: "languages/tariq/start.html")
        #expect(page.contains("<html lang=\"ar\" dir=\"rtl\">"))
        for path in Self.japanese {
            #expect(try #require(LanguageSite.page(path)).contains("<html lang=\"ja\">"), "\(path)")
        }
    }

    /// Every English word quizgen adds to a page has a Japanese counterpart: no text of the
    /// English catalog shows on a `lang: ja` page of any kind, its map, its graph or the
    /// index. Messages whose Japanese is the same as English ("{value}%") are the exceptions
    /// MessagesTests lists (BuiltInCatalogTests.sameAsEnglish), and are skipped here.
    @Test func noEnglishCatalogTextOnJapanesePages() throws {
        let library = MessageLibrary.builtIn
        let english = library.english, japanese = library.resolve("ja").catalog
        var fragments: Set<String> = []
        for id in english.ids {
            let texts = english.messages[id]!.texts
            if japanese.messages[id]!.texts.contains(where: texts.contains) { continue }
            for text in texts {
                // The words between placeholders, where they hold a letter.
                for words in text.replacing(/\{\w+\}/, with: "\u{0}").split(separator: "\u{0}") {
                    let trimmed = words.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
                    if trimmed.contains(where: \.isLetter) { fragments.insert(trimmed) }
                }
            }
        }
        #expect(fragments.contains("Question") && fragments.contains("Next question"))
        // The check sees English where there is some: on the English sample, in its text and its script's words.
        let sample = Self.readerText(try #require(SampleSite.page("metric-prefixes/index.html")))
        #expect(sample.contains("Next question") && sample.contains("Right! +{0}") && !sample.contains("sha256"))
        var shown: [(String, String)] = try Self.japanese.map { ($0, Self.readerText(try #require(LanguageSite.page($0)))) }
        shown.append(("michi/map.html", Self.readerText(try LanguageSite.mapPage("michi"))))
        // Of the graph, its labels: node names such as `start` are DOT, not words.
        let dot = try #require(LanguageSite.page("michi/story.dot"))
        let labels = dot.matches(of: /label="([^"]*)"/).map { String($0.output.1) }
        #expect(labels.contains("スタート"))
        shown.append(("michi/story.dot", labels.joined(separator: "\n")))
        for (path, text) in shown {
            for fragment in fragments.sorted() where text.contains(fragment) {
                Issue.record("\(path) shows English: “\(fragment)”")
            }
        }
    }

    /// What a reader can see or hear of a page: its text, the attributes that are read out or
    /// shown, and the words its script will show (the "m" of its data); not the stylesheet,
    /// the script's code, the policy or markup.
    static func readerText(_ html: String) -> String {
        var text = html
        for pattern in [#"(?s)<style>.*?</style>"#, #"(?s)<script>.*?</script>"#, #"<meta http-equiv[^>]*>"#] {
            text = text.replacingOccurrences(of: pattern, with: " ", options: [.regularExpression])
        }
        var out: [String] = []
        if let data = text.range(of: #"(?s)<script type="application/json"[^>]*>.*?</script>"#, options: .regularExpression) {
            let json = text[data].replacingOccurrences(of: #"^<script[^>]*>|</script>$"#, with: "", options: .regularExpression)
            if let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
               let words = object["m"] as? [String: Any] {
                for value in words.values { out += (value as? [String]) ?? [(value as? String) ?? ""] }
            }
            text.removeSubrange(data)
        }
        let attributes = try! NSRegularExpression(pattern: #"(?:alt|aria-label|content|title)="([^"]*)""#)
        for match in attributes.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            out.append(String(text[Range(match.range(at: 1), in: text)!]))
        }
        out.append(text.replacingOccurrences(of: #"<[^>]*>"#, with: " ", options: .regularExpression))
        return out.joined(separator: "\n")
    }
}
