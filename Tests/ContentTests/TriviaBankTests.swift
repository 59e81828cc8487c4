@testable import Content
import Diagnostics
import Markdown
import Testing

/// A quiz whose questions come from `bank.csv` (plus any Markdown questions given).
func banked(_ csv: String, frontMatter: String = "", markdown: String = "") -> (TriviaQuiz?, [Diagnostic]) {
    let (piece, problems) = parse(
        triviaFile("bank: bank.csv\n" + frontMatter, markdown), path: "Content/quizzes/quiz.md", files: ["bank.csv": csv])
    guard case .trivia(let quiz)? = piece?.body else { return (nil, problems) }
    return (quiz, problems)
}

/// "FILE:LINE:COLUMN: severity: message", for problems that may be in the CSV.
func placed(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.sorted().map { "\($0.file):\($0.line):\($0.column): \($0.severity.rawValue): \($0.message)" }
}

@Suite struct TriviaBankTests {
    @Test func readsQuotedFieldsEmbeddedLineBreaksBOMAndCRLF() throws {
        let csv = "\u{FEFF}question,choices,answer\r\n"
            + "What is the capital of Australia?,Sydney|Canberra|Melbourne,Canberra\r\n"
            + "\"Which city, by the \"\"Bund\"\", is in China?\",\"Shanghai | Mumbai\",Shanghai\r\n"
            + "\"A question\r\non two lines?\",Yes|No,Yes\r\n"
            + "Last row,a|b,b\r\n"
        let (quiz, problems) = banked(csv)
        #expect(problems.isEmpty, "\(problems)")
        let questions = try #require(quiz?.questions)
        #expect(questions.map(\.text.plainText) == [
            "What is the capital of Australia?", "Which city, by the \"Bund\", is in China?", "A question\non two lines?", "Last row",
        ])
        #expect(questions[0].choices.map(\.content.plainText) == ["Sydney", "Canberra", "Melbourne"])
        #expect(questions[0].correctIndices == [1])
        #expect(questions[1].choices.map(\.content.plainText) == ["Shanghai", "Mumbai"])
        // Every row knows the CSV line it starts on, past the line break inside row 3.
        #expect(questions.map(\.source.line) == [2, 3, 4, 6])
        #expect(questions.allSatisfy { $0.source.file == "Content/quizzes/bank.csv" })
        #expect(questions.allSatisfy { $0.points == 1 && !$0.multiple && $0.level == nil })
    }

    @Test func aBankJoinedWithCommasNeedsBankSeparator() throws {
        let csv = "question,choices,answer\nLargest ocean?,\"Pacific, Atlantic, Indian\",Pacific\n"
        let (quiz, problems) = banked(csv, frontMatter: "bank-separator: \",\"\n")
        #expect(problems.isEmpty)
        #expect(quiz?.questions[0].choices.map(\.content.plainText) == ["Pacific", "Atlantic", "Indian"])
        let (_, withoutIt) = banked(csv)
        #expect(placed(withoutIt) == ["Content/quizzes/bank.csv:2:17: error: this row has only one choice"])
        #expect(withoutIt[0].hint?.hasSuffix("set bank-separator: \",\" in the front matter") == true)
    }

    @Test func markdownQuestionsAndBankRowsFormOneBank() throws {
        let (quiz, problems) = banked(
            "question,choices,answer,level\nQ1,a|b,a,hard\nQ2,a|b,b,\n",
            frontMatter: "pick: 3\npoints: {easy: 3, medium: 5, hard: 10}\n", markdown: capital)
        #expect(problems.isEmpty)
        #expect(quiz?.questions.map(\.text.plainText) == ["Capital of France?", "Q1", "Q2"])
        #expect(quiz?.questions.map(\.points) == [1, 10, 1])
        #expect(quiz?.drawSize == 3)
        let (_, tooMany) = banked("question,choices,answer\nQ1,a|b,a\n", frontMatter: "pick: 3\n", markdown: capital)
        #expect(placed(tooMany) == ["Content/quizzes/quiz.md:4:7: error: 'pick' is 3, but the bank has only 2 questions"])
    }

    @Test func pointsLevelsExplanationsAndSeveralAnswers() throws {
        let csv = """
            Question,Choices,Answer,Points,Level,Explanation
            Q1,a|b|c,a,7,hard,Because.
            Q2,a|b|c,a|c,,Easy,"First.

            Second."
            Q3,a|b|c,b,,,

            """
        let (quiz, problems) = banked(csv, frontMatter: "points: {easy: 2, hard: 10}\n")
        #expect(problems.isEmpty, "\(problems)")
        let questions = try #require(quiz?.questions)
        #expect(questions.map(\.points) == [7, 2, 1])
        #expect(questions.map(\.level) == ["hard", "easy", nil])
        #expect(questions[1].multiple && questions[1].correctIndices == [0, 2])
        #expect(questions[0].explanation.plainText == "Because.")
        #expect(questions[1].explanation.count == 2)
        #expect(questions[2].explanation.isEmpty)
    }

    @Test func blankRowsAndTrailingEmptyFieldsAreFine() throws {
        let (quiz, problems) = banked("question,choices,answer\n\nQ1,a|b,a,,\n ,  ,\nQ2,a|b,b\n")
        #expect(problems.isEmpty)
        #expect(quiz?.questions.map(\.source.line) == [3, 5])
    }

    // MARK: Errors, located in the CSV

    @Test func answerThatIsNotOneOfTheChoices() {
        let (quiz, problems) = banked("question,choices,answer\nQ1,a|b,a\nCapital of Australia?,Sydney|Canberra,Canbera\n")
        #expect(quiz == nil)
        #expect(placed(problems) == ["Content/quizzes/bank.csv:3:39: error: the answer 'Canbera' is not one of this row's choices"])
        #expect(problems[0].hint == "did you mean 'Canberra'?")
        #expect(problems[0].sourceLine == "Capital of Australia?,Sydney|Canberra,Canbera")
        let (_, caseOnly) = banked("question,choices,answer\n\"Q,1\",\"x|Paris\",paris\n")
        #expect(placed(caseOnly) == ["Content/quizzes/bank.csv:2:17: error: the answer 'paris' is not one of this row's choices"])
        #expect(caseOnly[0].hint == "did you mean 'Paris'? The answer is written exactly as its choice")
        let (_, far) = banked("question,choices,answer\nQ,\"red|green\",blue\n")
        #expect(far[0].hint == "the choices are 'red', 'green'")
    }

    @Test func answerErrorsPointAtTheRowAfterMultiLineFields() {
        let (_, problems) = banked("question,choices,answer\n\"One\ntwo\nthree\",a|b,a\nQ,a|b,c\n")
        #expect(placed(problems) == ["Content/quizzes/bank.csv:5:7: error: the answer 'c' is not one of this row's choices"])
    }

    @Test func headerWithoutTheRequiredColumns() {
        // An unknown column beside a header that fails says nothing more: no warning for 'options'.
        let (quiz, problems) = banked("question,options,solution\nQ,a|b,a\n")
        #expect(quiz == nil)
        #expect(placed(problems) == [
            "Content/quizzes/bank.csv:1:1: error: the bank's header has no 'choices' and 'answer' columns",
        ])
        #expect(problems[0].hint == "the first line names the columns question, choices and answer (optionally points, "
            + "level and explanation), or question, answer 1, answer 2, … and correct (the number of the right answer) "
            + "for a sheet with one column per answer; this one names 'question', 'options', 'solution'")
        let (_, typo) = banked("question,choices,answer,levle\nQ,a|b,a,easy\n")
        #expect(placed(typo) == ["Content/quizzes/bank.csv:1:25: warning: unknown column 'levle' ignored"])
        #expect(typo[0].hint == "did you mean 'level'?")
        let (_, twice) = banked("question,choices,answer,answer\n")
        #expect(placed(twice) == ["Content/quizzes/bank.csv:1:1: error: the header names the column 'answer' twice"])
    }

    /// A misspelt required column is said at the name meant for it.
    @Test func aMisspeltColumnIsNamedWhereItStands() {
        let (quiz, problems) = banked("question;choises;answer\nQ;a|b;a\n")
        #expect(quiz == nil)
        #expect(placed(problems) == ["Content/quizzes/bank.csv:1:10: error: the bank's header has no 'choices' column"])
        #expect(problems.map(\.hint) == ["did you mean 'choices'? 'choises' is no column quizgen knows"])
    }

    /// `What is 1,000 + 1?` unquoted, under a header a spreadsheet ended with empty columns:
    /// the comma is the error, not the fields it moved.
    @Test func aDelimiterOutsideQuotesIsTheErrorWhenTheRowReadsWithoutIt() {
        let (quiz, problems) = banked("question,choices,answer,level,explanation,,\nWhat is 1,000 + 1?,1001|1000,1001,easy,\nQ2,a|b,a,,\n")
        #expect(quiz == nil)
        #expect(placed(problems) == [
            "Content/quizzes/bank.csv:2:10: error: the question of this row holds a comma outside double quotes, so the fields after it moved one column on",
        ])
        #expect(problems[0].hint == "put the field in double quotes: \"What is 1,000 + 1?\"")
        // A row that is wrong however it is read keeps its own errors.
        let (_, other) = banked("question,choices,answer,level,,\nWhat is 1,000?,1001,1001,\n")
        #expect(placed(other).first == "Content/quizzes/bank.csv:2:11: error: this row has only one choice")
        #expect(!other.contains { $0.message.contains("outside double quotes") })
    }

    @Test func malformedCSVIsLocatedAtItsRow() {
        let (_, stray) = banked("question,choices,answer\nQ1,a|b,a\n\"Q2\nstill Q2\",a|b,b\nQ3 says \"hi\",a|b,a\n")
        #expect(placed(stray) == ["Content/quizzes/bank.csv:5:1: error: malformed CSV in the row starting on this line: "
            + "a quote inside a field that is not quoted, or text after a closing quote"])
        let (_, unclosed) = banked("question,choices,answer\nQ1,a|b,a\n\"Q2,a|b,b\nQ3,a|b,a\n")
        #expect(placed(unclosed) == ["Content/quizzes/bank.csv:3:1: error: malformed CSV: a quoted field that starts in this row is never closed"])
    }

    /// `3 pts` in the points column is told to be the number alone.
    @Test func pointsWithAUnitAreToldToStandAlone() {
        let (_, problems) = banked("question,choices,answer,points\nQ1,a|b,a,3 pts\nQ2,a|b,a,lots\n")
        #expect(placed(problems) == [
            "Content/quizzes/bank.csv:2:10: error: the points of this row must be a whole number from 1 to 10000",
            "Content/quizzes/bank.csv:3:10: error: the points of this row must be a whole number from 1 to 10000",
        ])
        #expect(problems.sorted().map(\.hint) == ["write the number alone: 3", nil])
    }

    @Test func badRows() {
        let csv = """
            question,choices,answer,points,level
            ,a|b,a,,
            Q2,a,a,,
            Q3,a||b,a,,
            Q4,a|b|a,a,,
            Q5,a|b,,,
            Q6,a|b,a,many,
            Q7,a|b,a,,expert
            Q8,a|b,a,,,surplus
            Q9,a|b,a,,harder

            """
        let (quiz, problems) = banked(csv, frontMatter: "points: {easy: 1, hard: 3}\n")
        #expect(quiz == nil)
        #expect(placed(problems) == [
            "Content/quizzes/bank.csv:2:1: error: the question of this row is empty",
            "Content/quizzes/bank.csv:3:4: error: this row has only one choice",
            "Content/quizzes/bank.csv:4:4: error: choice 2 of this row is empty",
            "Content/quizzes/bank.csv:5:8: error: duplicate choice 'a' in this row",
            "Content/quizzes/bank.csv:6:1: error: the answer of this row is empty",
            "Content/quizzes/bank.csv:7:10: error: the points of this row must be a whole number from 1 to 10000",
            "Content/quizzes/bank.csv:8:11: warning: unknown level 'expert', so this question is worth 1 point",
            "Content/quizzes/bank.csv:9:1: error: this row has 6 fields, but the header names 5 columns",
            "Content/quizzes/bank.csv:10:11: warning: unknown level 'harder', so this question is worth 1 point",
        ])
        #expect(problems.first { $0.message.hasPrefix("unknown level 'harder'") }?.hint == "did you mean 'hard'?")
    }

    /// The caret is under the field the problem is in, even where the same text stands
    /// earlier in the row (in the question) or in quotes.
    @Test func columnsPointIntoTheirOwnField() {
        let (_, problems) = banked("""
            question,choices,answer
            How now,x|y,w
            Bad row?,"x,y",w
            What,x|y,Wh
            zzz,"a|b",zz
            "x, or x?",x|y|x,x

            """)
        #expect(placed(problems) == [
            "Content/quizzes/bank.csv:2:13: error: the answer 'w' is not one of this row's choices",
            "Content/quizzes/bank.csv:3:11: error: this row has only one choice",
            "Content/quizzes/bank.csv:4:10: error: the answer 'Wh' is not one of this row's choices",
            "Content/quizzes/bank.csv:5:11: error: the answer 'zz' is not one of this row's choices",
            "Content/quizzes/bank.csv:6:16: error: duplicate choice 'x' in this row",
        ])
        #expect(TriviaBank.fieldSpans(Array(#""a ""b"", c",d,,"e"#.utf8), delimiter: ",") == [1..<11, 13..<14, 15..<15, 17..<18])
        // A delimiter of three bytes (the full-width comma), inside quotes too.
        #expect(TriviaBank.fieldSpans(Array("甲，\"乙，\"，，丙".utf8), delimiter: "，") == [0..<3, 7..<13, 17..<17, 20..<23])
    }

    /// A value with a quote is found as the file writes it (the quote twice), and a value on
    /// a later line of a row that takes several is found on its own line.
    @Test func columnsPointIntoQuotedAndMultiLineFields() {
        let (_, problems) = banked("""
            question,choices,answer
            Which?,"say ""hi""|say ""hi""|no",no
            "Two
            lines?",yes|no|sure,"ma
            ybe"

            """)
        #expect(placed(problems) == [
            "Content/quizzes/bank.csv:2:20: error: duplicate choice 'say \"hi\"' in this row",
            "Content/quizzes/bank.csv:4:22: error: the answer 'ma\nybe' is not one of this row's choices",
        ])
    }

    /// An unknown level is what it is in Markdown (an unknown flag): a warning, and 1 point.
    @Test func anUnknownLevelIsWorthOnePoint() throws {
        let (quiz, problems) = banked(
            "question,choices,answer,level\nQ1,a|b,a,expert\nQ2,a|b,a,HARD\n", frontMatter: "points: {easy: 1, hard: 3}\n")
        #expect(placed(problems) == ["Content/quizzes/bank.csv:2:10: warning: unknown level 'expert', so this question is worth 1 point"])
        let points = try #require(quiz).questions.map(\.points)
        #expect(points.suffix(2) == [1, 3])
    }

    @Test func missingUnreadableAndOutsideBanks() {
        let (_, missing) = parse(triviaFile("bank: nope.csv\n", capital), path: "Content/quizzes/quiz.md")
        #expect(placed(missing) == ["Content/quizzes/quiz.md:3:7: error: bank file 'nope.csv' not found"])
        #expect(missing[0].hint == "the path is relative to this file's folder: Content/quizzes/nope.csv does not exist")
        let (_, outside) = parse(triviaFile("bank: ../bank.csv\n", capital), path: "Content/quizzes/quiz.md")
        #expect(placed(outside) == ["Content/quizzes/quiz.md:3:7: error: the bank must be a file beside this Markdown file or in a folder below it"])
        let (_, empty) = banked("")
        #expect(placed(empty) == ["Content/quizzes/bank.csv:1:1: error: the bank file is empty"])
        let (_, noRows) = banked("question,choices,answer\n")
        #expect(placed(noRows) == ["Content/quizzes/quiz.md:2:1: error: this trivia quiz has no questions"])
    }

    @Test func aDuplicateQuestionAcrossMarkdownAndBankIsAWarning() {
        let (quiz, problems) = banked("question,choices,answer\nCapital of France?,Paris|Rome,Paris\n", markdown: capital)
        #expect(quiz != nil)
        #expect(placed(problems) == ["Content/quizzes/bank.csv:2:1: warning: the same question as on Content/quizzes/quiz.md, line 5"])
    }

    // MARK: Runaway input stays quick and readable

    @Test func hugeFieldsAndHeadersAreRefusedQuickly() {
        let field = String(repeating: "x", count: 20_000)
        let (_, long) = banked("question,choices,answer\n\"\(field)\",a|b,a\n")
        #expect(placed(long) == ["Content/quizzes/bank.csv:2:1: error: the question of this row is longer than 10000 characters"])
        let columns = (0..<5_000).map { "c\($0)" }.joined(separator: ",")
        let (_, wide) = banked("question,choices,answer,\(columns)\nQ,a|b,a\n")
        #expect(placed(wide).first?.hasPrefix("Content/quizzes/bank.csv:1:1: error: the header line is") == true)
        let (_, wideRow) = banked("question,choices,answer\nQ,a|b,a" + String(repeating: ",", count: 100_000) + "\n")
        #expect(wideRow.isEmpty)
    }

    /// Every error of a broken bank is kept and counted; the report lists the first ones.
    @Test func aBankFullOfErrorsKeepsThemAll() {
        let (_, problems) = banked("question,choices,answer\n" + String(repeating: "Q,a|b,c\n", count: 80))
        #expect(problems.errorCount == 80)
        #expect(problems.last?.line == 81)
    }
}
