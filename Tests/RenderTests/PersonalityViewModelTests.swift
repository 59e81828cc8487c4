import Analysis
import Content
import Diagnostics
@testable import Render
import Support
import Templating
import Testing

/// The names the personality and outcome templates are given, read through templates of a
/// site's own: a site that replaces a template sees the same view model however the
/// built-in pages are made.
@Suite struct PersonalityViewModelTests {
    /// Twelve answers on a ranged question, so that numbers run past one digit.
    static let quiz = """
        ---
        kind: personality
        title: Fish & Chips
        ---
        Intro.

        ## First?
        - A {x}
        - B {y}

        ## Second? {.ranged}
        \((0..<12).map { "- R\($0) {x}" }.joined(separator: "\n"))

        ## X wins {#x .outcome}
        All x. ![pic](img/x.png)

        ## Y wins {#y .outcome}
        All y.
        """

    static let quizTemplate = """
        {{questionCount}}|{{#questions}}{{number}}:{{max}}:{{mid}}:{{middle}}:{{#single}}S{{/single}}{{#ranged}}R{{/ranged}}\
        [{{#answers}}{{index}}{{#index}}+{{/index}}{{#isMiddle}}m{{/isMiddle}},{{/answers}}]{{/questions}}|{{#outcomes}}{{url}};{{/outcomes}}
        """

    static func site(baseURL: String? = nil, quiz: String = quizTemplate, outcome: String = "{{quizTitle}}/{{resultOf}}/{{{title}}}") -> SiteContext {
        let overrides = [
            "personality.mustache": (path: "Templates/personality.mustache", text: quiz),
            "outcome.mustache": (path: "Templates/outcome.mustache", text: outcome),
        ]
        let (templates, problems) = TemplateSet.make(overrides: overrides)
        // These templates show the view model, not a page the script could run on.
        #expect(problems.map(\.message).allSatisfy { $0.hasPrefix("the built-in personality.js looks for elements") })
        return SiteContext(settings: SiteSettings(baseURL: baseURL), templates: templates)
    }

    func pages(baseURL: String? = nil) throws -> [OutputFile] {
        try pages(site: Self.site(baseURL: baseURL))
    }

    func pages(site: SiteContext, at sitePath: String = "a/fish", lang: String? = nil) throws -> [OutputFile] {
        let text = lang.map { Self.quiz.replacingOccurrences(of: "kind: personality", with: "kind: personality\nlang: \($0)") } ?? Self.quiz
        let (parsed, diagnostics) = ContentParser.parse(SourceFile(path: "Content/\(sitePath).md", text: text), sitePath: sitePath)
        #expect(!diagnostics.hasErrors, "\(diagnostics)")
        let piece = try #require(parsed)
        guard case .personality(let quiz) = piece.body else {
            Issue.record("not a personality quiz")
            return []
        }
        return PersonalityRenderer.render(piece.meta, quiz, table: OutcomeTable(quiz), site: site)
    }

    @Test func numbersAreShownAndTestedAsIntegers() throws {
        let page = try #require(try pages().first { $0.path == "a/fish/index.html" }).text
        // Zero is shown and is true, as an integer is.
        // The slider starts on its middle answer, round(0.5 × 11) = 6, and says which.
        let answers = (0..<12).map { "\($0)+\($0 == 6 ? "m" : "")," }.joined()
        #expect(page.contains("<body>\n2|1:1:1::S[0+,1+,]2:11:6:R6:R[\(answers)]|x.html;y.html;\n</body>"))
    }

    @Test func outcomePagesKeepTheirWordsTitlesAndLinks() throws {
        let pages = try pages()
        #expect(pages.map(\.path) == ["a/fish/index.html", "a/fish/x.html", "a/fish/y.html"])
        let x = pages[1].text
        #expect(x.contains("<body>\nFish &amp; Chips/A result of “Fish &amp; Chips”/X wins\n</body>"))
        #expect(x.contains("<title>X wins · Fish &amp; Chips</title>"))
        #expect(x.contains("<meta property=\"og:title\" content=\"X wins\">"))
        #expect(x.contains("<meta name=\"description\" content=\"All x.\">"))
        // Without a base URL there is nothing absolute to link to.
        #expect(!x.contains("og:url"))
        #expect(!x.contains("og:image"))
        let y = pages[2].text
        #expect(y.contains("<title>Y wins · Fish &amp; Chips</title>"))
    }

    /// The data's "v" names the quiz a kept play began on: a question made `.multiple`
    /// since, with the same weights, is another quiz, and the play starts anew.
    @Test func theDataNamesTheQuestionTypesToo() throws {
        func version(_ text: String) throws -> Substring {
            let (parsed, _) = ContentParser.parse(SourceFile(path: "Content/q.md", text: text), sitePath: "q")
            guard case .personality(let quiz)? = parsed?.body else { throw Failure() }
            let data = PersonalityRenderer.scriptData(OutcomeTable(quiz), quiz, words: .builtIn("en"))
            let json = String(decoding: data, as: UTF8.self)
            return try #require(json.firstMatch(of: /"v":(\d+)/)?.1)
        }
        #expect(try version(Self.quiz) == version(Self.quiz))
        #expect(try version(Self.quiz) != version(Self.quiz.replacingOccurrences(of: "## First?", with: "## First? {.multiple}")))
    }
    struct Failure: Error {}

    @Test func outcomePagesLinkThemselvesUnderABaseURL() throws {
        let pages = try pages(baseURL: "https://example.org/")
        let x = pages[1].text
        #expect(x.contains("<meta property=\"og:url\" content=\"https://example.org/a/fish/x.html\">"))
        #expect(x.contains("<meta property=\"og:image\" content=\"https://example.org/a/img/x.png\">"))
        // Link previews: a large card where there is a picture; no absolute link (FORMAT.md).
        #expect(!x.contains("rel=\"canonical\""))
        #expect(x.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"))
        let quiz = pages[0].text
        #expect(quiz.contains("<meta property=\"og:url\" content=\"https://example.org/a/fish/index.html\">"))
        #expect(quiz.contains("<meta name=\"twitter:card\" content=\"summary\">"))
    }

    /// A link preview reads `og:image` as it stands: a picture named as written in Markdown
    /// (`<my pic é.png>`) is percent-encoded there, as the page's own `<img>` has it.
    @Test func outcomeImagesAreEncodedAsURLs() {
        let site = Self.site(baseURL: "https://example.org/sub/")
        #expect(site.previewImageURL("pics/my pic é.png", pageFolder: "a/fish")
            == "https://example.org/sub/a/pics/my%20pic%20%C3%A9.png")
        #expect(site.previewImageURL("../b%20c.png", pageFolder: "a/fish") == "https://example.org/sub/b%20c.png")
        #expect(site.previewImageURL("https://cdn.example/a b.png", pageFolder: "a/fish") == "https://cdn.example/a%20b.png")
    }

    /// The way to the root, the site's title and the words are the same for many pages and
    /// may be made once for them, but every page sees its own, at every level of its view model.
    @Test func eachPageSeesItsOwnRootAndLanguageAtEveryLevel() throws {
        let site = Self.site(
            quiz: "{{root}}{{siteTitle}}:{{t.personality.next}}{{#questions}}[{{root}}{{t.personality.next}}{{#answers}}{{root}}{{/answers}}]{{/questions}}",
            outcome: "{{root}}{{siteTitle}}:{{t.outcome.take_quiz}}|{{quizTitle}}|{{resultOf}}")
        let deep = try pages(site: site, at: "a/fish")
        let shallow = try pages(site: site, at: "fish")
        let french = try pages(site: site, at: "b/fish", lang: "fr")
        let again = try pages(site: site, at: "a/fish")
        let en = PageMessages.builtIn("en"), fr = PageMessages.builtIn("fr")
        func quiz(_ root: String, _ words: PageMessages) -> String {
            let next = HTMLEscaping.escape(words.text("personality.next"))
            let question = "[\(root)\(next)\(String(repeating: root, count: 2))]"
            let ranged = "[\(root)\(next)\(String(repeating: root, count: 12))]"
            return "<body>\n\(root)Quizzes and stories:\(next)\(question)\(ranged)\n</body>"
        }
        #expect(deep[0].text.contains(quiz("../../", en)))
        #expect(shallow[0].text.contains(quiz("../", en)))
        #expect(french[0].text.contains(quiz("../../", fr)))
        #expect(again == deep)
        let takeQuiz = HTMLEscaping.escape(en.text("outcome.take_quiz"))
        #expect(deep[1].text.contains("<body>\n../../Quizzes and stories:\(takeQuiz)|Fish &amp; Chips|A result of “Fish &amp; Chips”\n</body>"))
        #expect(shallow[1].text.contains("<body>\n../Quizzes and stories:\(takeQuiz)|Fish &amp; Chips|"))
        #expect(french[1].text.contains("<body>\n../../Quizzes and stories:\(HTMLEscaping.escape(fr.text("outcome.take_quiz")))|Fish &amp; Chips|"
            + HTMLEscaping.escape(fr.text("outcome.result_of", ["quiz": "Fish & Chips"]))))
    }

    /// The weights as the script JSON writer writes nested arrays of numbers.
    @Test func weightsAreWrittenAsTheWriterWritesThem() {
        func reference(_ weights: [[[Int]]]) -> [UInt8] {
            var json = ScriptJSONWriter()
            json.beginObject()
            json.key("w")
            json.beginArray()
            for answers in weights {
                json.beginArray()
                for row in answers {
                    json.beginArray()
                    for weight in row { json.int(weight) }
                    json.endArray()
                }
                json.endArray()
            }
            json.endArray()
            json.endObject()
            return Array(json.bytes.dropFirst().dropLast())
        }
        let tables: [[[[Int]]]] = [
            [],
            [[]],
            [[[]], [[], []]],
            [[[1, 0, 2], [0, 0, 9]], [[10, -1, 0]]],
            [[[Int.max, Int.min, -10, 99, 100]]],
            (0..<12).map { q in (0..<7).map { a in (0..<5).map { k in (q * 7 + a * 3 + k) % 13 - 2 } } },
        ]
        for weights in tables {
            let written = PersonalityRenderer.weightsMember(weights)
            #expect(String(decoding: written, as: UTF8.self) == String(decoding: reference(weights), as: UTF8.self))
        }
        #expect(PersonalityRenderer.weightsMember([[[1, 0], [0, 12]]]) == Array(#""w":[[[1,0],[0,12]]]"#.utf8))
    }

    /// The count and progress words, filled once per language and number of questions, are
    /// the words filled for each quiz.
    @Test func questionWordsAreTheLanguagesWordsForTheCount() {
        let site = Self.site()
        for lang in ["en", "fr", "ar"] {
            let words = site.words(lang)
            for count in [1, 2, 5, 11, 1, 2] {
                let made = PersonalityRenderer.questionWords(count, words: words)
                #expect(made.count == words.plural("quiz.question_count", count: count))
                #expect(made.questionOf == words.html("quiz.question_of", ["n": "<span id=\"qn\">1</span>", "total": String(count)]))
                #expect(made.questionOf.contains("<span id=\"qn\">1</span>"))
            }
        }
        let english = site.words("en")
        #expect(PersonalityRenderer.questionWords(3, words: english).count
            != PersonalityRenderer.questionWords(1, words: english).count)
    }

    @Test func joinedIsTheThreeStringsInOrder() {
        #expect(SitePaths.joined("a/b", "/", "c.html") == "a/b/c.html")
        #expect(SitePaths.joined("", "", "") == "")
        #expect(SitePaths.joined("Chat 🐱", " · ", "Quiz") == "Chat 🐱 · Quiz")
    }
}
