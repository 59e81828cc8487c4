import Content
import Diagnostics
import Foundation
import Testing
import TestSupport

/// Banks as spreadsheets export them: the delimiter told from the header, and sheets with one
/// column per answer (Kahoot's layout).
@Suite struct BankDialectTests {
    func fixture(_ name: String) throws -> String {
        try String(contentsOf: Repository.root.appendingPathComponent("Tests/Fixtures/import/\(name)"), encoding: .utf8)
    }

    @Test func aSemicolonBankFromExcelReadsWithoutSettings() throws {
        let (quiz, problems) = banked(try fixture("excel-semicolon.csv"))
        #expect(problems.isEmpty, "\(placed(problems))")
        let questions = try #require(quiz?.questions)
        #expect(questions.map(\.text.plainText) == ["Quelle est la capitale de l’Australie ?", "Combien font 2 + 2 ?"])
        #expect(questions[0].choices.map(\.content.plainText) == ["Sydney", "Canberra", "Melbourne"])
        #expect(questions[0].correctIndices == [1])
        #expect(questions[0].explanation.plainText == "Canberra; un compromis.")
        #expect(questions.map(\.level) == ["easy", "easy"])
    }

    @Test func tabsAndCommasAreToldFromTheHeaderToo() throws {
        let (tabs, tabProblems) = banked("question\tchoices\tanswer\nLargest ocean?\tPacific|Atlantic\tPacific\n")
        #expect(tabProblems.isEmpty, "\(placed(tabProblems))")
        #expect(tabs?.questions.first?.choices.count == 2)
        // A comma inside a semicolon bank's field is text, not a delimiter.
        let (semi, semiProblems) = banked("question;choices;answer\n\"Paris, or?\";Paris, France|Lyon;\"Paris, France\"\n")
        #expect(semiProblems.isEmpty, "\(placed(semiProblems))")
        #expect(semi?.questions.first?.choices.map(\.content.plainText) == ["Paris, France", "Lyon"])
        // Commas win a tie, and a header with one column has no delimiter to count.
        let (_, one) = banked("question\nQ\n")
        #expect(placed(one) == ["Content/quizzes/bank.csv:1:1: error: the bank's header has no 'choices' and 'answer' columns"])
    }

    @Test func bankDelimiterSetsTheDelimiter() throws {
        // Pipes are no delimiter anyone exports, so only the front matter can say so.
        let csv = "question|choices|answer\nQ; really?|a;b|a\n"
        let (quiz, problems) = banked(csv, frontMatter: "bank-delimiter: \"|\"\nbank-separator: \";\"\n")
        #expect(problems.isEmpty, "\(placed(problems))")
        #expect(quiz?.questions.first?.text.plainText == "Q; really?")
        #expect(quiz?.questions.first?.choices.map(\.content.plainText) == ["a", "b"])
        let (_, without) = banked(csv, frontMatter: "bank-separator: \";\"\n")
        #expect(without.hasErrors)
        let (tabbed, tabProblems) = banked("question\tchoices\tanswer\nQ\ta|b\ta\n", frontMatter: "bank-delimiter: tab\n")
        #expect(tabProblems.isEmpty && tabbed?.questions.count == 1, "\(placed(tabProblems))")
        let (_, bad) = banked("question,choices,answer\nQ,a|b,a\n", frontMatter: "bank-delimiter: semicolon\n")
        #expect(placed(bad) == ["Content/quizzes/quiz.md:4:17: error: 'bank-delimiter' must be one character, or tab"])
    }

    /// A delimiter outside ASCII (the full-width comma or the ideographic comma an IME types)
    /// is one character too: errors stand at the offending value, as with `;`.
    @Test func aFullWidthDelimiterKeepsTheColumnsOfErrors() throws {
        for delimiter in ["，", "、", ";"] {
            let csv = "question，choices，answer，points\n問題一，甲|乙，甲，x\n問題二，甲|乙，丙，1\n"
                .replacingOccurrences(of: "，", with: delimiter)
            let (_, problems) = banked(csv, frontMatter: "bank-delimiter: \"\(delimiter)\"\n")
            #expect(placed(problems) == [
                "Content/quizzes/bank.csv:2:11: error: the points of this row must be a whole number from 1 to 10000",
                "Content/quizzes/bank.csv:3:9: error: the answer '丙' is not one of this row's choices",
            ], "\(delimiter)")
        }
    }

    @Test func aKahootSheetReadsWithOneColumnPerAnswer() throws {
        let (quiz, problems) = banked(try fixture("kahoot.csv"))
        #expect(placed(problems) == [
            "Content/quizzes/bank.csv:1:149: warning: the time limit column is ignored: a quiz has one time limit for every question",
        ])
        #expect(problems.first?.hint == "set it in the front matter, e.g. time: 20")
        let questions = try #require(quiz?.questions)
        #expect(questions.map(\.text.plainText) == [
            "What is the capital of Australia?", "Which of these are prime numbers?", "The Earth is flat.",
        ])
        #expect(questions[0].choices.map(\.content.plainText) == ["Sydney", "Canberra", "Melbourne", "Perth"])
        #expect(questions[0].correctIndices == [1] && !questions[0].multiple)
        #expect(questions[1].correctIndices == [0, 1] && questions[1].multiple)
        // Empty answer columns are no choices.
        #expect(questions[2].choices.map(\.content.plainText) == ["True", "False"])
        #expect(questions[2].correctIndices == [1])
    }

    @Test func problemsInAKahootSheetAreLocated() throws {
        let csv = "Question,Answer 1,Answer 2,Answer 3,Correct\nQ1,a,b,,3\nQ2,a,b,c,two\nQ3,a,,,1\n"
        let (_, problems) = banked(csv)
        #expect(placed(problems) == [
            "Content/quizzes/bank.csv:2:9: error: the correct answer is number 3, but this row has no answer 3",
            "Content/quizzes/bank.csv:3:10: error: 'two' in the correct column is not an answer number",
            "Content/quizzes/bank.csv:4:1: error: this row has only one answer",
        ])
    }

    @Test func aHeaderWithoutTheColumnsNamesBothLayoutsAndNoContradiction() throws {
        let (_, problems) = banked("Frage;Antworten;Lösung\nQ;a|b;a\n")
        #expect(placed(problems) == [
            "Content/quizzes/bank.csv:1:1: error: the bank's header has no 'question', 'choices' and 'answer' columns",
        ])
        let hint = try #require(problems.first?.hint)
        #expect(hint.contains("answer 1, answer 2"))
        #expect(hint.hasSuffix("this one names 'Frage', 'Antworten', 'Lösung'"))
        let (_, mixed) = banked("question,choices,answer 1,answer 2,correct\nQ,a|b,a,b,1\n")
        #expect(placed(mixed) == [
            "Content/quizzes/bank.csv:1:1: error: the header names both a 'choices' column and 'answer 1', 'answer 2', … columns",
        ])
    }

    @Test func aBankThatIsNotUTF8NamesExcelsCSVUTF8() throws {
        let file = SourceFile(path: "Content/quiz.md", text: triviaFile("bank: bank.csv\n", ""))
        let (_, problems) = ContentParser.parse(file, sitePath: "quiz", siblings: ["bank.csv": .failure(.notUTF8(line: 2, column: 4, text: "Caf\u{FFFD},a|b,a"))])
        #expect(placed(problems) == ["Content/bank.csv:2:4: error: the bank file is not valid UTF-8"])
        #expect(problems.first?.hint?.contains("CSV UTF-8") == true)
        #expect(problems.first?.sourceLine == "Caf\u{FFFD},a|b,a")
    }
}
