import Content
import Diagnostics
import Foundation
import Import
import Markdown
import Testing
import TestSupport

/// A quizgen trivia quiz exported to GIFT and imported back is the same quiz: the same
/// questions, texts, choices, right answers and explanations (levels and points have no
/// GIFT form).
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
