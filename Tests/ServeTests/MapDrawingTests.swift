import Dispatch
import Foundation
@testable import Serve
import Site
import Synchronization
import Testing

/// A story map `dot` has not drawn before does not hold up a rebuild: the pages are
/// published and announced at once, and the map when it is drawn.
@Suite struct MapDrawingTests {
    let story = "---\nkind: story\ntitle: Walk\n---\n## A\n- [On](#b)\n## B {#b}\nEnd.\n"

    /// A Graphviz that draws the first graph at once, and the others once `gate` is
    /// signalled (or after a minute: the old serve, which waited, fails the test instead of
    /// hanging).
    func graphviz(gate: DispatchSemaphore, later: Result<[UInt8], Graphviz.Failure>? = nil) -> Graphviz {
        let drawnBefore = Mutex(false)
        return Graphviz(location: "/fake/dot", render: { _, _ in .failure(.notInstalled) }) { dots in
            let again = !dots.isEmpty && drawnBefore.withLock { drawn in defer { drawn = true }; return drawn }
            if again { _ = gate.wait(timeout: .now() + 60) }
            return dots.map { dot in
                if again, let later { return later }
                return .success(Array("<svg><!-- \(dot.utf8.count) --></svg>".utf8))
            }
        }
    }

    /// A drawing that failed is said to be no map, after the note that says why.
    @Test func aMapThatCouldNotBeDrawnIsNotAnnouncedAsDrawn() {
        let folder = WatchedFolder()
        folder.write("Content/walk.md", story)
        // Opened at once (a semaphore made with a count cannot be freed below it).
        let gate = DispatchSemaphore(value: 0)
        gate.signal()
        let (session, lines) = folder.session(options: BuildOptions(graphviz: graphviz(gate: gate, later: .failure(.timedOut(seconds: 30)))))
        folder.write("Content/walk.md", story.replacingOccurrences(of: "[On](#b)", with: "[On](#b)\n- [Stay](#a)"))
        session.rebuildNow(LiveSite.Change(content: ["walk.md"]), changed: ["Content/walk.md"])
        session.drawer.waitUntilDone()
        session.placeDrawnMaps()
        #expect(lines().last?.hasPrefix("No map for Content/walk.md: ") == true, "\(lines())")
        #expect(!lines().joined().contains("Drew the map"))
        session.stop()
    }

    /// A site's own map template from before the map was drawn apart (exported then) shows
    /// what stands for the map: while it is drawn, that says so.
    @Test func aSitesOwnOlderMapTemplateSaysTheMapIsBeingDrawn() {
        let folder = WatchedFolder()
        folder.write("Content/walk.md", story)
        folder.write("Templates/story-map.mustache", """
            <main><h1>{{mapTitle}}</h1>
            <div class="map"><object data="story.svg" type="image/svg+xml" aria-label="{{imageAlt}}"><a href="story.svg">{{imageAlt}}</a></object></div>
            </main>
            """)
        let gate = DispatchSemaphore(value: 0)
        let (session, _) = folder.session(options: BuildOptions(graphviz: graphviz(gate: gate)))
        func mapPage() -> String { String(decoding: session.site.file("walk/map.html") ?? [], as: UTF8.self) }
        let notice = "The map is being drawn; it will appear here when it is ready."
        #expect(mapPage().contains("aria-label=\"The map of"), "\(mapPage())")

        folder.write("Content/walk.md", story.replacingOccurrences(of: "[On](#b)", with: "[On](#b)\n- [Stay](#a)"))
        session.rebuildNow(LiveSite.Change(content: ["walk.md"]), changed: ["Content/walk.md"])
        #expect(session.site.file("walk/story.svg") == nil)
        #expect(mapPage().contains("aria-label=\"\(notice)\"><a href=\"story.svg\">\(notice)</a>"), "\(mapPage())")

        gate.signal()
        session.drawer.waitUntilDone()
        session.placeDrawnMaps()
        #expect(!mapPage().contains(notice))
        session.stop()
    }

    @Test func theRebuildDoesNotWaitForTheMap() async {
        let folder = WatchedFolder()
        folder.write("Content/walk.md", story)
        let gate = DispatchSemaphore(value: 0)
        let (session, lines) = folder.session(options: BuildOptions(graphviz: graphviz(gate: gate)))
        let messages = session.subscribe(page: "walk/map.html")
        func mapPage() -> String { String(decoding: session.site.file("walk/map.html") ?? [], as: UTF8.self) }
        #expect(mapPage().contains("<object data=\"story.svg\""))

        folder.write("Content/walk.md", story.replacingOccurrences(of: "[On](#b)", with: "[On](#b)\n- [Stay](#a)"))
        session.rebuildNow(LiveSite.Change(content: ["walk.md"]), changed: ["Content/walk.md"])
        // Published and told while the map is still being drawn.
        #expect(lines().last == "Rebuilt Content/walk.md in _ ms: 4 pages changed.")
        #expect(mapPage().contains("The map is being drawn; it will appear here when it is ready."))
        #expect(session.site.file("walk/story.svg") == nil)

        gate.signal()
        session.drawer.waitUntilDone()
        session.placeDrawnMaps()
        #expect(lines().last == "Drew the map of Content/walk.md: 2 pages changed.")
        #expect(mapPage().contains("<object data=\"story.svg\""))
        #expect(session.site.file("walk/story.svg") != nil)
        session.stop()
        var received: [String] = []
        for await message in messages { received.append(message) }
        #expect(received.count == 2)
        #expect(received.last?.contains("\"changed\":[\"walk/map.html\",\"walk/story.svg\"]") == true)
    }
}
