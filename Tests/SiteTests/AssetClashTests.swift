@testable import Site
import Analysis
import Content
import Diagnostics
import Foundation
import Render
import Testing

/// An asset at a path the site generates would be overwritten by the generated file:
/// `check`, `build` and `serve` all say so, at the asset, naming the Markdown file.
@Suite struct AssetClashTests {
    let trivia = "---\nkind: trivia\ntitle: T\n---\n## Yes?\n- [x] Yes\n- [ ] No\n"
    let options = BuildOptions(graphviz: fakeGraphviz)

    func files(_ extra: [String: String] = [:]) -> [String: String] {
        ["Content/quiz.md": quiz, "Content/t.md": trivia, "Content/story/seven.md": sevenPages].merging(extra) { $1 }
    }

    /// The paths named without rendering are the paths rendered, for each kind, maps or not.
    @Test(arguments: [true, false]) func pagePathsAreThePathsTheRenderersWrite(maps: Bool) throws {
        let site = TemporarySite(files: files())
        let loaded = SiteLoader.load(site.location, fileSystem: .disk)
        var options = options
        options.maps = maps
        let built = Pipeline(options: options).collect(loaded)
        #expect(built.diagnostics.isEmpty)
        let parseOptions = ContentParser.Options(defaultLanguage: "en", includeDrafts: false, allowRawHTML: false)
        var named: Set<String> = []
        for file in loaded.contentFiles {
            let content = try file.load().get()
            let piece = try #require(Pipeline.parse(content, relativePath: file.relativePath, options: parseOptions).piece)
            named.formUnion(PagePaths.of(Pipeline.check(piece, file: content.source, statistics: false).0, maps: maps))
        }
        // The site's own: its index, stylesheet and the host's 404 page (which an asset of
        // that name replaces rather than clashes with).
        let ofSite = Set(["index.html", "404.html", built.files.first { $0.path.hasSuffix(".css") }!.path])
        #expect(named.union(ofSite) == Set(built.files.map(\.path)))
        #expect(named.contains("story/seven/story.svg") == maps)
    }

    let clashing = [
        "Content/index.html": "mine", "Content/t/index.html": "mine", "Content/quiz/b.html": "mine",
        "Content/story/seven/four.html": "mine", "Content/story/seven/story.svg": "mine",
        // Not generated: published as ever.
        "Content/story/seven/notes.html": "mine", "Content/quiz/c.html": "mine",
        // HTML files of the authors' are published only by a site that trusts them.
        "quizgen.yml": "raw-html: true\n",
    ]
    let expected = [
        "Content/index.html: error: this file would be overwritten by the site's index, which is written there",
        "Content/quiz/b.html: error: this file would be overwritten by a generated file of the same path",
        "Content/story/seven/four.html: error: this file would be overwritten by a generated file of the same path",
        "Content/story/seven/story.svg: error: this file would be overwritten by a generated file of the same path",
        "Content/t/index.html: error: this file would be overwritten by a generated file of the same path",
    ]

    @Test func checkAndBuildReportEveryClashAtTheAsset() {
        let site = TemporarySite(files: files(clashing))
        let loaded = SiteLoader.load(site.location, fileSystem: .disk)
        for render in [false, true] {
            var options = options
            options.render = render
            let output = Pipeline(options: options).collect(loaded)
            #expect(output.diagnostics.map { "\($0.file): \($0.severity): \($0.message)" } == expected)
            #expect(output.diagnostics.first { $0.file == "Content/t/index.html" }?.hint
                == "rename it, or Content/t.md, whose page folder it is in")
        }
    }

    /// serve judges by the files each piece writes, as a build does: a story's map files
    /// count when maps are drawn, also while the map is still being drawn and without Graphviz.
    @Test(arguments: [false, true]) func serveReportsAMapsClashAsTheBuildDoes(graphviz: Bool) {
        let site = TemporarySite(files: files([
            "Content/story/seven/story.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "Content/story/seven/map.html": "mine",
            "quizgen.yml": "raw-html: true\n",
        ]))
        for maps in [true, false] {
            let options = BuildOptions(graphviz: graphviz ? fakeGraphviz : .none, maps: maps)
            let built = Pipeline(options: options).collect(SiteLoader.load(site.location, fileSystem: .disk))
            #expect(built.diagnostics.map(\.file) == (maps ? ["Content/story/seven/map.html", "Content/story/seven/story.svg"] : []))
            for later in [false, true] {
                var live = LiveSite(location: site.location, options: options)
                _ = live.update(SiteLoader.load(site.location, fileSystem: .disk), changed: .all, mapsLater: later)
                #expect(live.diagnostics == built.diagnostics, "maps \(maps), drawn later \(later)")
            }
        }
    }

    @Test func serveReportsThemAndForgetsThemOnceRenamed() {
        let site = TemporarySite(files: files(clashing))
        var live = LiveSite(location: site.location, options: options)
        _ = live.update(SiteLoader.load(site.location, fileSystem: .disk), changed: .all)
        #expect(live.diagnostics.map { "\($0.file): \($0.severity): \($0.message)" } == expected)
        for path in clashing.keys { site.remove(path) }
        _ = live.update(SiteLoader.load(site.location, fileSystem: .disk), changed: .all)
        #expect(live.diagnostics.isEmpty)
    }
}
