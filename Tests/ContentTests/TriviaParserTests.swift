@testable import Content
import Diagnostics
import Markdown
import Testing

func trivia(_ text: String, files: [String: String] = [:]) -> TriviaQuiz? {
    guard case .trivia(let quiz)? = parse(text, files: files).0?.body else { return nil }
    return quiz
}

/// The example of FORMAT.md, without its `pick: 10` (two questions cannot make a draw of ten).
let knowledgeKing = """
    ---
    kind: trivia
    title: Knowledge King
    time: 10
    points: {easy: 3, medium: 5, hard: 10}
    ---

    ## What is the capital of Australia? {.easy}
    - [ ] Sydney
    - [x] Canberra
    - [ ] Melbourne
    - [ ] Perth

    > Canberra was chosen as a compromise between Sydney and Melbourne.

    ## Which of these are prime? {.multiple points=4}
    - [x] 2
    - [x] 3
    - [ ] 4

    """

/// A quiz from a front matter and questions, for the many small cases.
func triviaFile(_ frontMatter: String = "", _ body: String) -> String {
    "---\nkind: trivia\n\(frontMatter)---\n\(body)"
}

let capital = """
    ## Capital of France?
    - [ ] Lyon
    - [x] Paris

    """

@Suite struct TriviaParserTests {
    /// ASCII choices are keyed on their bytes: the same keys as collapsing white space (case
    /// is kept: `CO` and `Co` are two choices).
    @Test func asciiChoiceKeysAreTheKeysOfTheGeneralReading() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aZz09 -_.!'\t\n\r#AbC[]\u{0B}\u{0C}".utf8)
        var samples = ["", " ", "  Paris ", "PARIS", "new\nyork", "a \t b", "\u{7F}X"]
        for _ in 0..<500 {
            let length = Int.random(in: 0...12, using: &generator)
            samples.append(String(decoding: (0..<length).map { _ in alphabet.randomElement(using: &generator)! }, as: UTF8.self))
        }
        for text in samples {
            #expect(TriviaQuiz.asciiChoiceKey(text) == text.collapsingWhitespace, "\(text.debugDescription)")
        }
        #expect(TriviaQuiz.asciiChoiceKey("Zürich") == nil)
        #expect(TriviaQuiz.choiceKey("  ZÜRICH\u{A0} Nord ") == "ZÜRICH Nord")
    }

    /// The look ahead for a bank reads `bank:` only between the first two `---` lines.
    @Test func aBankIsLookedForInTheFrontMatterOnly() {
        let cases: [(String, Bool)] = [
            ("---\nbank: x.csv\n---\n", true), ("---\ntitle: a\n  xbank: y\n---\n", true), ("---\nbank:", true),
            ("---\ntitle: a\n---\nbank: x.csv\n", false), ("bank: x.csv\n", false), ("---\r\nbank: x\n", false),
            ("---\n---\nbank: x\n", false), ("---\nban\nk: x\n", false), ("---\nbank", false), ("", false), ("---\n", false),
            ("---\nbänk: x\nbank: y\n", true),
        ]
        for (text, expected) in cases {
            #expect(ContentParser.mentionsBank(text.utf8) == expected, "\(text.debugDescription)")
        }
    }

    /// Blank is what trimming white space leaves empty, whatever the bytes.
    @Test func blankTextIsToldAsTrimmingTellsIt() {
        let texts = ["", " ", "\t x", "a", "\u{A0}\u{2003}", "\u{A0}b", "\u{1C}", " \u{301}", "é", "\u{3000}\n"]
        for text in texts {
            let nodes = [Node(.text(text), range: SourceRange(start: .init(line: 1, column: 1), end: .init(line: 1, column: 1)))]
            #expect(TriviaParser.isBlank(nodes) == text.trimmingWhitespace.isEmpty, "\(text.debugDescription)")
        }
    }

    /// A key made from Markdown's nodes is the key of their plain text, ASCII or not.
    @Test func choiceKeysOfNodesAreTheKeysOfTheirText() {
        let markdown = ["  Paris *and*  `Lyon`", "New\nYORK", "ZÜRICH\u{A0} **Nord**", "", "![Alt](x.png) text", "a<b>b</b>c"]
        for text in markdown {
            let nodes = MarkdownParser.parse(text + "\n").document.children
            #expect(TriviaQuiz.choiceKey(of: nodes) == TriviaQuiz.choiceKey(nodes.plainText), "\(text.debugDescription)")
        }
        #expect(TriviaQuiz.choiceKey(of: MarkdownParser.parse("Big *Ben*\n").document.children) == "Big Ben")
    }

    @Test func parsesTheFormatExample() throws {
        let (piece, problems) = parse(knowledgeKing)
        #expect(problems.isEmpty, "\(problems)")
        guard case .trivia(let quiz)? = piece?.body else {
            Issue.record("not a trivia quiz")
            return
        }
        #expect(quiz.questions.count == 2)
        let capital = quiz.questions[0]
        #expect(capital.text.plainText == "What is the capital of Australia?")
        #expect(capital.choices.map(\.content.plainText) == ["Sydney", "Canberra", "Melbourne", "Perth"])
        #expect(capital.correctIndices == [1])
        #expect(!capital.multiple)
        #expect(capital.level == "easy" && capital.points == 3)
        #expect(capital.explanation.plainText == "Canberra was chosen as a compromise between Sydney and Melbourne.")
        #expect(capital.source == .init(file: "Content/quiz.md", line: 8))
        let primes = quiz.questions[1]
        #expect(primes.multiple && primes.points == 4 && primes.level == nil)
        #expect(primes.correctIndices == [0, 1])
        #expect(primes.explanation.isEmpty)
        #expect(quiz.time == 10 && quiz.pick == nil && quiz.pass == nil && quiz.bank == nil)
        #expect(quiz.shuffleAnswers && !quiz.shuffleQuestions && quiz.onWrong == .continue)
        #expect(quiz.drawSize == 2)
    }

    @Test func pickLargerThanTheBankIsAnError() {
        let text = knowledgeKing.replacingOccurrences(of: "time: 10", with: "pick: 10\ntime: 10")
        let (piece, problems) = parse(text)
        #expect(piece == nil)
        #expect(located(problems) == ["4:7: error: 'pick' is 10, but the bank has only 2 questions"])
        #expect(problems[0].sourceLine == "pick: 10")
    }

    @Test func frontMatterOptions() throws {
        let quiz = try #require(trivia(triviaFile("""
            pick: 1
            time: 7.5
            shuffle-answers: false
            on-wrong: end
            pass: 70
            perfect-message: Flawless!
            fail-message: Try again.

            """, capital + capital.replacingOccurrences(of: "France", with: "Italy").replacingOccurrences(of: "Paris", with: "Rome"))))
        #expect(quiz.pick == 1 && quiz.drawSize == 1 && quiz.time == 7.5 && quiz.pass == 70)
        #expect(!quiz.shuffleAnswers && quiz.shuffleQuestions && quiz.onWrong == .end)
        // What the author left out stays nil: the page shows its language's catalog text.
        #expect(quiz.messages == .init(pass: nil, fail: "Try again.", perfect: "Flawless!"))
        let fixed = try #require(trivia(triviaFile("pick: 1\nshuffle-questions: false\n", capital)))
        #expect(!fixed.shuffleQuestions)
    }

    @Test func markersAreFoundHoweverCmarkSplitsTheText() throws {
        let quiz = try #require(trivia(triviaFile("", """
            ## Which?
            - [X] *Upper-case* mark
            - [ ]   Spaces after the mark
            - [ ] `code` [link](https://example.org)

            - [ ]
              On the next line
            """)))
        let choices = quiz.questions[0].choices
        #expect(choices.map(\.correct) == [true, false, false, false])
        #expect(choices.map(\.content.plainText) == ["Upper-case mark", "Spaces after the mark", "code link", "On the next line"])
    }

    @Test func pointsComeFromTheSettingThenTheLevelThenOne() throws {
        let quiz = try #require(trivia(triviaFile("points: {easy: 3, hard: 10, expert: 20}\n", """
            ## A {.hard points=7}
            - [x] a
            - [ ] b
            ## B {.hard}
            - [x] a
            - [ ] b
            ## C {.expert}
            - [x] a
            - [ ] b
            ## D
            - [x] a
            - [ ] b
            """)))
        #expect(quiz.questions.map(\.points) == [7, 10, 20, 1])
        #expect(quiz.questions.map(\.level) == ["hard", "hard", "expert", nil])
    }

    @Test func aLevelMissingFromThePointsMapIsWorthOnePointWithAWarning() throws {
        let text = triviaFile("points: {easy: 3}\n", """
            ## A {.medium}
            - [x] a
            - [ ] b
            ## B {.medium}
            - [x] a
            - [ ] b
            """)
        let (piece, problems) = parse(text)
        #expect(located(problems) == ["5:7: warning: level 'medium' has no entry in the front-matter 'points' map, so its questions are worth 1 point"])
        #expect(problems[0].hint == "add it to the map, e.g. points: {easy: 3, medium: N}")
        guard case .trivia(let quiz)? = piece?.body else { return }
        #expect(quiz.questions.map(\.points) == [1, 1])
        // Without any map, levels are labels and every question is worth 1, silently.
        #expect(parse(triviaFile("", "## A {.medium}\n- [x] a\n- [ ] b\n")).1.isEmpty)
        // A level of one's own is one the map gives points, which the hint says.
        let own = parse(triviaFile("", "## A {.expert}\n- [x] a\n- [ ] b\n")).1
        #expect(located(own) == ["4:7: warning: unknown flag '.expert'"])
        #expect(own.first?.hint == "known flags: .single, .multiple, .easy, .medium, .hard; a level of your own is one the front matter gives points, e.g. points: {expert: 3}")
    }

    @Test func markdownBeforeTheChoicesIsTheQuestionBodyAndAfterThemAWarning() throws {
        let text = triviaFile("", """
            ## Whose portrait is this?
            ![A portrait](mona.jpg)

            - [x] Lisa Gherardini
            - [ ] Isabella d'Este

            > Painted by Leonardo.

            A stray paragraph.
            """)
        let (piece, problems) = parse(text)
        #expect(located(problems) == ["12:1: warning: Markdown after the choices is shown with the question, above them"])
        guard case .trivia(let quiz)? = piece?.body else {
            Issue.record("no quiz")
            return
        }
        #expect(quiz.questions[0].body.count == 2)
        #expect(quiz.questions[0].explanation.plainText == "Painted by Leonardo.")
    }

    /// A change of list marker starts a new list: marked choices there were shown as
    /// text above the question's choices, with only a warning.
    @Test func markedChoicesInALaterListAreAnError() {
        let (_, problems) = parse("---\nkind: trivia\n---\n## Q\n- [x] A\n- [ ] B\n* [ ] C\n\n***\n\n- [ ] D\n")
        #expect(located(problems) == [
            "7:1: error: these items are marked as choices, but a question's choices are its first list only",
            "9:1: warning: Markdown after the choices is shown with the question, above them",
            "11:1: error: these items are marked as choices, but a question's choices are its first list only",
        ])
        let (_, plain) = parse("---\nkind: trivia\n---\n## Q\n- [x] A\n- [ ] B\n* a note\n")
        #expect(located(plain) == ["7:1: warning: Markdown after the choices is shown with the question, above them"])
    }

    // MARK: Every error FORMAT.md lists for trivia quizzes

    @Test func singleQuestionWithoutExactlyOneCorrectChoice() {
        let none = parse(triviaFile("", capital.replacingOccurrences(of: "[x]", with: "[ ]")))
        #expect(located(none.1) == ["4:4: error: this question has no correct choice"])
        #expect(none.1[0].hint == "mark the right choice with [x]")
        let two = parse(triviaFile("", capital.replacingOccurrences(of: "[ ]", with: "[x]")))
        #expect(located(two.1) == ["4:4: error: a single question has exactly one correct choice, but this one has 2"])
        #expect(two.1[0].hint == "if several choices are right, mark the heading .multiple: '## … {.multiple}'")
        let multiple = parse(triviaFile("", "## Which? {.multiple}\n- [ ] a\n- [ ] b\n"))
        #expect(located(multiple.1) == ["4:4: error: this .multiple question has no correct choice"])
    }

    @Test func questionWithFewerThanTwoChoices() {
        let one = parse(triviaFile("", "## Capital of France?\n- [x] Paris\n"))
        #expect(located(one.1) == ["4:4: error: this question has only one choice"])
        let none = parse(triviaFile("", "## Capital of France?\nParis, surely.\n"))
        #expect(located(none.1) == ["4:4: error: this question has no choices"])
    }

    @Test func duplicateChoicesWithinAQuestion() {
        let (piece, problems) = parse(triviaFile("", "## Capital of France?\n- [x] Paris\n- [ ] Lyon\n- [ ] *Paris*\n"))
        #expect(piece == nil)
        #expect(located(problems) == ["7:7: error: duplicate choice 'Paris'"])
        #expect(problems[0].hint == "the same as the choice on line 5")
        // The caret is under the text, past however many spaces follow the marker.
        let spaced = parse(triviaFile("", "## Capital of France?\n- [x] Paris\n- [ ]   Paris  \n- [ ]\t Lyon\n- [ ] Lyon\n"))
        #expect(located(spaced.1) == ["6:9: error: duplicate choice 'Paris'", "8:7: error: duplicate choice 'Lyon'"])
        // Case tells choices apart: carbon monoxide is not cobalt.
        let cased = parse(triviaFile("", "## Which is carbon monoxide?\n- [x] CO\n- [ ] Co\n- [ ] co\n"))
        #expect(cased.0 != nil && cased.1.isEmpty, "\(located(cased.1))")
    }

    /// The keys of one question's choices are forgotten at the next question: the same
    /// choice in two questions is no duplicate.
    @Test func choicesAreComparedWithinTheirQuestion() {
        let text = "## A?\n- [x] Paris\n- [ ] Lyon\n\n## B?\n- [ ] Paris\n- [x] Lyon\n- [ ] Lyon\n"
        let (piece, problems) = parse(triviaFile("", text))
        #expect(piece == nil)
        #expect(located(problems) == ["11:7: error: duplicate choice 'Lyon'"])
        #expect(problems.first?.hint == "the same as the choice on line 10")
    }

    /// Past the choices searched one by one, a dictionary finds the keys: the same errors.
    @Test func duplicateChoicesInALongList() {
        let count = TextKeySet<Int>.searched + 4
        let choices = (1...count).map { "- [\($0 == 1 ? "x" : " ")] Choice \($0)\n" }.joined()
        let text = "## Many?\n" + choices + "- [ ] Choice  3\n- [ ] choice \(count)\n- [ ] Choice \(count)\n"
        let (piece, problems) = parse(triviaFile("", text))
        #expect(piece == nil)
        #expect(problems.map(\.message) == ["duplicate choice 'Choice  3'", "duplicate choice 'Choice \(count)'"])
        #expect(problems.map(\.hint) == ["the same as the choice on line 7", "the same as the choice on line \(4 + count)"])
    }

    /// The key set finds what keying each text with `choiceKey` and comparing the keys as
    /// strings finds: one by one, through its table past `searched` keys, and as strings
    /// once a text outside ASCII comes (U+037E is canonically `;`, so it meets an ASCII key).
    @Test func textKeySetsTellKeysAsStringsDo() {
        func nodes(_ text: String) -> [Node] {
            [Node(.text(text), range: SourceRange(start: .init(line: 1, column: 1), end: .init(line: 1, column: 1)))]
        }
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "B", " ", "\t", "\n", "x;", "x\u{37E}", "é", "e\u{301}", "Z", "\u{A0}", "k", "\u{212A}", "ß"]
        for round in 0..<60 {
            let texts = (0..<Int.random(in: 0...60, using: &generator)).map { _ in
                (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                    pieces[Int.random(in: 0..<(round % 2 == 0 ? 6 : pieces.count), using: &generator)]
                }.joined()
            }
            var set = TextKeySet<Int>(capacity: round % 3)
            var keys: [(String, Int)] = []
            for (i, text) in texts.enumerated() {
                let key = TriviaQuiz.choiceKey(text)
                let expected = key.isEmpty ? nil : keys.first { $0.0 == key }?.1
                switch set.insert(nodes(text), i) {
                case .blank:
                    #expect(key.isEmpty, "\(text.debugDescription)")
                case .first:
                    #expect(!key.isEmpty && expected == nil, "\(text.debugDescription) in \(texts)")
                    keys.append((key, i))
                case .seen(let first):
                    #expect(first == expected, "\(text.debugDescription) in \(texts)")
                }
            }
        }
        var set = TextKeySet<Int>(capacity: 0)
        for n in 0..<200 {
            guard case .first = set.insert(nodes("K \(n)"), n) else { Issue.record("k \(n) is new"); continue }
            guard case .seen(let first) = set.insert(nodes("  K  \(n / 2)"), -1) else { Issue.record("k \(n / 2)"); continue }
            #expect(first == n / 2)
        }
        #expect({ if case .seen(7) = set.insert(nodes("K\u{A0}7"), 0) { true } else { false } }())
        #expect({ if case .first = set.insert(nodes("k 7"), 0) { true } else { false } }())
        guard case .first = set.insert(nodes("ab\u{37E}"), 1), case .seen(1) = set.insert(nodes("ab;"), 2) else {
            Issue.record("';' is U+037E as a string")
            return
        }
        // Emptied, the set knows none of its keys, on bytes again.
        set.removeAll()
        for text in ["ab;", "K 7", "k 7", "ab;"] {
            _ = set.insert(nodes(text), 0)
        }
        guard case .first = set.insert(nodes("K 8"), 3), case .seen(3) = set.insert(nodes("K  8"), 4),
              case .seen(0) = set.insert(nodes("ab;"), 5), case .first = set.insert(nodes("k 8"), 6) else {
            Issue.record("an emptied set")
            return
        }
    }

    @Test func choicesWithoutMarkers() {
        let all = parse(triviaFile("", "## Capital of France?\n- Paris\n- Lyon\n"))
        #expect(located(all.1) == ["5:3: error: the choices have no [x] or [ ] markers"])
        let one = parse(triviaFile("", "## Capital of France?\n- [x] Paris\n- Lyon\n- [v] Nice\n"))
        #expect(located(one.1) == ["6:3: error: this choice has no [x] or [ ] marker", "7:3: error: this choice has no [x] or [ ] marker"])
        let empty = parse(triviaFile("", "## Capital of France?\n- [x] Paris\n- [ ]\n"))
        #expect(located(empty.1) == ["6:3: error: this choice is empty"])
        // The right choice left empty is that one error, not also "no correct choice".
        let emptyRight = parse(triviaFile("", "## Capital of France?\n- [x]\n- [ ] Lyon\n- [ ] Nice\n"))
        #expect(located(emptyRight.1) == ["5:3: error: this choice is empty"])
    }

    @Test func pointsGivenTwiceIsAnError() {
        let twice = parse(triviaFile("", "## Q {points=3 points=5}\n- [x] a\n- [ ] b\n"))
        #expect(located(twice.1) == ["4:16: error: 'points' is set twice"])
        #expect(twice.1.first?.hint == "the first is points=3; keep one of them")
    }

    @Test func badPointsAndLevels() {
        let points = parse(triviaFile("", "## Q {points=lots}\n- [x] a\n- [ ] b\n"))
        #expect(located(points.1) == ["4:7: error: 'points' must be a whole number from 1 to 10000"])
        let zero = parse(triviaFile("", "## Q {points=0}\n- [x] a\n- [ ] b\n"))
        #expect(located(zero.1) == ["4:7: error: 'points' must be a whole number from 1 to 10000"])
        let levels = parse(triviaFile("", "## Q {.easy .hard}\n- [x] a\n- [ ] b\n"))
        #expect(located(levels.1) == ["4:13: error: a question has one level, but this one is marked .easy and .hard"])
        let map = parse(triviaFile("points: {easy: three}\n", capital))
        #expect(located(map.1) == ["3:16: error: each value of 'points' must be a whole number between 1 and 10000"])
        let types = parse(triviaFile("", "## Q {.single .multiple}\n- [x] a\n- [ ] b\n"))
        #expect(located(types.1) == ["4:15: error: a question is .single or .multiple, but this one is marked .single and .multiple"])
    }

    @Test func badFrontMatterValues() {
        let text = triviaFile("""
            pick: 0
            time: soon
            on-wrong: stop
            pass: 120
            shuffle-answers: maybe
            bank-separator: ""
            bank: bank.csv

            """, capital)
        #expect(located(parse(text, files: ["bank.csv": "question,choices,answer\n"]).1.sorted()) == [
            "3:7: error: 'pick' must be between 1 and 1000000",
            "4:7: error: 'time' must be a number",
            "5:11: error: 'on-wrong' must be 'continue' or 'end'",
            "6:7: error: 'pass' must be between 0 and 100",
            "7:18: error: 'shuffle-answers' must be true or false",
            "8:17: error: 'bank-separator' must not be empty",
        ])
    }

    @Test func unknownFlagsKeysAndSettingsAreWarningsWithTheNearestKnown() throws {
        let text = triviaFile("pik: 3\n", "## Q {.hrad .multipel point=3 easy}\n- [x] a\n- [ ] b {.x}\n")
        let (piece, unsorted) = parse(text)
        let problems = unsorted.sorted()
        #expect(piece != nil)
        #expect(located(problems) == [
            "3:1: warning: unknown front matter key 'pik'",
            "5:7: warning: unknown flag '.hrad'",
            "5:13: warning: unknown flag '.multipel'",
            "5:23: warning: unknown setting 'point' on a question",
            "5:31: warning: 'easy' on a question heading is ignored",
            "7:9: warning: a choice takes no attribute block; '{.x}' is left out",
        ])
        #expect(problems.map(\.hint) == [
            "did you mean 'pick'?", "did you mean '.hard'?", "did you mean '.multiple'?", "did you mean 'points'?",
            "flags start with a dot: .easy", "to show a brace at the end of a choice, write \\{",
        ])
    }

    /// Teachers write numbers as in prose: `60%`, `30s`. The error says what to write, and
    /// the messages that need a pass mark do not then claim it is missing.
    @Test func aNumberWrittenWithAUnitIsToldToStandAlone() {
        let text = triviaFile("""
            pass: 60%
            time: 30s
            pick: 1 question
            pass-message: Well done
            fail-message: Try again

            """, capital)
        let problems = parse(text).1.sorted()
        #expect(located(problems) == [
            "3:7: error: 'pass' must be a number",
            "4:7: error: 'time' must be a number",
            "5:7: error: 'pick' must be a whole number",
        ])
        #expect(problems.map(\.hint) == [
            "write the number alone, without '%': pass: 60",
            "write the seconds as a number alone: time: 30",
            "write the number alone: pick: 1",
        ])
        func hint(_ line: String) -> String? { parse(triviaFile(line + "\n", capital)).1.first?.hint }
        #expect(hint("time: 2 min") == "it counts seconds: time: 120")
        #expect(hint("time: 1:30") == "it counts seconds: time: 90")
        #expect(hint("time: 7,5") == "write decimals with a point: time: 7.5")
        #expect(hint("pass: \"60\"") == "write the number without quotes: pass: 60")
        #expect(hint("pass: sixty") == "a pass mark in percent, e.g. pass: 70")
        #expect(hint("time: soon") == "seconds per question, e.g. time: 30")
        #expect(hint("pick: all") == "how many questions each play draws, e.g. pick: 10")
        // A number in another notation is a number: no slip to name.
        #expect(hint("time: 1e1") == nil)
    }

    /// A level the points map gives a wrong value is an error there, not a level "with no
    /// entry in the map" as well, nor an unknown flag.
    @Test func aLevelWithAWrongValueInThePointsMapIsOneError() {
        let text = triviaFile("points: {easy: 0, hard: 3pts, bonus: -1, medium: 2}\n", """
            ## A {.easy}
            - [x] a
            - [ ] b
            ## B {.bonus}
            - [x] a
            - [ ] b
            ## C {.hard points=2x}
            - [x] a
            - [ ] b

            """)
        let problems = parse(text).1.sorted()
        #expect(located(problems) == [
            "3:16: error: each value of 'points' must be a whole number between 1 and 10000",
            "3:25: error: each value of 'points' must be a whole number between 1 and 10000",
            "3:38: error: each value of 'points' must be a whole number between 1 and 10000",
            "11:13: error: 'points' must be a whole number from 1 to 10000",
        ])
        #expect(problems.map(\.hint) == [nil, "write the number alone: hard: 3", nil, "write the number alone: points=2"])
    }

    @Test func messagesWithoutAPassMarkAreWarnings() {
        let (_, problems) = parse(triviaFile("pass-message: Yay\n", capital))
        #expect(located(problems) == ["3:1: warning: 'pass-message' has no effect without 'pass'"])
    }

    @Test func aQuestionWithoutText() {
        let (_, problems) = parse(triviaFile("", "## {.easy}\n- [x] a\n- [ ] b\n"))
        #expect(located(problems) == ["4:1: error: this question has no text"])
    }

    @Test func aQuizWithoutQuestions() {
        let (_, problems) = parse(triviaFile("", "Just an introduction.\n"))
        #expect(located(problems) == ["2:1: error: this trivia quiz has no questions"])
    }

    @Test func theSameQuestionTwiceIsAWarning() {
        let (piece, problems) = parse(triviaFile("", capital + capital))
        #expect(piece != nil)
        #expect(located(problems) == ["7:1: warning: the same question as on line 4"])
    }

    @Test func everyProblemOfAFileIsReportedTogether() {
        let text = triviaFile("pick: 5\n", """
            ## One
            - [x] a
            - [x] b
            ## Two
            - [x] a
            ## Three {points=x}
            - [x] a
            - [ ] a
            """)
        #expect(located(parse(text).1.sorted()) == [
            "3:7: error: 'pick' is 5, but the bank has only 3 questions",
            "5:4: error: a single question has exactly one correct choice, but this one has 2",
            "8:4: error: this question has only one choice",
            "10:11: error: 'points' must be a whole number from 1 to 10000",
            "12:7: error: duplicate choice 'a'",
        ])
    }
}


@Suite struct TriviaMarkerEdgeTests {
    /// A multi-byte character right after the marker must not be cut in half.
    @Test func aMarkerFollowedByANonASCIILetterIsNotAMarker() {
        let text = "---\nkind: trivia\n---\n## Q\n- [x]é\n- [ ] b\n"
        let (_, problems) = parse(text)
        #expect(problems.contains { $0.message == "this choice has no [x] or [ ] marker" })
    }

    /// A space that a combining mark joins is one Character: after the marker's blank it is
    /// content, not more blank.
    @Test func aBlankJoinedByACombiningMarkStays() throws {
        let text = triviaFile("", "## Q\n- [x]  \u{301}a\n- [ ]\tb\n- [ ] \u{301}c\n- [ ]\n")
        #expect(parse(text).1.map(\.message) == ["this choice is empty"])
        let quiz = try #require(trivia(triviaFile("", "## Q\n- [x]  \u{301}a\n- [ ]\tb\n- [ ] \u{301}c\n")))
        #expect(quiz.questions[0].choices.map(\.content.plainText) == [" \u{301}a", "b", " \u{301}c"])
    }

    @Test func collapsingWhitespace() {
        #expect("a b".collapsingWhitespace == "a b")
        #expect("  a \n\t b  ".collapsingWhitespace == "a b")
        #expect("a\u{3000}b\u{A0}".collapsingWhitespace == "a b")
        #expect("".collapsingWhitespace == "")
        #expect(" ".collapsingWhitespace == "")
        #expect("a  b".collapsingWhitespace == "a b")
        #expect("a\tb".collapsingWhitespace == "a b")
        #expect(" a".collapsingWhitespace == "a")
        #expect("a ".collapsingWhitespace == "a")
        #expect("a\u{2003}b c".collapsingWhitespace == "a b c")
    }
}
