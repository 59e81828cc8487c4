@testable import Content
import Diagnostics
import Markdown
import Foundation
import Testing
import TestSupport

func story(_ text: String) -> Story? {
    guard case .story(let story)? = parse(text).0?.body else { return nil }
    return story
}

/// The example of FORMAT.md, completed.
let cave = """
    ---
    kind: story
    title: The Cave
    ---
    A story in which you choose what happens.

    ## The entrance
    You stand at the mouth of a dark cave.
    - [Go inside](#inside)
    - [Walk back to the village](#village)

    ## Inside the cave {#inside}
    It is dark. You can [go deeper](#deep) or [turn back](#the-entrance).

    ## Deeper {#deep .ending ending=bad}
    You fall into a pit.

    ## Home again {#village .ending ending=good}
    You live to tell the tale. The end.

    """

@Suite struct SlugTests {
    @Test func lowerCaseLettersAndDigitsJoinedByDashes() {
        #expect(Story.slug("The Entrance") == "the-entrance")
        #expect(Story.slug("Room 101") == "room-101")
        #expect(Story.slug("  Hello -- World!!  ") == "hello-world")
        #expect(Story.slug("C'est___la vie...") == "c-est-la-vie")
        #expect(Story.slug("--Already-dashed--") == "already-dashed")
        #expect(Story.slug("a\tb\nc") == "a-b-c")
    }

    /// ASCII titles are read on their bytes: the same slugs as the reading by scalars.
    @Test func asciiSlugsAreTheSlugsOfTheGeneralReading() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aZz09 -_.!'\t\n\r#AbC{}[]()~\u{0B}\u{0C}".utf8)
        var samples = ["", " ", "-", "A", "Room 101", "  Hello -- World!!  ", "x_y-z", "\u{7F}abc"]
        for _ in 0..<500 {
            let length = Int.random(in: 0...12, using: &generator)
            samples.append(String(decoding: (0..<length).map { _ in alphabet.randomElement(using: &generator)! }, as: UTF8.self))
        }
        for text in samples {
            #expect(Story.asciiSlug(text) == Story.unicodeSlug(text), "\(text.debugDescription)")
        }
        #expect(Story.asciiSlug("Éléphant") == nil)
    }

    @Test func lettersOfAnyScriptAreKept() {
        #expect(Story.slug("北京 欢迎你") == "北京-欢迎你")
        #expect(Story.slug("洞窟の奥") == "洞窟の奥")
        #expect(Story.slug("カタカナ・テスト") == "カタカナ-テスト")
        #expect(Story.slug("Éléphant à l'Opéra") == "éléphant-à-l-opéra")
        #expect(Story.slug("Ärger über Öl") == "ärger-über-öl")
        #expect(Story.slug("Ἀθῆναι") == "ἀθῆναι")
        #expect(Story.slug("٣ أبواب") == "٣-أبواب")
    }

    @Test func combiningMarksStayWithTheirLetter() {
        // "café" written with a combining acute accent, and Devanagari vowel signs and virama.
        #expect(Story.slug("Cafe\u{301} noir").unicodeScalars.map(\.value) == "cafe\u{301}-noir".unicodeScalars.map(\.value))
        #expect(Story.slug("नमस्ते दुनिया") == "नमस्ते-दुनिया")
        // A mark with no letter before it is not kept on its own.
        #expect(Story.slug("\u{301}abc") == "abc")
    }

    @Test func emojiAndPunctuationOnlyMakeNoSlug() {
        #expect(Story.slug("🐉🔥") == "")
        #expect(Story.slug("?!… — ***") == "")
        #expect(Story.slug("Dragons 🐉 here") == "dragons-here")
    }
}

@Suite struct StoryParserTests {
    @Test func parsesPagesChoicesAndEndings() throws {
        let (piece, problems) = parse(cave)
        #expect(problems.isEmpty, "\(problems)")
        #expect(piece?.meta.kind == .story)
        guard case .story(let story)? = piece?.body else { Issue.record("not a story"); return }
        #expect(story.pages.map(\.id) == ["the-entrance", "inside", "deep", "village"])
        #expect(story.pages.map(\.title.plainText) == ["The entrance", "Inside the cave", "Deeper", "Home again"])
        #expect(story.start == 0)
        #expect(story.pages[0].choices.map(\.target) == [1, 3])
        #expect(story.pages[0].choices.map(\.label.plainText) == ["Go inside", "Walk back to the village"])
        #expect(story.pages[0].choices.allSatisfy { !$0.inProse })
        #expect(story.pages[1].choices.map(\.target) == [2, 0])
        #expect(story.pages[1].choices.allSatisfy { $0.inProse })
        #expect(story.pages.map(\.isEnding) == [false, false, true, true])
        #expect(story.pages.map(\.ending) == [nil, nil, .bad, .good])
        #expect(story.choiceCount == 4)
        #expect(story.pages[0].choices[0].line == 9)
        #expect(story.pages[0].choices[0].column == 3)
        // The parser hands the story the index it made of the ids: the one a story makes.
        #expect(story.pageIndex == ["the-entrance": 0, "inside": 1, "deep": 2, "village": 3])
        #expect(story.pageIndex == Story(pages: story.pages, start: story.start).pageIndex)
    }

    /// A page's heading may be underlined (`---` makes a `##` heading) and keeps its
    /// attribute block whatever follows the underline.
    @Test func underlinedPageHeadingsKeepTheirAttributeBlocks() throws {
        let text = """
            ---
            kind: story
            ---
            Start {#start}
            --------------

            Go [on](#end).

            The end {#end .ending ending=good}
            ---
            Done.
            """
        let (piece, problems) = parse(text)
        #expect(problems.isEmpty, "\(problems)")
        guard case .story(let story)? = piece?.body else { Issue.record("not a story"); return }
        #expect(story.pages.map(\.id) == ["start", "end"])
        #expect(story.pages.map(\.title.plainText) == ["Start", "The end"])
        #expect(story.pages.map(\.ending) == [nil, .good])
    }

    @Test func listsOfChoicesLeaveTheTextAndProseLinksStay() throws {
        let parsed = try #require(story(cave))
        // The list of choices is shown as buttons, not in the text.
        #expect(parsed.pages[0].body.plainText == "You stand at the mouth of a dark cave.")
        #expect(!parsed.pages[0].body.contains { $0.isList })
        #expect(parsed.pages[1].body.plainText == "It is dark. You can go deeper or turn back.")
    }

    @Test func aListWithOtherItemsIsProseAndItsLinksAreChoices() throws {
        let text = """
            ---
            kind: story
            ---
            ## One
            - [Go on](#two)
            - Or stay here and think about it
            - **[Run](#two)** away
            ## Two {#two}
            """
        let parsed = try #require(story(text))
        #expect(parsed.pages[0].body.contains { $0.isList })
        #expect(parsed.pages[0].choices.map(\.target) == [1, 1])
        #expect(parsed.pages[0].choices.allSatisfy { $0.inProse })
    }

    @Test func listItemsWithTextAroundTheLinkAreChoicesWithThatText() throws {
        let text = """
            ---
            kind: story
            ---
            ## One
            1. Bravely [go on](#two)!
            2. [Go home](#three), *quietly*
            ## Two {#two}
            ## Three {#three}
            """
        let parsed = try #require(story(text))
        #expect(parsed.pages[0].body.isEmpty)
        #expect(parsed.pages[0].choices.map(\.label.plainText) == ["Bravely go on!", "Go home, quietly"])
    }

    @Test func linksAreMatchedAfterPercentDecoding() throws {
        let text = """
            ---
            kind: story
            ---
            ## Début
            [Au café](#caf%C3%A9) or [to the 洞窟](#%E6%B4%9E%E7%AA%9F) or [raw](#café).
            ## Café {#café}
            ## 洞窟
            """
        let parsed = try #require(story(text))
        #expect(parsed.pages.map(\.id) == ["début", "café", "洞窟"])
        #expect(parsed.pages[0].choices.map(\.target) == [1, 2, 1])
        #expect(parsed.page(forLink: "#caf%C3%A9") == 1)
        #expect(parsed.page(forLink: "#%ZZ") == nil)
    }

    /// A fragment is what follows a leading `#` as a character: a `#` that a combining mark
    /// joins is no `#` of its own.
    @Test func fragmentsAreCutAfterTheHashAndPercentDecoded() {
        #expect(Story.fragment(of: "#inside") == "inside")
        #expect(Story.fragment(of: "#caf%C3%A9") == "café")
        #expect(Story.fragment(of: "#été") == "été")
        #expect(Story.fragment(of: "#") == "")
        #expect(Story.fragment(of: "#\u{301}x") == nil)
        #expect(Story.fragment(of: "inside") == nil)
    }

    @Test func startNamesTheFirstPage() throws {
        let parsed = try #require(story(cave.replacingOccurrences(of: "title: The Cave", with: "start: inside")))
        #expect(parsed.start == 1)
        let quoted = try #require(story(cave.replacingOccurrences(of: "title: The Cave", with: "start: \"#inside\"")))
        #expect(quoted.start == 1)
    }

    @Test func aPageMayLinkToItself() throws {
        let parsed = try #require(story("---\nkind: story\n---\n## Loop {#loop}\n[Again](#loop) and [out](#out).\n## Out {#out}\n"))
        #expect(parsed.pages[0].choices.map(\.target) == [0, 1])
    }

    @Test func aHeadingWithoutLettersOrDigitsGetsPageN() throws {
        let parsed = try #require(story("---\nkind: story\n---\n## 🐉🔥\n- [On](#on)\n## On {#on}\n## ???\n[Back](#page-1)\n"))
        #expect(parsed.pages.map(\.id) == ["page-1", "on", "page-3"])
        #expect(parsed.pages[2].choices.map(\.target) == [0])
    }

    @Test func linksElsewhereAreNoChoices() throws {
        let text = "---\nkind: story\n---\n## One\nSee [the quiz](which-animal.md), [a site](https://example.org) and ![](#img).\n"
        let parsed = try #require(story(text))
        #expect(parsed.pages[0].choices.isEmpty)
        #expect(parsed.pages[0].isEnding)
    }

    /// Ids may carry the combining marks of their letters (Devanagari, Thai, decomposed
    /// accents): written explicitly, made from a heading, and linked to.
    @Test func idsWithCombiningMarks() throws {
        let pages = ["## Start", "- [Hindi](#हिन्दी)", "- [Hello](#नमस्ते-दुनिया)", "- [Café](#cafe\u{301})",
                     "## Hindi {#हिन्दी}", "## नमस्ते दुनिया", "## Café {#cafe\u{301}}"]
        let text = "---\nkind: story\n---\n" + pages.joined(separator: "\n") + "\n"
        let (piece, problems) = parse(text)
        #expect(problems.isEmpty, "\(located(problems))")
        guard case .story(let parsed)? = piece?.body else { Issue.record("not a story"); return }
        #expect(parsed.pages.map(\.id) == ["start", "हिन्दी", "नमस्ते-दुनिया", "cafe\u{301}"])
        #expect(parsed.pages[0].choices.map(\.target) == [1, 2, 3])
    }

    /// Whatever a heading is, its slug can be written as an explicit id.
    @Test func everySlugIsAValidId() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aZ9 -_.é\u{301}\u{93F}\u{94D}नमस्तेไทย森\u{20DD}'!")
        var samples = ["नमस्ते दुनिया", "हिन्दी", "e\u{301}", "_\u{301}x", "- \u{301}", "ก\u{E34}\u{E48}"]
        for _ in 0..<500 {
            samples.append(String((0..<Int.random(in: 0...10, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        for text in samples {
            let slug = Story.slug(text)
            #expect(slug.isEmpty || Attributes.isValidName(slug), "\(text.debugDescription) → \(slug.debugDescription)")
        }
    }

    @Test func theREADMEExampleIsAValidStory() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Stories"))
        let example = try #require(readme[section.upperBound...].firstMatch(of: /```markdown\n([\s\S]*?)```/)?.1)
        let (piece, problems) = parse(String(example))
        #expect(problems.isEmpty, "\(problems)")
        guard case .story(let parsed)? = piece?.body else { Issue.record("not a story"); return }
        #expect(parsed.pages.count == 4 && parsed.start == 0)
    }

    // MARK: Every error FORMAT.md lists for stories, located

    @Test func linkToAnUnknownPageSuggestsTheNearestId() {
        let (_, problems) = parse(cave.replacingOccurrences(of: "(#inside)", with: "(#insde)"))
        #expect(located(problems) == ["9:3: error: unknown page 'insde'"])
        #expect(problems[0].hint == "did you mean 'inside'?")
        #expect(problems[0].sourceLine == "- [Go inside](#insde)")
    }

    /// A story with errors is kept as written, for the checks of its graph: a link to no page
    /// is no choice, and is counted on its page.
    @Test func aStoryWithErrorsIsKeptAsWritten() {
        let text = cave.replacingOccurrences(of: "(#inside)", with: "(#insde)").replacingOccurrences(of: "(#deep)", with: "(#)")
        let (piece, problems) = parse(text)
        #expect(problems.hasErrors)
        guard case .story(let parsed)? = piece?.body else { Issue.record("no story"); return }
        #expect(parsed.pages.map(\.brokenLinks) == [1, 1, 0, 0])
        #expect(parsed.pages[0].choices.map(\.target) == [3])
        #expect(parsed.pages[1].choices.map(\.target) == [0])
        #expect(story(cave)?.pages.allSatisfy { $0.brokenLinks == 0 } == true)
    }

    @Test func unknownPageInProseIsLocatedAtTheLink() {
        let (_, problems) = parse(cave.replacingOccurrences(of: "(#deep)", with: "(#Deep)"))
        #expect(located(problems) == ["13:21: error: unknown page 'Deep'"])
        #expect(problems[0].hint == "did you mean 'deep'?")
        let far = parse(cave.replacingOccurrences(of: "(#deep)", with: "(#xyzzy)")).1
        // No id is close: the nearest is named all the same, and a short story lists them all.
        #expect(far[0].hint == "did you mean 'deep'? page ids: the-entrance, inside, deep, village")
    }

    /// Past a dozen pages there is no list of ids to fall back on: the nearest id is named
    /// even when it is no typo, here one that the link's id contains.
    @Test func anUnknownPageAlwaysGetsTheNearestId() {
        var text = "---\nkind: story\n---\n## Hall\n- [Down](#the-dungeon)\n"
        for n in 1...20 { text += "## Room \(n)\nA room.\n" }
        text += "## Dungeon\nDark.\n"
        let (_, problems) = parse(text)
        #expect(located(problems.filter(\.isError)) == ["5:3: error: unknown page 'the-dungeon'"])
        #expect(problems.first(where: \.isError)?.hint == "did you mean 'dungeon'?")
    }

    @Test func theListOfPageIdsNamesEachOnce() {
        let text = "---\nkind: story\nstart: nowhere\n---\n## P {#p}\n## Q {#p}\n"
        let (_, problems) = parse(text)
        let start = problems.first { $0.message.hasPrefix("'start' names no page") }
        #expect(start?.hint == "page ids: p")
    }

    @Test func twoPagesWithOneId() {
        let (_, problems) = parse(cave.replacingOccurrences(of: "{#village .ending", with: "{#inside .ending"))
        #expect(located(problems).contains("18:16: error: two pages have the id 'inside'"))
        let duplicate = problems.first { $0.message == "two pages have the id 'inside'" }
        #expect(duplicate?.hint == "'inside' is already the id of page 2 on line 12")
    }

    @Test func twoHeadingsWithOneSlug() {
        let text = "---\nkind: story\n---\n## The end\n## The End\n"
        let (_, problems) = parse(text)
        #expect(located(problems) == ["5:4: error: two pages have the id 'the-end'"])
        #expect(problems[0].hint == "'the-end' is already the id of page 1 on line 4; give this page an id of its own, e.g. {#the-end-2}")
    }

    @Test func linkThatNamesNoPage() {
        let (_, problems) = parse("---\nkind: story\n---\n## One\n[Nowhere](#)\n")
        #expect(located(problems) == ["5:1: error: this link names no page"])
    }

    @Test func unknownStartSuggestsTheNearestId() {
        let (_, problems) = parse(cave.replacingOccurrences(of: "title: The Cave", with: "start: insid"))
        #expect(located(problems) == ["3:8: error: 'start' names no page: there is no page 'insid'"])
        #expect(problems[0].hint == "did you mean 'inside'?")
        let number = parse(cave.replacingOccurrences(of: "title: The Cave", with: "start: 2")).1
        #expect(number[0].hint == "'start' takes a page id, not a number: page 2 is 'inside'")
    }

    @Test func mapChoicesIsAStorySetting() {
        #expect(story(cave)?.mapChoices == nil)
        #expect(story(cave.replacingOccurrences(of: "title: The Cave", with: "map-choices: tooltips"))?.mapChoices == .tooltips)
        #expect(story(cave.replacingOccurrences(of: "title: The Cave", with: "map-choices: labels"))?.mapChoices == .labels)
        let (_, problems) = parse(cave.replacingOccurrences(of: "title: The Cave", with: "map-choices: tooltip"))
        #expect(located(problems) == ["3:14: error: 'map-choices' must be 'labels' or 'tooltips'"])
        #expect(problems.first?.hint == "did you mean 'tooltips'?")
        // Only stories have maps.
        let quiz = parse("---\nkind: trivia\nmap-choices: tooltips\n---\n## Q\n- [x] A\n- [ ] B\n").1
        #expect(located(quiz) == ["3:1: warning: unknown front matter key 'map-choices'"])
        // A story without pages is told that, not that the key is unknown.
        let empty = parse("---\nkind: story\nmap-choices: tooltips\n---\nJust an introduction.\n").1
        #expect(located(empty) == ["2:1: error: this story has no pages"])
    }

    @Test func storyWithoutPages() {
        let (_, problems) = parse("---\nkind: story\n---\nJust an introduction.\n")
        #expect(located(problems) == ["2:1: error: this story has no pages"])
        // Its start is a story's key, not an unknown one.
        let started = parse("---\nkind: story\nstart: cave\n---\nJust an introduction.\n").1
        #expect(located(started) == ["2:1: error: this story has no pages"])
    }

    @Test func aStoryHasAtMostTenThousandPages() {
        // One-line pages: a 10 MB file of them made a million files and took 6.6 GB.
        let pages = (1...Story.maximumPages).map { "## \($0)\n" }.joined()
        let (allowed, fine) = parse("---\nkind: story\n---\n" + pages + "The end.\n")
        #expect(!fine.hasErrors)
        #expect(allowed != nil)
        let (refused, problems) = parse("---\nkind: story\nstart: '3'\n---\n" + pages + "## One too many\nx\n## And another\n")
        #expect(refused.map { _ in "a story" } == nil)
        #expect(located(problems) == ["10005:1: error: this story has 10,002 pages, and a story may have at most 10,000: this is page 10,001"])
        #expect(problems.first?.hint == "split the story into several files, each a story of its own")
    }

    @Test func linksInTheIntroductionMustLeadToPages() {
        let (_, problems) = parse(cave.replacingOccurrences(of: "what happens.", with: "what [happens](#insid)."))
        #expect(located(problems) == ["5:34: error: unknown page 'insid'"])
    }

    @Test func invalidEndingKind() {
        let (_, problems) = parse(cave.replacingOccurrences(of: "ending=good", with: "ending=godo"))
        #expect(located(problems) == ["18:33: error: 'godo' is not a kind of ending"])
        #expect(problems[0].hint == "did you mean 'good'?")
    }

    @Test func everyProblemOfAFileIsReportedTogether() {
        let text = cave
            .replacingOccurrences(of: "(#inside)", with: "(#insde)")
            .replacingOccurrences(of: "(#deep)", with: "(#dep)")
            .replacingOccurrences(of: "{#village", with: "{#deep")
        #expect(located(parse(text).1) == [
            "18:16: error: two pages have the id 'deep'",
            "9:3: error: unknown page 'insde'",
            "10:3: error: unknown page 'village'",
            "13:21: error: unknown page 'dep'",
        ])
    }

    // MARK: Warnings

    @Test func unknownFlagsAndSettingsAreWarningsWithTheNearest() throws {
        let text = cave.replacingOccurrences(of: "{#inside}", with: "{#inside .endign endig=good dragon}")
        let (piece, problems) = parse(text)
        #expect(piece != nil)
        #expect(located(problems) == [
            "12:29: warning: unknown flag '.endign' on a story page",
            "12:37: warning: unknown setting 'endig' on a story page",
            "12:48: warning: 'dragon' has no meaning on a story page and is ignored",
        ])
        #expect(problems.map(\.hint) == [
            "did you mean '.ending'?", "did you mean 'ending'?",
            "a page's id is written '#dragon'; choices are links in the page, e.g. [Go on](#dragon); braces meant as text are written \\{",
        ])
    }

    @Test func aSecondIdIsAnErrorAtIt() {
        let text = cave.replacingOccurrences(of: "{#inside}", with: "{#inside #other}")
        let (_, problems) = parse(text)
        #expect(located(problems) == ["12:29: error: an item has one id; '#other' is a second"])
        #expect(problems.first?.hint == "its id is '#inside'; remove one of them")
    }

    @Test func aSettingGivenTwiceIsAnErrorAtTheSecond() {
        let text = cave.replacingOccurrences(of: "{#deep .ending ending=bad}", with: "{#deep ending=good ending=bad}")
        let (_, problems) = parse(text)
        #expect(located(problems) == ["15:30: error: 'ending' is set twice"])
        #expect(problems.first?.hint == "the first is ending=good; keep one of them")
    }

    @Test func anEndingKindOnAPageWithChoicesIsIgnoredWithAWarning() throws {
        let text = cave.replacingOccurrences(of: "{#inside}", with: "{#inside .ending ending=good}")
        let (piece, problems) = parse(text)
        #expect(piece != nil)
        #expect(located(problems) == [
            "12:29: warning: '.ending' is ignored: this page has choices, so it is not an ending",
            "12:37: warning: 'ending=good' is ignored: this page has choices, so it is not an ending",
        ])
    }

    @Test func attributeBlocksOnChoicesAreWarnings() throws {
        let text = cave.replacingOccurrences(of: "- [Go inside](#inside)", with: "- [Go inside](#inside) {.bold}")
        let (piece, problems) = parse(text)
        #expect(located(problems) == ["9:24: warning: an attribute block has no meaning in a story and is left out"])
        guard case .story(let parsed)? = piece?.body else { Issue.record("not a story"); return }
        #expect(parsed.pages[0].choices[0].label.plainText == "Go inside")
    }

    @Test func unknownFrontMatterKeySuggestsStart() {
        let (_, problems) = parse(cave.replacingOccurrences(of: "title: The Cave", with: "strat: inside"))
        #expect(located(problems) == ["3:1: warning: unknown front matter key 'strat'"])
        #expect(problems[0].hint == "did you mean 'start'?")
    }

    /// In YAML '#' begins a comment, so `start: #deep` is an empty value; the hint names the
    /// id the comment holds.
    @Test(arguments: [
        ("start: #deep", "in YAML '#' begins a comment: write start: deep, without '#'"),
        ("start: #village  # the happy end", "in YAML '#' begins a comment: write start: village, without '#'"),
        ("start:   #dep", "in YAML '#' begins a comment: write start: dep, without '#' (did you mean 'deep'?)"),
        ("start:", "write the id of the first page, e.g. start: the-entrance"),
    ])
    func anEmptyStartIsAWarning(line: String, hint: String) {
        let (piece, problems) = parse(cave.replacingOccurrences(of: "title: The Cave", with: line))
        #expect(piece != nil)
        #expect(located(problems) == ["3:1: warning: 'start' is empty, so the story starts on page 1"])
        #expect(problems.first?.hint == hint)
    }
}

@Suite struct ManyBrokenLinksTests {
    /// 4,000 pages, each with a link to a page that does not exist: every link is reported,
    /// and the hints do not make the check quadratic. Searching every unknown id against
    /// every page took 194 s; only the first `searchLimit` different ids of a file are
    /// searched, which the hints show without a clock: after them, no "did you mean".
    /// (The time limit stops a hang.)
    @Test(.timeLimit(.minutes(1))) func manyUnknownPagesAreReportedQuickly() {
        let pages = (0..<4000).map { "## Page \($0) {#page-\($0)}\n[Onward](#pgae-\($0))\n" }.joined(separator: "\n")
        let (_, problems) = parse("---\nkind: story\n---\n" + pages)
        let unknown = problems.filter { $0.message.hasPrefix("unknown page") }
        #expect(unknown.count == 4000)
        let limit = NearestMatch.searchLimit
        #expect(unknown.first?.hint == "did you mean 'page-0'?")
        #expect(unknown[limit - 1].hint == "did you mean 'page-\(limit - 1)'?")
        // A story this long has no list of ids to fall back on.
        #expect(unknown[limit...].allSatisfy { $0.hint == nil })
    }
}

/// Two Markdown slips that hide a page without a word from cmark.
@Suite struct HiddenHeadingTests {
    @Test func aHeadingIndentedUnderAListItemIsAWarningAtIt() {
        let (_, problems) = parse("---\nkind: story\n---\n## Start\n- [go](#start)\n\n  ## Next {#next}\nThe end.\n")
        #expect(located(problems).contains(
            "7:3: warning: this '##' heading is indented under the list item above, so it is part of that item and starts nothing"))
    }

    @Test func aFenceNeverClosedIsAWarningAtItsOpening() {
        let (_, problems) = parse("---\nkind: story\n---\n## Start\n~~~~\ncode\n\n## Second\n~~~\n")
        #expect(located(problems) == [
            "5:1: warning: this code block is never closed, so the rest of the file is code, its '##' headings too"])
        #expect(problems.first?.hint == "close it with a line of ~~~~")
        // Closed, or closed by a longer fence, or never opened with a fence: nothing to say.
        for text in ["```\n## x\n```\n", "```\ncode\n`````  \n", "    code\n"] {
            let (_, quiet) = parse("---\nkind: story\n---\n## Start\n" + text)
            #expect(quiet.isEmpty, "\(text.debugDescription)")
        }
    }
}
