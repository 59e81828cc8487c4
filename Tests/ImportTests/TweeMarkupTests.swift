import Content
import Diagnostics
import Import
import Testing
import TestSupport

/// Each story format's own markup, its links written as code, and Markdown's lazy lines.
@Suite struct TweeMarkupTests {
    /// Text after a list of choices or a `>` line stays in the page text: Markdown would pull
    /// it into the last choice's words, or into the quote.
    @Test func aLineAfterAListOrAQuoteIsNotPulledIntoIt() throws {
        let text = storyData("Harlowe") + """
            :: Start
            What now?
            * [[Option A]]
            * [[Option B]]
            You hear a noise behind you.
            > A quote line
            Not quoted in Twine.
            1. Not a list in Harlowe
            Next line.

            :: Option A
            A.

            :: Option B
            B.
            """
        let (imported, piece, build) = importAndBuild(SourceFile(path: "lazy.twee", text: text), .twee)
        #expect(imported.diagnostics.isEmpty, "\(located(imported.diagnostics))")
        #expect(!build.hasErrors, "\(located(build))")
        #expect(startPage(text) == """
            What now?
            * [Option A](#option-a)
            * [Option B](#option-b)

            You hear a noise behind you.\\
            \\> A quote line\\
            Not quoted in Twine.\\
            1\\. Not a list in Harlowe\\
            Next line.

            """)
        let story = try #require(piece?.story)
        #expect(story.pages[0].choices.map { $0.label.plainText } == ["Option A", "Option B"])
        #expect(story.pages[0].body.plainText.contains("You hear a noise behind you."))
        // Where a format has lists and quotes (and without StoryData) they stay, and end.
        #expect(startPage(":: Start\n- [[Start]]\nAfter.\n> Quoted\n> on\nAfter.\n") == """
            - [Start](#start)

            After.
            > Quoted\\
            > on

            After.

            """)
    }

    /// `<br>` is a line break of its own, beside the line breaks around it, as Twine shows it.
    @Test func aBreakTagKeepsItsLine() {
        #expect(startPage(storyData("Harlowe") + ":: Start\n> First\n<br>\n> Second\nJoined \\\nline.<br>\n[[Start]]\n") == """
            \\> First\\
            \\
            \\
            \\> Second\\
            Joined line.\\
            \\
            [Start](#start)

            """)
        // At a paragraph's end a break would be a backslash: it goes.
        #expect(startPage(":: Start\nEnd.<br>\n\nNext.<br>\n") == "End.\n\nNext.\n")
        // In a `nobr` passage the lines join, but a `<br>` still breaks.
        #expect(startPage(":: Start [nobr]\nOne<br>Two\nThree\n") == "One\\\nTwo\nThree\n")
    }

    @Test func sugarCubeMarkupBecomesMarkdown() {
        let text = storyData("SugarCube") + """
            :: Start
            //Emphasis// and ''Strong'' and {{{code $x ''kept''}}}
            Some __under__, ==strike==, Super^^script^^, Sub~~script~~ and @@color:red;red@@ text.
            > Quote
            >> Nested quote
            {{{
            Code //kept//
            }}}
            * A list item
            ** Nested
            # A numbered item
            # Another
            !Level 1 Heading
            !!!Level 3
            - no list
            <<if $x == 1>>//x//<</if>>
            """
        let imported = importing(text, .twee, path: "sc.twee")
        #expect(startPage(text) == """
            *Emphasis* and **Strong** and `code $x ''kept''`\\
            Some under, strike, Superscript, Subscript and red text.
            > Quote
            >> Nested quote
            ```
            Code //kept//
            ```
            * A list item
              * Nested
            1. A numbered item
            1. Another
            ### Level 1 Heading
            ##### Level 3
            \\- no list\\
            \\<\\<if $x == 1>>*x*\\<\\</if>>

            """)
        #expect(located(imported.diagnostics) == [
            "6:6: warning: 'Start' has SugarCube markup that a Markdown page cannot show (underline __…__, strikethrough ==…== and superscript ^^…^^): the text is kept without it",
            "19:1: warning: 'Start' has story-format code (SugarCube macros <<…>> and variables such as $x) that a static page cannot run: it is kept as plain text",
        ])
    }

    /// SugarCube's `{{{code}}}` is shown as it stands: a `[[link]]` in it is no link, inline, over
    /// lines or in a block, and a link beside it on the line still is.
    @Test func sugarCubeCodeHoldsNoLinks() throws {
        let text = storyData("SugarCube") + """
            :: Start
            Type {{{[[Next]]}}} or {{{[[Elsewhere]]}}} to make a link, or go on: [[Next]]
            Code {{{<<goto "Nowhere">> $x ''kept''}}} and {{{}}} empty.
            Over {{{[[Line
            two]] still code}}} then [[Next]]
            {{{
            [[Block]] //kept//
            }}}
            After, {{{ unclosed is text: [[Next]]

            :: Next
            The end.
            """
        let (imported, piece, build) = importAndBuild(SourceFile(path: "code.twee", text: text), .twee)
        #expect(imported.diagnostics.isEmpty, "\(located(imported.diagnostics))")
        #expect(!build.hasErrors, "\(located(build))")
        #expect(startPage(text) == """
            Type `[[Next]]` or `[[Elsewhere]]` to make a link, or go on: [Next](#next)\\
            Code `<<goto "Nowhere">> $x ''kept''` and  empty.\\
            Over `[[Line`\\
            `two]] still code` then [Next](#next)
            ```
            [[Block]] //kept//
            ```
            After, {{{ unclosed is text: [Next](#next)

            """)
        let story = try #require(piece?.story)
        #expect(story.pages[0].choices.map(\.target) == [1, 1, 1])
    }

    @Test func harloweMarkupBecomesMarkdown() {
        let text = storyData("Harlowe") + """
            :: Start
            //Italics// ''Bold'' ~~gone~~ at http://example.org/a//b
            #Level 1 heading
            * Bulleted item
            ** Indented item
            0. Numbered item
            0.0. Indented numbered item
             ==>
            This is right-aligned
            |==
            Left column
            =====||
            Right column
            """
        let imported = importing(text, .twee, path: "h.twee")
        #expect(startPage(text) == """
            *Italics* **Bold** gone at http://example.org/a//b
            ### Level 1 heading
            * Bulleted item
              * Indented item
            1. Numbered item
               1. Indented numbered item

            This is right-aligned\\
            Left column\\
            Right column

            """)
        #expect(located(imported.diagnostics) == [
            "5:22: warning: 'Start' has Harlowe markup that a Markdown page cannot show (strikethrough ~~…~~, alignment markup (==>) and column markup (|==)): the text is kept without it",
        ])
    }

    /// Without StoryData nothing is converted: `__x__` may be SugarCube's underline as well as
    /// Markdown's bold. It is pointed out instead.
    @Test func withoutAFormatMarkupIsKeptAndPointedOut() {
        let text = ":: Start\nSome ''bold'' and __this__.\n# Heading\n"
        #expect(startPage(text) == "Some ''bold'' and __this__.\n### Heading\n")
        #expect(located(importing(text, .twee, path: "u.twee").diagnostics) == [
            "2:6: warning: 'Start' has text markup of a story format (''…''), and StoryData names no format: it is kept as it is",
        ])
        // Chapbook's `~~` is small caps, Snowman's a strikethrough; Markdown's `__x__` is bold in both.
        #expect(startPage(storyData("Chapbook") + ":: Start\nA ~~SIGN~~ and __bold__.\n") == "A SIGN and __bold__.\n")
    }

    /// Links written as code: a choice where text and target are plain strings, a located
    /// warning naming the lost way on where they are not.
    @Test func linkMacrosAreChoices() throws {
        let harlowe = storyData("Harlowe") + """
            :: Start
            (link-goto: "Go on", "Hall") or (Link-Goto:'Hall') or (link-goto: "x", $where)
            (go-to: "Hall")

            :: Hall
            The end.
            """
        let (imported, piece, build) = importAndBuild(SourceFile(path: "h.twee", text: harlowe), .twee)
        #expect(!build.hasErrors, "\(located(build))")
        #expect(try #require(piece?.story).pages[0].choices.map { $0.label.plainText } == ["Go on", "Hall"])
        #expect(located(imported.diagnostics) == [
            "5:55: warning: 'Start' has a (link-goto:) to '$where' that cannot be a choice: its words or its target are no plain text, so this way on is lost",
            "6:1: warning: 'Start' has a (go-to:) to 'Hall' that cannot be a choice: it moves on by itself, so this way on is lost",
        ])
        let sugarCube = storyData("SugarCube") + """
            :: Start
            <<link "Macro link" "Hello World">><</link>> <<button 'Press' "Hello World">>
            [img[pic.png][Hello World]] [img[A cat|cat.png]] <a data-passage="Hello World">Go <b>there</b></a>
            <<link "Nowhere" $next>> <<goto "Hello World">>

            :: Hello World [a b] <1,2>
            Hi.
            """
        let (sc, scPiece, scBuild) = importAndBuild(SourceFile(path: "sc.twee", text: sugarCube), .twee)
        #expect(!scBuild.hasErrors, "\(located(scBuild))")
        #expect(startPage(sugarCube).hasPrefix("""
            [Macro link](#hello-world) [Press](#hello-world)\\
            [![](<pic.png>)](#hello-world) ![A cat](<cat.png>) [Go there](#hello-world)\\
            """), "\(sc.markdown)")
        #expect(try #require(scPiece?.story).pages[0].choices.count == 4)
        #expect(located(sc.diagnostics).filter { $0.contains("lost") } == [
            "7:1: warning: 'Start' has a <<link>> to '$next' that cannot be a choice: its words or its target are no plain text, so this way on is lost",
            "7:26: warning: 'Start' has a <<goto>> to 'Hello World' that cannot be a choice: it moves on by itself, so this way on is lost",
        ])
    }

    /// A `<<button>>` is a link too (SugarCube's docs: same arguments as `<<link>>`).
    @Test func aButtonMacroIsAChoice() {
        let text = storyData("SugarCube") + ":: Start\n<<button \"Press\" \"Start\">><</button>>\n"
        #expect(startPage(text) == "[Press](#start)\n")
    }

    /// Diagnostics name the format StoryData gives, or none: LaTeX braces in Snowman are text.
    @Test func diagnosticsNameTheStorysFormat() {
        let snowman = storyData("Snowman") + ":: Start\nThe sequence §(a_n)_{n\\in\\mathbb N}§ and <% s.x = 1 %>.\n"
        #expect(located(importing(snowman, .twee, path: "s.twee").diagnostics) == [
            "5:42: warning: 'Start' has story-format code (Snowman templates <%…%>) that a static page cannot run: it is kept as plain text",
        ])
        let unknown = ":: Start\nA {insert} and <<set $x to 1>>\n"
        #expect(located(importing(unknown, .twee, path: "s.twee").diagnostics) == [
            "2:16: warning: 'Start' has story-format code (macros <<…>>, inserts {…} and variables such as $x) that a static page cannot run: it is kept as plain text",
        ])
    }

    /// Tags mean nothing on a quizgen page: one warning for the story, naming them.
    @Test func passageTagsAreNamedOnce() {
        let text = ":: Start [forest dark] {\"position\":\"100,100\"}\n[[Next]]\n\n:: Next [dark nobr]\nEnd.\n\n:: Style [stylesheet]\nbody {}\n"
        #expect(located(importing(text, .twee, path: "t.twee").diagnostics) == [
            "1:4: warning: passage tags are left out ('forest', 'dark', on 2 passages): a quizgen page has none",
            "7:4: warning: 'Style' is a 'stylesheet' passage of the story format, not a page: it is not imported",
        ])
    }
}

/// SugarCube's comments show nothing, its verbatim markup shows its text as it stands; a
/// horizontal rule (Harlowe's `---`, SugarCube's `----`) is one on the page too.
@Suite struct TweeCommentsAndRulesTests {
    @Test func sugarCubeCommentsGoAndVerbatimStays() throws {
        let text = ":: StoryData\n{\"format\": \"SugarCube\"}\n\n" + """
            :: Start
            Before /* a comment
            over [[two]] lines */after /% another %/ end.
            /* alone */
            Keep \"""//as// <<is>> [[x]]\""" and <nowiki>''this''</nowiki> but ''not'' \"""this.
            """
        let imported = importing(text, .twee, path: "sc.twee")
        #expect(startPage(text) == """
            Before\\
            after  end.\\
            Keep //as// \\<\\<is\\>\\> \\[\\[x\\]\\] and ''this'' but **not** \"""this.

            """)
        #expect(imported.diagnostics.isEmpty, "\(located(imported.diagnostics))")
        // In Harlowe they are text.
        #expect(startPage(":: StoryData\n{\"format\": \"Harlowe\"}\n\n:: Start\nA /% b %/ c\n") == "A /% b %/ c\n")
    }

    @Test func aRuleIsARule() throws {
        let harlowe = ":: StoryData\n{\"format\": \"Harlowe\"}\n\n:: Start\nAbove\n---\n* [[Start]]\n -----  \nBelow\n- - -\n"
        #expect(startPage(harlowe) == "Above\n***\n* [Start](#start)\n***\nBelow\\\n\\- - -\n")
        let sugarCube = ":: StoryData\n{\"format\": \"SugarCube\"}\n\n:: Start\nAbove\n----\nBelow\n---\n"
        #expect(startPage(sugarCube) == "Above\n***\nBelow\\\n\\---\n")
        let (imported, piece, build) = importAndBuild(SourceFile(path: "r.twee", text: harlowe), .twee)
        #expect(!imported.diagnostics.hasErrors && !build.hasErrors, "\(located(imported.diagnostics + build))")
        #expect(try #require(piece?.story).pages[0].choices.count == 1)
    }
}
