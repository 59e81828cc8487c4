import Foundation
import Site
import Testing
import TestSupport

/// `404.html`, which static hosts show for an address the site does not have: in the site's
/// language, linked relatively as every page is (FORMAT.md), and the author's own when the
/// content folder has one.
@Suite struct NotFoundPageTests {
    @Test func theSiteHasAHostsPageForMissingAddresses() throws {
        let site = TemporarySite(files: ["Content/quiz.md": quiz, "quizgen.yml": "language: ja\n"])
        #expect(site.build().diagnostics.isEmpty)
        let page = try #require(site.read("public/404.html"))
        #expect(page.contains("<html lang=\"ja\">"))
        #expect(page.contains("<h1>ページが見つかりません</h1>"))
        // Relative, as every link of the site: from the top of the site and from disk.
        #expect(page.contains("<a href=\"index.html\">ホームページへ</a>"))
        // Its stylesheet inline, allowed by its hash: a host shows this page at any missing
        // address, below the top of the site too, where a relative link would lead nowhere.
        #expect(!page.contains("<link rel=\"stylesheet\""))
        let css = try #require(site.linkedStylesheet())
        #expect(page.contains("<style>" + css + "</style>"))
        // (That the policy's hash lets a browser apply it: Tests/e2e/test_not_found.py.)
        #expect(page.contains("style-src 'self' 'sha256-"))
        // Every other page links it.
        #expect(try #require(site.read("public/quiz/index.html")).contains("<link rel=\"stylesheet\" href=\"../style."))
    }

    /// A site's stylesheet that says `</style>` (in a comment) would end an inline one early:
    /// 404.html links that one.
    @Test func aStylesheetThatEndsItsElementStaysLinked() throws {
        let site = TemporarySite(files: ["Content/quiz.md": quiz, "Templates/style.css": "/* </STYLE> */ body { color: red }\n"])
        #expect(site.build().diagnostics.isEmpty)
        let page = try #require(site.read("public/404.html"))
        #expect(page.contains("<link rel=\"stylesheet\" href=\"style.") && !page.contains("<style>"))
    }

    /// "Every link is relative" (FORMAT.md) holds with a base URL too, in every page of a
    /// site of every kind, 404.html among them: the base URL goes only into link previews.
    @Test func withABaseURLEveryLinkStaysRelative() throws {
        let story = "---\nkind: story\ntitle: S\n---\n## A\n- [On](#b)\n\n## B {#b}\nEnd.\n"
        let site = TemporarySite(files: [
            "Content/quiz.md": quiz, "Content/tales/s.md": story, "quizgen.yml": "base-url: https://Bücher.example/quiz/übungen\n",
        ])
        #expect(site.build().diagnostics.isEmpty)
        let pages = ["404.html", "index.html", "quiz/index.html", "tales/s/index.html", "tales/s/b.html"]
        for path in pages {
            let page = try #require(site.read("public/" + path), "\(path)")
            let links = page.matches(of: /(?:href|src|action)="([^"]*)"/).map { String($0.1) }
            #expect(!links.isEmpty, "\(path)")
            // (`data:,` is the empty icon, which spares the browser asking the host for one.)
            #expect(links.filter { ($0.contains(":") && $0 != "data:,") || $0.hasPrefix("/") }.isEmpty, "\(path): \(links)")
        }
        // Link previews carry the base URL as a URL: the host in IDNA's ASCII form, the
        // path percent-encoded.
        let quizPage = try #require(site.read("public/quiz/index.html"))
        #expect(quizPage.contains("<meta property=\"og:url\" content=\"https://xn--bcher-kva.example/quiz/%C3%BCbungen/quiz/index.html\">"))
        #expect(try #require(site.read("public/404.html")).contains("<title>Page not found · Quizzes and stories</title>"))
    }

    /// An author's `Content/404.html` is the host's page: copied as written, without an error.
    /// Only in a site that trusts its authors' HTML: an HTML file of theirs would run its
    /// script at the site's address (`ScriptableAssetTests`).
    @Test func theAuthorsOwnPageIsKept() throws {
        let site = TemporarySite(files: [
            "quizgen.yml": "raw-html: true\n", "Content/quiz.md": quiz, "Content/404.html": "<p>Lost? Try the quiz.</p>\n",
        ])
        let built = site.build()
        #expect(built.diagnostics.isEmpty)
        #expect(site.read("public/404.html") == "<p>Lost? Try the quiz.</p>\n")
        site.write("quizgen.yml", "raw-html: false\n")
        #expect(site.build().diagnostics.filter(\.isError).map(\.file) == ["Content/404.html"])
    }

    /// `serve` has the same page at the same path, and only when a build writes it.
    @Test func serveHasTheSamePage() throws {
        let site = TemporarySite(files: ["Content/quiz.md": quiz])
        site.build()
        var live = LiveSite(location: site.location, options: BuildOptions(graphviz: .none))
        _ = live.update(SiteLoader.load(site.location, fileSystem: .disk), changed: .all)
        #expect(live.hasFile("404.html"))
        #expect(live.file("404.html") == Array(try #require(site.read("public/404.html")).utf8))
        site.write("quizgen.yml", "raw-html: true\n")
        site.write("Content/404.html", "mine\n")
        _ = live.update(SiteLoader.load(site.location, fileSystem: .disk), changed: .all)
        #expect(!live.hasFile("404.html") && live.hasAsset("404.html"))
    }
}
