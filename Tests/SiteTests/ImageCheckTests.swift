@testable import Analysis
import Foundation
import Site
import Testing

/// A local image that the site does not publish is a warning at the image: the page would
/// show a broken one. URLs, `data:` and the site's own assets are not.
@Suite struct ImageCheckTests {
    @Test func localImagesTheSiteDoesNotHaveAreWarnedAbout() throws {
        let site = TemporarySite(files: [
            "Content/trips/cave.md": """
                ---
                kind: story
                ---
                A ![map](map.png) of it, ![old](../old.png) and ![far](../../far.png).
                ## One
                In ![bat](pics/bat.png), ![gone](pics/gone.png) and ![x](https://example.org/x.png).
                ![d](data:image/png;base64,AA) ![s](%5Fdraft.png) ![e](pics/bat.png?v=2#top) ![sp](my%20cat.png)
                ![r](/img/root.png) ![c](//cdn.example.org/c.png)
                """,
            "Content/trips/map.png": "", "Content/trips/pics/bat.png": "", "Content/old.png": "",
            "Content/trips/_draft.png": "", "Content/trips/my cat.png": "",
        ])
        let loaded = SiteLoader.load(site.location, fileSystem: .disk)
        let output = Pipeline(options: BuildOptions(render: false)).collect(loaded)
        #expect(located(output.diagnostics) == [
            "Content/trips/cave.md:4:49: warning: image '../../far.png' is outside the Content folder, which is all the site publishes",
            "Content/trips/cave.md:6:26: warning: image 'pics/gone.png' is not in the site: there is no Content/trips/pics/gone.png",
            "Content/trips/cave.md:7:32: warning: image '%5Fdraft.png' is not published: names that start with _ or . (_draft.png) are skipped",
            "Content/trips/cave.md:8:1: warning: image '/img/root.png' starts with '/', so it breaks when the site is opened from disk or served below a path",
        ])
    }

    /// A picture named in other letters than its file's (`lighthouse.png` for
    /// `Lighthouse.PNG`), the likeliest broken picture on a host that tells them apart, or
    /// with a slip in its name or folder, is told the file meant, as a link is: in `check`,
    /// `build` and `serve` alike.
    @Test func aPictureWithAnotherLetterCaseOrASlipIsToldTheFileMeant() {
        let site = TemporarySite(files: [
            "Content/lit/tale.md": """
                ---
                kind: story
                ---
                ## A
                ![The lighthouse](lighthouse.png) ![keeper](pics/keepr.jpg) ![gull](Pic/gull.png) ![boat](Boat.png)
                ![gone](pics/gone.png)
                """,
            "Content/lit/Lighthouse.PNG": "", "Content/lit/pics/keeper.jpg": "", "Content/lit/pic/gull.png": "",
            "Content/lit/pics/bat.png": "", "Content/boat.png": "",
        ])
        #expect(site.checkedAlike().map { "\($0.line):\($0.column): \($0.message) | \($0.hint ?? "")" } == [
            "5:1: image 'lighthouse.png' is not in the site: there is no Content/lit/lighthouse.png | did you mean 'Lighthouse.PNG'? "
                + "Letter case counts on a web host, even where your computer ignores it",
            "5:35: image 'pics/keepr.jpg' is not in the site: there is no Content/lit/pics/keepr.jpg | did you mean 'pics/keeper.jpg'?",
            "5:61: image 'Pic/gull.png' is not in the site: there is no Content/lit/Pic/gull.png | did you mean 'pic/gull.png'? "
                + "Letter case counts on a web host, even where your computer ignores it",
            "5:83: image 'Boat.png' is not in the site: there is no Content/lit/Boat.png | did you mean '../boat.png'?",
            "6:1: image 'pics/gone.png' is not in the site: there is no Content/lit/pics/gone.png | put the image in Content/ "
                + "(beside the Markdown file, for a plain name), or correct the path",
        ])
    }

    /// A Markdown file is a page, not a picture; a path written with Windows' '\\' is told
    /// how the web writes it.
    @Test func markdownFilesAndBackslashesAreToldWhatTheyAre() throws {
        let site = TemporarySite(files: [
            "Content/s.md": "---\nkind: story\n---\n## A\n![x](other.md) ![y](pics\\cat.png)\n",
            "Content/other.md": "---\nkind: story\n---\n## B\nx\n", "Content/pics/cat.png": "",
        ])
        let output = Pipeline(options: BuildOptions(render: false)).collect(SiteLoader.load(site.location, fileSystem: .disk))
        #expect(located(output.diagnostics) == [
            "Content/s.md:5:1: warning: image 'other.md' names a Markdown file, which the site publishes as a page, not as a picture",
            "Content/s.md:5:16: warning: image 'pics\\cat.png' is not in the site: there is no Content/pics\\cat.png",
        ])
        #expect(output.diagnostics.last?.hint == "paths are written with '/', not '\\': ![](pics/cat.png)")
    }

    /// A source is left alone only for a scheme a browser reads as one: an address typed in
    /// full-width letters, or `1x:`, is a path beside the page, which shows it broken.
    @Test func onlyABrowsersSchemeIsLeftAlone() {
        let site = TemporarySite(files: [
            "Content/s.md": "---\nkind: story\n---\n## A\n![w](ｈｔｔｐｓ://example.org/cat.png) ![n](1x:cat.png) ![c](C:cat.png)\n",
        ])
        let output = Pipeline(options: BuildOptions(render: false)).collect(SiteLoader.load(site.location, fileSystem: .disk))
        #expect(located(output.diagnostics) == [
            "Content/s.md:5:1: warning: 'ｈ', 'ｔ', 'ｐ', … are full-width characters, so this image is looked for in the site, as a file 'ｈｔｔｐｓ://example.org/cat.png', not at another site",
            "Content/s.md:5:35: warning: image '1x:cat.png' is not in the site: there is no Content/1x:cat.png",
        ])
        #expect(output.diagnostics.first?.hint == "write 'https://example.org/cat.png'")
    }

    @Test func onlyLocalFilesAreAssets() {
        #expect(ImageCheck.assetPath("a/./b/../c.png", folder: "x/y") == .some("x/y/a/c.png"))
        #expect(ImageCheck.assetPath("../../c.png", folder: "x") == .some(nil))
        for source in ["https://x.org/a.png", "data:image/png;base64,AA", "/abs.png", "#frag", "//cdn.org/a.png", ""] {
            #expect(ImageCheck.assetPath(source, folder: "x") == nil, "\(source)")
        }
    }
}
