import Diagnostics
import Foundation
import Site
import Testing

/// `serve`'s rebuild rules: each change does only the work it calls for, and the pages in
/// memory are always the ones a full build of the same files would write.
@Suite struct LiveSiteTests {
    let trivia = "---\nkind: trivia\ntitle: Banked\nbank: bank.csv\n---\n## In Markdown?\n- [x] Yes\n- [ ] No\n"
    let bank = "question,choices,answer\nFrom the bank?,Yes|No,Yes\n"

    func site() -> TemporarySite {
        TemporarySite(files: [
            "Content/quiz.md": quiz, "Content/trivia/banked.md": trivia, "Content/trivia/bank.csv": bank,
            "Content/story/seven.md": sevenPages,
        ])
    }

    /// A live site after its first build, with a counting Graphviz.
    func start(_ site: TemporarySite, counter: DrawCounter = DrawCounter()) -> LiveSite {
        var live = LiveSite(location: site.location, options: options(counter))
        _ = update(&live, site, .all)
        return live
    }

    func options(_ counter: DrawCounter) -> BuildOptions {
        BuildOptions(graphviz: Graphviz(location: "/fake/dot", render: fakeGraphviz.render) { dots in
            counter.add(dots.count)
            return dots.map { fakeGraphviz.render($0, "svg") }
        })
    }

    func update(_ live: inout LiveSite, _ site: TemporarySite, _ change: LiveSite.Change) -> LiveSite.Rebuild {
        live.update(SiteLoader.load(site.location, fileSystem: .disk), changed: change)
    }

    /// What a full build of the site's files now gives, in memory.
    func fullBuild(_ site: TemporarySite) -> [String: [UInt8]] {
        let output = Pipeline(options: options(DrawCounter())).collect(SiteLoader.load(site.location, fileSystem: .disk))
        return Dictionary(uniqueKeysWithValues: output.files.map { ($0.path, $0.contents) })
    }

    @Test func theFirstBuildIsTheBuildsOutput() {
        let site = site()
        let live = start(site)
        #expect(live.diagnostics.isEmpty, "\(DiagnosticPrinter().format(live.diagnostics))")
        #expect(live.renderAll() == fullBuild(site))
        #expect(live.file("story/seven/story.svg") != nil)
        #expect(live.assets == ["trivia/bank.csv"])
    }

    @Test func filesWhoseAnalysisWasDroppedAreParsedAgainWhenNeeded() {
        let site = site()
        var live = LiveSite(location: site.location, options: options(DrawCounter()), analysed: 1)
        _ = update(&live, site, .all)
        #expect(live.renderAll() == fullBuild(site))
        site.write("Templates/style.css", "body{color:red}")
        _ = update(&live, site, LiveSite.Change(settings: true))
        #expect(live.renderAll() == fullBuild(site))
    }

    @Test func aChangedFileIsParsedAndRenderedAlone() {
        let site = site()
        var live = start(site)
        site.write("Content/quiz.md", quiz.replacingOccurrences(of: "- A {a}", with: "- Apple {a}"))
        let rebuild = update(&live, site, LiveSite.Change(content: ["quiz.md"]))
        #expect(rebuild.parsed == ["quiz.md"])
        #expect(rebuild.changed == ["quiz/index.html"])
        // The index shows titles, not questions: it was not rendered again.
        #expect(!rebuild.indexChanged)
        #expect(live.renderAll() == fullBuild(site))
    }

    @Test func aFileSavedUnchangedIsNotParsedAgain() {
        let site = site()
        var live = start(site)
        site.write("Content/quiz.md", quiz)
        let rebuild = update(&live, site, LiveSite.Change(content: ["quiz.md"]))
        #expect(rebuild.parsed.isEmpty)
        #expect(rebuild.changed.isEmpty)
    }

    /// A folder the build reads only through a link (`media -> _media`, whose own name it
    /// skips) is known by the link's name, but the watchers report its own: such a change
    /// reads every file again (and parses only the one whose text changed), so an edit there
    /// is not lost.
    @Test func aChangeInAFolderReadThroughALinkIsRebuilt() throws {
        let site = TemporarySite(files: ["Content/_media/quiz.md": quiz, "Content/other.md": quiz])
        try FileManager.default.createSymbolicLink(atPath: site.root.path + "/Content/media", withDestinationPath: "_media")
        var live = start(site)
        #expect(live.file("media/quiz/index.html") != nil)
        site.write("Content/_media/quiz.md", quiz.replacingOccurrences(of: "- A {a}", with: "- Apple {a}"))
        let rebuild = update(&live, site, LiveSite.Change(content: ["_media/quiz.md"]))
        #expect(rebuild.parsed == ["media/quiz.md"])
        #expect(live.renderAll() == fullBuild(site))
    }

    /// A Markdown file that is a link changes under its target's path: the link's own pages
    /// are rebuilt too (a file read through a link is read again on any change).
    @Test func aFileThatIsALinkIsRebuiltWithItsTarget() throws {
        let site = TemporarySite(files: ["Content/sub/quiz.md": quiz, "Content/other.md": quiz])
        try FileManager.default.createSymbolicLink(atPath: site.root.path + "/Content/flink.md", withDestinationPath: "sub/quiz.md")
        var live = start(site)
        site.write("Content/sub/quiz.md", quiz.replacingOccurrences(of: "- A {a}", with: "- Apple {a}"))
        let rebuild = update(&live, site, LiveSite.Change(content: ["sub/quiz.md"]))
        #expect(rebuild.parsed.sorted() == ["flink.md", "sub/quiz.md"])
        #expect(live.renderAll() == fullBuild(site))
    }

    @Test func aChangedBankRebuildsTheQuizThatUsesIt() {
        let site = site()
        var live = start(site)
        site.write("Content/trivia/bank.csv", bank + "Another?,Yes|No,No\n")
        let rebuild = update(&live, site, LiveSite.Change(content: ["trivia/bank.csv"]))
        #expect(rebuild.parsed == ["trivia/banked.md"])
        #expect(rebuild.read == ["trivia/bank.csv"])
        #expect(rebuild.changed == ["trivia/banked/index.html"])
        #expect(String(decoding: live.file("trivia/banked/index.html")!, as: UTF8.self).contains("Another?"))
        #expect(live.renderAll() == fullBuild(site))
    }

    /// A bank that is a link changes under its target's path: the quiz is read again with it.
    @Test func aBankThatIsALinkIsRebuiltWithItsTarget() throws {
        let site = site()
        try FileManager.default.removeItem(atPath: site.root.path + "/Content/trivia/bank.csv")
        site.write("Content/trivia/real.csv", bank)
        try FileManager.default.createSymbolicLink(atPath: site.root.path + "/Content/trivia/bank.csv", withDestinationPath: "real.csv")
        var live = start(site)
        site.write("Content/trivia/real.csv", bank + "Another?,Yes|No,No\n")
        let rebuild = update(&live, site, LiveSite.Change(content: ["trivia/real.csv"]))
        #expect(rebuild.parsed == ["trivia/banked.md"])
        #expect(rebuild.read == ["trivia/real.csv"])
        #expect(String(decoding: live.file("trivia/banked/index.html")!, as: UTF8.self).contains("Another?"))
        #expect(live.renderAll() == fullBuild(site))
    }

    @Test func aTemplateChangeRendersTheOpenPagesAtOnceWithoutParsing() {
        let site = site()
        let counter = DrawCounter()
        var live = start(site, counter: counter)
        #expect(counter.graphs == 1)
        site.write("Templates/style.css", "body{color:red}")
        let rebuild = live.update(
            SiteLoader.load(site.location, fileSystem: .disk), changed: LiveSite.Change(settings: true),
            open: ["story/seven/two.html", "index.html"])
        #expect(rebuild.parsed.isEmpty)
        #expect(rebuild.contextChanged)
        // The open story's pages (and the index), not the quizzes nobody is looking at.
        #expect(rebuild.changed == ["index.html"] + ["five", "four", "index", "map", "one", "seven", "six", "three", "two"]
            .map { "story/seven/\($0).html" })
        // The story's graph is the same: its map is not drawn again.
        #expect(counter.graphs == 1)
        // Every page is the new one when asked for.
        #expect(live.renderAll() == fullBuild(site))
        // A quiz not rendered then counts as changed when its file is next saved.
        site.write("Content/quiz.md", quiz.replacingOccurrences(of: "- A {a}", with: "- Apple {a}"))
        #expect(update(&live, site, LiveSite.Change(content: ["quiz.md"])).changed == ["quiz/a.html", "quiz/b.html", "quiz/index.html"])
    }

    /// `map-choices` changes every story's graph without parsing anything again: the maps are
    /// drawn anew, and the pages are a full build's.
    @Test func mapChoicesDrawTheMapsAgain() {
        let site = site()
        let counter = DrawCounter()
        var live = start(site, counter: counter)
        site.write("quizgen.yml", "map-choices: tooltips\n")
        let rebuild = update(&live, site, LiveSite.Change(settings: true))
        #expect(rebuild.parsed.isEmpty)
        #expect(counter.graphs == 2)
        #expect(String(decoding: live.file("story/seven/story.dot")!, as: UTF8.self).contains(" [tooltip="))
        #expect(live.renderAll() == fullBuild(site))
        // The map's words come from the catalogs: a changed catalog makes the maps again too.
        site.write("i18n/en.yaml", "map.start: begin here\n")
        _ = update(&live, site, LiveSite.Change(settings: true))
        #expect(counter.graphs == 3)
        #expect(String(decoding: live.file("story/seven/story.dot")!, as: UTF8.self).contains("label=\"begin here\""))
        #expect(live.renderAll() == fullBuild(site))
    }

    /// A map Graphviz cannot draw (stopped at the time limit, or failed) is not drawn again
    /// until its graph changes, which would hold up every rebuild for as long; and its note
    /// is given as a build gives it, once.
    @Test func aMapThatCannotBeDrawnIsNotDrawnAgainUntilItsGraphChanges() {
        let stuck = sevenPages.replacingOccurrences(of: "title: Seven", with: "title: Stuck")
        let site = TemporarySite(files: ["Content/stuck.md": stuck, "Content/quiz.md": quiz])
        let counter = DrawCounter()
        let graphviz = Graphviz(location: "/fake/dot", render: fakeGraphviz.render) { dots in
            counter.add(dots.count)
            return dots.map { $0.contains("Stuck") ? .failure(.timedOut(seconds: 30)) : fakeGraphviz.render($0, "svg") }
        }
        var live = LiveSite(location: site.location, options: BuildOptions(graphviz: graphviz))
        var rebuild = update(&live, site, .all)
        let note = "Content/stuck.md: no map: dot took longer than 30 seconds and was stopped"
            + "; with `map-choices: tooltips` (arrows without their words) a big map draws several times faster"
        #expect(rebuild.notes == [note])
        #expect(counter.graphs == 1)
        #expect(live.file("stuck/story.svg") == nil)

        // A page's text edited, its graph the same: not drawn, not told again.
        site.write("Content/stuck.md", stuck.replacingOccurrences(of: "## Seven {#seven}", with: "## Seven {#seven}\nThe end."))
        rebuild = update(&live, site, LiveSite.Change(content: ["stuck.md"]))
        #expect(rebuild.parsed == ["stuck.md"])
        #expect(rebuild.changed == ["stuck/seven.html"])
        #expect(rebuild.notes.isEmpty)
        #expect(counter.graphs == 1)
        // Every page rendered again (a template): neither.
        site.write("Templates/style.css", "body{color:red}")
        rebuild = live.update(
            SiteLoader.load(site.location, fileSystem: .disk), changed: LiveSite.Change(settings: true), open: ["stuck/index.html"])
        #expect(rebuild.changed.contains("stuck/index.html"))
        #expect(rebuild.notes.isEmpty)
        #expect(counter.graphs == 1)

        // Its graph changed: drawn again, and the failure is news again.
        site.write("Content/stuck.md", stuck.replacingOccurrences(of: "[Left]", with: "[Go left]"))
        rebuild = update(&live, site, LiveSite.Change(content: ["stuck.md"]))
        #expect(rebuild.notes == [note])
        #expect(counter.graphs == 2)
        let built = Pipeline(options: BuildOptions(graphviz: graphviz)).collect(SiteLoader.load(site.location, fileSystem: .disk))
        #expect(built.notes == [note])
        #expect(live.renderAll() == Dictionary(uniqueKeysWithValues: built.files.map { ($0.path, $0.contents) }))
    }

    /// serve draws a map it has not drawn before while the pages are served: the rebuild
    /// asks for it, the map page says it is being drawn, and the drawing is placed only where
    /// its story still has that graph.
    @Test func aNewGraphIsDrawnWhileItsPagesAreServed() {
        let site = site()
        let counter = DrawCounter()
        var live = start(site, counter: counter)
        func mapPage() -> String { String(decoding: live.file("story/seven/map.html") ?? [], as: UTF8.self) }
        func drawn(_ request: LiveSite.MapRequest) -> (LiveSite.MapRequest, Result<[UInt8], Graphviz.Failure>) {
            (request, fakeGraphviz.render(request.dot, "svg"))
        }
        site.write("Content/story/seven.md", sevenPages.replacingOccurrences(of: "[Left]", with: "[Go left]"))
        var rebuild = live.update(SiteLoader.load(site.location, fileSystem: .disk), changed: LiveSite.Change(content: ["story/seven.md"]), mapsLater: true)
        #expect(counter.graphs == 1)
        let older = try! #require(rebuild.toDraw.first)
        #expect(rebuild.toDraw == [LiveSite.MapRequest(path: "story/seven.md", dot: older.dot)])
        #expect(rebuild.changed == ["story/seven/map.html", "story/seven/one.html", "story/seven/story.dot", "story/seven/story.svg"])
        #expect(mapPage().contains("<p class=\"muted\" role=\"status\">The map is being drawn; it will appear here when it is ready.</p>"))
        #expect(!mapPage().contains("<object"))
        #expect(live.file("story/seven/story.svg") == nil)
        #expect(String(decoding: live.file("story/seven/index.html")!, as: UTF8.self).contains("href=\"map.html\""))

        // Saved again, its graph the same: not asked for again. Then another graph.
        site.write("Content/story/seven.md", sevenPages.replacingOccurrences(of: "[Left]", with: "[Go left]") + "\nThe end.\n")
        rebuild = live.update(SiteLoader.load(site.location, fileSystem: .disk), changed: LiveSite.Change(content: ["story/seven.md"]), mapsLater: true)
        #expect(rebuild.toDraw.isEmpty)
        site.write("Content/story/seven.md", sevenPages.replacingOccurrences(of: "[Left]", with: "[Turn left]"))
        rebuild = live.update(SiteLoader.load(site.location, fileSystem: .disk), changed: LiveSite.Change(content: ["story/seven.md"]), mapsLater: true)
        let newer = try! #require(rebuild.toDraw.first)
        #expect(newer.dot != older.dot)

        // The older drawing ends last or first: it never takes the newer graph's place.
        rebuild = live.placeMaps([drawn(older)])
        #expect(rebuild.drawn.isEmpty && rebuild.changed.isEmpty)
        #expect(mapPage().contains("The map is being drawn"))
        rebuild = live.placeMaps([drawn(newer)])
        #expect(rebuild.drawn == ["story/seven.md"])
        #expect(rebuild.changed == ["story/seven/map.html", "story/seven/story.svg"])
        #expect(live.renderAll() == fullBuild(site))
        #expect(counter.graphs == 1)
    }

    /// A map drawn later that Graphviz could not draw is noted as a build notes it, and its
    /// story is left without a map, as a build leaves it.
    @Test func aMapDrawnLaterThatFailedIsNoted() {
        let site = site()
        var live = start(site)
        site.write("Content/story/seven.md", sevenPages.replacingOccurrences(of: "[Left]", with: "[Go left]"))
        let request = live.update(
            SiteLoader.load(site.location, fileSystem: .disk), changed: LiveSite.Change(content: ["story/seven.md"]), mapsLater: true
        ).toDraw[0]
        let rebuild = live.placeMaps([(request, .failure(.timedOut(seconds: 30)))])
        #expect(rebuild.notes == ["Content/story/seven.md: no map: dot took longer than 30 seconds and was stopped"
            + "; with `map-choices: tooltips` (arrows without their words) a big map draws several times faster"])
        #expect(rebuild.changed == ["story/seven/index.html", "story/seven/map.html"])
        #expect(live.file("story/seven/map.html") == nil)
        #expect(live.foldersWithoutMaps.map(\.folder) == ["story/seven"])
    }

    /// Without Graphviz, serve says once that stories have no maps, as each build does.
    @Test func missingGraphvizIsNotedOnce() {
        let site = site()
        var live = LiveSite(location: site.location, options: BuildOptions(graphviz: .none))
        #expect(update(&live, site, .all).notes == [
            "story maps left out: Graphviz's dot is not installed (story.dot is still written beside each story)",
        ])
        site.write("Content/story/seven.md", sevenPages.replacingOccurrences(of: "[Left]", with: "[Go left]"))
        #expect(update(&live, site, LiveSite.Change(content: ["story/seven.md"])).notes.isEmpty)
    }

    @Test func aSettingThatParsingReadsParsesAgain() {
        let site = site()
        var live = start(site)
        site.write("quizgen.yml", "language: fr\n")
        let rebuild = update(&live, site, LiveSite.Change(settings: true))
        #expect(rebuild.parsed.count == 3)
        #expect(live.renderAll() == fullBuild(site))
        #expect(String(decoding: live.file("quiz/index.html")!, as: UTF8.self).contains("lang=\"fr\""))
    }

    @Test func theIndexFollowsAdditionsDeletionsAndTitles() {
        let site = site()
        var live = start(site)
        site.write("Content/new.md", quiz.replacingOccurrences(of: "title: Tiny", with: "title: Newcomer"))
        var rebuild = update(&live, site, LiveSite.Change(content: ["new.md"]))
        #expect(rebuild.parsed == ["new.md"])
        #expect(rebuild.indexChanged)
        #expect(String(decoding: live.file("index.html")!, as: UTF8.self).contains("Newcomer"))

        site.write("Content/new.md", quiz.replacingOccurrences(of: "title: Tiny", with: "title: Renamed"))
        rebuild = update(&live, site, LiveSite.Change(content: ["new.md"]))
        #expect(rebuild.indexChanged)
        #expect(String(decoding: live.file("index.html")!, as: UTF8.self).contains("Renamed"))

        // Only its language changes: its index entry carries lang and dir.
        site.write("Content/new.md", quiz.replacingOccurrences(of: "title: Tiny", with: "title: Renamed\nlang: ar"))
        rebuild = update(&live, site, LiveSite.Change(content: ["new.md"]))
        #expect(rebuild.indexChanged)
        #expect(String(decoding: live.file("index.html")!, as: UTF8.self).contains("lang=\"ar\" dir=\"rtl\">Renamed"))
        #expect(live.renderAll() == fullBuild(site))

        try? FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/new.md"))
        rebuild = update(&live, site, LiveSite.Change(content: ["new.md"]))
        #expect(rebuild.changed == ["index.html", "new/a.html", "new/b.html", "new/index.html"])
        #expect(live.file("new/index.html") == nil)
        #expect(!String(decoding: live.file("index.html")!, as: UTF8.self).contains("Renamed"))
        #expect(live.renderAll() == fullBuild(site))
    }

    @Test func aFolderRenamedMovesItsPages() throws {
        let site = site()
        var live = start(site)
        try FileManager.default.moveItem(
            at: site.root.appendingPathComponent("Content/trivia"), to: site.root.appendingPathComponent("Content/games"))
        let rebuild = update(&live, site, LiveSite.Change(content: ["trivia", "games"]))
        #expect(rebuild.parsed == ["games/banked.md"])
        #expect(live.file("trivia/banked/index.html") == nil)
        #expect(live.file("games/banked/index.html") != nil)
        #expect(live.assets == ["games/bank.csv"])
        #expect(live.renderAll() == fullBuild(site))
    }

    @Test func anErrorKeepsTheLastGoodPagesUntilFixed() {
        let site = site()
        var live = start(site)
        let good = live.renderAll()
        site.write("Content/quiz.md", quiz.replacingOccurrences(of: "- B {b}", with: "- B {c}"))
        var rebuild = update(&live, site, LiveSite.Change(content: ["quiz.md"]))
        #expect(live.hasErrors)
        #expect(rebuild.new.map(\.message) == ["unknown outcome 'c'"])
        #expect(rebuild.changed.isEmpty)
        #expect(live.renderAll() == good)

        // Another file changes meanwhile: it is rebuilt, and the error is not news.
        site.write("Content/story/seven.md", sevenPages.replacingOccurrences(of: "## Seven {#seven}", with: "## Seven {#seven}\nThe end."))
        rebuild = update(&live, site, LiveSite.Change(content: ["story/seven.md"]))
        #expect(rebuild.new.isEmpty)
        #expect(rebuild.parsed == ["story/seven.md"])
        #expect(rebuild.changed == ["story/seven/seven.html"])

        site.write("Content/quiz.md", quiz)
        rebuild = update(&live, site, LiveSite.Change(content: ["quiz.md"]))
        #expect(!live.hasErrors)
        #expect(live.renderAll() == fullBuild(site))
    }

    @Test func warningsAreNewOnlyOnce() {
        let site = site()
        site.write("Content/warned.md", quiz.replacingOccurrences(of: "title: Tiny", with: "title: Warned\nshufle: true"))
        var live = LiveSite(location: site.location, options: BuildOptions())
        var rebuild = update(&live, site, .all)
        #expect(rebuild.new.map(\.message) == ["unknown front matter key 'shufle'"])
        site.write("Content/quiz.md", quiz.replacingOccurrences(of: "- A {a}", with: "- Apple {a}"))
        rebuild = update(&live, site, LiveSite.Change(content: ["quiz.md"]))
        #expect(rebuild.new.isEmpty)
        #expect(live.diagnostics.count == 1)
    }

    /// Images the site does not have are warned of as a build warns of them, and kept up to
    /// date as pictures come and go while the Markdown stays as it is.
    @Test func missingImagesAreWarnedOfAsPicturesComeAndGo() {
        let pictured = quiz.replacingOccurrences(of: "## Pick one", with: "![A cat](cat.png) ![x](nothere.png)\n## Pick one")
        let site = TemporarySite(files: ["Content/quiz.md": pictured, "Content/cat.png": "png"])
        let nothere = "image 'nothere.png' is not in the site: there is no Content/nothere.png"
        let cat = "image 'cat.png' is not in the site: there is no Content/cat.png"
        var live = LiveSite(location: site.location, options: options(DrawCounter()))
        var rebuild = update(&live, site, .all)
        #expect(rebuild.new.map(\.message) == [nothere])
        let built = Pipeline(options: options(DrawCounter())).collect(SiteLoader.load(site.location, fileSystem: .disk))
        #expect(live.diagnostics == built.diagnostics)

        site.remove("Content/cat.png")
        rebuild = update(&live, site, LiveSite.Change(content: ["cat.png"]))
        #expect(rebuild.parsed.isEmpty)
        #expect(rebuild.new.map(\.message) == [cat])
        #expect(live.diagnostics.map(\.message) == [cat, nothere])

        site.write("Content/nothere.png", "png")
        site.write("Content/cat.png", "png")
        rebuild = update(&live, site, LiveSite.Change(content: ["nothere.png", "cat.png"]))
        #expect(rebuild.new.isEmpty)
        #expect(live.diagnostics.isEmpty)
        // The file saved with another picture: its own warnings follow its text.
        site.write("Content/quiz.md", pictured.replacingOccurrences(of: "cat.png", with: "dog.png"))
        rebuild = update(&live, site, LiveSite.Change(content: ["quiz.md"]))
        #expect(rebuild.new.map(\.message) == ["image 'dog.png' is not in the site: there is no Content/dog.png"])
    }

    @Test func aTemplateWithAnErrorKeepsTheLastGoodContext() {
        let site = site()
        var live = start(site)
        let good = live.renderAll()
        site.write("Templates/index.mustache", "{{#open}}")
        let rebuild = update(&live, site, LiveSite.Change(settings: true))
        #expect(live.hasErrors)
        #expect(rebuild.changed.isEmpty)
        #expect(live.renderAll() == good)
    }

    @Test func aGoneContentFolderKeepsThePages() {
        let site = site()
        var live = start(site)
        let good = live.renderAll()
        let rebuild = live.keepPages(problems: [.error("no content folder", file: "Content")])
        #expect(rebuild.new.count == 1)
        #expect(live.renderAll() == good)
        #expect(live.hasErrors)
    }

    /// A static host finds files by their bytes: a page or an asset named with a combining
    /// accent is not found under the name written with the composed letter, nor the reverse.
    @Test func pagesAndAssetsAreFoundByTheirExactBytes() {
        let (composed, decomposed) = ("caf\u{E9}", "cafe\u{301}")
        let site = TemporarySite(files: ["Content/\(decomposed).md": quiz, "Content/\(decomposed).png": "png"])
        let live = start(site)
        #expect(live.hasFile("\(decomposed)/index.html"))
        #expect(!live.hasFile("\(composed)/index.html"))
        #expect(live.hasAsset("\(decomposed).png"))
        #expect(!live.hasAsset("\(composed).png"))
        #expect(!live.hasAsset("other.png"))
    }
}
