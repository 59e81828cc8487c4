import Content
import Diagnostics
import Foundation
import Import
import Markdown
import Testing
import TestSupport

/// A quizgen trivia quiz exported to GIFT and imported back is the same quiz: the same
/// questions, texts, choices, right answers and explanations, and the same levels and points
/// (which GIFT has no form for: the export keeps them in a comment that the import reads).
@Suite struct RoundTripTests {
    func parsed(_ path: String, siblings: ContentParser.Siblings = [:]) throws -> (ContentPiece, TriviaQuiz) {
        let text = try String(contentsOf: Repository.root.appendingPathComponent(path), encoding: .utf8)
        let file = SourceFile(path: path, text: text)
        var siblings = siblings
        for name in ContentParser.siblings(of: file) {
            let bank = Repository.root.appendingPathComponent(path).deletingLastPathComponent().appendingPathComponent(name)
            siblings[name] = .success(try String(contentsOf: bank, encoding: .utf8))
        }
        let (piece, problems) = ContentParser.parse(file, sitePath: "quiz", siblings: siblings)
        #expect(!problems.hasErrors, "\(located(problems))")
        let found = try #require(piece)
        guard case .trivia(let quiz) = found.body else { throw CancellationError() }
        return (found, quiz)
    }

    func summary(_ quiz: TriviaQuiz) -> [String] {
        quiz.questions.map { question in
            let choices = question.choices.map { ($0.correct ? "+" : "-") + $0.content.plainText.collapsingWhitespace }
            return [question.text.plainText.collapsingWhitespace, question.body.plainText.collapsingWhitespace,
                    choices.joined(separator: " "), question.multiple ? "multiple" : "single",
                    question.explanation.plainText.collapsingWhitespace].joined(separator: " | ")
        }
    }

    @Test(arguments: ["Content/knowledge-king.md", "Content/metric-prefixes.md", "Content/sudden-death.md"])
    func exportedToGIFTAndImportedBack(path: String) throws {
        let (piece, quiz) = try parsed(path)
        let gift = GIFTExporter.export(quiz, title: piece.meta.title)
        let (imported, back, build) = importAndBuild(SourceFile(path: "exported.gift", text: gift), .gift, name: "back")
        #expect(!imported.diagnostics.hasErrors, "\(located(imported.diagnostics))")
        #expect(!build.hasErrors, "\(located(build))")
        let backQuiz = try #require(back?.trivia)
        #expect(back?.meta.title == piece.meta.title)
        #expect(summary(backQuiz) == summary(quiz))
    }

    /// Everything a question keeps, its formatting among it.
    func details(_ quiz: TriviaQuiz) -> [String] {
        let html = HTMLRenderer()
        return quiz.questions.map { question in
            let choices = question.choices.map { ($0.correct ? "+" : "-") + html.renderPhrasing($0.content) }
            return [html.render(inlines: question.text), html.render(blocks: question.body), choices.joined(separator: " "),
                    question.multiple ? "multiple" : "single", question.level ?? "no level", "\(question.points) points",
                    html.render(blocks: question.explanation)].joined(separator: " | ")
        }
    }

    @Test func levelsPointsAndFormattingSurviveTheTrip() throws {
        let markdown = """
            ---
            kind: trivia
            title: Levels
            points: {easy: 3, hard: 10, expert: 20}
            ---
            ## What is the capital of *Australia*? {.easy}
            - [ ] Sydney
            - [x] *Canberra*
            - [ ] Melbourne

            > Canberra was a **compromise** between Sydney and
            > Melbourne: see [its story](https://example.com/canberra?a=1&b=2 "A *title*").

            ## Which are prime? {.multiple .hard points=7}
            Tick `every` one, even ``a `tick` ``.

            - [x] 2
            - [x] 3
            - [ ] 4 (*not* `2 * 2`)

            > Four is 2 times 2.\\
            > So: ***no***.
            >
            > A second paragraph, with ![an image](four.png).

            ## Which is the hardest? {.hard}
            - [x] This one
            - [ ] That one

            ## Worth its own points {points=4}
            - [x] Yes
            - [ ] No

            ## Worth one point
            - [x] Yes
            - [ ] No

            ## Only for experts {.expert}
            - [x] Yes
            - [ ] No
            """
        let (piece, problems) = ContentParser.parse(SourceFile(path: "levels.md", text: markdown), sitePath: "levels")
        #expect(!problems.hasErrors, "\(located(problems))")
        let quiz = try #require(piece?.trivia)
        let gift = GIFTExporter.export(quiz, title: "Levels")
        let (imported, back, build) = importAndBuild(SourceFile(path: "levels.gift", text: gift), .gift)
        #expect(!imported.diagnostics.hasErrors, "\(located(imported.diagnostics))")
        #expect(!build.hasErrors, "\(located(build))")
        let backQuiz = try #require(back?.trivia)
        #expect(details(backQuiz) == details(quiz))
        // The first question of a level gives the map its points; one worth others says so.
        #expect(imported.markdown.contains("points: {easy: 3, hard: 7, expert: 20}\n"))
        #expect(imported.markdown.contains("## Which is the hardest? {.hard points=10}\n"))
    }

    /// A `.multiple` question comes back without Moodle's partial-credit warning when the file
    /// is quizgen's own export with its own weights; the same weights in any other file, or an
    /// export whose weights were edited, still get it.
    @Test func exportedMultipleQuestionsNeedNoPartialCreditWarning() throws {
        let (piece, problems) = ContentParser.parse(SourceFile(path: "primes.md", text: """
            ---
            kind: trivia
            title: Primes
            ---
            ## Which are prime? {.multiple}
            - [x] 2
            - [x] 3
            - [x] 5
            - [ ] 4
            """), sitePath: "primes")
        #expect(!problems.hasErrors, "\(located(problems))")
        let gift = GIFTExporter.export(try #require(piece?.trivia), title: "Primes")
        func warnings(_ text: String) -> [String] {
            Importer.importing(SourceFile(path: "p.gift", text: text), format: .gift, name: "p").diagnostics.map(\.message)
        }
        #expect(warnings(gift) == [])
        let partial = "partial credit has no quizgen equivalent: this becomes a .multiple question, right only when every answer worth points is ticked"
        let moodles = gift.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
        #expect(warnings(moodles) == [partial])
        let edited = gift.replacingOccurrences(of: "~%33.33333%2", with: "~%50%2")
            .replacingOccurrences(of: "~%33.33333%3", with: "~%25%3").replacingOccurrences(of: "~%33.33333%5", with: "~%25%5")
        #expect(edited != gift)
        #expect(warnings(edited) == [partial])
    }

    /// Only a comment of the export's own form, right above a question, is read.
    @Test func giftCommentsOtherThanTheExportsAreComments() throws {
        let (_, piece, build) = importAndBuild(SourceFile(path: "notes.gift", text: """
            // level: easy, points: 3
            Q1? {=a ~b}

            // level: easy, points: 3

            Q2? {=a ~b}

            // level: easy, points: 3
            // a comment of the author's
            Q3? {=a ~b}

            // points: 3, level: easy
            Q4? {=a ~b}

            // level: multiple
            Q5? {=a ~b}

            //level: hard
            Q6? {=a ~b}

            // points: 0
            Q7? {=a ~b}

            // points: 12
            Q8? {=a ~b}
            """), .gift)
        #expect(!build.hasErrors, "\(located(build))")
        let quiz = try #require(piece?.trivia)
        #expect(quiz.questions.map { "\($0.level ?? "-") \($0.points)" } == [
            "easy 3", "- 1", "- 1", "- 1", "- 1", "hard 1", "- 1", "- 12",
        ])
    }

    /// A bank too large for one page goes to CSV, with a points column for the questions
    /// whose points are not their level's.
    @Test func giftPointsTravelToACSVBank() throws {
        var gift = ""
        for i in 0..<200 {
            let note = i == 1 ? "// level: easy, points: 5\n" : i == 2 ? "// points: 7\n" : i % 2 == 0 ? "// level: easy, points: 3\n" : ""
            gift += note + "Question \(i)? {=a ~b}\n\n"
        }
        let (imported, piece, build) = importAndBuild(SourceFile(path: "bank.gift", text: gift), .gift, name: "bank")
        #expect(!build.hasErrors, "\(located(build))")
        let bank = try #require(imported.bank)
        #expect(bank.hasPrefix("question,choices,answer,level,points,explanation\nQuestion 0?,a|b,a,easy,,\nQuestion 1?,a|b,a,easy,5,\n"))
        let quiz = try #require(piece?.trivia)
        #expect(quiz.questions.prefix(4).map { "\($0.level ?? "-") \($0.points)" } == ["easy 3", "easy 5", "- 7", "- 1"])
    }

    @Test func specialCharactersSurviveTheTrip() throws {
        let markdown = """
            ---
            kind: trivia
            title: Signs
            ---
            ## Is 1 + 1 = 2? {.multiple}
            - [x] Yes: {of course}
            - [x] ~Always~ #true
            - [ ] No \\ never

            > A = sign, a # and a ~.
            """
        let file = SourceFile(path: "signs.md", text: markdown)
        let (piece, problems) = ContentParser.parse(file, sitePath: "signs")
        #expect(!problems.hasErrors, "\(located(problems))")
        guard case .trivia(let quiz)? = piece?.body else { Issue.record("not trivia"); return }
        let gift = GIFTExporter.export(quiz, title: "Signs")
        #expect(gift.contains("Is 1 + 1 \\= 2? {"))
        let (_, back, build) = importAndBuild(SourceFile(path: "signs.gift", text: gift), .gift)
        #expect(!build.hasErrors, "\(located(build))")
        let backQuiz = try #require(back?.trivia)
        #expect(summary(backQuiz) == summary(quiz))
    }
}

/// Text that GIFT would read as something else unless the export says it is text: a
/// comment, a format, a weight, a feedback mark, a category.
@Suite struct GIFTEscapingTests {
    func quiz(_ markdown: String) throws -> TriviaQuiz {
        let (piece, problems) = ContentParser.parse(SourceFile(path: "tricky.md", text: markdown), sitePath: "tricky")
        #expect(!problems.hasErrors, "\(located(problems))")
        return try #require(piece?.trivia)
    }

    /// Each question as HTML, with its choices, right answers and explanation.
    func details(_ quiz: TriviaQuiz) -> [String] {
        let html = HTMLRenderer()
        return quiz.questions.map { question in
            let choices = question.choices.map { ($0.correct ? "+" : "-") + html.renderPhrasing($0.content) }
            return [html.render(inlines: question.text), choices.joined(separator: " "), question.multiple ? "multiple" : "single",
                    html.render(blocks: question.explanation)].joined(separator: " | ")
        }
    }

    /// The first question that changed on the way, with the GIFT it went through.
    func expectSame(_ quiz: TriviaQuiz, _ back: TriviaQuiz, gift: String) {
        let returned = details(back)
        for (before, after) in zip(details(quiz), returned) where before != after {
            Issue.record("\(before)\nbecame\n\(after)\nin\n\(gift)")
            break
        }
        #expect(returned.count == quiz.questions.count)
    }

    /// The quiz exported and imported back, with what the import said.
    func back(_ quiz: TriviaQuiz) throws -> (gift: String, quiz: TriviaQuiz?, problems: [Diagnostic]) {
        let gift = GIFTExporter.export(quiz, title: "Tricky")
        let (imported, piece, build) = importAndBuild(SourceFile(path: "tricky.gift", text: gift), .gift, name: "tricky")
        return (gift, piece?.trivia, imported.diagnostics + build)
    }

    @Test func textThatLooksLikeGIFTSyntaxComesBackAsWritten() throws {
        let quiz = try quiz(##"""
            ---
            kind: trivia
            title: 'Tricky / Title: {x}'
            ---

            ## ::Not a name:: starts with colons?
            - [x] %50%looks like weight
            - [ ] ~tilde start
            - [ ] %-100%also a weight

            ## // looks like a comment
            - [x] a
            - [ ] b

            > // so does this, and [html] \<b>this\</b>

            ## [html] format prefix text?
            - [x] [markdown] also
            - [ ] [PLAIN] T
            - [ ] \<i>tags\</i> \&amp; entities

            ## Which is {T}?
            - [x] \{F}
            - [ ] ####x
            - [ ] #y

            ## $CATEGORY: not a category
            - [x] //a
            - [ ] \\#b

            ## Which are [moodle] *formatted*? {.multiple}
            - [x] %50% *half*
            - [x] [html] *x*
            - [ ] // *no*
            """##)
        let (gift, back, problems) = try back(quiz)
        #expect(problems.isEmpty, "\(located(problems))\n\(gift)")
        expectSame(quiz, try #require(back), gift: gift)
        #expect(gift.contains("\n[plain]// looks like a comment {\n"), "\(gift)")
        #expect(gift.contains("\t~%0%%-100%also a weight\n"), "\(gift)")
        #expect(gift.contains("\t=%50%looks like weight\n"), "\(gift)")
    }

    /// Many questions made of GIFT's special characters and words, at every position: each
    /// comes back from its export as written.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func generatedTextsSurviveTheTrip(seed: UInt64) throws {
        let pieces = [
            "//", "[html]", "[markdown]", "[plain]", "[moodle]", "[HTML]", "#", "####", "\\", "\\n", "~", "=", "{", "}", ":",
            "::", "%", "%50%", "%-100%", "<b>", "<!-- c -->", "&amp;", "&", "$CATEGORY:", " ", "a", "T", "->", "_____", "*",
            "`", "é", "[", "]", "/",
        ]
        var random = MutationTests.Random(state: seed &* 0x9E37_79B9_7F4A_7C15 | 1)
        func text() -> String {
            var parts = (0..<(1 + random.next(5))).map { _ in pieces[random.next(pieces.count)] }
            if random.next(4) == 0 { parts.insert("*em*", at: random.next(parts.count + 1)) }
            return parts.joined()
        }
        /// Every ASCII punctuation character escaped (Markdown allows it of them all), and
        /// emphasis kept where `text` put it.
        func markdown(_ text: String) -> String {
            text.split(separator: "*em*", omittingEmptySubsequences: false).map { part in
                part.map { $0.isASCII && ($0.isPunctuation || $0.isSymbol) ? "\\\($0)" : "\($0)" }.joined()
            }.joined(separator: " *em* ")
        }
        var source = "---\nkind: trivia\ntitle: Generated\n---\n"
        var made = 0
        while made < 60 {
            let question = text()
            let choices = (0..<3).map { _ in text() }
            let keys = choices.map { TriviaQuiz.choiceKey($0.replacingOccurrences(of: "*em*", with: " em ")) }
            guard !question.allSatisfy(\.isWhitespace), !choices.contains(where: { $0.allSatisfy(\.isWhitespace) }),
                  Set(keys).count == 3 else { continue }
            let multiple = random.next(3) == 0
            let right = random.next(3)
            source += "\n## \(markdown(question))" + (multiple ? " {.multiple}" : "") + "\n"
            for (index, choice) in choices.enumerated() {
                let ticked = index == right || (multiple && index != (right + 1) % 3)
                source += "- [\(ticked ? "x" : " ")] \(markdown(choice))\n"
            }
            let explanation = text()
            if random.next(2) == 0, !explanation.allSatisfy(\.isWhitespace) { source += "\n> \(markdown(explanation))\n" }
            made += 1
        }
        let quiz = try quiz(source)
        #expect(quiz.questions.count == 60)
        let (gift, back, problems) = try back(quiz)
        #expect(!problems.hasErrors, "\(located(problems))")
        expectSame(quiz, try #require(back), gift: gift)
    }
}
