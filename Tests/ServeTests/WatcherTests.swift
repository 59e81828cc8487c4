import Foundation
import Logging
import Serve
import ServiceLifecycle
import Site
import Synchronization
import Testing
import TestSupport

/// What a watcher reported, for a test to wait on.
final class Notices: Sendable {
    private let seen = Mutex<[String]>([])
    func add(_ paths: [String]) { seen.withLock { $0 += paths } }
    var paths: [String] { seen.withLock { $0 } }
    func clear() { seen.withLock { $0 = [] } }

    /// Waits (up to `seconds`) until `condition` holds for what was seen.
    func wait(seconds: Double = 5, until condition: ([String]) -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition(paths) { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return condition(paths)
    }
}

/// A site folder with a content folder, removed at the end.
final class WatchedFolder {
    let root: URL
    init() {
        root = Repository.temporaryFolder("quizgen-watch")
        try? FileManager.default.createDirectory(at: root.appendingPathComponent("Content/a"), withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: root) }
    var path: String { root.path }
    func write(_ relative: String, _ text: String) {
        let url = root.appendingPathComponent(relative)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? text.write(to: url, atomically: false, encoding: .utf8)
    }
}

@Suite(.serialized) struct WatcherTests {
    func check(_ watcher: any FileWatcher, _ folder: WatchedFolder) throws {
        let notices = Notices()
        watcher.start { paths, _ in notices.add(paths) }
        defer { watcher.stop() }
        let p = folder.path
        folder.write("Content/a/quiz.md", "one")
        #expect(notices.wait { $0.contains(p + "/Content/a/quiz.md") })
        // A folder made after the start is watched too, and what is written in it seen.
        folder.write("Content/b/c/new.md", "two")
        #expect(notices.wait { $0.contains(p + "/Content/b/c/new.md") || $0.contains(p + "/Content/b") })
        Thread.sleep(forTimeInterval: 0.3)
        folder.write("Content/b/c/later.md", "three")
        #expect(notices.wait { $0.contains(p + "/Content/b/c/later.md") })
        // Saved by rename, as many editors do.
        folder.write("Content/a/.quiz.md.tmp", "four")
        try FileManager.default.moveItem(atPath: p + "/Content/a/.quiz.md.tmp", toPath: p + "/Content/a/renamed.md")
        #expect(notices.wait { $0.contains(p + "/Content/a/renamed.md") })
        try FileManager.default.removeItem(atPath: p + "/Content/a/quiz.md")
        #expect(notices.wait { $0.filter { $0 == p + "/Content/a/quiz.md" }.count >= 2 })
        // A folder renamed: what is written in it is seen under its new name.
        try FileManager.default.moveItem(atPath: p + "/Content/b", toPath: p + "/Content/d")
        #expect(notices.wait { $0.contains(p + "/Content/d") })
        Thread.sleep(forTimeInterval: 0.3)
        folder.write("Content/d/c/moved.md", "five")
        #expect(notices.wait { $0.contains(p + "/Content/d/c/moved.md") })
        folder.write("quizgen.yml", "title: T\n")
        #expect(notices.wait { $0.contains(p + "/quizgen.yml") })
        folder.write("Templates/style.css", "body{}")
        #expect(notices.wait { $0.contains(p + "/Templates/style.css") || $0.contains(p + "/Templates") })
        // The output folder is not watched.
        folder.write("public/index.html", "x")
        Thread.sleep(forTimeInterval: 0.1)
        #expect(!notices.paths.contains { $0.hasPrefix(p + "/public") })
    }

    func trees(_ folder: WatchedFolder) -> [String] {
        [folder.path + "/Content", folder.path + "/Templates", folder.path + "/i18n"]
    }

    @Test func inotifySeesEveryKindOfChange() throws {
        let folder = WatchedFolder()
        let watcher = try #require(InotifyWatcher(trees: trees(folder), root: folder.path))
        try check(watcher, folder)
    }

    @Test func pollingSeesEveryKindOfChange() throws {
        let folder = WatchedFolder()
        try check(PollingWatcher(trees: trees(folder), root: folder.path, interval: .milliseconds(50)), folder)
    }

    /// Links to folders are not followed: two links to `.` made the walk exponential and one
    /// to `/` walked the whole disk, so serve never started; and a link to a watched folder
    /// renamed that folder's events after the link (inotify gives a folder one watch), so
    /// its edits were never rebuilt. A change is told under the folder's own path.
    @Test(arguments: ["inotify", "polling"])
    func linksToFoldersAreNotFollowed(_ kind: String) throws {
        let folder = WatchedFolder()
        let content = folder.path + "/Content"
        for (name, target) in [("self", "."), ("self2", "."), ("root", "/"), ("zz-alias", "a")] {
            try FileManager.default.createSymbolicLink(atPath: content + "/" + name, withDestinationPath: target)
        }
        let watcher: any FileWatcher = kind == "inotify"
            ? try #require(InotifyWatcher(trees: trees(folder), root: folder.path))
            : PollingWatcher(trees: trees(folder), root: folder.path, interval: .milliseconds(50))
        let notices = Notices()
        watcher.start { paths, _ in notices.add(paths) }
        defer { watcher.stop() }
        folder.write("Content/a/quiz.md", "one")
        #expect(notices.wait { $0.contains(content + "/a/quiz.md") })
        #expect(!notices.paths.contains { $0.contains("zz-alias") || $0.contains("/self/") || $0.contains("/root/") })
    }

    /// The site's own files may be links anywhere in the site folder, and may become links
    /// while serve runs: a change where one leads is told under the link's path. Made here
    /// after the watcher started, as serve finds them after the rebuild that made them.
    @Test(arguments: ["inotify", "polling"])
    func theSitesOwnFilesAreFollowedWhereTheirLinksLead(_ kind: String) throws {
        let folder = WatchedFolder()
        let p = folder.path
        let watcher: any FileWatcher = kind == "inotify"
            ? try #require(InotifyWatcher(trees: trees(folder), root: p))
            : PollingWatcher(trees: trees(folder), root: p, interval: .milliseconds(50))
        let notices = Notices()
        watcher.start { paths, _ in notices.add(paths) }
        defer { watcher.stop() }
        for target in ["conf/site.yml", "conf/other.yml", "tpl/style.css", "lang/fr.yaml"] { folder.write(target, "one") }
        try FileManager.default.createDirectory(atPath: p + "/i18n", withIntermediateDirectories: true)
        for (link, target) in [("quizgen.yml", "conf/site.yml"), ("Templates", "tpl"), ("i18n/fr.yaml", "../lang/fr.yaml")] {
            try FileManager.default.createSymbolicLink(atPath: p + "/" + link, withDestinationPath: target)
        }
        let location = SiteLocation(root: p, content: p + "/Content", contentDisplay: "Content", rootDisplay: "")
        let links = WatchedPaths(location: location).links(fileSystem: .disk)
        #expect(links.map(\.path) == [p + "/quizgen.yml", p + "/Templates", p + "/i18n/fr.yaml"])
        #expect(links.map(\.isFolder) == [false, true, false])
        watcher.follow(links)
        Thread.sleep(forTimeInterval: 0.4)
        // Making the links was a change of its own.
        notices.clear()
        folder.write("conf/site.yml", "two")
        #expect(notices.wait { $0.contains(p + "/quizgen.yml") })
        folder.write("tpl/style.css", "two")
        #expect(notices.wait { $0.contains(p + "/Templates/style.css") })
        folder.write("lang/fr.yaml", "two")
        #expect(notices.wait { $0.contains(p + "/i18n/fr.yaml") })
        // What else is in a link's folder is none of the site's business.
        folder.write("conf/other.yml", "two")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(!notices.paths.contains { $0.contains("/conf/") || $0.contains("/tpl/") || $0.contains("/lang/") })
    }
}

/// The session as `serve` runs it: a save on disk becomes one rebuild and one message.
@Suite(.serialized) struct ServeSessionTests {
    @Test func aSaveIsRebuiltAndAnnounced() async throws {
        let folder = WatchedFolder()
        folder.write("Content/quiz.md", "---\nkind: personality\ntitle: Tiny\n---\n## Q\n- A {a}\n- B {b}\n## A {#a .outcome}\n## B {#b .outcome}\n")
        let location = SiteLocation(root: folder.path, content: folder.path + "/Content", contentDisplay: "Content", rootDisplay: "")
        let lines = Mutex<[String]>([])
        // A quiet spell long enough that the three writes below are one burst on a busy machine.
        let session = ServeSession(
            location: location, options: BuildOptions(), coalescer: Coalescer(quiet: .milliseconds(300), longest: .seconds(2))
        ) { _, _, line in lines.withLock { $0.append(line) } }
        #expect(session.site.hasFile("quiz/index.html"))
        #expect(lines.withLock { $0 }.first?.hasPrefix("Built 1 content file (6 files) in memory in ") == true)

        let group = ServiceGroup(configuration: .init(services: [session], logger: Logger(label: "test")))
        let running = Task { try await group.run() }
        let stream = session.subscribe(page: "quiz/index.html")
        var messages = stream.makeAsyncIterator()
        // The watcher starts with the service.
        try await Task.sleep(for: .milliseconds(500))
        // Several writes in a burst: one rebuild.
        for title in ["One", "Two", "Three"] {
            folder.write("Content/quiz.md", "---\nkind: personality\ntitle: \(title)\n---\n## Q\n- A {a}\n- B {b}\n## A {#a .outcome}\n## B {#b .outcome}\n")
        }
        let message = try #require(await messages.next())
        #expect(message.contains("\"quiz/index.html\""))
        #expect(message.contains("\"errors\":\"\""))
        #expect(String(decoding: session.site.file("index.html") ?? [], as: UTF8.self).contains("Three"))

        folder.write("Content/quiz.md", "---\nkind: personality\n---\n## Q\n- A {a}\n- B {c}\n## A {#a .outcome}\n## B {#b .outcome}\n")
        let broken = try #require(await messages.next())
        #expect(broken.contains("Content/quiz.md:6:6: error: unknown outcome 'c'"))
        #expect(broken.contains("\"changed\":[]"))

        await group.triggerGracefulShutdown()
        try await running.value
        // Shut down: the stream ends, and later listeners get nothing.
        #expect(await messages.next() == nil)
        #expect(session.listeners == 0)
        #expect(lines.withLock { $0.count } == 3)
    }
}
