@testable import Analysis
import Diagnostics
import Foundation
@testable import Site
import Testing

/// A relative link that names nothing the site writes is a warning at the link, with the
/// nearest path the site has: `check`, `build` and `serve` say the same.
@Suite struct LinkCheckTests {
    let week1 = """
        ---
        kind: personality
        title: Week 1
        ---
        See [notes](notes.pdf), [typo](note.pdf), [next](../quizzes/week2.md), [gone](week3.md),
        [folder](week2/), [no folder](wek2/), [outcome](week2/a.html), [no outcome](week2/c.html).
        ## Pick one
        - A {a}
        - B {b}
        ## Outcome A {#a .outcome}
        [up](../../x.html) [map](../tales/cave/map.html) [no map](week2/map.html) [top](../) [index](../index.html)
        [spaced](my%20notes.pdf#p2) [query](notes.pdf?v=1) [bare](week2) [skipped](_draft.pdf)
        [web](https://example.org) [mail](mailto:a@b.org) [host](//cdn.example.org/x) [frag](#a) [wide](＃a)
        ## Outcome B {#b .outcome}
        [stylesheet?](../style.css) [not found](../404.html)

        """
    let cave = """
        ---
        kind: story
        title: Cave
        ---
        Back to [week 1](../quizzes/week1.md).
        ## One
        - [Left](#two)
        - [Wide](＃two)
        ## Two {#two}
        See [page one](cave/one.html) or [page on](cave/onee.html).
        """
    let trivia = """
        ---
        kind: trivia
        ---
        ## Which? [wide](＃q)
        - [x] Yes
        - [ ] No

        > Read [the rules](rules.txt).

        """

    func site() -> TemporarySite {
        TemporarySite(files: [
            "Content/quizzes/week1.md": week1, "Content/quizzes/week2.md": quiz, "Content/tales/cave.md": cave,
            "Content/t.md": trivia, "Content/quizzes/notes.pdf": "pdf", "Content/quizzes/my notes.pdf": "pdf",
            "Content/quizzes/_draft.pdf": "pdf",
        ])
    }

    @Test func linksToWhatTheSiteDoesNotWriteAreWarnedAt() {
        let site = site()
        let lines = site.checkedAlike().map { "\($0.file):\($0.line):\($0.column): \($0.message)" + ($0.hint.map { " | \($0)" } ?? "") }
        #expect(lines == [
            "Content/quizzes/week1.md:5:25: link 'note.pdf' names no file of the site: there is no Content/quizzes/note.pdf, and no page is written there | did you mean 'notes.pdf'?",
            "Content/quizzes/week1.md:5:72: link 'week3.md' names no Markdown file the site builds: there is no Content/quizzes/week3.md (or it is a draft) | did you mean 'week1.md'?",
            "Content/quizzes/week1.md:6:19: link 'wek2/' leads to no page: the site has no quizzes/wek2/index.html | did you mean 'week2/'?",
            "Content/quizzes/week1.md:6:64: link 'week2/c.html' names no file of the site: there is no Content/quizzes/week2/c.html, and no page is written there | did you mean 'week2/a.html'?",
            "Content/quizzes/week1.md:11:1: link '../../x.html' leads out of the Content folder, which is all the site publishes | name a file inside Content/, or write the full address (https://…) of a page elsewhere",
            "Content/quizzes/week1.md:11:50: link 'week2/map.html' names no file of the site: there is no Content/quizzes/week2/map.html, and no page is written there | did you mean 'week2/a.html'?",
            "Content/quizzes/week1.md:12:66: link '_draft.pdf' names a file that is not published: names that start with _ or . (_draft.pdf) are skipped | rename it without the leading _",
            "Content/quizzes/week1.md:13:90: '＃' is a full-width character, so this link leads to a file '＃a', not to a place on the page | write '#': (#a)",
            "Content/quizzes/week1.md:15:1: link '../style.css' names no file of the site: there is no Content/style.css, and no page is written there | put the file in Content/ (names that start with _ or . are skipped), or correct the path",
            "Content/t.md:4:11: '＃' is a full-width character, so this link leads to a file '＃q', not to a place on the page | write '#': (#q)",
            "Content/t.md:8:8: link 'rules.txt' names no file of the site: there is no Content/rules.txt, and no page is written there | put the file in Content/ (names that start with _ or . are skipped), or correct the path",
            "Content/tales/cave.md:8:10: '＃' is a full-width character, so this link leads to no page and is no choice | write '#': (#two)",
            "Content/tales/cave.md:10:34: link 'cave/onee.html' names no file of the site: there is no Content/tales/cave/onee.html, and no page is written there | did you mean 'cave/one.html'?",
        ])
    }

    /// serve follows the pages and assets a link names as they come and go, without the
    /// file with the link being saved.
    @Test func serveFollowsWhatLinksNameAsItComesAndGoes() {
        let b = quiz.replacingOccurrences(of: "title: Tiny", with: "title: B")
        let site = TemporarySite(files: [
            "Content/a.md": quiz.replacingOccurrences(of: "## Pick one", with: "[b](b.md) [b's outcome](b/a.html) [pdf](x.pdf)\n## Pick one"),
            "Content/b.md": b, "Content/x.pdf": "pdf",
        ])
        var live = LiveSite(location: site.location, options: BuildOptions(graphviz: fakeGraphviz))
        var rebuild = live.update(SiteLoader.load(site.location, fileSystem: .disk), changed: .all)
        #expect(rebuild.new.isEmpty)
        site.remove("Content/x.pdf")
        site.write("Content/b.md", b.replacingOccurrences(of: "{#a .outcome}", with: "{#c .outcome}").replacingOccurrences(of: "{a}", with: "{c}"))
        rebuild = live.update(SiteLoader.load(site.location, fileSystem: .disk), changed: LiveSite.Change(content: ["x.pdf", "b.md"]))
        #expect(rebuild.parsed == ["b.md"])
        #expect(rebuild.new.map(\.message) == [
            "link 'b/a.html' names no file of the site: there is no Content/b/a.html, and no page is written there",
            "link 'x.pdf' names no file of the site: there is no Content/x.pdf, and no page is written there",
        ])
        let built = Pipeline(options: BuildOptions(graphviz: fakeGraphviz)).collect(SiteLoader.load(site.location, fileSystem: .disk))
        #expect(live.diagnostics == built.diagnostics)
        site.remove("Content/b.md")
        rebuild = live.update(SiteLoader.load(site.location, fileSystem: .disk), changed: LiveSite.Change(content: ["b.md"]))
        // The link into b/ loses its hint (no outcome is near now): it is said again.
        #expect(rebuild.new.map(\.message) == [
            "link 'b.md' names no Markdown file the site builds: there is no Content/b.md (or it is a draft)",
            "link 'b/a.html' names no file of the site: there is no Content/b/a.html, and no page is written there",
        ])
    }

    /// A link to a file that is there in other letters (`Notes.PDF` for `notes.pdf`) is told
    /// the file, and that letter case counts: the author's computer may show the page right.
    @Test func aLinkInOtherLetterCaseIsToldWhyItMatters() {
        let site = TemporarySite(files: [
            "Content/t.md": "---\nkind: trivia\n---\n[Read](Notes.PDF)\n## Q\n- [x] Yes\n- [ ] No\n", "Content/notes.pdf": "",
        ])
        #expect(site.checkedAlike().map { "\($0.file):\($0.line):\($0.column): \($0.message) | \($0.hint ?? "")" } == [
            "Content/t.md:4:1: link 'Notes.PDF' names no file of the site: there is no Content/Notes.PDF, and no page is written there | "
                + "did you mean 'notes.pdf'? Letter case counts on a web host, even where your computer ignores it",
        ])
    }

    /// A story's choice written as a path to a page's id (`(garden)` for `(#garden)`) leads
    /// to a missing file: the warning says how to lead to the page, even over a file whose
    /// name starts with it, and for a typo of the id when no file is near: in `check`,
    /// `build` and `serve` alike. A quiz's links get no such hint: its headings are no
    /// places to link to.
    @Test func aChoiceWrittenAsAPathToAPageIsToldToWriteHash() {
        let site = TemporarySite(files: [
            "Content/tales/cave.md": """
                ---
                kind: story
                ---
                ## Start
                - [Go to the garden](garden)
                - [Go down](cellar.md)
                - [Go up](./towr.html#top)
                ## Garden {#garden}
                The end.
                ## Cellar {#cellar}
                The end.
                ## Tower {#tower}
                The end.
                """,
            "Content/tales/garden.png": "",
            "Content/t.md": "---\nkind: trivia\n---\n[see](results)\n## Results {#results}\n- [x] Yes\n- [ ] No\n",
        ])
        #expect(site.checkedAlike().filter { $0.message.hasPrefix("link") }.map {
            "\($0.file):\($0.line):\($0.column): \($0.message) | \($0.hint ?? "")"
        } == [
            "Content/t.md:4:1: link 'results' names no file of the site: there is no Content/results, and no page is written there | "
                + "put the file in Content/ (names that start with _ or . are skipped), or correct the path",
            "Content/tales/cave.md:5:3: link 'garden' names no file of the site: there is no Content/tales/garden, and no page is written there | "
                + "to lead to the page 'garden', write (#garden)",
            "Content/tales/cave.md:6:3: link 'cellar.md' names no Markdown file the site builds: there is no Content/tales/cellar.md (or it is a draft) | "
                + "to lead to the page 'cellar', write (#cellar)",
            "Content/tales/cave.md:7:3: link './towr.html#top' names no file of the site: there is no Content/tales/towr.html, and no page is written there | "
                + "to lead to the page 'tower', write (#tower)",
        ])
    }

    /// An address typed with an input method's full-width letters or colon has no scheme: the
    /// page links to a file of that name beside it, so the warning says to write it in ASCII.
    @Test func addressesTypedInFullWidthAreToldToBeWrittenInASCII() {
        let site = TemporarySite(files: [
            "Content/t.md": "---\nkind: trivia\n---\n[a](ｈｔｔｐｓ://example.org/) [b](https：//example.org/a) [c](ｃａｔ：ｂｉｇ.pdf)\n## Q?\n- [x] Y\n- [ ] N\n",
        ])
        let checked = Pipeline(options: BuildOptions(render: false)).collect(SiteLoader.load(site.location, fileSystem: .disk))
        #expect(checked.diagnostics.map { "\($0.line):\($0.column): \($0.message)" + ($0.hint.map { " | \($0)" } ?? "") } == [
            "4:1: 'ｈ', 'ｔ', 'ｐ', … are full-width characters, so this link leads to a file 'ｈｔｔｐｓ://example.org/' of the site, not to another site | write 'https://example.org/'",
            "4:27: '：' is a full-width character, so this link leads to a file 'https：//example.org/a' of the site, not to another site | write 'https://example.org/a'",
            "4:54: link 'ｃａｔ：ｂｉｇ.pdf' names no file of the site: there is no Content/ｃａｔ：ｂｉｇ.pdf, and no page is written there | put the file in Content/ (names that start with _ or . are skipped), or correct the path",
        ])
    }

    /// A CSV bank's fields are plain text, not Markdown: `[notes](gone.pdf)` in one is shown
    /// as written, no link, so there is nothing to check (and nothing is warned of).
    @Test func aBanksTextHasNoLinksToCheck() throws {
        let site = TemporarySite(files: [
            "Content/t.md": "---\nkind: trivia\nbank: b.csv\n---\n## Q? [notes](gone.pdf)\n- [x] Y\n- [ ] N\n",
            "Content/b.csv": "question,choices,answer,explanation\nSee [notes](gone.pdf)?,![cat](gone.png)|No,No,\"[more](../out.html)\"\n",
        ])
        let output = site.build(BuildOptions(graphviz: fakeGraphviz))
        #expect(output.diagnostics.map { "\($0.file):\($0.line):\($0.column): \($0.message)" } == [
            "Content/t.md:5:7: link 'gone.pdf' names no file of the site: there is no Content/gone.pdf, and no page is written there",
        ])
        let page = try #require(site.read("public/t/index.html"))
        #expect(page.contains("See [notes](gone.pdf)?") && page.contains("![cat](gone.png)") && page.contains("[more](../out.html)"))
        #expect(!page.contains("href=\"../gone.pdf") && !page.contains("gone.png\"") && !page.contains("out.html\""))
    }

    @Test func targetsAreReadAsThePagesResolverWritesThem() {
        #expect(LinkCheck.target(of: "a/./b/../c.pdf?x#y", folder: "q/r") == .file("q/r/a/c.pdf"))
        #expect(LinkCheck.target(of: "my%20notes.pdf", folder: "") == .file("my notes.pdf"))
        #expect(LinkCheck.target(of: "../quiz2/", folder: "x") == .folder("quiz2"))
        #expect(LinkCheck.target(of: "..", folder: "x") == .folder(""))
        #expect(LinkCheck.target(of: "../q.md#part", folder: "x/y") == .page("x/q"))
        #expect(LinkCheck.target(of: "../../q.md", folder: "x") == .outside)
        for url in ["https://x.org/a", "mailto:a@b.org", "//host/x", "#frag", "?q=1", "/root.html", ""] {
            #expect(LinkCheck.target(of: url, folder: "x") == nil, "\(url)")
        }
    }
}
