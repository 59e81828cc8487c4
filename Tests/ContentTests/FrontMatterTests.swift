import Content
import Diagnostics
import Testing

@Suite struct FrontMatterTests {
    @Test func readsCommonKeysAndTitleFallbacks() throws {
        let (piece, problems) = parse(animals)
        #expect(problems.isEmpty)
        let meta = try #require(piece?.meta)
        #expect(meta.kind == .personality)
        #expect(meta.title == "Which Animal Are You?")
        #expect(meta.description == "Answer honestly.")
        #expect(meta.lang == "en")

        let fromHeading = parse("---\nkind: personality\n---\n# The *Heading* Title\nIntro\n## Q\n- a {x}\n- b {x}\n## X {#x .outcome}\n")
        #expect(fromHeading.0?.meta.title == "The Heading Title")
        #expect(fromHeading.0?.meta.introduction.count == 1)
        let fromName = parse("---\nkind: personality\n---\n## Q\n- a {x}\n- b {x}\n## X {#x .outcome}\n", path: "Content/my-quiz.md")
        #expect(fromName.0?.meta.title == "my-quiz")
    }

    /// With a title in the front matter, a `#` heading that reads otherwise is the author's
    /// words and stays in the introduction, where it stands; one that repeats the title goes.
    @Test func aHeadingThatIsNotTheTitleStaysInTheIntroduction() throws {
        let body = "Before.\n\n# Welcome aboard\nIntro.\n## Q\n- a {x}\n- b {x}\n## X {#x .outcome}\n"
        let other = try #require(parse("---\nkind: personality\ntitle: Front Title\n---\n" + body).0?.meta)
        #expect(other.title == "Front Title")
        #expect(other.introduction.map(\.plainText) == ["Before.", "Welcome aboard", "Intro."])
        #expect(other.introduction[1].headingLevel == 1)
        let same = try #require(parse("---\nkind: personality\ntitle: Welcome aboard\n---\n" + body).0?.meta)
        #expect(same.introduction.map(\.plainText) == ["Before.", "Intro."])
        let none = try #require(parse("---\nkind: personality\n---\n" + body).0?.meta)
        #expect(none.title == "Welcome aboard")
        #expect(none.introduction.map(\.plainText) == ["Before.", "Intro."])
    }

    @Test func missingKindListsTheKinds() {
        let (piece, problems) = parse("---\ntitle: Hi\n---\n## Q\n")
        #expect(piece == nil)
        #expect(located(problems) == ["1:1: error: missing 'kind' in the front matter"])
        #expect(problems[0].hint?.contains("'personality', 'trivia' or 'story'") == true)
        let none = parse("# Just Markdown\n")
        #expect(located(none.1) == ["1:1: error: missing front matter with a 'kind'"])
    }

    @Test func unknownKindSuggestsTheNearest() {
        let (_, problems) = parse("---\nkind: personalty\n---\n")
        #expect(located(problems) == ["2:7: error: 'kind' must be 'personality', 'trivia' or 'story'"])
        #expect(problems[0].hint == "did you mean 'personality'?")
    }

    @Test func yamlSyntaxErrorsPointIntoTheMarkdownFile() {
        let (_, problems) = parse("---\nkind: personality\ntitle: [unclosed\n---\n## Q\n- a {x}\n- b {x}\n## X {#x .outcome}\n")
        #expect(located(problems) == [
            "3:8: error: not valid YAML: did not find expected ',' or ']' (while parsing a flow sequence on line 3)",
        ])
        #expect(problems[0].file == "Content/quiz.md")
    }

    /// A beginner's YAML slips, which libyaml names in its own words and often a line late,
    /// are said in theirs, at the slip, with the line to write.
    @Test func yamlSlipsArePointedAtWithTheFix() {
        func first(_ frontMatter: String) -> [String?] {
            let problems = parse("---\n" + frontMatter + "---\n## Q\n- [x] a\n- [ ] b\n").1
            return [located(problems).first, problems.first?.hint]
        }
        let tab = "YAML indents with spaces only: replace the tab with spaces"
        #expect(first("kind: trivia\npoints:\n\teasy: 3\n") == ["4:1: error: not valid YAML: a tab indents this line", tab])
        #expect(first("kind: trivia\npoints:\n  easy: 3\n  \thard: 4\n") == ["5:3: error: not valid YAML: a tab indents this line", tab])
        #expect(first("kind: trivia\npoints:\n  easy: 3\n\thard: 4\n") == ["5:1: error: not valid YAML: a tab indents this line", tab])

        let inValue = "4:15: error: not valid YAML: a ': ' inside a value starts another key"
        #expect(first("kind: trivia\n\ntitle: Macbeth: a quiz\n") == [inValue, "put the whole value in quotes: title: \"Macbeth: a quiz\""])
        #expect(first("kind: trivia\ndescription: Act 1: the \"witches\"  # yes\n")[1]
            == "put the whole value in quotes: description: 'Act 1: the \"witches\"' # yes")

        let noColon = "error: not valid YAML: this line has no ':' after its key"
        let kindTrivia = "write a colon and a space after the key: kind: trivia"
        #expect(first("kind trivia\ntitle: x\n") == ["2:5: " + noColon, kindTrivia])
        #expect(first("# the kind\nkind   trivia\nmore words\ntitle: x\n") == ["3:5: " + noColon, kindTrivia])
        #expect(first("title: x\nkind trivia\n") == ["3:5: " + noColon, kindTrivia])
        #expect(first("title: x\nkind trivia\ndescription: y\n") == ["3:5: " + noColon, kindTrivia])
        #expect(first("kind: trivia\npoints:\n  easy 3\n  hard: 4\n") == ["4:7: " + noColon, "write a colon and a space after the key: easy: 3"])
        #expect(first("kind: trivia\ndescription: a long\ntext that goes on\ntitle: x\n") == [
            "4:5: " + noColon, "write a colon and a space after the key: text: that goes on; or, if it goes on the value above, indent it",
        ])
        #expect(first("kind trivia\n") == ["2:5: error: expected a list of 'key: value' lines", kindTrivia])
        #expect(first("kind trivia   # the kind\ntitle: x\n")[1] == kindTrivia + " # the kind")

        let open = "3:8: error: not valid YAML: this value starts with a quote (') that is not closed on its line"
        let apostrophe = "a ' at the start of a value begins quoted text, which runs to the next ': for an apostrophe, "
            + "put the whole value in double quotes: title: \"'Tis the season\""
        #expect(first("kind: trivia\ntitle: 'Tis the season\n") == [open, apostrophe])
        #expect(first("kind: trivia\ntitle: 'Tis the season\ndescription: It's fun\n") == [open, apostrophe])
        #expect(first("kind: trivia\ntitle: \"Tis the season\n") == [
            "3:8: error: not valid YAML: this value starts with a quote (\") that is not closed on its line",
            "end the value with \" on its line: title: \"Tis the season\"",
        ])
        #expect(first("kind: trivia\ntitle: 'Tis' the season\n") == [
            "3:8: error: not valid YAML: the quoted value ends at its closing quote, and more follows it",
            "a value that starts with a quote ends at the next one: put the whole value in quotes: title: \"'Tis' the season\"",
        ])
        // quizgen.yml is told the same.
        let settings = SiteSettings.parse(SourceFile(path: "quizgen.yml", text: "title: Year 7: maths\n")).1
        #expect(located(settings) == ["1:14: error: not valid YAML: a ': ' inside a value starts another key"])
    }

    /// An error that is none of those slips keeps libyaml's words and place.
    @Test func otherYAMLErrorsKeepLibyamlsWords() {
        func first(_ frontMatter: String) -> [String?] {
            let problems = parse("---\n" + frontMatter + "---\n## Q\n- [x] a\n- [ ] b\n").1
            return [located(problems).first, problems.first?.hint]
        }
        // A quoted value over two lines, closed, is no slip: the tab below it is.
        #expect(first("kind: trivia\ntitle: 'a long\n  title'\ndescription: x\n\tlang: en\n")
            == ["6:1: error: not valid YAML: a tab indents this line", "YAML indents with spaces only: replace the tab with spaces"])
        #expect(first("kind: trivia\ndescription: a long\n  text: more\n")
            == ["4:7: error: not valid YAML: mapping values are not allowed in this context", nil])
        #expect(first("kind: trivia\ntitle: x\n- a\n")
            == ["4:1: error: not valid YAML: did not find expected key (while parsing a block mapping on line 2)", nil])
    }

    /// A key set twice is reported where it is set the second time (libyaml marks the
    /// mapping's first key), in front matter and in quizgen.yml, nested too.
    @Test func aKeySetTwiceIsReportedAtTheSecond() {
        let (_, problems) = parse("---\nkind: story\ntitle: A\ndescription: d\ntitle: B\n---\n## One\n")
        #expect(located(problems) == ["5:1: error: 'title' set twice"])
        let settings = SiteSettings.parse(SourceFile(path: "quizgen.yml", text: "title: T\nmedia-origins:\n  a: 1\n  b: 2\n  a: 3\n")).1
        #expect(located(settings) == ["5:3: error: 'a' set twice"])
        // Written otherwise (a flow mapping), the mapping is pointed at.
        let flow = SiteSettings.parse(SourceFile(path: "quizgen.yml", text: "x: {a: 1, a: 2}\n")).1
        #expect(located(flow) == ["1:5: error: 'a' set twice"])
    }

    /// "One build reports every problem": front matter that is not YAML does not hide the
    /// body's errors. The kind comes from its own line; warnings are left out, as they could
    /// come from settings that were not read (a story's `start`, a quiz's `points`).
    @Test func aYAMLErrorLeavesTheBodysErrorsReported() {
        let story = "---\nkind: story\nstart: b\ntitle: [unclosed\n---\n## A\n- [Go](#nowhere)\n## B {#b}\n- [A](#a)\n"
        #expect(located(parse(story).1) == [
            "4:8: error: not valid YAML: did not find expected ',' or ']' (while parsing a flow sequence on line 4)",
            "7:3: error: unknown page 'nowhere'",
        ])
        let quiz = "---\ntitle: \"x\nkind: 'trivia'  # a quiz\n---\n## Q {.hard}\n- [x] a\n- [ ] a\n"
        #expect(located(parse(quiz).1) == [
            "2:8: error: not valid YAML: this value starts with a quote (\") that is not closed on its line",
            "7:7: error: duplicate choice 'a'",
        ])
        // A quiz whose questions are all in its bank has none in its body: that is no error.
        let banked = "---\nkind: trivia\nbank: q.csv\ntitle: [x\n---\nIntro.\n"
        #expect(parse(banked).1.count == 1)
        // No kind line, or none that names a kind: nothing more can be told.
        let unknown = "---\nkind: quiz\ntitle: [x\n---\n## Q\n"
        #expect(parse(unknown).1.count == 1)
    }

    @Test func fencesAreLinesOfExactlyThreeDashes() {
        let crlf = FrontMatter.split(SourceFile(path: "f.md", text: "---\r\nkind: trivia\r\n---\r\nBody\r\n")).0
        #expect(crlf.isPresent && crlf.bodyStartLine == 4 && crlf.entries.map(\.key) == ["kind"])
        let spaced = FrontMatter.split(SourceFile(path: "f.md", text: "---\nkind: trivia\n--- \n----\n---\n")).0
        #expect(spaced.bodyStartLine == 6)
        for opening in ["--- \n", "----\n", "--\n", " ---\n", "-\u{2010}-\n"] {
            #expect(!FrontMatter.split(SourceFile(path: "f.md", text: opening + "kind: trivia\n---\n")).0.isPresent)
        }
    }

    @Test func unclosedFrontMatter() {
        let (_, problems) = parse("---\nkind: personality\n")
        #expect(located(problems).first == "1:1: error: front matter is not closed")
    }

    @Test func unknownKeyIsAWarningWithTheNearestKnownKey() {
        let text = animals.replacingOccurrences(of: "title:", with: "shuffle-answer: true\ntitle:")
        let (piece, problems) = parse(text)
        #expect(piece != nil)
        #expect(located(problems) == ["3:1: warning: unknown front matter key 'shuffle-answer'"])
        #expect(problems[0].hint == "did you mean 'shuffle-answers'?")
    }

    /// Names from other tools or plain English, too far from the key for a typo, get the key
    /// quizgen reads, with the line to write; still warnings, as every unknown key.
    @Test func unknownKeysThatNameAKnownOneOtherwiseGetIt() {
        let text = triviaFile("""
            pass-mark: 60
            sudden-death: true
            timer: 30s
            time-limit: 20
            questions: 10
            Draw: 5
            type: trivia
            shuffle: false
            summary: Week 3
            Pass_Percent: 70%
            sudden_death: no

            """, capital)
        let problems = parse(text).1.sorted()
        #expect(problems.allSatisfy { $0.severity == .warning && $0.message.hasPrefix("unknown front matter key") })
        #expect(problems.map(\.hint) == [
            "did you mean 'pass'? Write pass: 60",
            "sudden death is written 'on-wrong: end'",
            "did you mean 'time'? Write time: 30",
            "did you mean 'time'? Write time: 20",
            "did you mean 'pick'? Write pick: 10",
            "did you mean 'pick'? Write pick: 5",
            "did you mean 'kind'? Write kind: trivia",
            "did you mean 'shuffle-questions' or 'shuffle-answers'? Each is true or false",
            "did you mean 'description'? Write description: Week 3",
            "did you mean 'pass'? Write pass: 70",
            "sudden death is 'on-wrong: end'; without it, leave this line out",
        ])
        // A name for a key this kind does not take is no hint; a list of questions is no count.
        let story = parse("---\nkind: story\npass-mark: 60\n---\n## A\n").1
        #expect(story.first?.hint?.hasPrefix("known keys:") == true)
        let listed = parse(triviaFile("questions:\n  - one\n", capital)).1
        #expect(listed.first?.hint?.hasPrefix("known keys:") == true)
        // quizgen.yml's `language` and a content file's `lang` name each other.
        #expect(parse("---\nkind: story\nlanguage: fr\n---\n## A\n").1.first?.hint == "did you mean 'lang'? Write lang: fr")
        let settings = SiteSettings.parse(SourceFile(path: "quizgen.yml", text: "lang: fr\nurl: https://example.org/\n")).1
        #expect(settings.map(\.hint) == [
            "did you mean 'language'? Write language: fr", "did you mean 'base-url'? Write base-url: https://example.org/",
        ])
    }

    /// ` #` in a plain value starts a YAML comment, which cuts a title or a message short
    /// with nothing to show for it: a warning at the `#`, with the value in quotes to write.
    @Test func aCommentThatCutsTextIsAWarningAtTheHash() throws {
        let text = triviaFile("""
            title: Quiz #3 for 7B
            description: Week 3\t#revision  
            pass: 60 # percent
            pass-message: Well done! # a "gold" star
            fail-message: 'Not #1 yet'
            perfect-message: C# and F# #1
            time: 30   # seconds

            """, capital)
        let (piece, unsorted) = parse(text)
        let problems = unsorted.sorted()
        #expect(piece?.meta.title == "Quiz")
        #expect(located(problems) == [
            "3:13: warning: the rest of the line after ' #' was read as a YAML comment, so 'title' is only 'Quiz'",
            "4:21: warning: the rest of the line after ' #' was read as a YAML comment, so 'description' is only 'Week 3'",
            "6:26: warning: the rest of the line after ' #' was read as a YAML comment, so 'pass-message' is only 'Well done!'",
            "8:28: warning: the rest of the line after ' #' was read as a YAML comment, so 'perfect-message' is only 'C# and F#'",
        ])
        #expect(problems.map(\.hint) == [
            "to keep it, put the whole value in quotes: title: \"Quiz #3 for 7B\"; a comment goes on a line of its own",
            "to keep it, put the whole value in quotes: description: \"Week 3\t#revision\"; a comment goes on a line of its own",
            "to keep it, put the whole value in quotes: pass-message: 'Well done! # a \"gold\" star'; a comment goes on a line of its own",
            "to keep it, put the whole value in quotes: perfect-message: \"C# and F# #1\"; a comment goes on a line of its own",
        ])
    }

    /// No warning where a comment cuts nothing meant as text, or where no comment is.
    @Test func aCommentAfterASettingOrOnItsOwnLineIsNoWarning() {
        let story = """
            ---
            kind: story
            # The title, as the index shows it:
            title: The Cave
            lang: en  # English
            start: cave # the first page
            draft: false # for now
            description: &d One line
            ---
            ## Cave {#cave}

            """
        #expect(parse(story).1.isEmpty)
        // A value over two lines is cut on its last; one from an alias is not read again.
        let twoLines = parse("---\nkind: story\ndescription: A story\n  for 7B #week3\ntitle: &t Caves #1\n---\n## A\n")
        #expect(located(twoLines.1.sorted()) == [
            "4:10: warning: the rest of the line after ' #' was read as a YAML comment, so 'description' is only 'A story for 7B'",
            "5:17: warning: the rest of the line after ' #' was read as a YAML comment, so 'title' is only 'Caves'",
        ])
        #expect(twoLines.1.sorted().first?.hint?.contains("description: \"A story for 7B #week3\"") == true)
        #expect(parse("---\nkind: story\nx: &t Caves\ntitle: *t # the same\n---\n## A\n").1.map(\.message)
            == ["unknown front matter key 'x'"])
        // Columns count characters; a CR LF file is read as well.
        let wide = parse("---\r\nkind: story\r\ntitle: Café 🐱 #2\r\n---\r\n## A\r\n").1
        #expect(located(wide) == ["3:15: warning: the rest of the line after ' #' was read as a YAML comment, so 'title' is only 'Café 🐱'"])
        let settings = SiteSettings.parse(SourceFile(path: "quizgen.yml", text: "title: Year 7 #maths\nlanguage: en # English\n"))
        #expect(settings.0.title == "Year 7")
        #expect(located(settings.1) == ["1:15: warning: the rest of the line after ' #' was read as a YAML comment, so 'title' is only 'Year 7'"])
    }

    @Test func wrongTypesAreLocatedErrors() {
        let text = animals.replacingOccurrences(of: "title:", with: "shuffle-answers: maybe\ntitle:")
        let (_, problems) = parse(text)
        #expect(located(problems) == ["3:18: error: 'shuffle-answers' must be true or false"])
    }

    @Test func scalarsAreTypedByYAMLRulesAndQuotedOnesAreText() throws {
        let file = SourceFile(path: "f.md", text: """
            ---
            a: yes
            b: "true"
            c: ~
            d: +3
            e: 1.5e1
            f: '7'
            g:
            ---

            """)
        var reader = FrontMatterReader(FrontMatter.split(file).0, file: file)
        #expect(reader.bool("a") == true)
        #expect(reader.bool("b") == nil)
        #expect(reader.string("c") == nil)
        #expect(reader.int("d", in: 0...10) == 3)
        #expect(reader.number("e", in: 0...100) == 15)
        #expect(reader.int("f", in: 0...10) == nil)
        #expect(reader.string("g") == nil)
        #expect(located(reader.diagnostics) == [
            "3:4: error: 'b' must be true or false", "7:4: error: 'f' must be a whole number",
        ])
    }

    /// Keys asked for again, or allowed as well as asked for, are known once: the hint lists
    /// each once, in order; a key asked for is never unknown.
    @Test func unknownKeysAreHintedWithEachKnownKeyOnce() {
        let file = SourceFile(path: "f.md", text: "---\nzzz: 1\ntitle: T\nkind: story\n---\n")
        var reader = FrontMatterReader(FrontMatter.split(file).0, file: file)
        #expect(reader.string("title") == "T")
        #expect(reader.string("title") == "T")
        reader.allow(["title", "kind", "kind"])
        #expect(reader.bool("draft") == nil)
        reader.warnAboutUnknownKeys()
        #expect(located(reader.diagnostics) == ["2:1: warning: unknown front matter key 'zzz'"])
        #expect(reader.diagnostics.map(\.hint) == ["known keys: draft, kind, title"])
    }

    @Test func draftsAreSkippedUnlessIncluded() {
        let text = animals.replacingOccurrences(of: "title:", with: "draft: true\ntitle:")
        #expect(parse(text).0 == nil)
        #expect(parse(text, options: .init(includeDrafts: true)).0 != nil)
    }

    @Test func siteSettings() {
        let file = SourceFile(path: "quizgen.yml", text: "title: My Quizzes\nlanguage: fr\nbase-url: https://example.org/q\nraw-html: true\ncolour: blue\n")
        let (settings, problems) = SiteSettings.parse(file)
        #expect(settings == SiteSettings(title: "My Quizzes", language: "fr", baseURL: "https://example.org/q/", rawHTML: true))
        #expect(located(problems) == ["5:1: warning: unknown setting 'colour'"])
    }
}

/// Front matter that is there but not at the very start, or not on a line that is exactly
/// `---`, is said to be so (FORMAT.md asks for both), not "missing".
@Suite struct MisplacedFrontMatterTests {
    @Test func eachMistakeIsNamedWhereItIs() {
        let cases: [(String, String)] = [
            ("---  \nkind: story\n---\n## A\n", "1:4: error: the front matter's first line must be exactly '---', with nothing after it"),
            ("\n\n---\nkind: story\n---\n## A\n", "3:1: error: front matter must start on the file's first line, but this file starts with 2 blank lines"),
            ("  ---\nkind: story\n---\n## A\n", "1:1: error: the front matter's first line must be exactly '---', with no spaces before it"),
        ]
        for (text, expected) in cases {
            let (_, problems) = parse(text)
            #expect(located(problems) == [expected], "\(text.debugDescription)")
        }
    }

    @Test func noFrontMatterAtAllIsStillMissing() {
        let (_, problems) = parse("## A\n\n---\n")
        #expect(located(problems).first == "1:1: error: missing front matter with a 'kind'")
    }
}

/// libyaml ends a line at U+2028, U+2029 and U+0085 too: its places are counted again on
/// the file's lines, and the hint names the invisible character.
@Suite struct YAMLLineSeparatorTests {
    @Test func theErrorIsOnTheLineThatHoldsTheSeparator() throws {
        let (_, problems) = parse("---\nkind: story\ntitle: Line\u{2028}Sep\ndescription: ok\n---\n## A\n")
        let error = try #require(problems.first)
        #expect(located(problems) == ["3:13: error: not valid YAML: could not find expected ':' (while scanning a simple key on line 3)"])
        #expect(error.hint?.contains("U+2028") == true)
        // Quoted, it is part of the value.
        #expect(parse("---\nkind: story\ntitle: \"Line\u{2028}Sep\"\n---\n## A\n").1.isEmpty)
    }
}
