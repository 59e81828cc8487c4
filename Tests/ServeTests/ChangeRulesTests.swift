import Foundation
@testable import Serve
import Site
import Testing
import TestSupport

@Suite struct WatchedPathsTests {
    let paths = WatchedPaths(location: SiteLocation(root: "/s", content: "/s/Content", contentDisplay: "Content", rootDisplay: ""))

    @Test func contentFilesAndBanksByTheirPathInTheContentFolder() {
        #expect(paths.change(["/s/Content/a/b.md", "/s/Content/a/bank.csv", "/s/Content/a"])
            == LiveSite.Change(content: ["a/b.md", "a/bank.csv", "a"]))
    }

    @Test func settingsTemplatesAndCatalogsChangeEveryPage() {
        for path in ["/s/quizgen.yml", "/s/Templates/style.css", "/s/Templates", "/s/i18n/fr.yaml"] {
            #expect(paths.change([path]) == LiveSite.Change(settings: true), "\(path)")
        }
    }

    @Test func theContentFolderItselfMeansEverything() {
        #expect(paths.change(["/s/Content"]).everything)
    }

    @Test func editorScratchFilesAndOtherFoldersAreIgnored() {
        let ignored = [
            "/s/Content/.quiz.md.swp", "/s/Content/.quiz.md.swx", "/s/Content/4913", "/s/Content/quiz.md~",
            "/s/Content/#quiz.md#", "/s/Content/.#quiz.md", "/s/Content/a/quiz.md.tmp", "/s/public/index.html",
            "/s/notes.txt", "/s/Templates/.style.css.swp",
        ]
        #expect(paths.change(ignored).isEmpty)
    }

    @Test func aSiteInTheCurrentFolder() {
        // serve run inside the site: its folder is ".", and the watchers name paths without "./".
        let here = WatchedPaths(location: SiteLocation(root: ".", content: "Content", contentDisplay: "Content", rootDisplay: ""))
        #expect(here.trees == ["Content", "Templates", "i18n"])
        #expect(here.change(["Content"]).everything)
        #expect(here.change(["Content/a.md"]) == LiveSite.Change(content: ["a.md"]))
        #expect(here.change(["quizgen.yml"]) == LiveSite.Change(settings: true))
        #expect(here.change(["Templates/style.css"]) == LiveSite.Change(settings: true))
        #expect(here.change(["public/index.html", "notes.md"]).isEmpty)
    }

    /// For the terminal: the paths that matter, as messages name them from the current folder.
    @Test func changedPathsAreShownAsMessagesNameThem() {
        #expect(paths.shown(["/s/Content/a/b.md", "/s/Templates/style.css", "/s/Content/.b.md.swp", "/s/notes.txt", "/s/Content/a/b.md"])
            == ["Content/a/b.md", "Templates/style.css"])
        let above = WatchedPaths(location: SiteLocation(root: "..", content: "../Content", contentDisplay: "../Content", rootDisplay: "../"))
        #expect(above.shown(["../quizgen.yml", "../Content/q.md", "../Content"]) == ["../Content", "../Content/q.md", "../quizgen.yml"])
        let here = WatchedPaths(location: SiteLocation(root: ".", content: "Content", contentDisplay: "Content", rootDisplay: ""))
        #expect(here.shown(["i18n/fr.yaml"]) == ["i18n/fr.yaml"])
    }

    @Test func aSaveByRenameIsTheFileItself() {
        // Vim and many editors write a new file and rename it over the old one.
        #expect(paths.change(["/s/Content/.quiz.md.swp", "/s/Content/quiz.md", "/s/Content/quiz.md~"])
            == LiveSite.Change(content: ["quiz.md"]))
    }
}

@Suite struct CoalescerTests {
    let start = ContinuousClock.now

    @Test func aBurstIsOneBatch() {
        var coalescer = Coalescer(quiet: .milliseconds(20), longest: .milliseconds(500))
        // A checkout of 300 files, one every millisecond.
        for i in 0..<300 {
            let now = start + .milliseconds(i)
            coalescer.add(["/s/Content/\(i).md"], at: now)
            #expect(coalescer.take(at: now) == nil)
        }
        #expect(coalescer.take(at: start + .milliseconds(310)) == nil)
        let batch = coalescer.take(at: start + .milliseconds(320))
        #expect(batch?.paths.count == 300)
        #expect(batch?.overflow == false)
        #expect(coalescer.deadline == nil)
    }

    @Test func aBatchIsReadyAfterAQuietSpell() {
        var coalescer = Coalescer(quiet: .milliseconds(20), longest: .milliseconds(500))
        #expect(coalescer.deadline == nil)
        coalescer.add(["a"], at: start)
        #expect(coalescer.deadline == start + .milliseconds(20))
        coalescer.add(["a"], at: start + .milliseconds(10))
        #expect(coalescer.deadline == start + .milliseconds(30))
        #expect(coalescer.take(at: start + .milliseconds(29)) == nil)
        #expect(coalescer.take(at: start + .milliseconds(30))?.paths == ["a"])
    }

    @Test func eventsThatNeverPauseStillGetRebuilds() {
        var coalescer = Coalescer(quiet: .milliseconds(20), longest: .milliseconds(100))
        var batches = 0
        for i in 0..<1000 {
            let now = start + .milliseconds(i)
            coalescer.add(["\(i)"], at: now)
            if coalescer.take(at: now) != nil { batches += 1 }
        }
        #expect(batches == 9)
    }

    @Test func lostEventsAreCarried() {
        var coalescer = Coalescer()
        coalescer.add([], overflow: true, at: start)
        #expect(coalescer.take(at: start + .seconds(1))?.overflow == true)
        coalescer.add([], at: start)
        #expect(coalescer.deadline == nil)
    }
}

/// A saved file that the last walk already knows is rebuilt without walking again; a name
/// known only up to Unicode normalisation is a new file, whose clash the walk reports.
@Suite struct ReuseTests {
    @Test func aNameKnownOnlyUpToNormalisationWalksAgain() throws {
        let nfc = "\u{E9}cole.md", nfd = "e\u{301}cole.md"
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("quizgen-reuse-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Content"), withIntermediateDirectories: true)
        let story = Data("---\nkind: story\n---\n## A\n".utf8)
        try story.write(to: root.appendingPathComponent("Content/\(nfc)"))
        let location = SiteLocation(root: root.path, content: root.path + "/Content", contentDisplay: "Content", rootDisplay: "")
        let loaded = SiteLoader.load(location, fileSystem: .disk)
        // Written by bytes: Foundation may normalise a path given as a String.
        let made = (root.path + "/Content/" + nfd).withCString { creat($0, 0o644) }
        #expect(made >= 0)
        close(made)
        #expect(ServeSession.canReuse(loaded, for: LiveSite.Change(content: [nfc]), fileSystem: .disk))
        #expect(!ServeSession.canReuse(loaded, for: LiveSite.Change(content: [nfd]), fileSystem: .disk))
    }
}

/// The overlay over every open page: errors first, so that a page with many warnings does
/// not hide its one error at the bottom.
@Suite struct OverlayTests {
    @Test func errorsComeBeforeWarnings() throws {
        let root = Repository.temporaryFolder("quizgen-overlay")
        defer { try? FileManager.default.removeItem(at: root) }
        let content = root.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try "---\nkind: story\ntitel: A\n---\n## One\n".write(to: content.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        try "---\nkind: story\n---\n## One\n- [Go](#nowhere)\n".write(to: content.appendingPathComponent("b.md"), atomically: true, encoding: .utf8)
        let location = SiteLocation(root: root.path, content: content.path, contentDisplay: "Content", rootDisplay: "")
        var site = LiveSite(location: location, options: BuildOptions())
        _ = site.update(SiteLoader.load(location, fileSystem: .disk), changed: .all)
        let text = ServeSession.overlay(site)
        let error = try #require(text.range(of: "Content/b.md:5:3: error: unknown page 'nowhere'"))
        let warning = try #require(text.range(of: "Content/a.md:3:1: warning: unknown front matter key 'titel'"))
        #expect(error.lowerBound < warning.lowerBound)
    }
}
