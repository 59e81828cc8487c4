import Content
import Diagnostics
import Markdown
import Testing

@Suite struct PersonalityParserTests {
    @Test func parsesQuestionsAnswersAndOutcomes() throws {
        let quiz = try #require(personality(animals))
        #expect(quiz.outcomes.map(\.id) == ["dog", "cat"])
        #expect(quiz.outcomes[0].title.plainText == "You are a dog!")
        #expect(quiz.outcomes[0].body.plainText == "Outgoing.")
        #expect(quiz.questions.map(\.type) == [.single, .multiple, .ranged])
        #expect(quiz.questions[0].text.plainText == "Which food do you like the most?")
        #expect(quiz.questions[1].answers[1].scores == [1: 2, 0: -1])
        #expect(quiz.questions[1].answers[1].content.plainText == "Sleeping")
        #expect(quiz.questions[0].answers.map(\.line) == [8, 9])
        #expect(quiz.shuffleAnswers == false && quiz.shuffleQuestions == false)
    }

    @Test func shuffleOptions() throws {
        let text = animals.replacingOccurrences(of: "title:", with: "shuffle-questions: true\nshuffle-answers: yes\ntitle:")
        let quiz = try #require(personality(text))
        #expect(quiz.shuffleQuestions && quiz.shuffleAnswers)
    }

    @Test func questionBodyKeepsProseAndTakesTheFirstListAsAnswers() throws {
        let text = animals.replacingOccurrences(
            of: "## Which food do you like the most?\n",
            with: "## Which food do you like the most?\nThink of *dinner*.\n\n")
        let quiz = try #require(personality(text))
        #expect(quiz.questions[0].body.plainText == "Think of dinner.")
        #expect(quiz.questions[0].answers.count == 2)
    }

    @Test func anyNumberOfAnswersAndLooseLists() throws {
        let text = """
            ---
            kind: personality
            ---
            ## Pick
            1. One {a}

            2. Two {b}

            3. Three {a b=3}
            ## A {#a .outcome}
            ## B {#b .outcome}
            """
        let quiz = try #require(personality(text))
        #expect(quiz.questions[0].answers.map(\.scores) == [[0: 1], [1: 1], [0: 1, 1: 3]])
    }

    // MARK: Every error FORMAT.md lists for personality quizzes

    @Test func referenceToAnUndeclaredOutcomeSuggestsTheNearest() throws {
        let (piece, problems) = parse(animals.replacingOccurrences(of: "Fish {cat}", with: "Fish {cta}"))
        #expect(piece == nil)
        #expect(located(problems) == ["9:9: error: unknown outcome 'cta'"])
        #expect(problems[0].hint == "did you mean 'cat'?")
        #expect(problems[0].sourceLine == "- Fish {cta}")
    }

    @Test func duplicateOutcomeIds() {
        let (_, problems) = parse(animals.replacingOccurrences(of: "{#cat .outcome}", with: "{#dog .outcome}"))
        #expect(located(problems).first == "22:20: error: duplicate outcome id 'dog'")
        #expect(problems[0].hint == "'dog' is already the id of the outcome on line 19")
    }

    @Test func questionWithFewerThanTwoAnswers() {
        let text = animals.replacingOccurrences(of: "- Fish {cat}\n", with: "")
        #expect(located(parse(text).1) == ["7:4: error: this question has only one answer"])
        let none = animals.replacingOccurrences(of: "- Steak {dog}\n- Fish {cat}\n", with: "No list here.\n")
        #expect(located(parse(none).1) == ["7:4: error: this question has no answers"])
    }

    @Test func answerWithNoReference() {
        let (_, problems) = parse(animals.replacingOccurrences(of: "Fish {cat}", with: "Fish"))
        #expect(located(problems) == ["9:3: error: this answer scores no outcome"])
        #expect(problems[0].hint == "end it with the outcomes it counts for, e.g. {dog} or {dog=2}")
        let onlyFlags = parse(animals.replacingOccurrences(of: "Fish {cat}", with: "Fish {}"))
        #expect(located(onlyFlags.1) == ["9:3: error: this answer scores no outcome"])
    }

    @Test func quizWithNoOutcome() {
        let text = "---\nkind: personality\n---\n## Q\n- a {x}\n- b {x}\n"
        let (_, problems) = parse(text)
        #expect(located(problems).contains("2:1: error: this personality quiz has no outcome"))
    }

    @Test func quizWithNoQuestion() {
        let (_, problems) = parse("---\nkind: personality\n---\n## X {#x .outcome}\n")
        #expect(located(problems) == ["2:1: error: this personality quiz has no question"])
    }

    @Test func allProblemsOfAFileAreReportedTogether() {
        let text = animals
            .replacingOccurrences(of: "Fish {cat}", with: "Fish {cta}")
            .replacingOccurrences(of: "Swimming {cat}", with: "Swimming")
            .replacingOccurrences(of: "{.ranged}", with: "{.ranged .multiple}")
        #expect(located(parse(text).1.filter(\.isError)) == [
            "9:9: error: unknown outcome 'cta'",
            "12:3: error: this answer scores no outcome",
            "15:46: error: a question has one type, but this one is marked .ranged and .multiple",
        ])
    }

    // MARK: Other located problems

    @Test func weightsMustBeWholeNumbers() {
        let (_, problems) = parse(animals.replacingOccurrences(of: "cat=2", with: "cat=two"))
        #expect(located(problems) == ["13:13: error: the weight of 'cat' must be a whole number"])
    }

    /// `{#cat outcome}`, its dot forgotten, is one error that says so: read as the outcome
    /// it meant, it is no question without answers, and the answers that name it find it.
    @Test func anOutcomeFlagWithoutItsDotIsOneError() {
        let slip = animals.replacingOccurrences(of: "{#cat .outcome}", with: "{#cat outcome}")
        let (_, problems) = parse(slip)
        #expect(located(problems) == ["22:25: error: 'outcome' without its dot makes no outcome"])
        #expect(problems.first?.hint == "did you mean '.outcome'?")
        // With no id it names nothing, and stays a question heading's ignored word, with the hint.
        let (_, bare) = parse(animals.replacingOccurrences(of: "## How much do you enjoy car rides? {.ranged}", with: "## How much do you enjoy car rides? {ranged}"))
        #expect(located(bare) == ["15:38: warning: 'ranged' on a question heading is ignored"])
        #expect(bare.first?.hint == "did you mean '.ranged'?")
    }

    /// `- B {dog}{cat}` scores cat alone and shows "B {dog}": a warning at the first block's
    /// brace says so. Braces the author escaped, put in code or that read as no block (a set
    /// on a heading, `{1}`) are left alone.
    @Test func onlyTheLastOfTwoBlocksCounts() {
        let two = animals
            .replacingOccurrences(of: "- Steak {dog}", with: "- Steak {dog}{cat}")
            .replacingOccurrences(of: "- Fish {cat}", with: "- Fish {dog} {cat=2}")
            .replacingOccurrences(of: "## Which activities do you enjoy? {.multiple}", with: "## Which activities do you enjoy? {.multiple}{#act}")
        let (_, problems) = parse(two)
        #expect(located(problems) == [
            "11:35: warning: only the last attribute block counts: '{.multiple}' is shown as text",
            "8:9: warning: only the last attribute block counts: '{dog}' is shown as text",
            "9:8: warning: only the last attribute block counts: '{dog}' is shown as text",
        ])
        #expect(problems.map(\.hint) == [
            "write all its tokens in one block, {.multiple #act}; to show the braces as text, write \\{",
            "write all its tokens in one block, {dog cat}; to show the braces as text, write \\{",
            "write all its tokens in one block, {dog cat=2}; to show the braces as text, write \\{",
        ])
        let meant = animals
            .replacingOccurrences(of: "- Steak {dog}", with: "- Steak \\{dog} {dog}")
            .replacingOccurrences(of: "- Fish {cat}", with: "- Fish `{dog}` {cat}")
            .replacingOccurrences(of: "## Which food do you like the most?", with: "## Is A = {1}? {.single}")
        #expect(parse(meant).1.isEmpty, "\(located(parse(meant).1))")
    }

    /// A weight that is not a number because of a slip says which: a comma between two
    /// references, a dash pasted from a word processor in place of '-' (named, with its code).
    @Test func weightSlipsAreNamedInTheHint() {
        for (written, hint) in [
            ("cat=2,dog=1", "separate tokens with spaces, not commas: cat=2 dog=1"),
            ("cat=\u{2212}2", "'\u{2212}' (U+2212 MINUS SIGN) is not a minus sign here: write '-' (ASCII hyphen-minus), cat=-2"),
            ("cat=\u{2013}2", "'\u{2013}' (U+2013 EN DASH) is not a minus sign here: write '-' (ASCII hyphen-minus), cat=-2"),
            ("cat=\u{2212}", "write cat=2 or cat=-1"),
        ] {
            let (_, problems) = parse(animals.replacingOccurrences(of: "cat=2", with: written))
            #expect(located(problems) == ["13:13: error: the weight of 'cat' must be a whole number"], "\(written)")
            #expect(problems.first?.hint == hint)
        }
    }

    /// A whole number too large for a weight is told so, with the range, whether or not it
    /// fits in an Int.
    @Test func weightsOutOfRangeNameTheRange() {
        for weight in ["99999999999999999999", "-1000001", "1000001", "-99999999999999999999"] {
            let (_, problems) = parse(animals.replacingOccurrences(of: "cat=2", with: "cat=\(weight)"))
            #expect(located(problems) == ["13:13: error: the weight of 'cat' must be from -1,000,000 to 1,000,000"], "\(weight)")
        }
        let edge = parse(animals.replacingOccurrences(of: "cat=2", with: "cat=-1000000 dog=+1000000")).1
        #expect(edge.filter(\.isError).isEmpty, "\(located(edge))")
    }

    /// A name repeated in one answer keeps its warning: its weights are added.
    @Test func aNameRepeatedInAnAnswerIsAWarning() {
        let (_, problems) = parse(animals.replacingOccurrences(of: "cat=2 dog=-1", with: "cat=2 cat=1"))
        #expect(located(problems) == ["13:19: warning: 'cat' is named twice in this answer; the weights are added"])
    }

    @Test func unknownFlagIsAWarningWithTheNearestFlag() throws {
        let (piece, problems) = parse(animals.replacingOccurrences(of: "{.multiple}", with: "{.multi}"))
        #expect(piece != nil)
        #expect(located(problems) == ["11:36: warning: unknown flag '.multi'"])
        #expect(problems[0].hint == "did you mean '.multiple'?")
    }

    @Test func conflictingQuestionTypes() {
        let (_, problems) = parse(animals.replacingOccurrences(of: "{.multiple}", with: "{.multiple .ranged}"))
        #expect(located(problems) == ["11:46: error: a question has one type, but this one is marked .multiple and .ranged"])
    }

    @Test func outcomeWithoutId() {
        let (_, problems) = parse(animals.replacingOccurrences(of: "{#cat .outcome}", with: "{.outcome}"))
        #expect(located(problems).contains("22:4: error: an outcome needs an id"))
    }

    /// An id that is invalid is the one error: the outcome has tried to give one.
    @Test func anInvalidOutcomeIdIsTheOnlyError() {
        let (_, problems) = parse(animals.replacingOccurrences(of: "{#cat .outcome}", with: "{#c@t .outcome}"))
        #expect(located(problems).contains("22:20: error: invalid id '#c@t'"))
        #expect(!problems.contains { $0.message == "an outcome needs an id" }, "\(located(problems))")
    }

    /// An outcome id in a script whose letters carry combining marks.
    @Test func outcomeIdsWithCombiningMarks() {
        let text = animals.replacingOccurrences(of: "{#cat .outcome}", with: "{#नमस्ते .outcome}")
            .replacingOccurrences(of: "{cat}", with: "{नमस्ते}").replacingOccurrences(of: "cat=2", with: "नमस्ते=2")
        let (piece, problems) = parse(text)
        #expect(problems.isEmpty, "\(located(problems))")
        #expect(piece != nil)
    }

    @Test func attributeBlockOverlappingMarkup() {
        let (_, problems) = parse(animals.replacingOccurrences(of: "Fish {cat}", with: "`Fish {` cat}"))
        #expect(located(problems).contains("9:9: error: the attribute block overlaps Markdown formatting"))
    }

    @Test func referencesOnAQuestionHeadingAreWarnings() {
        let (piece, problems) = parse(animals.replacingOccurrences(of: "{.ranged}", with: "{.ranged dog}"))
        #expect(piece != nil)
        #expect(located(problems) == ["15:46: warning: 'dog' on a question heading is ignored"])
    }

    @Test func rawHTMLIsAWarningUnlessAllowed() {
        let text = animals.replacingOccurrences(of: "Outgoing.", with: "<b>Outgoing</b>.")
        #expect(located(parse(text).1) == ["20:1: warning: raw HTML is left out of the page"])
        #expect(parse(text, options: .init(allowRawHTML: true)).1.isEmpty)
    }
}

@Suite struct RepeatedOutcomeTests {
    /// An answer that names an outcome again is warned about at each mention after the first,
    /// with the line of the one before (a pair with a bad weight is no mention), and the
    /// weights add up.
    @Test func namingAnOutcomeTwiceAddsTheWeightsWithAWarning() throws {
        let ids = (1...20).map { "o\($0)" }
        let outcomes = ids.map { "## \($0) {#\($0) .outcome}\n" }.joined()
        let many = ids.joined(separator: " ") + " o3 o20=4 o3=-1"
        let text = "---\nkind: personality\n---\n## Q\n- A {o1 o2 o1=2}\n- B {\(many)}\n\n" + outcomes
        let (piece, problems) = parse(text)
        guard case .personality(let quiz)? = piece?.body else {
            Issue.record("no quiz: \(located(problems))")
            return
        }
        let twice = { (name: String) in "'\(name)' is named twice in this answer; the weights are added" }
        #expect(problems.map(\.message) == [twice("o1"), twice("o3"), twice("o20"), twice("o3")])
        #expect(problems.map(\.line) == [5, 6, 6, 6])
        #expect(problems.allSatisfy { $0.severity == .warning && $0.hint == nil })
        // Columns: after "- A {" and after "- B {" and the names before.
        #expect(problems[0].column == 12)
        let column = 6 + ids.joined(separator: " ").utf8.count + 1
        #expect(problems.dropFirst().map(\.column) == [column, column + 3, column + 9])
        let scores = quiz.questions[0].answers.map(\.scores)
        #expect(scores[0] == [0: 3, 1: 1])
        var expected = [Int: Int](uniqueKeysWithValues: (0..<20).map { ($0, 1) })
        expected[2] = 1 + 1 - 1
        expected[19] = 5
        #expect(scores[1] == PersonalityQuiz.Scores(expected))
        // A pair whose weight is refused scored nothing: the name after it is no repeat of it.
        let refused = parse("---\nkind: personality\n---\n## Q\n- A {o1=x o1 o1=2}\n- B {o1}\n\n## O {#o1 .outcome}\n").1
        #expect(located(refused) == [
            "5:6: error: the weight of 'o1' must be a whole number",
            "5:14: warning: 'o1' is named twice in this answer; the weights are added",
        ])
    }
}

@Suite struct PathologicalInputTests {
    /// Found by the fuzzer: the search for raw HTML was exponential in the nesting depth, so
    /// 60 levels (2^60 steps) never came back: the time limit, no clock, catches that.
    @Test(.timeLimit(.minutes(1))) func deeplyNestedQuotesWithRawHTMLParseQuickly() {
        let text = String(repeating: ">", count: 60) + " deep <b>html</b>\n"
        let (_, problems) = parse("---\nkind: personality\n---\n" + text)
        #expect(located(problems.filter { $0.message == "raw HTML is left out of the page" })
            == ["4:67: warning: raw HTML is left out of the page"])
    }
}

@Suite struct ExtremeInputTests {
    @Test func theSmallestIntegerAsAWeightIsAnErrorNotACrash() {
        let (_, problems) = parse(animals.replacingOccurrences(of: "cat=2", with: "cat=-9223372036854775808"))
        #expect(problems.map(\.message) == ["the weight of 'cat' must be from -1,000,000 to 1,000,000"])
    }
}

@Suite struct ScoresTests {
    /// Scanned among a few outcomes and indexed among many, the sums are a dictionary's.
    @Test(arguments: [1, 5, 16, 17, 60])
    func addingMatchesADictionary(outcomes: Int) {
        var scores = PersonalityQuiz.Scores()
        var reference: [Int: Int] = [:]
        var firstNamed: [Int] = []
        for step in 0..<(outcomes * 3) {
            let outcome = (step * 7 + step / outcomes) % outcomes
            let points = step % 5 - 2
            scores.add(points, to: outcome)
            if reference[outcome] == nil { firstNamed.append(outcome) }
            reference[outcome, default: 0] += points
        }
        #expect(scores.count == reference.count)
        for outcome in -1...outcomes { #expect(scores[outcome] == reference[outcome]) }
        #expect(scores == PersonalityQuiz.Scores(reference))
        #expect(scores.map(\.outcome) == firstNamed)
    }

    @Test func equalityIgnoresTheOrderNamed() {
        let a: PersonalityQuiz.Scores = [0: 1, 2: 3]
        let b: PersonalityQuiz.Scores = [2: 3, 0: 1]
        #expect(a == b)
        #expect(a != [0: 1, 2: 4])
        #expect(a != [0: 1])
        #expect(a.map(\.outcome) == [0, 2])
        #expect(b.map(\.outcome) == [2, 0])
    }
}

/// A question's answers are its first list. A change of list marker starts another list
/// (CommonMark), whose answers were dropped without a word and shown above the others
/// with their `{…}` blocks as text.
@Suite struct SecondAnswerListTests {
    static func quiz(_ question: String) -> String {
        "---\nkind: personality\n---\n## Which food?\n" + question + "\n## Dog {#dog .outcome}\nD\n\n## Cat {#cat .outcome}\nC\n"
    }

    @Test func itemsThatScoreInALaterListAreAnError() {
        let (_, problems) = parse(Self.quiz("- Steak {dog}\n- Fish {cat}\n* Tofu {cat}\n+ Corn {dog}\n"))
        #expect(located(problems) == [
            "7:1: error: these items score outcomes, but a question's answers are its first list only",
            "8:1: error: these items score outcomes, but a question's answers are its first list only",
        ])
        let (_, between) = parse(Self.quiz("- Steak {dog}\n- Fish {cat}\n\nOr else:\n\n- Tofu {cat}\n"))
        #expect(located(between) == [
            "8:1: warning: Markdown after the answers is shown with the question, above them",
            "10:1: error: these items score outcomes, but a question's answers are its first list only",
        ])
    }

    @Test func otherMarkdownAfterTheAnswersIsAWarningAndShownAbove() {
        let (piece, problems) = parse(Self.quiz("- Steak {dog}\n- Fish {cat}\n\nA note.\n\n* a plain list\n"))
        #expect(located(problems) == [
            "8:1: warning: Markdown after the answers is shown with the question, above them",
            "10:1: warning: Markdown after the answers is shown with the question, above them",
        ])
        guard case .personality(let quiz)? = piece?.body else {
            Issue.record("no quiz")
            return
        }
        #expect(quiz.questions[0].answers.count == 2 && quiz.questions[0].body.count == 2)
    }
}

/// Text a reader would see as an empty heading or button is a warning, as its trivia
/// counterparts are errors; an image alone is text enough.
@Suite struct EmptyTextTests {
    @Test func emptyQuestionAnswerAndOutcomeTitle() {
        let (_, problems) = parse("""
            ---
            kind: personality
            ---
            ## {.single}
            - {dog}
            - Fish {cat}
            - ![a fish](fish.png) {cat}

            ## {#dog .outcome}
            D

            ## ![](cat.png) {#cat .outcome}
            C
            """)
        #expect(located(problems) == [
            "9:1: warning: this outcome has no title",
            "4:1: warning: this question has no text",
            "5:3: warning: this answer has no text",
        ])
    }

    @Test func emptyStoryChoices() {
        let (_, problems) = parse("---\nkind: story\n---\n## Start\nGo [](#end) or [` `](#end).\n- [](#end)\n- [![door](door.png)](#end)\n## End {#end}\n")
        #expect(located(problems) == [
            "5:4: warning: this choice has no text",
            "6:3: warning: this choice has no text",
        ])
    }
}

@Suite struct AnswerOfSeveralBlocksTests {
    /// The block must end the item, not its first paragraph: the hint says so.
    @Test func theHintPointsAtTheLastLine() {
        let (_, problems) = parse("---\nkind: personality\n---\n## Q\n- Steak {dog}\n\n  More words.\n- Fish {dog}\n## D {#dog .outcome}\n")
        #expect(problems.map(\.hint) == ["its outcomes go at the end of its last line, after all 2 of its blocks, e.g. {dog}"])
    }
}
