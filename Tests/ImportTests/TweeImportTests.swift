import Content
import Diagnostics
import Import
import Testing
import TestSupport

@Suite struct TweeImportTests {
    /// Chapbook's "Cloak of Darkness" (MIT), as its author wrote it: the imported story has
    /// exactly the links of the source, passage to passage, in order.
    @Test func chapbooksCloakOfDarknessKeepsEveryLink() throws {
        let (imported, piece, build) = importAndBuild(try fixture("cloak-of-darkness.twee"), .twee, name: "cloak")
        #expect(!imported.diagnostics.hasErrors, "\(located(imported.diagnostics))")
        #expect(!build.hasErrors, "\(located(build))")
        let story = try #require(piece?.story)
        let titles = story.pages.map { $0.title.plainText }
        #expect(titles == [
            "Start", "Outside", "Cloak", "Foyer", "Cloakroom", "Cloakroom Hook", "hang cloak",
            "pick up your cloak and wear it", "Bar", "read message", "Darkness", "Darkness 2", "Darkness 3", "Darkness 4",
        ])
        #expect(story.start == 0)
        // Written down from the .twee file by hand, link by link (URL links are no choices).
        let expected: [(String, String)] = [
            ("Start", "Outside"), ("Outside", "Foyer"),
            ("Foyer", "Cloak"), ("Foyer", "Outside"), ("Foyer", "Bar"), ("Foyer", "Cloakroom"),
            ("Cloakroom", "Cloakroom Hook"), ("Cloakroom", "Cloak"), ("Cloakroom", "Foyer"),
            ("Cloakroom Hook", "hang cloak"), ("Cloakroom Hook", "Cloak"), ("Cloakroom Hook", "pick up your cloak and wear it"),
            ("Cloakroom Hook", "Cloakroom"), ("Bar", "read message"),
            ("Darkness", "Foyer"), ("Darkness", "Darkness 2"), ("Darkness", "Darkness 2"), ("Darkness", "Darkness 2"),
            ("Darkness 2", "Darkness 3"), ("Darkness 2", "Darkness 3"), ("Darkness 2", "Darkness 3"), ("Darkness 2", "Darkness 3"),
            ("Darkness 2", "Foyer"), ("Darkness 2", "Darkness 3"),
            ("Darkness 3", "Darkness 4"), ("Darkness 3", "Foyer"), ("Darkness 3", "Darkness 4"), ("Darkness 4", "Foyer"),
        ]
        let edges = story.pages.flatMap { page in page.choices.map { (page.title.plainText, titles[$0.target]) } }
        #expect(edges.map { "\($0.0) -> \($0.1)" } == expected.map { "\($0.0) -> \($0.1)" })
        // Chapbook's vars sections, inserts and modifiers: one warning per passage that has them.
        let code = imported.diagnostics.filter { $0.message.contains("story-format code") }
        #expect(code.count == 11)
        #expect(located(code).first == "2:1: warning: 'Start' has story-format code (a vars section, inserts {…} and modifiers such as [align]) that a static page cannot run: it is kept as plain text")
        // The passages reached only through {embed passage} are unreachable, as in the source's map.
        #expect(build.filter { $0.message.contains("cannot be reached") }.count == 4)
        Golden.assertMatches(imported.markdown, named: "cloak-of-darkness.md")
    }

    @Test func twee3HeadersLinksAndSpecialPassages() throws {
        let text = """
            :: StoryTitle
            The Cave

            :: StoryData
            {
            \t"ifid": "D674C58C-DEFA-4F70-B7A2-27742230C0FC",
            \t"format": "SugarCube",
            \t"start": "Mouth of the cave"
            }

            :: StoryInit
            <<set $torch to false>>

            :: Story Stylesheet [stylesheet]
            body { color: red; }

            ::Mouth of the cave [forest spooky] {"position":"600,400","size":"100,200"}
            # A dark hole
            You see [[a torch->Torch]] and [[Go in|Inside]].
            [[Inside<-Crawl in]] or [[Take it|Torch][$torch to true]]
            Read [[the wiki->https://example.org/wiki]], or [[Nowhere]].
            \t[[Indented->Inside]]

            :: Torch
            (set: $torch to true)It burns. [[Back->Mouth of the cave]]

            :: Inside [end]
            --
            The end.

            """
        let (imported, piece, build) = importAndBuild(SourceFile(path: "cave.twee", text: text), .twee, name: "cave")
        #expect(located(imported.diagnostics) == [
            "11:4: warning: 'StoryInit' is a special passage of the story format, not a page: it is not imported",
            "14:4: warning: 'Story Stylesheet' is a 'stylesheet' passage of the story format, not a page: it is not imported",
            "17:3: warning: passage tags are left out ('forest', 'spooky', 'end', on 2 passages): a quizgen page has none",
            "20:25: warning: 'Mouth of the cave' has story-format code (a link setter) that a static page cannot run: it is left out",
            "21:49: warning: a link to 'Nowhere', which is no passage of this story: kept as text",
            "25:7: warning: 'Torch' has story-format code (variables such as $torch) that a static page cannot run: it is kept as plain text",
        ])
        #expect(!build.hasErrors, "\(located(build))")
        let story = try #require(piece?.story)
        #expect(piece?.meta.title == "The Cave")
        #expect(story.pages.map(\.id) == ["mouth-of-the-cave", "torch", "inside"])
        #expect(story.pages[story.start].id == "mouth-of-the-cave")
        #expect(story.pages[0].choices.map { story.pages[$0.target].id } == ["torch", "inside", "inside", "torch", "inside"])
        #expect(story.pages[2].isEnding)
        Golden.assertMatches(imported.markdown, named: "cave.md")
    }

    @Test func twee1StartsAtStart() throws {
        let text = ":: StoryTitle\nOld\n\n:: Intro \\{old\\}\nNot first.\n\n:: Start\nGo [[on|Intro {old}]].\n"
        let (imported, piece, build) = importAndBuild(SourceFile(path: "old.tw", text: text), .twee)
        #expect(imported.diagnostics.isEmpty && build.isEmpty, "\(located(imported.diagnostics + build))")
        let story = try #require(piece?.story)
        #expect(story.pages[story.start].id == "start")
        #expect(story.pages.map { $0.title.plainText } == ["Intro {old}", "Start"])
        #expect(story.pages[1].choices.map(\.target) == [0])
    }

    @Test func aTwee2PositionIsNoPartOfTheName() throws {
        let text = ":: Start [intro] <100,100>\nGo [[on->Next]].\n\n:: Next <200,100>\nThe end.\n\n:: Odd \\<1,2>\nKept.\n"
        let (imported, piece, _) = importAndBuild(SourceFile(path: "pos.twee", text: text), .twee)
        #expect(located(imported.diagnostics).filter { !$0.contains("cannot be reached") } == [
            "1:4: warning: passage tags are left out ('intro', on 1 passage): a quizgen page has none",
        ])
        let story = try #require(piece?.story)
        #expect(story.pages.map { $0.title.plainText } == ["Start", "Next", "Odd <1,2>"])
        #expect(story.pages.map(\.id) == ["start", "next", "odd-1-2"])
        #expect(story.pages[0].choices.map(\.target) == [1])
    }

    /// Harlowe's `[[[Hall]]]` is a hook (the outer brackets) holding the link `[[Hall]]`.
    @Test func harloweHooksAroundLinks() throws {
        let text = """
            :: Start
            (if: $key)[[[Hall]]]
            |x>[[[Hall]]] (link: "Run")[[[Go->Hall]]]
            [[[[Hall]]]]

            :: Hall
            The end.
            """
        let (imported, piece, build) = importAndBuild(SourceFile(path: "hooks.twee", text: text), .twee)
        #expect(!imported.diagnostics.contains { $0.message.contains("no passage") }, "\(located(imported.diagnostics))")
        #expect(!build.hasErrors, "\(located(build))")
        let story = try #require(piece?.story)
        #expect(story.pages[0].choices.map(\.target) == [1, 1, 1, 1])
        #expect(story.pages[0].choices.map { $0.label.plainText } == ["Hall", "Hall", "Go", "Hall"])
    }

    /// Twine shows every line break in a passage; Harlowe and SugarCube join lines at a `\`.
    @Test func everyLineBreakInAPassageIsOneOnThePage() throws {
        let text = """
            :: Start
            You wake up.
            A voice whispers your name.

            It is dark.  
            [[Open the door->Door]]
            [[Go back to sleep->Start]]

            :: Door
            # A corridor
            A long \\
            corridor
            \\ stretches on.
            ```
            [[Start]]
            line
            ```
            - a
            - [[Start]]
            Last.
            """
        let (imported, piece, build) = importAndBuild(SourceFile(path: "wake.twee", text: text), .twee)
        #expect(imported.diagnostics.isEmpty, "\(located(imported.diagnostics))")
        #expect(!build.hasErrors, "\(located(build))")
        #expect(imported.markdown.hasSuffix("""
            ## Start {#start}

            You wake up.\\
            A voice whispers your name.

            It is dark.\\
            [Open the door](#door)\\
            [Go back to sleep](#start)

            ## Door {#door}

            ### A corridor
            A long corridor stretches on.
            ```
            [[Start]]
            line
            ```
            - a
            - [Start](#start)

            Last.

            """))
        let story = try #require(piece?.story)
        #expect(story.pages.map { $0.choices.map(\.target) } == [[1, 0], [0]])
        #expect(imported.summary == "a story of 2 pages and 3 choices")
    }

    /// Chapbook and Snowman read Markdown: a `\` at a line's end is already a line break.
    @Test func aBackslashEndsALineInChapbook() {
        expectImport(
            ":: StoryData\n{\"format\": \"Chapbook\"}\n\n:: Start\nOne\\\nTwo\nThree\n",
            endsWith: "## Start {#start}\n\nOne\\\nTwo\\\nThree\n")
    }

    /// SugarCube's `nobr` tag: the passage's lines make one paragraph.
    @Test func aNobrPassageHasNoLineBreaks() {
        expectImport(
            ":: Start [nobr]\nOne\n<% s.two = 2 %>\nThree\n", endsWith: "## Start {#start}\n\nOne\n<% s.two = 2 %>\nThree\n",
            warnings: ["3:1: warning: 'Start' has story-format code (templates <%…%>) that a static page cannot run: it is kept as plain text"])
    }

    /// Harlowe's `(if: $x)[Yes](else:)[No]` is no Markdown link to `else:`.
    @Test func aHarloweHookBeforeAMacroIsNoLink() {
        expectImport(
            ":: Start\n(if: $x)[Yes](else:)[No]\n", endsWith: "(if: $x)[Yes]\\(else:)[No]\n",
            warnings: ["2:1: warning: 'Start' has story-format code (macros such as (if:) and variables such as $x) that a static page cannot run: it is kept as plain text"])
    }

    /// Harlowe's collapsing whitespace markup: what `{…}` holds is one line with single
    /// spaces (nested or not, `<br>` still a break), `{=` collapses the rest, and the braces
    /// go; a brace without its pair, in SugarCube, or without StoryData naming Harlowe (it
    /// may be Chapbook's insert) is text.
    @Test func harlowesCollapsingMarkupCollapsesAndGoes() {
        let harlowe = ":: StoryData\n{\"format\": \"Harlowe\"}\n\n"
        expectImport(harlowe + ":: Start\n{\n  You are\n\n    in a room.<br>Dark.\n}\nOn\n", endsWith: "## Start {#start}\n\nYou are in a room.\\\nDark.\\\nOn\n")
        expectImport(harlowe + ":: Start\nA {Good  { gumballs!}} b\n", endsWith: "## Start {#start}\n\nA Good gumballs! b\n")
        expectImport(harlowe + ":: Start\nOne\nTwo {=\nThree\n  Four\n", endsWith: "## Start {#start}\n\nOne\\\nTwo Three Four\n")
        expectImport(harlowe + ":: Start\nA { b\nc } d }\n", endsWith: "## Start {#start}\n\nA b c  d }\n")
        expectImport(harlowe + ":: Start\nNo { pair\n", endsWith: "## Start {#start}\n\nNo { pair\n")
        // The line break before a `{=` alone on its line, or after a `<br>` ending a line, stays.
        expectImport(harlowe + ":: Start\nBefore\n{=\nAfter\n", endsWith: "## Start {#start}\n\nBefore\\\nAfter\n")
        expectImport(harlowe + ":: Start\nBefore\n{\nYou are\n}\n", endsWith: "## Start {#start}\n\nBefore\\\nYou are\n")
        expectImport(harlowe + ":: Start\nA {x\nline<br>\nhook} done\n", endsWith: "## Start {#start}\n\nA x line\\\nhook done\n")
        expectImport(":: Start\n{\nKept\n}\n", endsWith: "## Start {#start}\n\n{\\\nKept\\\n}\n")
        expectImport(":: StoryData\n{\"format\": \"SugarCube\"}\n\n:: Start\n{\nKept\n}\n", endsWith: "## Start {#start}\n\n{\\\nKept\\\n}\n")
    }

    func expectImport(_ text: String, endsWith end: String, warnings: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        let imported = importing(text, .twee, path: "s.twee")
        #expect(imported.markdown.hasSuffix(end), "\(imported.markdown)", sourceLocation: sourceLocation)
        #expect(located(imported.diagnostics) == warnings, sourceLocation: sourceLocation)
    }

    /// A build leaves raw HTML out: the importer leaves out the tags, not the links in them.
    @Test func linksInsideHTMLStayChoices() throws {
        let text = """
            :: Start
            <div class="box">[[Step outside->Outside]]</div>
            <p>[[Another Passage]]</p>
            <hr>
            [[Back->Start]]
            <script>
            alert("[[Outside]]")
            </script>
            Plain <b>bold</b><br>text. <!-- a [[Outside]]
            comment -->

            :: Outside
            Out.

            :: Another Passage
            Another.
            """
        let (imported, piece, build) = importAndBuild(SourceFile(path: "html.twee", text: text), .twee)
        #expect(located(imported.diagnostics) == [
            "2:1: warning: 'Start' has HTML tags (<div>…): they are left out, the text and links in them are kept",
        ])
        #expect(build.isEmpty, "\(located(build))")
        let story = try #require(piece?.story)
        #expect(story.pages[0].choices.map(\.target) == [1, 2, 0])
        #expect(imported.markdown.contains("""
            [Step outside](#outside)\\
            [Another Passage](#another-passage)\\
            [Back](#start)\\
            Plain bold\\
            text.

            """))
    }

    /// A picture comes in as Markdown's, its source and words kept (entities decoded, and
    /// quoted or not); an <img> without a source is a tag like any other.
    @Test func imagesBecomeMarkdownImages() throws {
        let text = """
            :: Start
            A <img src="pics/cat.png" alt="A &quot;cat&quot; [sleeping]"> and <IMG SRC=dog.png /> and <img alt="none">.
            [[End]]

            :: End
            <img class='x' src='it&amp;s.png'>The end.
            """
        let (imported, piece, build) = importAndBuild(SourceFile(path: "img.twee", text: text), .twee)
        #expect(piece?.story != nil)
        #expect(imported.markdown.contains(#"A ![A "cat" \[sleeping\]](<pics/cat.png>) and ![](<dog.png>) and ."#), "\(imported.markdown)")
        #expect(imported.markdown.contains("![](<it&s.png>)The end."), "\(imported.markdown)")
        #expect(located(imported.diagnostics) == [
            "2:91: warning: 'Start' has HTML tags (<img>…): they are left out, the text and links in them are kept",
        ])
        #expect(build.isEmpty, "\(located(build))")
    }

    @Test func codeSpansAndMarkdownLinksAreNoTwineCode() throws {
        let text = """
            :: Start
            Type ``[[x]]`` or `[[Hall]]`, see [the guide](http://example.org/a), or [[Hall]].
            Write [to me](mailto:me@example.org).

            :: Hall
            The end.
            """
        let (imported, piece, _) = importAndBuild(SourceFile(path: "code.twee", text: text), .twee)
        #expect(imported.diagnostics.isEmpty, "\(located(imported.diagnostics))")
        #expect(imported.markdown.contains("Type ``[[x]]`` or `[[Hall]]`, see [the guide](http://example.org/a), or [Hall](#hall)."))
        #expect(try #require(piece?.story).pages[0].choices.count == 1)
    }

    @Test func aTweeFileThatIsNotUTF8IsNoExcelCSV() throws {
        guard case .failure(let problem) = ImportSource.decode([0x3A, 0x3A, 0x20, 0xFF], path: "a.twee") else {
            Issue.record("decoded")
            return
        }
        #expect(problem.message == "the file is not valid UTF-8")
        #expect(problem.hint?.contains("Excel") == false)
        guard case .failure(let wide) = ImportSource.decode([0xFF, 0xFE, 0x3A, 0x00], path: "a.gift") else {
            Issue.record("decoded")
            return
        }
        #expect((wide.message, wide.line, wide.column) == ("the file is UTF-16 (little-endian), not UTF-8", 1, 1))
        // Without the mark, at the start too, not at its first letter outside ASCII.
        guard case .failure(let unmarked) = ImportSource.decode(":: Start\nCaf\u{e9}\n".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }, path: "a.twee") else {
            Issue.record("decoded")
            return
        }
        #expect((unmarked.message, unmarked.line, unmarked.column) == ("the file is UTF-16 (big-endian) without a byte-order mark, not UTF-8", 1, 1))
    }

    /// Twine 2's published HTML: the passages of its `<tw-storydata>`, their text decoded.
    @Test func twine2HTMLIsReadAsItsPassages() throws {
        let text = """
            <!DOCTYPE html><html><head><script>var s = "<tw-storydata>";</script></head><body>
            <tw-storydata name="The &quot;Cave&quot;" startnode="2" creator="Twine" format="SugarCube" ifid="X" hidden><style role="stylesheet" id="twine-user-stylesheet" type="text/twine-css">body {}</style><script role="script" id="twine-user-script" type="text/twine-javascript">[[Nowhere]]</script><tw-passagedata pid="1" name="Inside &amp; out" tags="" position="100,100" size="100,100">It is dark.
            Go [[back-&gt;Mouth]] \\
            now.</tw-passagedata><tw-passagedata pid="2" name="Mouth" tags="forest nobr" position="200,100">You see &lt;b&gt;a cave&lt;/b&gt;.
            [[Go in|Inside &amp; out]]</tw-passagedata>
            </tw-storydata>
            </body></html>
            """
        #expect(ImportFormat.detect(path: "cave.html", text: text) == .twee)
        #expect(ImportFormat.detect(path: "cave.txt", text: text) == .twee)
        let (imported, piece, build) = importAndBuild(SourceFile(path: "cave.html", text: text), .twee, name: "cave")
        #expect(located(imported.diagnostics) == [
            "4:22: warning: passage tags are left out ('forest', on 1 passage): a quizgen page has none",
            "4:105: warning: 'Mouth' has HTML tags (<b>…): they are left out, the text and links in them are kept",
        ])
        #expect(!build.hasErrors, "\(located(build))")
        let story = try #require(piece?.story)
        #expect(piece?.meta.title == "The \"Cave\"")
        #expect(story.pages.map { $0.title.plainText } == ["Inside & out", "Mouth"])
        #expect(story.pages[story.start].id == "mouth")
        #expect(story.pages.map { $0.choices.map(\.target) } == [[1], [0]])
        #expect(imported.markdown.contains("It is dark.\\\nGo [back](#mouth) now.\n"), "\(imported.markdown)")
        #expect(imported.markdown.contains("You see a cave.\n[Go in](#inside-out)\n"), "\(imported.markdown)")
    }

    @Test func htmlWithoutATwineStorySaysHowToGetTwee() {
        let page = "<!DOCTYPE html><html><body><div id=\"storeArea\"></div></body></html>"
        #expect(ImportFormat.detect(path: "old.html", text: page) == nil)
        #expect(ImportFormat.undetectedHint(path: "old.html", text: page).contains("Export As Twee"))
        #expect(ImportFormat.undetectedHint(path: "notes.txt", text: "plain prose") == "name it with --from twee|gift|aiken|opentdb")
    }

    /// Unclosed links, tags and code spans by the thousand are text, kept whole. (No clock: a
    /// search run once per opening shows as a slow suite, not as a failure.)
    @Test func aLineOfUnclosedMarkupIsKeptAsText() {
        let line = String(repeating: "[[|]] [[x `` <a \"", count: 20_000)
        let imported = importing(":: Start\n" + line + "\n", .twee, path: "s.twee")
        #expect(imported.diagnostics.isEmpty)
        #expect(!imported.markdown.contains("](#"))
        #expect(imported.markdown.components(separatedBy: "x").count - 1 >= 20_000)
    }

    /// Thousands of jumps on one line, each a lost way on: one warning each, at its own column
    /// and with its own part of the line (10,000 took 19 s, each column counted from the line's start).
    @Test func aLineOfLostJumpsIsWarnedAtEachOne() {
        let jump = "(go-to: \"nowhere\") 語 "
        let line = String(repeating: jump, count: 2_000)
        let imported = importing(storyData("Harlowe") + ":: Start\n" + line + "\n", .twee, path: "s.twee")
        #expect(imported.diagnostics.count == 2_000)
        #expect(Set(imported.diagnostics.map(\.message)) == [
            "'Start' has a (go-to:) to 'nowhere' that cannot be a choice: it moves on by itself, so this way on is lost",
        ])
        #expect(imported.diagnostics.map(\.line) == Array(repeating: 5, count: 2_000))
        #expect(imported.diagnostics.map(\.column) == (0..<2_000).map { 1 + $0 * jump.count })
        let characters = Array(line)
        for warning in imported.diagnostics {
            let skipped = max(warning.column - 1 - SourceFile.storedReach, 0)
            #expect(warning.sourceLineOffset == skipped)
            #expect(warning.sourceLine == String(characters[skipped..<min(skipped + 2 * SourceFile.storedReach, characters.count)]))
        }
        #expect(imported.markdown.contains(String(repeating: "(go-to: \"nowhere\") 語 ", count: 2).dropLast()))
    }

    @Test func brokenTweeIsLocatedAndWritesNothing() {
        let unclosed = importing(":: Start [tag\nText\n", .twee)
        #expect(located(unclosed.diagnostics) == ["1:10: error: the tag block of this passage is never closed with ']'"])
        #expect(unclosed.markdown.isEmpty)
        let twice = importing(":: Start\nA\n:: Start\nB\n", .twee)
        #expect(located(twice.diagnostics) == ["3:4: error: a second passage named 'Start'"])
        #expect(located(importing("", .twee).diagnostics) == ["1:1: error: this Twee file is empty"])
        #expect(located(importing("::  \nText\n", .twee).diagnostics) == ["1:5: error: this passage has no name"])
    }

    @Test func aStoryOverTheBuildsPageLimitIsRefusedAtItsPassage() {
        let passages = (1...Story.maximumPages).map { ":: P\($0)\nText \($0).\n" }.joined()
        let fits = importing(":: StoryTitle\nBig\n" + passages, .twee)
        #expect(!fits.diagnostics.hasErrors)
        #expect(!fits.markdown.isEmpty)
        let over = importing(":: StoryTitle\nBig\n" + passages + ":: One more\nx\n", .twee)
        #expect(located(over.diagnostics) == [
            "20003:4: error: this story has 10,001 passages that are pages, and a quizgen story may have at most 10,000 pages: this is passage 10,001",
        ])
        #expect(over.markdown.isEmpty)
    }

    @Test func theFormatIsToldFromTheFile() {
        #expect(ImportFormat.detect(path: "a.twee", text: "") == .twee)
        #expect(ImportFormat.detect(path: "a.txt", text: ":: Start\nHello [[x]]\n") == .twee)
        #expect(ImportFormat.detect(path: "a.txt", text: "::Q1:: 2+2? {=4 ~5}\n") == .gift)
        #expect(ImportFormat.detect(path: "a.txt", text: "Q?\nA. x\nB. y\nANSWER: A\n") == .aiken)
        #expect(ImportFormat.detect(path: "a.txt", text: "{\"response_code\": 0}") == .opentdb)
        #expect(ImportFormat.detect(path: "a.txt", text: "plain prose") == nil)
    }
}
