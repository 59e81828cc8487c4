import Content
import Diagnostics
import Import
import Markdown
import Testing
import TestSupport

/// What an audit of the GIFT, Open Trivia DB and Aiken importers found, one test per finding.
@Suite struct AuditFixTests {
    func texts(_ quiz: TriviaQuiz) -> [String] {
        quiz.questions.map { question in
            question.text.plainText + " | " + question.choices.map { ($0.correct ? "+" : "-") + $0.content.plainText }.joined(separator: " ")
                + (question.multiple ? " | multiple" : "")
        }
    }

    func quiz(_ text: String, _ format: ImportFormat, path: String = "source.txt") throws -> (Imported, TriviaQuiz) {
        let (imported, piece, build) = importAndBuild(SourceFile(path: path, text: text), format)
        #expect(!imported.diagnostics.hasErrors, "\(located(imported.diagnostics))")
        #expect(!build.hasErrors, "\(located(build))")
        return (imported, try #require(piece?.trivia))
    }

    /// Moodle's own example: `=` is the right answer, `~%N%` only partial credit for a wrong one.
    @Test func giftPartialCreditBesideARightAnswerIsWrong() throws {
        let (imported, quiz) = try quiz("""
            ::Jesus' hometown::Jesus Christ was from {
            ~Jerusalem#This was an important city, but the wrong answer.
            ~%25%Bethlehem#He was born here, but not raised here.
            ~%50%Galilee#You need to be more specific.
            =Nazareth#Yes! That's right!
            }.
            """, .gift)
        #expect(texts(quiz) == ["Jesus Christ was from _____ . | -Jerusalem -Bethlehem -Galilee +Nazareth"])
        #expect(located(imported.diagnostics) == [
            "3:1: warning: partial credit has no quizgen equivalent: 'Bethlehem' (25%) and 'Galilee' (50%) count as wrong, as every answer not worth 100% does",
        ])
    }

    @Test func giftWeightsWithoutARightAnswer() throws {
        // Moodle's multiple-answer form: no '=', the right answers' weights add up to 100%.
        let (multiple, quiz) = try quiz("Which are prime? {~%50%2 ~%50%3 ~%-100%4}\n", .gift)
        #expect(texts(quiz) == ["Which are prime? | +2 +3 -4 | multiple"])
        #expect(located(multiple.diagnostics) == [
            "1:19: warning: partial credit has no quizgen equivalent: this becomes a .multiple question, right only when every answer worth points is ticked",
        ])
        // One answer worth all the points: a single-answer question, with nothing partial to warn of.
        let (whole, single) = try self.quiz("Capital? {~%100%Paris ~%-100%Rome ~Oslo}\n", .gift)
        #expect(texts(single) == ["Capital? | +Paris -Rome -Oslo"])
        #expect(whole.diagnostics.isEmpty)
        let thirds = try self.quiz("Which? {~%33.33333%a ~%33.33333%b ~%33.33333%c ~%-100%d}\n", .gift).1
        #expect(texts(thirds) == ["Which? | +a +b +c -d | multiple"])
        // Partial credit that adds up to no whole answer: nothing says which is right.
        let short = importing("Q?\n{~%50%a ~%25%b ~c}\n", .gift)
        #expect(located(short.diagnostics) == ["2:2: error: the answers worth points add up to 75%, not 100%"])
        #expect(short.diagnostics.first?.hint?.contains("'='") == true)
        #expect(short.markdown.isEmpty)
    }

    /// Moodle makes a question with several `=` answers single-answer, any of them right.
    @Test func giftSeveralRightAnswersSaySoWithMoodlesReading() throws {
        let (imported, quiz) = try quiz("Which? {=Kyoto =Tokyo ~Osaka}\n", .gift)
        #expect(texts(quiz) == ["Which? | +Kyoto +Tokyo -Osaka | multiple"])
        #expect(located(imported.diagnostics) == [
            "1:9: warning: several right answers (Moodle accepts any one of them): this becomes a .multiple question, right only when all of them are ticked",
        ])
    }

    @Test func giftAnswerFeedbackHasItsFormatApplied() throws {
        let (imported, _) = try quiz("""
            ::Cell::[html]Which is <b>not</b> an organelle? {
            =Nucleus#[markdown]**No**, it *is* one.
            ~%-100%[html]<p>Cytoplasm</p>#[html]<p>That is the fluid, not an organelle.</p>
            ~Ribosome#[plain]<no> & [more]
            ~Lysosome#[moodle]Yes
            }
            """, .gift)
        #expect(!imported.markdown.contains("html"), "\(imported.markdown)")
        #expect(imported.markdown.contains("- [ ] Cytoplasm\n"))
        #expect(imported.markdown.contains("> *Cytoplasm*: That is the fluid, not an organelle.\n"))
        #expect(imported.markdown.contains("> *Nucleus*: **No**, it *is* one.\n"))
        #expect(imported.markdown.contains("> *Ribosome*: \\<no\\> \\& \\[more\\]\n"))
        #expect(imported.markdown.contains("> *Lysosome*: Yes\n"))
    }

    @Test func giftQuestionsWithoutABlankLineBetweenThemAreAnError() {
        let named = importing("::Q1::Q {=x ~y}\n::Q2::No blank line between {=a ~b}\n", .gift)
        #expect(located(named.diagnostics) == ["2:1: error: a second question starts here: GIFT questions are separated by a blank line"])
        #expect(named.markdown.isEmpty)
        let unnamed = importing("Q1? {=x ~y}\n  Q2? {=a ~b}\n", .gift)
        #expect(located(unnamed.diagnostics) == ["2:3: error: a second question starts here: GIFT questions are separated by a blank line"])
        let description = importing("An introduction.\n::Q2::Q? {=a ~b}\n", .gift)
        #expect(located(description.diagnostics) == ["2:1: error: a second question starts here: GIFT questions are separated by a blank line"])
        // The rest of a missing-word sentence on the next line is still one question.
        let sentence = importing("The Rhine flows {~south =north}\ninto the North Sea.\n", .gift)
        #expect(!sentence.diagnostics.hasErrors, "\(located(sentence.diagnostics))")
    }

    /// `{T#shown when wrong#shown when right}`: each feedback goes with the answer it is for.
    @Test func giftTrueFalseFeedbackSaysWhichAnswerItIsFor() throws {
        let (imported, quiz) = try quiz("Is the sky green?{FALSE#Wrong: it is blue.#Right: it is blue.}\n\nWater is wet.{T#Wrong!}\n", .gift)
        #expect(texts(quiz) == ["Is the sky green? | -True +False", "Water is wet. | +True -False"])
        #expect(quiz.questions[0].explanation.map(\.plainText) == ["True: Wrong: it is blue.", "False: Right: it is blue."])
        #expect(quiz.questions[1].explanation.map(\.plainText) == ["False: Wrong!"])
        #expect(imported.markdown.contains("> *True*: Wrong: it is blue.\n>\n> *False*: Right: it is blue.\n"))
    }

    @Test func openTriviaDBResponsesInBase64OrURLEncodingAreDecoded() throws {
        let base64 = """
            {"response_code": 0, "results": [{"type": "bXVsdGlwbGU=", "difficulty": "ZWFzeQ==", "category": "R2VuZXJhbCBLbm93bGVkZ2U=", "question": "V2hhdCBpcyB0aGUgY2FwaXRhbCBvZiBGcmFuY2U/", "correct_answer": "UGFyaXM=", "incorrect_answers": ["THlvbg==", "TmljZQ==", "TGlsbGU="]},
            {"type": "Ym9vbGVhbg==", "difficulty": "aGFyZA==", "category": "R2VuZXJhbCBLbm93bGVkZ2U=", "question": "JmFtcDsgaXMgYW4gZW50aXR5IOKAlCDDqS4=", "correct_answer": "VHJ1ZQ==", "incorrect_answers": ["RmFsc2U="]}]}
            """
        let (b64, b64Quiz) = try quiz(base64, .opentdb, path: "b64.json")
        #expect(b64.diagnostics.isEmpty, "\(located(b64.diagnostics))")
        #expect(b64.markdown.contains("title: 'General Knowledge'"))
        #expect(texts(b64Quiz) == [
            "What is the capital of France? | +Paris -Lyon -Nice -Lille",
            "&amp; is an entity — é. | +True -False",
        ])
        #expect(b64Quiz.questions.map(\.points) == [3, 10])
        let url = """
            {"response_code": 0, "results": [{"type": "multiple", "difficulty": "easy", "category": "General%20Knowledge", "question": "What%20is%20the%20capital%20of%20France%3F%20%C3%89", "correct_answer": "Paris", "incorrect_answers": ["Lyon", "Nice", "Saint-%C3%89tienne"]}]}
            """
        let (urlImport, urlQuiz) = try quiz(url, .opentdb, path: "url.json")
        #expect(urlImport.diagnostics.isEmpty, "\(located(urlImport.diagnostics))")
        #expect(urlImport.markdown.contains("title: 'General Knowledge'"))
        #expect(texts(urlQuiz) == ["What is the capital of France? É | +Paris -Lyon -Nice -Saint-Étienne"])
        // encode=urlLegacy: spaces as '+'.
        let legacy = #"{"results": [{"type": "multiple", "question": "2%2B2+is%3F", "correct_answer": "4", "incorrect_answers": ["5"]}]}"#
        #expect(texts(try quiz(legacy, .opentdb).1) == ["2+2 is? | +4 -5"])
    }

    @Test func openTriviaDBTextThatDoesNotDecodeIsLocated() {
        let mixed = #"{"results": [{"type": "bXVsdGlwbGU=", "question": "V2hhdD8=", "correct_answer": "not base64!", "incorrect_answers": ["Tm8="]}]}"#
        let imported = importing(mixed, .opentdb)
        #expect(located(imported.diagnostics) == [
            "1:81: error: \"correct_answer\" is not base64 like the rest of this response (saved with encode=base64)",
        ])
    }

    @Test func anUnknownOpenTriviaDBTypeIsAWarning() throws {
        let json = #"{"results": [{"type": "multi", "question": "Q?", "correct_answer": "a", "incorrect_answers": ["b"]}]}"#
        let (imported, quiz) = try quiz(json, .opentdb)
        #expect(texts(quiz) == ["Q? | +a -b"])
        #expect(located(imported.diagnostics) == ["1:23: warning: unknown question type 'multi'; read as multiple choice"])
    }

    @Test func aikenAnswersInLowerCase() throws {
        let (imported, quiz) = try quiz("Q?\nA. a\nB. b\nANSWER: b\n", .aiken)
        #expect(imported.diagnostics.isEmpty, "\(located(imported.diagnostics))")
        #expect(texts(quiz) == ["Q? | -a +b"])
        let wrong = importing("Q?\nA. a\nB. b\nANSWER: c\n", .aiken)
        #expect(located(wrong.diagnostics) == ["4:9: error: the answer 'c' is not the letter of one of this question's choices"])
    }
}

/// What the second audit of the GIFT, Aiken and Open Trivia DB importers found.
@Suite struct SecondAuditFixTests {
    func texts(_ quiz: TriviaQuiz) -> [String] { AuditFixTests().texts(quiz) }

    func quiz(_ text: String, _ format: ImportFormat, path: String = "source.txt") throws -> (Imported, TriviaQuiz) {
        try AuditFixTests().quiz(text, format, path: path)
    }

    /// Moodle's own example (`question/format/gift/examples.txt`): `\#` starts an answer as
    /// text, and a lone `\` is a backslash.
    @Test func giftAnswersMayStartWithAnEscapedHash() throws {
        let (imported, moodles) = try quiz(##"""
            ::GIFT Control Characters::
            Which of the following is NOT a control character for the GIFT import format? {
               ~ \~     # \~ is a control character.
               ~ \=     # \= is a control character.
               ~ \#     # \# is a control character.
               ~ \{     # \{ is a control character.
               ~ \}     # \} is a control character.
               = \      # Correct! \ (backslash) is not a control character. BUT,
                          it is used to escape the control characters.
            }
            """##, .gift)
        #expect(imported.diagnostics.isEmpty, "\(located(imported.diagnostics))")
        #expect(texts(moodles) == [#"Which of the following is NOT a control character for the GIFT import format? | -~ -= -# -{ -} +\"#])
        #expect(moodles.questions[0].explanation[2].plainText == "#: # is a control character.")
        let (_, escapes) = try quiz(##"Q? {=a ~\#x ~\# y ~ \#\#\#\#z ~b#one#two}"## + "\n", .gift)
        #expect(texts(escapes) == ["Q? | +a -#x -# y -####z -b"])
        // All that follows the first '#' is the feedback, as Moodle reads it.
        #expect(escapes.questions[0].explanation.map(\.plainText) == ["b: one#two"])
        // `{\#…}` is no numerical question.
        let numerical = importing("Q? {#1:2}\n\nR? {\\#1}\n", .gift)
        #expect(located(numerical.diagnostics) == [
            "1:1: warning: a GIFT numerical question has no quizgen equivalent and is skipped",
            "3:1: warning: a GIFT short-answer question has no quizgen equivalent and is skipped",
            "1:1: error: no multiple-choice or true/false GIFT question in this file",
        ].sorted { $0.split(separator: ":").prefix(2).map { Int($0)! }.lexicographicallyPrecedes($1.split(separator: ":").prefix(2).map { Int($0)! }) })
    }

    /// `{~=making~to make}`: Moodle reads a blank answer before `=making` and leaves it out.
    @Test func giftBlankAnswersAreLeftOutWithAWarningAtThem() throws {
        let (imported, quiz) = try quiz("""
            ::U2::My mother stopped {~=making~to make} lunch because the phone rang.

            Q? {
              ~~a
              =b ~ #feedback of nothing
            }
            """, .gift)
        #expect(texts(quiz) == [
            "My mother stopped _____ lunch because the phone rang. | +making -to make", "Q? | -a +b",
        ])
        #expect(located(imported.diagnostics) == [
            "1:26: warning: this answer is blank: it is left out, as Moodle leaves it out",
            "4:3: warning: this answer is blank: it is left out, as Moodle leaves it out",
            "5:6: warning: this answer is blank: it is left out, as Moodle leaves it out",
        ])
    }

    @Test func choiceProblemsAreSaidAtTheChoice() {
        let empty = importing("Q? {\n  =a\n  ~[html]<p> </p>\n}\n", .gift)
        #expect(located(empty.diagnostics) == ["3:4: error: choice 2 of this question is empty"])
        let twice = importing("Q? {\n  =a\n  ~b\n  ~%0% a\n}\n", .gift)
        #expect(located(twice.diagnostics) == ["4:8: error: this question has the choice 'a' twice"])
        let aiken = importing("Q?\nA. a\n  B)  .\nC. .\nANSWER: A\n", .aiken)
        #expect(located(aiken.diagnostics) == ["4:4: error: this question has the choice '.' twice"])
        let emptyAiken = importing("Q?\nA. a\n B) \u{00A0}\nANSWER: A\n", .aiken)
        #expect(located(emptyAiken.diagnostics).first?.hasPrefix("3:") == true, "\(located(emptyAiken.diagnostics))")
        let opentdb = importing(#"{"results": [{"question": "Q?", "correct_answer": "a", "incorrect_answers": ["b", "a"]}]}"#, .opentdb)
        #expect(located(opentdb.diagnostics) == ["1:83: error: this question has the choice 'a' twice"])
    }

    /// An HTML comment is no text, whatever it holds (a real Moodle export's feedback).
    @Test func giftHTMLCommentsAreLeftOutWhole() throws {
        let (_, quiz) = try quiz(#"""
            [html]Which law? <!-- a note --> {
            =Criminal
            ~Other<!-->
            ~Never closed<!-- <b>x</b> -- > gone
            ####<a href\="http\://example.com/lecrim"><span lang\="ES"><!--<var>LE0000017566_20130224</var>-->Ley de Enjuiciamiento Criminal</span></a>
            }
            """#, .gift)
        let html = HTMLRenderer()
        #expect(texts(quiz) == ["Which law? | +Criminal -Other -Never closed"])
        #expect(html.render(blocks: quiz.questions[0].explanation) == #"<p><a href="http://example.com/lecrim">Ley de Enjuiciamiento Criminal</a></p>"# + "\n")
    }

    /// A bank whose choices hold `|` still goes to CSV, with another separator.
    @Test func aCSVBankSeparatesItsChoicesWithWhatNoChoiceHolds() throws {
        func response(_ special: (Int) -> String) -> String {
            let questions = (1...200).map { i in
                #"{"type":"multiple","difficulty":"easy","question":"Q\#(i)?","correct_answer":"\#(i) \#(special(i))","incorrect_answers":["x","y"]}"#
            }
            return "{\"response_code\":0,\"results\":[" + questions.joined(separator: ",\n") + "]}"
        }
        let piped = response { $0 == 7 ? "882 ft | 268.8 m" : $0 == 8 ? "a;b" : "" }
        let (imported, piece, build) = importAndBuild(SourceFile(path: "piped.json", text: piped), .opentdb, name: "piped")
        #expect(imported.diagnostics.isEmpty, "\(located(imported.diagnostics))")
        #expect(build.isEmpty, "\(located(build))")
        #expect(imported.markdown.contains("bank: 'piped.csv'\nbank-separator: '^'\n"), "\(imported.markdown)")
        let quiz = try #require(piece?.trivia)
        #expect(quiz.questions.count == 200)
        #expect(texts(quiz)[6] == "Q7? | +7 882 ft | 268.8 m -x -y")
        // With every separator taken, the questions stay in the Markdown, and the import says why.
        let separators = ["|", ";", "^", "¦", "~", "/"]
        let crowded = response { $0 <= separators.count ? "\(separators[$0 - 1])" : "" }
        let kept = importing(crowded, .opentdb, path: "crowded.json")
        #expect(kept.bank == nil)
        #expect(kept.markdown.contains("## Q200?"))
        #expect(located(kept.diagnostics) == [
            "1:31: warning: the 200 questions stay in imported.md, not in a CSV bank: every separator a bank can have between its choices (| ; ^ ¦ ~ /) is in some question's choices, this one's '|' among them",
        ])
        // So does formatting, which a bank cannot hold.
        let gift = (0..<200).map { "Q\($0)? {=[markdown]**a** ~b}" }.joined(separator: "\n\n")
        let formatted = importing(gift, .gift)
        #expect(located(formatted.diagnostics) == [
            "1:1: warning: the 200 questions stay in imported.md, not in a CSV bank: a choice of it has formatting, which a CSV bank cannot hold",
        ])
    }

    /// The build's warning of images the site lacks, said at the source: each image where
    /// it is named, the same one twice at both places.
    @Test func missingImagesAreSaidWhereTheSourceNamesThem() throws {
        let source = SourceFile(path: "q.gift", text: #"""
            [html]A <img src\="@@PLUGINFILE@@/3.png"> and <img src\="here.png"> {
            =a
            ~<img src\="@@PLUGINFILE@@/3.png" alt\="again">
            }
            """#)
        let (imported, piece, build) = importAndBuild(source, .gift, name: "q")
        #expect(build.isEmpty, "\(located(build))")
        let warnings = ImportCheck.missingImages(
            try #require(piece), imported: imported, markdownPath: "Content/quizzes/q.md", source: source, filesIn: { $0 == "quizzes" ? ["here.png"] : [] })
        #expect(warnings.map { "\($0.file):\($0.line):\($0.column): \($0.message)" } == [
            "q.gift:1:20: image '@@PLUGINFILE@@/3.png' is not in the site: there is no Content/quizzes/@@PLUGINFILE@@/3.png",
            "q.gift:3:13: image '@@PLUGINFILE@@/3.png' is not in the site: there is no Content/quizzes/@@PLUGINFILE@@/3.png",
        ])
        #expect(ImportCheck.contentFolder(of: "site/Content/a/b/q.md") == ("site/Content", "a/b"))
        #expect(ImportCheck.contentFolder(of: "out/q.md") == ("out", ""))
        #expect(ImportCheck.contentFolder(of: "q.md") == (".", ""))
    }

    /// An image whose file is there in other letters (`Lighthouse.PNG`) is missing, as for
    /// the build, however the disk compares names, and the warning names the file meant.
    @Test func aMissingImageIsToldTheFileItsFolderHolds() throws {
        let source = SourceFile(path: "q.gift", text: #"[html]A <img src\="lighthouse.png"> and <img src\="pics/gull.png"> {=a ~b}"#)
        let (imported, piece, build) = importAndBuild(source, .gift, name: "q")
        #expect(build.isEmpty, "\(located(build))")
        var listed: [String] = []
        let warnings = ImportCheck.missingImages(
            try #require(piece), imported: imported, markdownPath: "Content/lit/q.md", source: source, filesIn: { folder in
                listed.append(folder)
                return folder == "lit" ? ["Lighthouse.PNG", "q.md"] : []
            })
        #expect(warnings.map { "\($0.line):\($0.column): \($0.message) | \($0.hint ?? "")" } == [
            "1:20: image 'lighthouse.png' is not in the site: there is no Content/lit/lighthouse.png | did you mean 'Lighthouse.PNG'? "
                + "Letter case counts on a web host, even where your computer ignores it",
            "1:52: image 'pics/gull.png' is not in the site: there is no Content/lit/pics/gull.png | put the image in Content/ "
                + "(beside the Markdown file, for a plain name), or correct the path",
        ])
        #expect(listed.sorted() == ["lit", "lit/pics"])
    }

    /// Moodle reads escapes first: `$CATEGORY\:` is a question's text.
    @Test func anEscapedCategoryColonIsText() throws {
        let (_, quiz) = try quiz("$CATEGORY\\: x? {=a ~b}\n", .gift)
        #expect(texts(quiz) == ["$CATEGORY: x? | +a -b"])
    }
}
