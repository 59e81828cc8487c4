import Diagnostics
import Site
import Testing

/// HTML, XML and SVG files in `Content/` run their script at the site's address when
/// opened: published only when the site trusts its authors' HTML, or (an SVG) when they
/// hold nothing active. The same in `build`, `check` and `serve`.
@Suite struct ScriptableAssetTests {
    static let story = "---\nkind: story\ntitle: S\n---\n[free prize](evil.html) ![pic](pic.svg)\n\n## A\nend\n"
    static let evilSVG = "<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <script>alert(1)</script>\n</svg>\n"
    static let cleanSVG = """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">
          <defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>
          <rect width="10" height="10" fill="url(#g)"/><use xlink:href="#g"/>
          <a href="https://example.org/"><text x="1" y="5">Hello</text></a>
        </svg>

        """

    @Test func kindsAreTakenFromTheName() {
        #expect(ScriptableAssets.kind(of: "a/b.HTML") == .document(ext: "html", last: true))
        #expect(ScriptableAssets.kind(of: "feed.rss") == .document(ext: "rss", last: true))
        #expect(ScriptableAssets.kind(of: "x.xhtml") == .document(ext: "xhtml", last: true))
        #expect(ScriptableAssets.kind(of: "page.html.gz") == .document(ext: "html", last: false))
        #expect(ScriptableAssets.kind(of: "pic.svg") == .svg)
        #expect(ScriptableAssets.kind(of: "pic.SVGZ") == .compressedSVG)
        #expect(ScriptableAssets.kind(of: "pic.svg.gz") == .document(ext: "svg", last: false))
        #expect(ScriptableAssets.kind(of: "photo.png") == nil)
        #expect(ScriptableAssets.kind(of: "bank.csv") == nil)
        #expect(ScriptableAssets.kind(of: "README") == nil)
        // Only common extensions count before another: `x.fo.png` is a picture everywhere.
        #expect(ScriptableAssets.kind(of: "notes.fo.png") == nil)
        #expect(ScriptableAssets.kind(of: "html/photo.png") == nil)
    }

    @Test func buildRefusesThemWithoutRawHTML() throws {
        let site = TemporarySite(files: [
            "Content/s.md": Self.story, "Content/evil.html": "<script>alert(1)</script>\n",
            "Content/pic.svg": Self.evilSVG, "Content/sub/feed.xml": "<x/>", "Content/p.svgz": "x",
        ])
        let built = site.build()
        let errors = built.diagnostics.filter(\.isError)
        #expect(errors.map(\.file) == ["Content/evil.html", "Content/p.svgz", "Content/pic.svg", "Content/sub/feed.xml"])
        let html = try #require(errors.first)
        #expect(html.line == 1 && html.column == 1)
        #expect(html.message.hasPrefix("this file would publish script on the site's address: a browser opens a .html file"))
        #expect(html.hint == "remove it, or rename it .txt to publish its text; if you trust whoever writes the content "
            + "(as for their HTML in Markdown), set raw-html: true in quizgen.yml")
        #expect(errors[2] == Diagnostic.error(
            "this SVG would publish script on the site's address: a <script> element, which a browser runs when the picture "
                + "is opened on its own",
            file: "Content/pic.svg", line: 2, column: 3,
            hint: "take it out of the picture (a picture needs none of it); if you trust whoever writes the content "
                + "(as for their HTML in Markdown), set raw-html: true in quizgen.yml",
            sourceLine: "  <script>alert(1)</script>"))
        #expect(!site.exists("public"))
        // `check` says so too.
        let checked = Pipeline(options: BuildOptions(render: false, graphviz: .none))
            .collect(SiteLoader.load(site.location, fileSystem: .disk))
        #expect(checked.diagnostics.filter(\.isError).map(\.file) == errors.map(\.file))
    }

    @Test func aSiteThatTrustsItsAuthorsPublishesThem() {
        let site = TemporarySite(files: [
            "quizgen.yml": "raw-html: true\n", "Content/s.md": Self.story,
            "Content/evil.html": "<script>alert(1)</script>\n", "Content/pic.svg": Self.evilSVG,
        ])
        #expect(!site.build().diagnostics.hasErrors)
        #expect(site.read("public/evil.html") == "<script>alert(1)</script>\n")
        #expect(site.read("public/pic.svg") == Self.evilSVG)
    }

    @Test func aPictureWithNothingActiveIsPublished() {
        let site = TemporarySite(files: ["Content/s.md": Self.story.replacingOccurrences(of: "[free prize](evil.html) ", with: ""),
                                         "Content/pic.svg": Self.cleanSVG])
        #expect(site.build().diagnostics.isEmpty)
        #expect(site.read("public/pic.svg") == Self.cleanSVG)
    }

    @Test func anSVGOverTheTextLimitIsNotRead() throws {
        let site = TemporarySite(files: ["Content/s.md": "---\nkind: story\n---\n## A\nend\n"])
        site.writeBytes("Content/big.svg", Array("<svg>".utf8) + [UInt8](repeating: 0x20, count: SiteLoader.maximumTextSize) + Array("</svg>".utf8))
        let error = try #require(site.build().diagnostics.first { $0.isError })
        #expect(error.file == "Content/big.svg")
        #expect(error.message == "this SVG is 10,000,011 bytes, too large to be checked for script (at most 10 MB, as any text file)")
    }

    /// `serve` reports them and serves none of them, and serves a picture once it is clean.
    @Test func serveHoldsThemBack() {
        let site = TemporarySite(files: [
            "Content/s.md": Self.story, "Content/evil.html": "<script>alert(1)</script>\n", "Content/pic.svg": Self.evilSVG,
            "Content/404.html": "<script>alert(1)</script>\n",
        ])
        var live = LiveSite(location: site.location, options: BuildOptions(graphviz: .none))
        _ = live.update(SiteLoader.load(site.location, fileSystem: .disk), changed: .all)
        #expect(live.diagnostics.filter(\.isError).map(\.file) == ["Content/404.html", "Content/evil.html", "Content/pic.svg"])
        #expect(!live.hasAsset("evil.html") && !live.hasAsset("pic.svg"))
        #expect(live.assetFile("pic.svg", fileSystem: .disk) == nil)
        // quizgen's own page stands in for the author's refused one.
        #expect(live.hasFile("404.html"))
        site.write("Content/pic.svg", Self.cleanSVG)
        _ = live.update(SiteLoader.load(site.location, fileSystem: .disk), changed: .init(content: ["pic.svg"]))
        #expect(live.hasAsset("pic.svg") && live.assetFile("pic.svg", fileSystem: .disk) != nil)
        #expect(live.diagnostics.filter(\.isError).map(\.file) == ["Content/404.html", "Content/evil.html"])
        site.write("quizgen.yml", "raw-html: true\n")
        _ = live.update(SiteLoader.load(site.location, fileSystem: .disk), changed: .init(settings: true))
        #expect(!live.diagnostics.hasErrors && live.hasAsset("evil.html") && !live.hasFile("404.html"))
    }
}
