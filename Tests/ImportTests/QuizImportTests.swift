import Content
import Diagnostics
import Import
import Testing
import TestSupport

/// GIFT, Aiken and Open Trivia DB files become trivia quizzes that build.
@Suite struct QuizImportTests {
    func texts(_ quiz: TriviaQuiz) -> [String] {
        quiz.questions.map { question in
            question.text.plainText + " | " + question.choices.map { ($0.correct ? "+" : "-") + $0.content.plainText }.joined(separator: " ")
                + (question.multiple ? " | multiple" : "") + (question.level.map { " | " + $0 } ?? "")
        }
    }

    @Test func everyGIFTConstruct() throws {
        let (imported, piece, build) = importAndBuild(try fixture("every-construct.gift"), .gift, name: "gift")
        #expect(located(imported.diagnostics) == [
            "16:46: warning: partial credit has no quizgen equivalent: this becomes a .multiple question, right only when every answer worth points is ticked",
            "30:1: warning: a GIFT short-answer question has no quizgen equivalent and is skipped",
            "32:1: warning: a GIFT numerical question has no quizgen equivalent and is skipped",
            "34:1: warning: a GIFT matching question has no quizgen equivalent and is skipped",
            "36:1: warning: a GIFT essay question has no quizgen equivalent and is skipped",
            "38:1: warning: a GIFT description (text without answers) has no quizgen equivalent and is skipped",
            "40:1: warning: quizgen has no categories: the questions of 'History' join the same quiz",
            "42:64: warning: several right answers (Moodle accepts any one of them): this becomes a .multiple question, right only when all of them are ticked",
        ])
        #expect(!build.hasErrors, "\(located(build))")
        let quiz = try #require(piece?.trivia)
        #expect(piece?.meta.title == "Geography")
        #expect(texts(quiz) == [
            "What is the capital of Australia? | +Canberra -Sydney -Melbourne",
            "The Danube flows through Vienna. | +True -False",
            "The sun rises in the west. | -True +False",
            "Which of these are prime numbers? | +2 +3 -4 | multiple",
            "Which ratio is written 1:2 with an = sign? | +one = two ~ ish -a {brace} -a # hash",
            "Which word is bold? | +this one -that one",
            "Which answer is right? | +this & that -the other",
            "The Rhine flows _____ into the North Sea. | -south +north -east",
            "Which of these cities have been capitals of Japan? | +Kyoto +Tokyo -Osaka | multiple",
        ])
        #expect(quiz.questions[0].explanation.plainText.contains("Canberra was chosen as a compromise"))
        #expect(quiz.questions[0].explanation.plainText.contains("Sydney: The largest city, but not the capital."))
        Golden.assertMatches(imported.markdown, named: "every-construct-gift.md")
    }

    /// HTML as Moodle's editor writes it: its formatting becomes Markdown, the rest is left out.
    @Test func giftHTMLFormattingBecomesMarkdown() throws {
        let (imported, _, build) = importAndBuild(SourceFile(path: "moodle.gift", text: #"""
            ::Q1::[html]<p dir\="ltr" style\="text-align\: left;"><strong>Note\: </strong>read <a href\='https\://example.com/a b (c)'>the <i>page</i></a>.<br></p> {
            =<span>Plain</span> 1 * 2
            ~<code>x \= `y`</code> and <b></b>**
            ~<em>Unclosed
            ####<p>One<br>\n  - <em>two</em></p><!-- note --><ul><li>three</li></ul><pre><code>let x\n</code></pre>
            }
            """#), .gift)
        #expect(!build.hasErrors, "\(located(build))")
        #expect(imported.markdown.hasSuffix(#"""
            ## **Note:** read [the *page*](<https://example.com/a b (c)>). {#q1}
            - [x] Plain 1 \* 2
            - [ ] `` x = `y` `` and \*\*
            - [ ] *Unclosed*

            > One\
            > \- *two*
            >
            > three
            >
            > `let x`

            """#), "\(imported.markdown)")
        // Without formatting, HTML stays plain text, as a CSV bank needs.
        let plain = importing("[html]<p>Just <span>text</span></p> {=a ~b}\n", .gift)
        #expect(plain.markdown.hasSuffix("## Just text\n- [x] a\n- [ ] b\n"), "\(plain.markdown)")
    }

    @Test func brokenGIFTIsLocated() {
        let unclosed = importing("Q1? {=a ~b}\n\nQ2? {=a ~b\n", .gift)
        #expect(located(unclosed.diagnostics) == ["3:5: error: the answers that start here are never closed with '}'"])
        #expect(unclosed.markdown.isEmpty)
        let name = importing("::Q1 What? {=a ~b}\n", .gift)
        #expect(located(name.diagnostics) == ["1:1: error: this question's name is never closed with '::'"])
        let weight = importing("Q? {~%half%a ~b}\n", .gift)
        #expect(located(weight.diagnostics) == ["1:6: error: 'half' is not a weight in percent"])
        let one = importing("Q? {=a ~a}\n", .gift)
        #expect(located(one.diagnostics) == ["1:9: error: this question has the choice 'a' twice"])
    }

    @Test func everyAikenConstruct() throws {
        let (imported, piece, build) = importAndBuild(try fixture("every-construct.aiken"), .aiken, name: "aiken")
        #expect(imported.diagnostics.isEmpty, "\(located(imported.diagnostics))")
        #expect(!build.hasErrors, "\(located(build))")
        let quiz = try #require(piece?.trivia)
        #expect(texts(quiz) == [
            "Which planet is the largest? | -Mars +Jupiter -Venus -Mercury",
            "Which of these is a mammal? The question may run over two lines. | -Shark +Dolphin -Trout",
            "How many continents are there? | -Five -Six +Seven",
        ])
        Golden.assertMatches(imported.markdown, named: "every-construct-aiken.md")
    }

    @Test func brokenAikenIsLocated() {
        let truncated = importing("Q1?\nA. a\nB. b\nANSWER: A\n\nQ2?\nA. a\nB. b\n", .aiken)
        #expect(located(truncated.diagnostics) == ["6:1: error: the file ends before this question's ANSWER line"])
        let letter = importing("Q1?\nA. a\nB. b\nANSWER: C\n", .aiken)
        #expect(located(letter.diagnostics) == ["4:9: error: the answer 'C' is not the letter of one of this question's choices"])
        let stray = importing("Q1?\nA. a\nB. b\nsomething else\nANSWER: A\n", .aiken)
        #expect(located(stray.diagnostics) == [
            "4:1: error: this line is neither a lettered choice nor the ANSWER line",
            "5:1: error: this ANSWER line has no question before it",
        ])
    }

    @Test func anOpenTriviaDBResponse() throws {
        let (imported, piece, build) = importAndBuild(try fixture("opentdb-response.json"), .opentdb, name: "trivia")
        #expect(imported.diagnostics.isEmpty, "\(located(imported.diagnostics))")
        #expect(build.isEmpty, "\(located(build))")
        let quiz = try #require(piece?.trivia)
        #expect(piece?.meta.title == "Geography")
        #expect(texts(quiz) == [
            "What is the capital of Australia? | +Canberra -Sydney -Melbourne -Perth | easy",
            "The Nile flows into the Mediterranean Sea. | +True -False | medium",
            "Which city is called \"La Ville Lumière\"? | +Paris -Lyon -Marseille -Nice | hard",
            "Mount Everest's summit lies on the border of Nepal & China. | -True +False | easy",
        ])
        #expect(quiz.questions.map(\.points) == [3, 5, 10, 3])
        Golden.assertMatches(imported.markdown, named: "opentdb.md")
    }

    @Test func brokenOpenTriviaDBResponsesAreLocated() {
        let cut = importing("{\"response_code\":0,\"results\":[{\"type\":\"multiple\",\n\"question\":\"Q?", .opentdb)
        #expect(located(cut.diagnostics) == ["2:12: error: not valid JSON: a string that starts here is never closed"])
        let empty = importing("{\"response_code\":1,\"results\":[]}", .opentdb)
        #expect(located(empty.diagnostics) == [
            "1:18: error: the response says it has no questions: response code 1, no results: the API had too few questions for the request",
        ])
        let wrong = importing("{\"results\":[{\"question\":\"Q?\",\"correct_answer\":7,\"incorrect_answers\":[\"a\"]}]}", .opentdb)
        #expect(located(wrong.diagnostics) == ["1:47: error: \"correct_answer\" is a number, not a string"])
    }

    @Test func largeBanksGoToACSVBankThatBuilds() throws {
        let questions = (1...250).map {
            "{\"type\":\"multiple\",\"difficulty\":\"easy\",\"category\":\"Numbers\",\"question\":\"What is \($0) + 1, &quot;exactly&quot;?\",\"correct_answer\":\"\($0 + 1)\",\"incorrect_answers\":[\"\($0)\",\"\($0 + 2)\"]}"
        }
        let json = "{\"response_code\":0,\"results\":[" + questions.joined(separator: ",") + "]}"
        let (imported, piece, build) = importAndBuild(SourceFile(path: "big.json", text: json), .opentdb, name: "big")
        #expect(imported.bank != nil)
        #expect(imported.markdown.contains("bank: 'big.csv'"))
        #expect(build.isEmpty, "\(located(build))")
        let quiz = try #require(piece?.trivia)
        #expect(quiz.questions.count == 250)
        #expect(quiz.questions[0].text.plainText == "What is 1 + 1, \"exactly\"?")
        #expect(quiz.questions[0].points == 3)
    }
}
