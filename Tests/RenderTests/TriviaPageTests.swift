import Content
import Diagnostics
import Foundation
import Markdown
import Render
import Site
import Testing
import TestSupport

@Suite struct TriviaPageTests {
    @Test func goldenExercisePage() throws {
        Golden.assertMatches(try #require(SampleSite.page("metric-prefixes/index.html")), named: "metric-prefixes/index.html")
    }

    @Test func scriptAndStyleAreAllowedByHashOnly() throws {
        let page = try #require(SampleSite.page("knowledge-king/index.html"))
        let csp = try #require(page.firstMatch(of: /http-equiv="Content-Security-Policy" content="([^"]*)"/)?.1)
        #expect(!csp.contains("unsafe-inline"))
        let script = try #require(page.firstMatch(of: /<script>([\s\S]*?)<\/script>/)?.1)
        #expect(String(script) == TemplateSet.make().0.text("trivia.js"))
        #expect(csp.contains(PageShell.contentSecurityPolicy(style: TemplateSet.builtIn["style.css"]!, scripts: [String(script)])))
        // Style comes only from the stylesheet: no style attributes anywhere in the page.
        #expect(!page.contains(" style="))
    }

    @Test func theBankIsPrerenderedWithPointsResolved() throws {
        let page = try #require(SampleSite.page("knowledge-king/index.html"))
        let json = try #require(page.firstMatch(of: /<script type="application\/json" id="quiz-data">([^<]*)<\/script>/)?.1)
        let data = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(data["n"] as? Int == 10 && data["t"] as? Int == 10_000)
        #expect(data["sa"] as? Bool == true && data["sq"] as? Bool == true && data["e"] as? Bool == false)
        let questions = try #require(data["q"] as? [[String: Any]])
        #expect(questions.count == 80)
        #expect(Set(questions.compactMap { $0["p"] as? Int }) == [3, 5, 10])
        let first = questions[0]
        #expect(first["h"] as? String == "What is the capital of Australia?")
        #expect(first["c"] as? [String] == ["Sydney", "Canberra", "Melbourne", "Perth"])
        #expect(first["k"] as? [Int] == [1])
        #expect(first["x"] as? String == "<p>Canberra was chosen as a compromise between Sydney and Melbourne.</p>\n")
        let planets = questions[1]
        #expect(planets["m"] as? Int == 1 && planets["k"] as? [Int] == [0, 1] && planets["p"] as? Int == 5)
        #expect(planets["b"] as? String == "<p>Tick every one that is.</p>\n")
        // CSV text is plain text, escaped once.
        let romeo = try #require(questions.first { ($0["h"] as? String)?.contains("Romeo") == true })
        #expect(romeo["h"] as? String == "Who wrote &quot;Romeo and Juliet&quot;?")
    }

    /// A play kept in the page's history entry resumes only on the quiz it was dealt from:
    /// the data's "v" is its hash, which a bank reordered in place (of the same size) changes.
    @Test func theDataNamesItsQuizForAPlayToResumeOn() throws {
        let range = SourceRange(start: .init(line: 1, column: 1), end: .init(line: 1, column: 1))
        func question(_ text: String) -> TriviaQuiz.Question {
            TriviaQuiz.Question(
                text: [Node(.text(text), range: range)],
                choices: [.init(content: [Node(.text("yes"), range: range)], correct: true),
                          .init(content: [Node(.text("no"), range: range)], correct: false)],
                source: .init(file: "x.md", line: 1))
        }
        func version(_ texts: [String]) throws -> Int {
            let data = TriviaRenderer.data(TriviaQuiz(questions: texts.map(question)), markdown: HTMLRenderer())
            let object = try #require(try JSONSerialization.jsonObject(with: Data(data)) as? [String: Any])
            return try #require(object["v"] as? Int)
        }
        #expect(try version(["A?", "B?"]) == version(["A?", "B?"]))
        #expect(try version(["A?", "B?"]) != version(["B?", "A?"]))
        #expect(try version(["A?", "B?"]) != version(["A?", "C?"]))
    }

    @Test func nothingAnAuthorWritesCanCloseTheDataScript() {
        let range = SourceRange(start: .init(line: 1, column: 1), end: .init(line: 1, column: 1))
        let text = "</script><script>alert(1)</script><!--"
        // Text is escaped as HTML; raw HTML (with raw-html: true) reaches the JSON as it is.
        let quiz = TriviaQuiz(questions: [TriviaQuiz.Question(
            text: [Node(.text(text), range: range)],
            choices: [.init(content: [Node(.htmlInline(text), range: range)], correct: true),
                      .init(content: [Node(.text("b"), range: range)], correct: false)],
            source: .init(file: "x.csv", line: 2))])
        let encoded = String(decoding: TriviaRenderer.data(quiz, markdown: HTMLRenderer(allowRawHTML: true)), as: UTF8.self)
        #expect(!encoded.contains("<") && !encoded.contains(">"))
        #expect(encoded.contains("\\u003c/script\\u003e\\u003cscript\\u003e"))
        #expect(encoded.contains("\\u0026lt;/script\\u0026gt;"))
    }

    @Test func theIntroductionListsTheRules() throws {
        let page = try #require(SampleSite.page("knowledge-king/index.html"))
        #expect(page.contains("<li>10 questions per play, drawn at random from 80</li>"))
        // The reader picks the author's time, ten times as much, or none (WCAG 2.2.1).
        #expect(page.contains("<legend>Time per question</legend>"))
        #expect(page.contains("<input type=\"radio\" name=\"tm\" value=\"1\" checked><span>The author’s time: 10 seconds</span>"))
        #expect(page.contains("<input type=\"radio\" name=\"tm\" value=\"10\"><span>More time: 100 seconds</span>"))
        #expect(page.contains("<span>No time limit</span>"))
        #expect(page.contains("<progress id=\"timer\" max=\"1000\" value=\"1000\" aria-label=\"Time left\" aria-describedby=\"secs\"></progress>"))
        let sudden = try #require(SampleSite.page("sudden-death/index.html"))
        #expect(sudden.contains("<li>Sudden death: the first wrong answer ends the game</li>"))
        #expect(sudden.contains("A perfect run! You know your way around the world."))
        let exercise = try #require(SampleSite.page("metric-prefixes/index.html"))
        #expect(exercise.contains("<li>Pass mark: 80%</li>"))
        #expect(!exercise.contains("id=\"timer\""))
    }

    /// The real page script, run under node with a clock and random numbers the test controls:
    /// draws, time-outs, scores, sudden death, the pass mark and sharing (Tests/js/trivia-check.mjs).
    @Test(.requires(.node)) func pageScriptDrawsTimesAndScores() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for page in ["knowledge-king", "sudden-death", "metric-prefixes"] {
            let url = folder.appendingPathComponent(page + ".html")
            try #require(SampleSite.page(page + "/index.html")).write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        let result = try ProcessResult.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["node", Repository.root.appendingPathComponent("Tests/js/trivia-check.mjs").path] + paths)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("16 of 16 checks passed"), "\(result.stdout)")
    }
}
