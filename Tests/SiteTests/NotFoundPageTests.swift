import Foundation
import Site
import Testing
import TestSupport

/// `404.html`, which static hosts show for an address the site does not have: in the site's
/// language, linked absolutely (a host shows it at any depth), and the author's own when the
/// content folder has one.
@Suite struct NotFoundPageTests {
    @Test func theSiteHasAHostsPageForMissingAddresses() throws {
        let site = TemporarySite(files: ["Content/quiz.md": quiz, "quizgen.yml": "language: ja\n"])
        #expect(site.build().diagnostics.isEmpty)
        let page = try #require(site.read("public/404.html"))
        #expect(page.contains("<html lang=\"ja\">"))
        #expect(page.contains("<h1>ページが見つかりません</h1>"))
        // From the host's root, where the site lives when quizgen.yml does not say.
        #expect(page.contains("<a href=\"/index.html\">ホームページへ</a>"))
        #expect(page.contains("<link rel=\"stylesheet\" href=\"/style."))
    }

    @Test func belowABaseURLItsLinksAreAbsolute() throws {
        let site = TemporarySite(files: ["Content/quiz.md": quiz, "quizgen.yml": "base-url: https://example.org/quizzes\n"])
        #expect(site.build().diagnostics.isEmpty)
        let page = try #require(site.read("public/404.html"))
        #expect(page.contains("<a href=\"https://example.org/quizzes/index.html\">Go to the home page</a>"))
        #expect(page.contains("<link rel=\"stylesheet\" href=\"https://example.org/quizzes/style."))
        #expect(page.contains("<title>Page not found · Quizzes and stories</title>"))
    }

    /// A base URL written in another script goes into pages as a URL: the host in IDNA's
    /// ASCII form, the path percent-encoded, in `404.html`'s links as in `og:url`.
    @Test func aBaseURLInAnotherScriptIsWrittenAsAURL() throws {
        let site = TemporarySite(files: ["Content/quiz.md": quiz, "quizgen.yml": "base-url: https://Bücher.example/quiz/übungen\n"])
        #expect(site.build().diagnostics.isEmpty)
        let base = "https://xn--bcher-kva.example/quiz/%C3%BCbungen/"
        let page = try #require(site.read("public/404.html"))
        #expect(page.contains("<a href=\"\(base)index.html\">Go to the home page</a>"))
        let quizPage = try #require(site.read("public/quiz/index.html"))
        #expect(quizPage.contains("<meta property=\"og:url\" content=\"\(base)quiz/index.html\">"))
        #expect(quizPage.contains("<link rel=\"canonical\" href=\"\(base)quiz/index.html\">"))
    }

    /// An author's `Content/404.html` is the host's page: copied as written, without an error.
    @Test func theAuthorsOwnPageIsKept() throws {
        let site = TemporarySite(files: ["Content/quiz.md": quiz, "Content/404.html": "<p>Lost? Try the quiz.</p>\n"])
        let built = site.build()
        #expect(built.diagnostics.isEmpty)
        #expect(site.read("public/404.html") == "<p>Lost? Try the quiz.</p>\n")
    }

    /// `serve` has the same page at the same path, and only when a build writes it.
    @Test func serveHasTheSamePage() throws {
        let site = TemporarySite(files: ["Content/quiz.md": quiz])
        site.build()
        var live = LiveSite(location: site.location, options: BuildOptions(graphviz: .none))
        _ = live.update(SiteLoader.load(site.location, fileSystem: .disk), changed: .all)
        #expect(live.hasFile("404.html"))
        #expect(live.file("404.html") == Array(try #require(site.read("public/404.html")).utf8))
        site.write("Content/404.html", "mine\n")
        _ = live.update(SiteLoader.load(site.location, fileSystem: .disk), changed: .all)
        #expect(!live.hasFile("404.html") && live.hasAsset("404.html"))
    }
}
