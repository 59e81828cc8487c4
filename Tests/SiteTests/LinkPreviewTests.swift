import Foundation
import Site
import Testing
import TestSupport

/// Link previews of each piece's own page: the link an author shares first.
@Suite struct LinkPreviewTests {
    /// The first picture of a quiz's or story's introduction is its preview's picture, as an
    /// outcome's first picture is its page's: a large card, not a bare text one.
    @Test func theFirstPictureOfAnIntroductionIsTheFrontPagesPreview() throws {
        let site = TemporarySite(files: [
            "quizgen.yml": "base-url: https://example.org/class/\n",
            "Content/pop/divas.md": "---\nkind: personality\ntitle: D\n---\nWho are you? ![cover](<pics/cover me.png>) ![second](b.png)\n\n## Q?\n- A {a}\n- B {b}\n\n## A {#a .outcome}\nA.\n\n## B {#b .outcome}\nB.\n",
            "Content/t.md": "---\nkind: trivia\ntitle: T\n---\n![](https://cdn.example/t.png)\n\n## Q?\n- [x] a\n- [ ] b\n",
            "Content/s.md": "---\nkind: story\ntitle: S\n---\nA tale.\n\n![map](../outside.png)\n\n## A\nThe end.\n",
            "Content/plain.md": "---\nkind: trivia\ntitle: P\n---\nNo picture.\n\n## Q?\n- [x] a\n- [ ] b\n",
        ])
        let built = site.build()
        #expect(!built.diagnostics.hasErrors, "\(built.diagnostics)")
        func preview(_ path: String) throws -> (card: String?, image: String?) {
            let page = try #require(site.read("public/" + path), "\(path)")
            let card = page.firstMatch(of: /<meta name="twitter:card" content="([^"]*)">/).map { String($0.1) }
            let image = page.firstMatch(of: /<meta property="og:image" content="([^"]*)">/).map { String($0.1) }
            return (card, image)
        }
        #expect(try preview("pop/divas/index.html") == ("summary_large_image", "https://example.org/class/pop/pics/cover%20me.png"))
        #expect(try preview("t/index.html") == ("summary_large_image", "https://cdn.example/t.png"))
        // A picture above the site's top has no URL under the base.
        #expect(try preview("s/index.html") == ("summary", nil))
        #expect(try preview("plain/index.html") == ("summary", nil))
    }

    /// Without a base URL a relative picture has no absolute address to give.
    @Test func withoutABaseURLOnlyAnAbsolutePictureIsGiven() throws {
        let site = TemporarySite(files: [
            "Content/t.md": "---\nkind: trivia\ntitle: T\n---\n![](cover.png)\n\n## Q?\n- [x] a\n- [ ] b\n",
            "Content/u.md": "---\nkind: trivia\ntitle: U\n---\n![](https://cdn.example/u.png)\n\n## Q?\n- [x] a\n- [ ] b\n",
        ])
        _ = site.build()
        #expect(try #require(site.read("public/t/index.html")).contains("og:image") == false)
        #expect(try #require(site.read("public/u/index.html")).contains("<meta property=\"og:image\" content=\"https://cdn.example/u.png\">"))
    }
}
