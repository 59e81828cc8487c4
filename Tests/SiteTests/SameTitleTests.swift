import Diagnostics
import Foundation
import Site
import Testing

/// Two files of one title in one folder are listed alike on the index: a warning at the
/// second's title, naming the first, in build, check and serve alike. In different folders
/// the index names each one's folder, and nothing is said.
@Suite struct SameTitleTests {
    func trivia(_ frontMatter: String, _ body: String = "") -> String {
        "---\nkind: trivia\n\(frontMatter)---\n\(body)## Q\n- [x] a\n- [ ] b\n"
    }

    func site() -> TemporarySite {
        TemporarySite(files: [
            "Content/a.md": trivia("title: Intro\n"),
            "Content/b.md": trivia("description: Another\ntitle: \"intro\"\n"),
            "Content/c.md": trivia("", "# Intro\n\n"),
            "Content/z.md": trivia("title: Other\n"),
            // In folders, told apart by them.
            "Content/x/intro.md": trivia("title: Intro\n"),
            "Content/y/intro.md": trivia("title: Intro\n"),
            // A title that is the file's name: the file is warned of as a whole.
            "Content/x/other.md": trivia("title: intro\n"),
            "Content/x/story.md": "---\nkind: story\ntitle: Mine\n---\n## One\nThe end.\n",
            "Content/x/y.md": trivia("title: Mine\n"),
        ])
    }

    let expected = [
        "Content/b.md:4:8: warning: another file in this folder has this title: the index lists the two alike",
        "Content/c.md:4:3: warning: another file in this folder has this title: the index lists the two alike",
        "Content/x/other.md:3:8: warning: another file in this folder has this title: the index lists the two alike",
        "Content/x/y.md:3:8: warning: another file in this folder has this title: the index lists the two alike",
    ]

    @Test func theSecondOfOneTitleInOneFolderIsWarnedOfAtItsTitle() throws {
        let site = site()
        let built = site.build(BuildOptions(graphviz: .none))
        #expect(located(built.diagnostics) == expected)
        #expect(built.diagnostics.map(\.hint) == [
            "Content/a.md has the title 'Intro'; give one of them another title",
            "Content/a.md has the title 'Intro'; give one of them another title",
            "Content/x/intro.md has the title 'Intro'; give one of them another title",
            "Content/x/story.md has the title 'Mine'; give one of them another title",
        ])
        #expect(built.diagnostics.first?.sourceLine == "title: \"intro\"")
        #expect(site.exists("public/b/index.html"), "a warning, not an error")

        // check is the build without writing.
        let checked = Pipeline(options: BuildOptions(render: false)).collect(SiteLoader.load(site.location, fileSystem: .disk))
        #expect(checked.diagnostics == built.diagnostics)
    }

    /// A title that is the file's name has no line to point at.
    @Test func aTitleFromTheFileNameIsWarnedOfAtTheFile() throws {
        let site = TemporarySite(files: ["Content/a.md": trivia("title: b\n"), "Content/b.md": trivia("")])
        let built = site.build(BuildOptions(graphviz: .none))
        #expect(located(built.diagnostics) == [
            "Content/b.md:0:0: warning: another file in this folder has this title: the index lists the two alike",
        ])
        #expect(built.diagnostics.first?.hint == "Content/a.md has the title 'b'; give one of them another title (with 'title:' in its front matter)")
    }

    /// serve says what a build says, and follows the titles as files are saved, also when
    /// only the first file of the two changed.
    @Test func serveWarnsAsTheBuildDoes() {
        let site = site()
        var live = LiveSite(location: site.location, options: BuildOptions(graphviz: .none))
        var rebuild = live.update(SiteLoader.load(site.location, fileSystem: .disk), changed: .all)
        let built = Pipeline(options: BuildOptions(render: false)).collect(SiteLoader.load(site.location, fileSystem: .disk))
        #expect(live.diagnostics == built.diagnostics)
        #expect(located(rebuild.new) == expected)

        site.write("Content/a.md", trivia("title: Start\n"))
        rebuild = live.update(SiteLoader.load(site.location, fileSystem: .disk), changed: LiveSite.Change(content: ["a.md"]))
        // Now b.md is the first 'Intro', and c.md the second.
        #expect(located(live.diagnostics) == Array(expected.dropFirst()))
        #expect(live.diagnostics.first?.hint == "Content/b.md has the title 'intro'; give one of them another title")
        #expect(rebuild.new.map(\.hint) == ["Content/b.md has the title 'intro'; give one of them another title"])

        // A new context renders again without parsing: the warnings stay.
        site.write("quizgen.yml", "title: Renamed\n")
        rebuild = live.update(SiteLoader.load(site.location, fileSystem: .disk), changed: LiveSite.Change(settings: true))
        #expect(rebuild.parsed.isEmpty)
        #expect(located(live.diagnostics) == Array(expected.dropFirst()))

        site.write("Content/c.md", trivia("", "# Introduction\n\n"))
        _ = live.update(SiteLoader.load(site.location, fileSystem: .disk), changed: LiveSite.Change(content: ["c.md"]))
        #expect(located(live.diagnostics) == Array(expected.suffix(2)))
        #expect(live.diagnostics == Pipeline(options: BuildOptions(render: false))
            .collect(SiteLoader.load(site.location, fileSystem: .disk)).diagnostics)
    }
}
