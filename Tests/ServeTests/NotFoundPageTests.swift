@testable import Serve
import Testing

/// serve's 404 page says what was not found, escaped, and where to go instead.
@Suite struct NotFoundPageTests {
    let files = ["index.html", "planets/index.html", "planets/a.html", "which-season/index.html", "the-door/story.svg",
                 "the-door/map.html", "style.css"]

    @Test func itNamesThePathAndLinksToTheIndex() {
        let page = NotFoundPage.html(for: "/nowhere/at/all", files: files)
        #expect(page.contains("<h1>Page not found</h1>"))
        #expect(page.contains("<code>/nowhere/at/all</code>"))
        #expect(page.contains("<a href=\"/\">The site's index</a>"))
        #expect(!page.contains("Did you mean"))
        // Its policy allows nothing: the reload script is let in by `LiveReload.inject` alone.
        #expect(page.contains("content=\"default-src 'none'\""))
    }

    @Test func theNearestPagesAreSuggested() {
        #expect(NotFoundPage.suggestions(for: "/planet/", files: files) == ["planets/"])
        #expect(NotFoundPage.suggestions(for: "/which-seasons/index.html", files: files) == ["which-season/"])
        #expect(NotFoundPage.suggestions(for: "/the-door/maps.html", files: files) == ["the-door/map.html"])
        #expect(NotFoundPage.suggestions(for: "/x/", files: files).isEmpty)
        let page = NotFoundPage.html(for: "/planet/", files: files)
        #expect(page.contains("<p>Did you mean:</p>\n<ul>\n<li><a href=\"/planets/\">/planets/</a></li>\n</ul>"))
    }

    /// A page missing because its Markdown file has errors says so.
    @Test func aPageOfAFileWithErrorsSaysWhy() {
        let errors = [(folder: "quizzes/planets", file: "Content/quizzes/planets.md")]
        for asked in ["/quizzes/planets/", "/quizzes/planets/index.html", "/quizzes/planets/a.html"] {
            #expect(NotFoundPage.html(for: asked, files: files, withErrors: errors)
                .contains("<p><code>Content/quizzes/planets.md</code> has errors, so it has no pages until they are fixed"), "\(asked)")
        }
        #expect(!NotFoundPage.html(for: "/quizzes/planetsx/", files: files, withErrors: errors).contains("has errors"))
    }

    /// The map page of a story `dot` could not draw for says why there is none.
    @Test func aMapPageOfAStoryWithoutAMapSaysWhy() {
        let noMaps = [(folder: "tales/cave", note: "Content/tales/cave.md: no map: dot took longer than 30 seconds & was stopped")]
        let page = NotFoundPage.html(for: "/tales/cave/map.html", files: files, withoutMaps: noMaps)
        #expect(page.contains("<p>This story has no map. Content/tales/cave.md: no map: dot took longer than 30 seconds &amp; was stopped</p>"))
        #expect(!NotFoundPage.html(for: "/tales/cave/index.html", files: files, withoutMaps: noMaps).contains("no map"))
    }

    /// Nothing of the request reaches the page unescaped, nor does a page's own name.
    @Test func whatTheRequestSaysIsEscaped() {
        let page = NotFoundPage.html(for: "/%3Cscript%3Ealert(1)%3C/script%3E%22'&", files: files + ["a\"<b>/index.html"])
        #expect(!page.contains("<script>"))
        #expect(page.contains("<code>/&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;</code>"))
        let suggested = NotFoundPage.html(for: "/a\"<c>/", files: ["a\"<b>/index.html"])
        #expect(suggested.contains("<li><a href=\"/a%22%3Cb%3E/\">/a&quot;&lt;b&gt;/</a></li>"))
    }
}
