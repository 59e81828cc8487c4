import Analysis
import Content
import Diagnostics
import Foundation
@testable import Render
import Markdown
import Site
import Support
import Synchronization
import Testing
import TestSupport

/// Parses a story file's text and renders it as a build would (without a map).
func renderStory(_ text: String, path: String = "Content/test.md") throws -> (Story, StoryAnalysis, [OutputFile]) {
    let (piece, problems) = ContentParser.parse(SourceFile(path: path, text: text), sitePath: "test")
    #expect(!problems.hasErrors, "\(DiagnosticPrinter().format(problems))")
    guard case .story(let story)? = piece?.body, let meta = piece?.meta else { throw StoryTestFailure() }
    let analysis = StoryAnalysis.analyse(StoryGraph(story))
    let dot = StoryDOT.render(title: meta.title, story: story, analysis: analysis)
    let site = SiteContext(settings: SiteSettings(), templates: TemplateSet.make().0)
    return (story, analysis, StoryRenderer.render(meta, story, analysis: analysis, dot: dot, svg: nil, site: site))
}

struct StoryTestFailure: Error {}

@Suite struct StoryPageTests {
    @Test func goldenPages() throws {
        for name in ["crossroads/index.html", "crossroads/hills.html", "crossroads/hut.html", "the-cave/crystals.html"] {
            Golden.assertMatches(try #require(SampleSite.page(name)), named: name)
        }
    }

    @Test func goldenGraphs() throws {
        for name in ["crossroads/story.dot", "the-cave/story.dot"] {
            Golden.assertMatches(try #require(SampleSite.page(name)), named: name)
        }
    }

    @Test func everyStoryPageIsStaticWithOneHeadingOne() throws {
        let pages = SampleSite.output.files.filter {
            ($0.path.hasPrefix("crossroads/") || $0.path.hasPrefix("the-cave/")) && $0.path.hasSuffix(".html")
        }
        #expect(pages.count == 7 + 1 + 13 + 1)
        for page in pages {
            #expect(!page.text.contains("<script"), "\(page.path)")
            #expect(page.text.contains("script-src 'none'"), "\(page.path)")
            #expect(page.text.components(separatedBy: "<h1").count == 2, "\(page.path)")
        }
    }

    @Test func pagesShowTheirNumberChoicesAndTheWayBack() throws {
        let hills = try #require(SampleSite.page("crossroads/hills.html"))
        #expect(hills.contains("<p class=\"muted\">Page 2</p>"))
        #expect(hills.contains("<h1>The hills</h1>"))
        #expect(hills.contains("<a class=\"btn\" href=\"hut.html\"><span>Knock on the door of the hut</span> <span class=\"to\">page 4</span></a>"))
        #expect(!hills.contains("Start again"))
        let hut = try #require(SampleSite.page("crossroads/hut.html"))
        #expect(hut.contains("<a class=\"btn primary\" href=\"at-the-crossroads.html\">Start again</a>"))
        #expect(!hut.contains("class=\"choices\""))
        let cover = try #require(SampleSite.page("crossroads/index.html"))
        #expect(cover.contains("<a class=\"btn primary\" href=\"at-the-crossroads.html\">Begin</a>"))
        #expect(!cover.contains("map.html"))
    }

    @Test func proseLinksLeadToThePageFiles() throws {
        let crystals = try #require(SampleSite.page("the-cave/crystals.html"))
        // The Japanese id becomes page-9.html; the link in the text and its button both lead
        // there, and the link is the choice's one tab stop (the button is for pointers).
        #expect(crystals.contains("<a href=\"page-9.html\">press your hand against it<span class=\"sr\"> page 9</span></a>"))
        #expect(crystals.contains("<a class=\"btn\" href=\"page-9.html\" tabindex=\"-1\" aria-hidden=\"true\">"))
        #expect(crystals.contains("<a href=\"lantern.html\">go back the way you came<span class=\"sr\"> page 3</span></a>"))
        #expect(SampleSite.page("the-cave/page-9.html")?.contains("<h1>洞窟の奥</h1>") == true)
    }

    @Test func theSiteIndexListsStories() throws {
        let index = try #require(SampleSite.page("index.html"))
        #expect(index.contains("<a href=\"crossroads/index.html\">The Crossroads</a> <span class=\"kind story\">Story</span>"))
        #expect(index.contains("<a href=\"the-cave/index.html\">The Cave</a> <span class=\"kind story\">Story</span>"))
    }

    @Test func fileNamesAreSafeAndDistinct() throws {
        let text = """
            ---
            kind: story
            ---
            ## Door {#Door}
            [a](#door) [b](#index) [c](#map) [d](#story) [e](#洞窟) [f](#page-3) [g](#x-y_z)
            ## door {#door}
            ## Index {#index}
            ## Map {#map}
            ## Story {#story}
            ## 洞窟
            ## page 3 {#page-3}
            ## XYZ {#x-y_z}
            """
        let (story, _, files) = try renderStory(text)
        #expect(StoryRenderer.fileNames(story) == [
            "Door.html", "page-2.html", "page-3.html", "page-4.html", "page-5.html", "page-6.html", "page-7.html",
            "x-y_z.html",
        ])
        let paths = files.map(\.path)
        #expect(Set(paths.map { $0.lowercased() }).count == paths.count)
        #expect(paths.contains("test/index.html") && paths.contains("test/story.dot"))
        let first = try #require(files.first { $0.path == "test/Door.html" })
        #expect(first.text.contains("<a href=\"page-2.html\">a<span class=\"sr\"> page 2</span></a>"))
        #expect(first.text.contains("<a href=\"page-7.html\">f<span class=\"sr\"> page 7</span></a>"))
    }

    @Test func headingsInThePageTextMoveBelowTheTitle() throws {
        let text = "---\nkind: story\n---\n### Intro heading\n## One\n### Part\n# Big\n#### Small\n"
        let (_, _, files) = try renderStory(text)
        let page = try #require(files.first { $0.path == "test/one.html" }?.text)
        #expect(page.contains("<h1>One</h1>"))
        #expect(page.contains("<h2>Part</h2>\n<h2>Big</h2>\n<h3>Small</h3>"))
        let cover = try #require(files.first { $0.path == "test/index.html" }?.text)
        #expect(cover.contains("<h2>Intro heading</h2>"))
    }

    @Test func aPageWithoutATitleIsCalledByItsNumber() throws {
        let text = "---\nkind: story\n---\nStart [here](#page-1).\n##\n- [On](#on)\n## On {#on}\n"
        let (_, _, files) = try renderStory(text)
        let page = try #require(files.first { $0.path == "test/page-1.html" }?.text)
        #expect(page.contains("<h1>Page 1</h1>"))
        #expect(page.contains("<title>Page 1 · test</title>"))
        let dot = try #require(files.first { $0.path == "test/story.dot" }?.text)
        #expect(dot.contains("  p1 [label=\"1\", URL=\"page-1.html\", penwidth=2];\n"))
        // Links in the introduction lead to pages too.
        #expect(files.first { $0.path == "test/index.html" }?.text.contains("<a href=\"page-1.html\">here</a>") == true)
    }

    @Test func aButtonForEveryPlaceTheTextLeads() throws {
        let text = """
            ---
            kind: story
            ---
            ## One
            You may [run](#two), [hide](#three) or [run](#two) again.

            - [Hide in the barn](#three)
            ## Two {#two}
            ## Three {#three}
            """
        let (_, _, files) = try renderStory(text)
        let page = try #require(files.first { $0.path == "test/one.html" }?.text)
        let buttons = page.matches(of: /<a class="btn" href="([^"]+)"([^>]*)><span>([^<]+)<\/span>/).map { "\($0.1)\($0.2) \($0.3)" }
        // Only the listed choice is a tab stop: the text's own link stands for "run".
        #expect(buttons == ["two.html tabindex=\"-1\" aria-hidden=\"true\" run", "three.html Hide in the barn"])
        // In the text, one stop per choice too: "hide" is the barn's choice, whose button is
        // its stop, and the second "run" repeats the first.
        // Each says where it leads to screen readers, which do not see the buttons' numbers.
        #expect(page.contains("You may <a href=\"two.html\">run<span class=\"sr\"> page 2</span></a>, "
            + "<a href=\"three.html\" tabindex=\"-1\">hide<span class=\"sr\"> page 3</span></a> or "
            + "<a href=\"two.html\" tabindex=\"-1\">run<span class=\"sr\"> page 2</span></a> again."))
    }

    /// The site's name in the breadcrumb keeps the site's language (and direction) on a page
    /// in another, so that it is read in its own voice; on a page in the site's, it needs none.
    @Test func theSiteNameKeepsItsLanguageOnAPageInAnother() throws {
        let story = "---\nkind: story\nlang: LANG\n---\n## One\n- [on](#two)\n## Two {#two}\n"
        let crumb = #/<nav class="crumb"><a href="\.\./index\.html"([^>]*)>/#
        var seen: [String] = []
        for lang in ["ar", "ja", "en", "EN"] {
            let (_, _, files) = try renderStory(story.replacingOccurrences(of: "LANG", with: lang))
            let pages = files.filter { $0.path.hasSuffix(".html") }
            #expect(pages.count == 3)
            let attributes = Set(pages.compactMap { $0.text.firstMatch(of: crumb).map { String($0.1) } })
            seen.append(contentsOf: attributes)
        }
        #expect(seen == [" lang=\"en\" dir=\"ltr\"", " lang=\"en\"", "", ""])
    }

    /// Each choice's line in the map's list is written as bytes: the same as the message
    /// filled with the choice's words on one line, escaped, whatever they hold.
    @Test func theMapListNamesHostileChoicesAsTheMessageWould() throws {
        let (story, analysis, _) = try renderStory(StoryDOTTests.hostile)
        let words = PageMessages.builtIn("en")
        let files = StoryRenderer.fileNames(story)
        let pages = StoryRenderer.mapPages(story, analysis: analysis, files: files, words: words)
        var checked = 0
        for (page, value) in zip(story.pages, pages) {
            guard case .object(let fields) = value, case .list(let choices)? = fields.first(where: { $0.0 == "choices" })?.1
            else { throw StoryTestFailure() }
            for (choice, line) in zip(page.choices, choices) {
                let target = HTMLEscaping.escape(words.text("story.choice_target", n: choice.target + 1))
                let expected = words.html("map.choice_leads", [
                    "choice": HTMLEscaping.escape(choice.label.plainText.collapsingWhitespace),
                    "page": "<a href=\"\(files[choice.target])\">\(target)</a>"])
                #expect(line == ["leads": .string(expected)] || line == ["leads": .utf8(Array(expected.utf8))], "\(line)")
                checked += 1
            }
        }
        #expect(checked == story.choiceCount && checked == 4)
    }

    /// The map's line for a choice wraps the buttons' "to page N": in each language, the
    /// two read as one sentence, never "leads to to page 2" (as zh, ar and ru once did).
    @Test func theMapsChoiceLineSaysWhereItLeadsOnce() {
        let expected = [
            "ar": "«Go» ← إلى الصفحة 2", "de": "„Go“ führt zu Seite 2", "en": "“Go” leads to page 2",
            "es": "«Go» lleva a la página 2", "fr": "« Go » mène à la page 2", "it": "«Go» porta alla pagina 2",
            "ja": "「Go」→ ページ2へ", "ko": "“Go” → 2페이지로", "pt": "«Go» leva à página 2",
            "ru": "«Go» → страница 2", "zh-Hans": "“Go”：前往第 2 页", "zh-Hant": "「Go」：前往第 2 頁",
        ]
        for (lang, line) in expected {
            let words = PageMessages.builtIn(lang)
            #expect(words.text("map.choice_leads", ["choice": "Go", "page": words.text("story.choice_target", n: 2)]) == line, "\(lang)")
        }
    }

    /// With bare arrows the legend says where the choices' words went; with labels it does not.
    @Test func theMapLegendTellsOfTooltips() throws {
        let (piece, _) = ContentParser.parse(SourceFile(path: "Content/c.md", text: cave), sitePath: "c")
        guard case .story(let story)? = piece?.body, let meta = piece?.meta else { throw StoryTestFailure() }
        let analysis = StoryAnalysis.analyse(StoryGraph(story))
        func mapPage(_ settings: SiteSettings, _ story: Story) throws -> String {
            let site = SiteContext(settings: settings, templates: TemplateSet.make().0)
            let files = StoryRenderer.render(meta, story, analysis: analysis, dot: "digraph {}", svg: Array("<svg/>".utf8), site: site)
            return try #require(files.first { $0.path == "c/map.html" }?.text)
        }
        let hint = "<p class=\"muted\">Point at an arrow to see which choice it is.</p>\n"
        let labelled = try mapPage(SiteSettings(), story)
        #expect(!labelled.contains("Point at an arrow"))
        #expect(try mapPage(SiteSettings(mapChoices: .tooltips), story).contains(hint))
        var own = story
        own.mapChoices = .labels
        #expect(try mapPage(SiteSettings(mapChoices: .tooltips), own) == labelled)
    }

    /// serve renders the one file asked for: every file of a story alone is the file the
    /// whole story's rendering gives, with and without a map, and the DOT text is made only
    /// for `story.dot`.
    @Test func aStoryFileRenderedAloneIsTheStorysOwn() throws {
        let (piece, _) = ContentParser.parse(SourceFile(path: "Content/c.md", text: cave), sitePath: "c")
        guard case .story(let story)? = piece?.body, let meta = piece?.meta else { throw StoryTestFailure() }
        let analysis = StoryAnalysis.analyse(StoryGraph(story))
        let site = SiteContext(settings: SiteSettings(), templates: TemplateSet.make().0)
        for (svg, drawing) in [(Array("<svg/>".utf8), false), (nil, true), (nil, false)] as [([UInt8]?, Bool)] {
            let whole = StoryRenderer.render(meta, story, analysis: analysis, dot: "digraph {}", svg: svg, drawing: drawing, site: site)
            for file in whole {
                let made = Mutex(0)
                let alone = StoryRenderer.file(
                    file.path, of: meta, story, analysis: analysis, dot: { made.withLock { $0 += 1 }; return "digraph {}" },
                    svg: svg, drawing: drawing, site: site)
                #expect(alone?.contents == file.contents, "\(file.path)")
                #expect(made.withLock { $0 } == (file.path == "c/story.dot" ? 1 : 0), "\(file.path)")
            }
            #expect(StoryRenderer.file("c/nothing.html", of: meta, story, analysis: analysis, dot: { "" }, svg: svg, site: site) == nil)
        }
    }

    @Test func mapPageOnlyWithAnSVG() throws {
        let (piece, _) = ContentParser.parse(SourceFile(path: "Content/c.md", text: cave), sitePath: "c")
        guard case .story(let story)? = piece?.body, let meta = piece?.meta else { throw StoryTestFailure() }
        let analysis = StoryAnalysis.analyse(StoryGraph(story))
        let site = SiteContext(settings: SiteSettings(), templates: TemplateSet.make().0)
        let files = StoryRenderer.render(meta, story, analysis: analysis, dot: "digraph {}", svg: Array("<svg/>".utf8), site: site)
        #expect(files.map(\.path).contains("c/story.svg"))
        let map = try #require(files.first { $0.path == "c/map.html" }?.text)
        #expect(map.contains("<object data=\"story.svg\" type=\"image/svg+xml\""))
        #expect(map.contains("object-src 'self'; frame-src 'self'"))
        // The text alternative: every page in order, linked, with its kind and its choices.
        #expect(map.contains("<li><a href=\"the-entrance.html\">The entrance</a> <span class=\"muted\">start</span>\n"
            + "<ul><li>“Go inside” leads to <a href=\"inside.html\">page 2</a></li>"
            + "<li>“Walk back to the village” leads to <a href=\"village.html\">page 6</a></li></ul></li>"))
        #expect(map.contains("<li><a href=\"wander.html\">Wandering</a> <span class=\"muted\">(trap: no ending from here)</span>"))
        #expect(map.contains("<li><a href=\"deep.html\">Deeper</a> <span class=\"muted\">(bad ending)</span></li>"))
        #expect(map.contains("<li><a href=\"forgotten.html\">Forgotten</a> <span class=\"muted\">(unreachable)</span>"))
        #expect(map.contains("img-src 'self' data:; media-src 'self' data:;"))
        #expect(files.first { $0.path == "c/index.html" }?.text.contains("<a href=\"map.html\">Map of the story</a>") == true)
    }
}

let cave = """
    ---
    kind: story
    title: The Cave
    ---
    ## The entrance
    - [Go inside](#inside)
    - [Walk back to the village](#village)
    ## Inside the cave {#inside}
    [Go deeper](#deep), [wander](#wander) or [go back](#the-entrance).
    ## Wandering {#wander}
    - [Wander more](#wander-more)
    ## Wandering more {#wander-more}
    - [Wander again](#wander)
    ## Deeper {#deep ending=bad}
    ## Home again {#village .ending ending=good}
    ## Forgotten {#forgotten}
    - [Home](#village)
    """

@Suite struct StoryDOTTests {
    @Test func marksStartEndingsUnreachablePagesAndTraps() throws {
        let (_, analysis, files) = try renderStory(cave)
        #expect(analysis.traps == [2, 3])
        #expect(analysis.unreachable == [6])
        let dot = try #require(files.first { $0.path == "test/story.dot" }?.text)
        #expect(dot.hasPrefix("digraph \"The Cave\" {\n"))
        #expect(dot.contains("  p0 [shape=plaintext, style=\"\", label=\"start\", tooltip=\"start\", fontcolor=\"#555555\"];\n"))
        #expect(dot.contains("  p0 -> p1 [style=bold, tooltip=\"start\"];\n"))
        // Every box links to its page.
        #expect(dot.contains("  p1 [label=\"1. The entrance\", URL=\"the-entrance.html\", penwidth=2];\n"))
        #expect(dot.contains("  p3 [label=\"3. Wandering\\n(trap: no ending from here)\", URL=\"wander.html\", color=\"#e65100\", penwidth=2, tooltip=\"3. Wandering (trap: no ending from here)\"];\n"))
        #expect(dot.contains("  p5 [label=\"5. Deeper\\n(bad ending)\", URL=\"deep.html\", shape=octagon, fillcolor=\"#ffcdd2\", tooltip=\"5. Deeper (bad ending)\"];\n"))
        #expect(dot.contains("  p6 [label=\"6. Home again\\n(good ending)\", URL=\"village.html\", shape=doubleoctagon, fillcolor=\"#c8e6c9\", tooltip=\"6. Home again (good ending)\"];\n"))
        #expect(dot.contains("  p7 [label=\"7. Forgotten\\n(unreachable)\", URL=\"forgotten.html\", style=\"rounded,filled,dashed\""))
        // Each arrow's tooltip is its words: without one a browser shows Graphviz's "p2->p1".
        #expect(dot.contains("  p2 -> p1 [label=\"go back\", tooltip=\"go back\"];\n"))
        #expect(dot.contains("  p7 -> p6 [label=\"Home\", tooltip=\"Home\", style=dashed, color=\"#666666\"];\n"))
    }

    /// With `map-choices: tooltips` only the choices' lines change: no label, the same words
    /// as the tooltip, the unreachable page's arrow still dashed.
    @Test func choicesAsTooltipsLeaveTheArrowsBare() throws {
        let (story, analysis, files) = try renderStory(cave)
        let labelled = try #require(files.first { $0.path == "test/story.dot" }?.text)
        let bare = StoryDOT.render(title: "The Cave", story: story, analysis: analysis, choices: .tooltips)
        let (labelledLines, bareLines) = (labelled.split(separator: "\n"), bare.split(separator: "\n"))
        #expect(labelledLines.count == bareLines.count)
        for (a, b) in zip(labelledLines, bareLines) where a != b {
            #expect(a.replacing(#/ \[label="[^"]*", /#, with: " [") == b, "\(a) | \(b)")
            #expect(a.contains(" -> "))
        }
        #expect(bare.contains("  p2 -> p1 [tooltip=\"go back\"];\n"))
        #expect(bare.contains("  p7 -> p6 [tooltip=\"Home\", style=dashed, color=\"#666666\"];\n"))
        #expect(!bare.contains("-> p1 [label="))
        #expect(bareLines.filter { $0.contains(" -> ") && $0.contains(" [tooltip=") }.count == story.choiceCount)
    }

    @Test func quotingKeepsEveryCharacterLiteral() {
        #expect(StoryDOT.quoted(#"a "b" \N \\ & c"#) == #""a \"b\" \\N \\\\ &amp; c""#)
        #expect(StoryDOT.quoted("line\nbreak\u{1}\u{7F}\u{85}x") == #""line\nbreak   x""#)
        #expect(StoryDOT.quoted("ends with \\") == #""ends with \\""#)
        #expect(StoryDOT.quoted("中文 🐉") == "\"中文 🐉\"")
    }

    /// Titles and choices that would break a careless DOT writer.
    static let hostile = #"""
        ---
        kind: story
        title: "A \"quoted\" title \\ with\na newline & <angle> brackets"
        ---
        ## Quotes "double" and 'single' \\ back\slash \N \G \l \\n end\\ {#one}
        - ["Go" <b>on</b> & &amp; &#92; &bogus; \\ -> -- ; } \] // /* #](#two)
        - [digraph node edge graph subgraph strict](#three)
        - [中文 日本語 한국어 العربية עברית Ελληνικά 👩‍👩‍👧 e\#u{301}](#four)
        - [multi
          line \\
          choice](#five)
        ## <b>node</b> [label="x"]; } digraph { {#two}
        ## digraph {#three}
        ## 洞窟の奥 \#u{202E}reversed\#u{202C} zero\#u{200B}width {#four}
        ## Ends with a backslash \\ {#five}
        """#

    @Test(.requires(.dot))
    func dotAcceptsHostileLabelsAndShowsThemAsWritten() throws {
        let (story, _, files) = try renderStory(Self.hostile)
        #expect(story.pages.count == 5)
        let dot = try #require(files.first { $0.path == "test/story.dot" }?.text)
        let svg = try dotSVG(dot, name: "hostile")
        let texts = svgTexts(svg)
        // Graphviz's tooltips (<title>) name the graph by the story's title and the nodes p0,
        // p1, …: no English word such as "start" or "story" shows when story.svg is opened.
        let titles = svg.matches(of: /<title>([^<]*)<\/title>/).map { String($0.output.1) }
        #expect(titles.first?.hasPrefix("A &quot;quoted&quot; title") == true, "\(titles)")
        #expect(titles.dropFirst().allSatisfy { $0.wholeMatch(of: /p\d+(&#45;&gt;p\d+)?/) != nil }, "\(titles)")
        // Every label comes back exactly as the reader sees the text.
        #expect(texts.contains("A \"quoted\" title \\ with"))
        #expect(texts.contains("a newline & <angle> brackets"))
        for (i, page) in story.pages.enumerated() {
            let label = "\(i + 1). " + StoryDOTTestHelpers.short(page.title.plainText, StoryDOT.titleLength)
            #expect(texts.contains(label), "\(label) not in \(texts)")
            for choice in page.choices {
                let label = StoryDOTTestHelpers.short(choice.label.plainText, StoryDOT.choiceLength)
                #expect(texts.contains(label), "\(label) not in \(texts)")
            }
        }
        #expect(texts.contains("1. Quotes \"double\" and 'single' \\ back\\slash \\N \\G…"))
        #expect(texts.contains("2. node [label=\"x\"]; } digraph {"))
        #expect(texts.contains("multi line \\ choice"))
        #expect(texts.contains("5. Ends with a backslash \\"))
        // A label that is cut keeps its words whole in its tooltip: the box's and the arrow's.
        let tooltips = svg.matches(of: /<a [^>]*xlink:title="([^"]*)"/).map { decodeXML(String($0.output.1)) }
        let title = "1. " + StoryDOTTestHelpers.short(story.pages[0].title.plainText, .max)
        #expect(title.hasSuffix("end\\") && tooltips.contains(title), "\(title) not in \(tooltips) of \(dot)")
        for page in story.pages {
            for choice in page.choices where StoryDOTTestHelpers.short(choice.label.plainText, StoryDOT.choiceLength).hasSuffix("…") {
                let whole = StoryDOTTestHelpers.short(choice.label.plainText, .max)
                #expect(tooltips.contains(whole), "\(whole) not in \(tooltips)")
            }
        }
    }

    /// The choices' words are not drawn but are each arrow's tooltip, exactly as written;
    /// the boxes are drawn as before.
    @Test(.requires(.dot))
    func dotShowsChoicesAsTooltipsWhenAsked() throws {
        let (story, analysis, _) = try renderStory(Self.hostile)
        let dot = StoryDOT.render(title: "Hostile", story: story, analysis: analysis, choices: .tooltips)
        let svg = try dotSVG(dot, name: "hostile-tooltips")
        let texts = svgTexts(svg)
        let tooltips = svg.matches(of: /<a xlink:title="([^"]*)">/).map { decodeXML(String($0.output.1)) }
        for (i, page) in story.pages.enumerated() {
            #expect(texts.contains("\(i + 1). " + StoryDOTTestHelpers.short(page.title.plainText, StoryDOT.titleLength)))
            for choice in page.choices {
                let label = StoryDOTTestHelpers.short(choice.label.plainText, StoryDOT.choiceLength)
                #expect(!texts.contains(label), "\(label) drawn")
                // Nothing takes room for a tooltip: its words are whole.
                let whole = StoryDOTTestHelpers.short(choice.label.plainText, .max)
                #expect(tooltips.contains(whole), "\(whole) not in \(tooltips)")
            }
        }
        #expect(tooltips.contains("multi line \\ choice"))
    }

    @Test(.requires(.dot))
    func dotAcceptsEveryGeneratedGraph() throws {
        var graphs = SampleSite.output.files.filter { $0.path.hasSuffix(".dot") }
        #expect(graphs.count == 2)
        graphs += try renderStory(cave).2.filter { $0.path.hasSuffix(".dot") }
        graphs += try renderStory(Self.hostile).2.filter { $0.path.hasSuffix(".dot") }
        for graph in graphs {
            let svg = try dotSVG(graph.text, name: graph.path.replacingOccurrences(of: "/", with: "-"))
            #expect(svg.contains("<svg"), "\(graph.path)")
        }
    }

    /// Runs `dot -Tsvg` and requires it to succeed without a word on standard error.
    func dotSVG(_ dot: String, name: String) throws -> String {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try dot.write(to: file, atomically: true, encoding: .utf8)
        let result = try ProcessResult.run(URL(fileURLWithPath: "/usr/bin/env"), ["dot", "-Tsvg", file.path])
        #expect(result.status == 0, "dot refused \(name): \(result.stderr)\n\(dot)")
        #expect(result.stderr.isEmpty, "dot complained about \(name): \(result.stderr)")
        return result.stdout
    }

    /// The text of every `<text>` element of an SVG, with XML escapes decoded.
    func svgTexts(_ svg: String) -> [String] {
        svg.matches(of: /<text[^>]*>([^<]*)<\/text>/).map { decodeXML(String($0.1)) }
    }

    /// Text or an attribute's value as SVG has it, with XML escapes decoded.
    func decodeXML(_ escaped: String) -> String {
        var text = escaped
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#45;", "-")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        text = text.replacing(/&#(\d+);/) { String(UnicodeScalar(UInt32($0.1)!).map(Character.init) ?? "?") }
        text = text.replacing(/&#x([0-9A-Fa-f]+);/) { String(UnicodeScalar(UInt32($0.1, radix: 16)!).map(Character.init) ?? "?") }
        return text.replacingOccurrences(of: "&amp;", with: "&")
    }
}

enum StoryDOTTestHelpers {
    static func short(_ text: String, _ length: Int) -> String {
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard words.count > length else { return words }
        return String(words.prefix(length - 1)).trimmingCharacters(in: .whitespaces) + "…"
    }
}
