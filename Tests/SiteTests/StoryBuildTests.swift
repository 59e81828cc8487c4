import Synchronization
import Diagnostics
import Foundation
@testable import Site
import Testing
import TestSupport
import Reports

let sevenPages = """
    ---
    kind: story
    title: Seven
    ---
    Pick a path.
    ## One
    - [Left](#two)
    - [Right](#three)
    ## Two {#two}
    - [Up](#four)
    - [Down](#five)
    ## Three {#three}
    - [Up](#six)
    - [Down](#seven)
    ## Four {#four ending=good}
    ## Five {#five ending=bad}
    ## Six {#six ending=neutral}
    ## Seven {#seven}
    """

extension TemporarySite {
    /// Loads, builds and writes with the given Graphviz, as `quizgen build` does.
    @discardableResult
    func build(graphviz: Graphviz, maps: Bool = true) -> BuildOutput {
        build(BuildOptions(graphviz: graphviz, maps: maps))
    }
}

/// A Graphviz that draws the same small picture for any graph, and counts nothing.
let fakeGraphviz = Graphviz(location: "/fake/dot") { dot, format in
    .success(Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><!-- \(format) \(dot.utf8.count) --></svg>".utf8))
}

@Suite struct StoryBuildTests {
    @Test func writesPagesTheGraphAndWithGraphvizTheMap() throws {
        let site = TemporarySite(files: ["Content/seven.md": sevenPages])
        let result = site.build(graphviz: fakeGraphviz)
        #expect(result.diagnostics.isEmpty, "\(DiagnosticPrinter().format(result.diagnostics))")
        #expect(result.notes.isEmpty)
        for file in ["index", "one", "two", "three", "four", "five", "six", "seven", "map"] {
            #expect(site.exists("public/seven/\(file).html"), "\(file).html")
        }
        #expect(site.read("public/seven/story.dot")?.hasPrefix("digraph \"Seven\" {") == true)
        #expect(site.read("public/seven/story.svg")?.hasPrefix("<svg") == true)
        #expect(site.read("public/seven/index.html")?.contains("<a href=\"map.html\">Map of the story</a>") == true)
        #expect(site.read("public/index.html")?.contains("<span class=\"kind story\">Story</span>") == true)
    }

    @Test func withoutGraphvizThereIsNoMapAndOneNote() throws {
        let site = TemporarySite(files: ["Content/seven.md": sevenPages, "Content/tiny.md": quiz])
        let result = site.build(graphviz: .none)
        #expect(result.diagnostics.isEmpty)
        #expect(result.notes == [
            "story maps left out: Graphviz's dot is not installed (story.dot is still written beside each story)",
        ])
        #expect(site.exists("public/seven/story.dot"))
        #expect(!site.exists("public/seven/story.svg") && !site.exists("public/seven/map.html"))
        #expect(site.read("public/seven/index.html")?.contains("map.html") == false)
        // Without a story there is nothing to say.
        let quizOnly = TemporarySite(files: ["Content/tiny.md": quiz])
        #expect(quizOnly.build(graphviz: .none).notes.isEmpty)
    }

    @Test func aFailingDotLeavesOutTheMapWithANote() {
        let broken = Graphviz(location: "/fake/dot") { _, _ in .failure(.failed("Error: syntax error in line 1")) }
        let site = TemporarySite(files: ["Content/seven.md": sevenPages])
        let result = site.build(graphviz: broken)
        #expect(!result.hasErrors)
        #expect(result.notes == ["Content/seven.md: no map: dot failed: Error: syntax error in line 1"])
        #expect(site.exists("public/seven/one.html") && !site.exists("public/seven/map.html"))
    }

    /// A graph `dot` could not draw (stopped after 30 s, as a tangled 300-page story is) is
    /// not tried again by the next build while it is the same: the output's marker keeps it.
    @Test func aGraphDotCouldNotDrawIsNotTriedAgainUntilItChanges() throws {
        let tries = Mutex(0)
        let slow = Graphviz(location: "/fake/dot") { _, _ in
            tries.withLock { $0 += 1 }
            return .failure(.timedOut(seconds: 30))
        }
        let site = TemporarySite(files: ["Content/seven.md": sevenPages])
        let hint = "; with `map-choices: tooltips` (arrows without their words) a big map draws several times faster"
        #expect(site.build(graphviz: slow).notes == ["Content/seven.md: no map: dot took longer than 30 seconds and was stopped" + hint])
        #expect(tries.withLock { $0 } == 1)
        let marker = try #require(site.read("public/.quizgen-output"))
        #expect(marker.hasSuffix(" timed-out 30\n") && marker.contains("map not drawn: "))
        let again = site.build(graphviz: slow)
        #expect(tries.withLock { $0 } == 1)
        #expect(again.notes == ["Content/seven.md: no map: dot took longer than 30 seconds and was stopped "
            + "(when last tried, and tried again when the story's graph changes)" + hint])
        // Kept build after build, and byte for byte, through a build without maps too.
        site.build(graphviz: slow)
        #expect(tries.withLock { $0 } == 1 && site.read("public/.quizgen-output") == marker)
        site.build(graphviz: slow, maps: false)
        #expect(site.read("public/.quizgen-output") == marker)
        site.build(graphviz: slow)
        #expect(tries.withLock { $0 } == 1)
        // A changed graph is drawn; once drawn, nothing failed is kept.
        site.write("Content/seven.md", sevenPages.replacingOccurrences(of: "## Seven {#seven}", with: "## Page seven {#seven}"))
        #expect(site.build(graphviz: fakeGraphviz).notes == [])
        #expect(site.read("public/.quizgen-output")?.contains("map not drawn") == false)
    }

    @Test func twoBuildsWithMapsAreByteIdentical() {
        let site = TemporarySite(files: ["Content/seven.md": sevenPages])
        site.build(graphviz: fakeGraphviz)
        let first = site.tree()
        site.build(graphviz: fakeGraphviz)
        #expect(site.tree() == first)
        #expect(first.count == 15)  // 7 pages, cover, map page, DOT, SVG, index, 404 page, stylesheet, marker
    }

    @Test func aStoryWithErrorsFailsTheBuildAndWritesNothing() {
        let site = TemporarySite(files: ["Content/seven.md": sevenPages.replacingOccurrences(of: "(#six)", with: "(#sx)")])
        let result = site.build()
        // The mistyped link plainly meant page 6: one error, not also a warning that page 6
        // cannot be reached.
        #expect(located(result.diagnostics) == ["Content/seven.md:13:3: error: unknown page 'sx'"])
        #expect(result.diagnostics.first?.hint == "did you mean 'six'?")
        #expect(!site.exists("public"))
        // A link to no page near any id is no way to page 6, which is then told unreachable too.
        let far = TemporarySite(files: ["Content/seven.md": sevenPages.replacingOccurrences(of: "(#six)", with: "(#elsewhere)")])
        #expect(located(far.build().diagnostics) == [
            "Content/seven.md:13:3: error: unknown page 'elsewhere'",
            "Content/seven.md:17:4: warning: page 6 cannot be reached: no path from the start (page 1) leads here",
        ])
    }

    /// A mistyped link that plainly meant a page is taken to lead there: a page reached only
    /// through it, from which no ending can be reached, is told a trap (not unreachable), and
    /// so is a loop the typo closes. Before, both were told nothing at all.
    @Test(arguments: [
        ("## Start {#start}\n- [Go](#lop)\n- [Leave](#end)\n\n## Loop {#loop}\n[Again](#loop)\n\n## End {#end}\nThe end.\n", [
            "Content/t.md:5:3: error: unknown page 'lop'",
            "Content/t.md:8:4: warning: page 2 is a trap: no ending can be reached from it",
        ]),
        ("## Start {#start}\n- [a](#cave)\n- [h](#home)\n## Cave {#cave}\n- [x](#deep)\n## Deep {#deep}\n- [x](#cavee)\n## Home {#home}\nEnd.\n", [
            "Content/t.md:7:4: warning: page 2 is a trap: no ending can be reached from it",
            "Content/t.md:9:4: warning: page 3 is a trap: no ending can be reached from it",
            "Content/t.md:10:3: error: unknown page 'cavee'",
        ]),
    ])
    func aTrapBehindOrClosedByAMistypedLinkIsTold(_ pages: String, _ expected: [String]) {
        let site = TemporarySite(files: ["Content/t.md": "---\nkind: story\n---\n" + pages])
        #expect(located(site.build().diagnostics) == expected)
    }

    /// The example of the audit: an error on one page does not hide that another cannot be
    /// reached. Build and check report the same, and nothing is written or reported on.
    @Test func errorsInAStoryDoNotHideItsGraphWarnings() {
        let text = "---\nkind: story\ntitle: Mix\n---\n## One\n- [Go](#two)\n\n## Two {ending=great}\nThe end.\n\n## Orphan\nUnreachable.\n"
        let expected = [
            "Content/mix.md:8:9: error: 'great' is not a kind of ending",
            "Content/mix.md:11:4: warning: page 3 cannot be reached: no path from the start (page 1) leads here",
        ]
        let site = TemporarySite(files: ["Content/mix.md": text])
        let built = site.build(graphviz: fakeGraphviz)
        #expect(located(built.diagnostics) == expected)
        #expect(!site.exists("public"))
        let loaded = SiteLoader.load(site.location, fileSystem: .disk)
        let checked = Pipeline(options: BuildOptions(render: false, statistics: true)).collect(loaded)
        #expect(located(checked.diagnostics) == expected)
        // Statistics are for what builds.
        #expect(checked.reports.isEmpty)
    }

    /// A page with a link to no page is no trap (the link, fixed, may lead to an ending), nor
    /// are the pages that lead to it; the pages the broken link does not reach are unreachable.
    @Test func aBrokenLinkMakesNoTrapAndLeavesPagesItDidNotMeanUnreachable() {
        let text = "---\nkind: story\n---\n## One\n- [On](#tow)\n- [Round](#mid)\n## Mid {#mid}\n[Back](#one)\n## Two {#two}\nThe end.\n"
        let site = TemporarySite(files: ["Content/loop.md": text])
        #expect(located(site.build(graphviz: fakeGraphviz).diagnostics) == ["Content/loop.md:5:3: error: unknown page 'tow'"])
        // Mistyped past recognition, the link leaves page 3 unreachable.
        let far = TemporarySite(files: ["Content/loop.md": text.replacingOccurrences(of: "(#tow)", with: "(#finish)")])
        #expect(located(far.build(graphviz: fakeGraphviz).diagnostics) == [
            "Content/loop.md:5:3: error: unknown page 'finish'",
            "Content/loop.md:9:4: warning: page 3 cannot be reached: no path from the start (page 1) leads here",
        ])
        // The same loop with a link to nowhere: now both pages are traps.
        let trapped = TemporarySite(files: ["Content/loop.md": text.replacingOccurrences(of: "(#tow)", with: "(#mid)")])
        #expect(located(trapped.build(graphviz: fakeGraphviz).diagnostics) == [
            "Content/loop.md:4:4: warning: page 1 is a trap: no ending can be reached from it",
            "Content/loop.md:7:4: warning: page 2 is a trap: no ending can be reached from it",
            "Content/loop.md:9:4: warning: page 3 cannot be reached: no path from the start (page 1) leads here",
        ])
    }

    /// A page whose id an earlier page has is no more reachable than the error says: no
    /// warning that would tell to link to it by that id.
    @Test func aSecondPageWithAnIdIsNotAlsoUnreachable() {
        let text = "---\nkind: story\n---\n## Start\n- [Go](#end)\n## The end {#end}\nDone.\n## Another end {#end}\nDone too.\n"
        let site = TemporarySite(files: ["Content/twice.md": text])
        #expect(located(site.build(graphviz: fakeGraphviz).diagnostics) == ["Content/twice.md:8:17: error: two pages have the id 'end'"])
    }

    @Test func unreachablePagesAndTrapsAreWarningsAtTheirHeadings() {
        let text = sevenPages
            .replacingOccurrences(of: "- [Down](#seven)", with: "- [Down](#five)")
            .replacingOccurrences(of: "## Six {#six ending=neutral}", with: "## Six {#six}\n[Again](#six)")
        let site = TemporarySite(files: ["Content/seven.md": text])
        let result = site.build()
        #expect(located(result.diagnostics) == [
            "Content/seven.md:17:4: warning: page 6 is a trap: no ending can be reached from it",
            "Content/seven.md:19:4: warning: page 7 cannot be reached: no path from the start (page 1) leads here",
        ])
        #expect(result.diagnostics[1].hint == "link to it from a page the reader can reach, e.g. [Go on](#seven)")
        #expect(site.exists("public/seven/seven.html"))
    }

    /// Both ends of a range of points group their thousands, as single counts do.
    @Test func checkGroupsThousandsAtBothEndsOfARange() {
        let trivia = "---\nkind: trivia\ntitle: Big\n---\n## A? {points=1500}\n- [x] a\n- [ ] b\n\n## B? {points=2500}\n- [x] a\n- [ ] b\n"
        let site = TemporarySite(files: ["Content/big.md": trivia])
        let loaded = SiteLoader.load(site.location, fileSystem: .disk)
        let report = ReportFormatter.text(Pipeline(options: BuildOptions(render: false, statistics: true)).collect(loaded).reports)
        #expect(report.contains("1,500 to 2,500 points per question"), "\(report)")
    }

    @Test func checkReportsTheStoryGraph() throws {
        let site = TemporarySite(files: ["Content/seven.md": sevenPages])
        let loaded = SiteLoader.load(site.location, fileSystem: .disk)
        let report = ReportFormatter.text(Pipeline(options: BuildOptions(render: false, statistics: true)).collect(loaded).reports)
        #expect(report == """
            Content/seven.md: story “Seven”
              7 pages, 6 choices, 4 endings (1 good, 1 bad, 1 neutral, 1 without a kind)
              7 of 7 pages reachable from the start (page 1)
              no loops
              4 playthroughs (distinct ways from the start to an ending)
              endings, by choices from the start (shortest / longest):
                page 4  good     2 / 2  “Four”
                page 5  bad      2 / 2  “Five”
                page 6  neutral  2 / 2  “Six”
                page 7  -        2 / 2  “Seven”

            """)
    }

    /// Ids in any script line up in `check`'s table, whole: Foundation's padding counted
    /// UTF-16 units and cut a Devanagari id's last vowel sign off.
    @Test func checkTablesKeepIdsWholeAndAligned() throws {
        let quiz = """
            ---
            kind: personality
            ---
            ## Q
            - a {नमस्ते}
            - b {x}
            - c {猫}
            ## N {#नमस्ते .outcome}
            ## X {#x .outcome}
            ## C {#猫 .outcome}
            """
        let site = TemporarySite(files: ["Content/q.md": quiz])
        let loaded = SiteLoader.load(site.location, fileSystem: .disk)
        let report = ReportFormatter.text(Pipeline(options: BuildOptions(render: false, statistics: true)).collect(loaded).reports)
        // नमस्ते is three characters (न, म, स्ते), 猫 one wide one: two columns.
        #expect(report.contains("\n    नमस्ते   33.3%  ████████\n    x     33.3%"))
        #expect(report.contains("\n    猫    33.3%"))
    }

    @Test func checkReportsLoopsTrapsAndHugeCounts() throws {
        // 120 two-way forks that join again: 2^120 ways, then a loop with no way out.
        var text = "---\nkind: story\ntitle: Forks\n---\n"
        for i in 0..<120 {
            text += "## Fork \(i) {#f\(i)}\n- [A](#a\(i))\n- [B](#b\(i))\n"
            text += "## A \(i) {#a\(i)}\n- [On](#f\(i + 1))\n## B \(i) {#b\(i)}\n- [On](#f\(i + 1))\n"
        }
        text += "## The end {#f120}\n## Loop {#loop}\n[Round](#loop)\n"
        let site = TemporarySite(files: ["Content/forks.md": text])
        let loaded = SiteLoader.load(site.location, fileSystem: .disk)
        let output = Pipeline(options: BuildOptions(render: false, statistics: true)).collect(loaded)
        let report = ReportFormatter.text(output.reports)
        #expect(report.contains("  362 pages, 481 choices, 1 ending\n"))
        #expect(report.contains("  361 of 362 pages reachable from the start (page 1); unreachable: page 362\n"))
        #expect(report.contains("  1 loop (pages a reader can come back to): page 362\n"))
        // 2^120 = 1,329,227,995,784,915,872,903,807,060,280,344,576: 37 digits.
        #expect(report.contains("  about 1.32 × 10^36 playthroughs (distinct ways from the start to an ending)\n"))
        #expect(report.contains("    page 361  -  240 / 240  “The end”\n"))
    }
}

@Suite struct GraphvizTests {
    @Test func noDotOnPathIsNone() {
        #expect(!Graphviz.system(environment: ["PATH": ""]).isAvailable)
        #expect(Graphviz.none.render("digraph {}", "svg") == .failure(.notInstalled))
    }

    @Test(.requires(.dot))
    func drawsSVGWithTheRealDot() throws {
        let result = try Graphviz.system().render("digraph { a -> b }", "svg").get()
        #expect(String(decoding: result, as: UTF8.self).contains("<svg"))
        guard case .failure(.failed(let message)) = Graphviz.system().render("digraph { a -> ", "svg") else {
            Issue.record("dot accepted a broken graph")
            return
        }
        #expect(message.contains("syntax error"))
    }

    /// A `dot` that never finishes is stopped at the time limit, not waited for: the fake
    /// `dot` notes its process id and sleeps far longer than the test's time limit, so a
    /// render that waited would fail on that limit, and one that returned but left `dot`
    /// running fails on the process still being there. No clock is read.
    @Test(.timeLimit(.minutes(1))) func aSlowDotIsStopped() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dot = folder.appendingPathComponent("dot")
        let pidFile = folder.appendingPathComponent("pid")
        try "#!/bin/sh\necho $$ > '\(pidFile.path)'\nexec sleep 3600\n".write(to: dot, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dot.path)
        let graphviz = Graphviz.system(environment: ["PATH": folder.path], timeLimit: 1)
        #expect(graphviz.location == dot.path)
        let result = graphviz.render("digraph {}", "svg")
        #expect(result == .failure(.timedOut(seconds: 1)))
        let pid = try #require(Int32(String(decoding: try Data(contentsOf: pidFile), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        // Killed and reaped: no such process any more (not even a zombie).
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }
}

func located(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { "\($0.file):\($0.line):\($0.column): \($0.severity.rawValue): \($0.message)" }
}


/// Counts how many graphs were drawn, in how many calls.
final class DrawCounter: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var graphs = 0
    func add(_ n: Int) { lock.lock(); graphs += n; lock.unlock() }
}

@Suite struct StoryMapTests {
    /// The fake Graphviz, counting the graphs it draws.
    static func counting() -> (DrawCounter, Graphviz) {
        let counter = DrawCounter()
        return (counter, Graphviz(location: "/fake/dot", render: fakeGraphviz.render) { dots in
            counter.add(dots.count)
            return dots.map { fakeGraphviz.render($0, "svg") }
        })
    }

    @Test func unchangedMapsAreKeptFromThePreviousBuild() {
        let (counter, counting) = Self.counting()
        let site = TemporarySite(files: ["Content/seven.md": sevenPages, "Content/other.md": sevenPages])
        site.build(graphviz: counting)
        #expect(counter.graphs == 2)
        let first = site.tree()
        site.build(graphviz: counting)
        #expect(counter.graphs == 2)
        #expect(site.tree() == first)
        // A changed story is drawn again; the other keeps its map.
        site.write("Content/other.md", sevenPages.replacingOccurrences(of: "[Left]", with: "[Go left]"))
        site.build(graphviz: counting)
        #expect(counter.graphs == 3)
        // A map emptied or cut short in the output is drawn again, not kept build after build.
        let whole = site.read("public/seven/story.svg")
        site.write("public/seven/story.svg", "")
        site.build(graphviz: counting)
        #expect(counter.graphs == 4 && site.read("public/seven/story.svg") == whole)
        site.write("public/seven/story.svg", String(whole?.dropLast(3) ?? ""))
        site.build(graphviz: counting)
        #expect(counter.graphs == 5 && site.read("public/seven/story.svg") == whole)
    }

    /// Only the file quizgen wrote is kept: a whole SVG edited by hand (or written by another
    /// tool), or another story's map put in its place, is drawn again, not published build
    /// after build; the marker names each map written by a hash, in order.
    @Test func aMapEditedInTheOutputIsDrawnAgain() throws {
        let (counter, counting) = Self.counting()
        let site = TemporarySite(files: ["Content/seven.md": sevenPages, "Content/b/other.md": sevenPages])
        site.build(graphviz: counting)
        #expect(counter.graphs == 2)
        let marker = try #require(site.read("public/.quizgen-output"))
        let written = marker.split(separator: "\n").filter { $0.hasPrefix("map written: ") }
        #expect(written.count == 2 && written == written.sorted(), "\(marker)")
        let whole = try #require(site.read("public/seven/story.svg"))

        // Untouched: kept, and the marker is the same.
        site.build(graphviz: counting)
        #expect(counter.graphs == 2 && site.read("public/.quizgen-output") == marker)

        let edited = whole.replacingOccurrences(of: "<!--", with: "<text>edited</text><!--")
        #expect(edited != whole && edited.hasSuffix("</svg>"))
        site.write("public/seven/story.svg", edited)
        site.build(graphviz: counting)
        #expect(counter.graphs == 3 && site.read("public/seven/story.svg") == whole)

        // Another story's map, whole and written by quizgen, is not this story's.
        site.write("Content/b/other.md", sevenPages.replacingOccurrences(of: "[Left]", with: "[Go left]"))
        site.build(graphviz: counting)
        #expect(counter.graphs == 4)
        let others = try #require(site.read("public/b/other/story.svg"))
        #expect(others != whole)
        site.write("public/seven/story.svg", others)
        site.build(graphviz: counting)
        #expect(counter.graphs == 5 && site.read("public/seven/story.svg") == whole)

        // An output whose marker names no map (an older quizgen's) has every map drawn once.
        site.write("public/.quizgen-output", "This folder is written by `quizgen build` and replaced whole on every build.\n")
        site.build(graphviz: counting)
        #expect(counter.graphs == 7)
        site.build(graphviz: counting)
        #expect(counter.graphs == 7)
    }

    @Test func noMapsSkipsGraphvizButKeepsTheGraph() {
        let site = TemporarySite(files: ["Content/seven.md": sevenPages])
        let result = site.build(graphviz: fakeGraphviz, maps: false)
        #expect(result.notes.isEmpty)
        #expect(site.exists("public/seven/story.dot") && !site.exists("public/seven/story.svg"))
        #expect(site.read("public/seven/index.html")?.contains("map.html") == false)
    }

    @Test(.requires(.dot))
    func realDotDrawsEachStoryOfABatchItsOwnMap() throws {
        var files: [String: String] = [:]
        for i in 1...7 { files["Content/s\(i).md"] = sevenPages.replacingOccurrences(of: "title: Seven", with: "title: Story number \(i)") }
        let site = TemporarySite(files: files)
        let result = site.build(graphviz: .system())
        #expect(result.notes.isEmpty, "\(result.notes)")
        for i in 1...7 {
            let svg = try #require(site.read("public/s\(i)/story.svg"))
            #expect(svg.components(separatedBy: "<svg").count == 2)
            #expect(svg.contains("Story number \(i)"))
            #expect(svg.hasSuffix("</svg>\n"))
        }
    }
}
