@testable import Analysis
import Testing

/// The one reading of a local link or image that both checks use: as the pages' resolver
/// writes it, and as a browser then looks for it.
@Suite struct LocalPathTests {
    @Test func pathsAreWalkedFromTheMarkdownFilesFolder() {
        #expect(LocalPath.resolve("a/./b/../c.png?v=2#top", folder: "q/r") == .inside("q/r/a/c.png", isFolder: false))
        #expect(LocalPath.resolve("a//b.png", folder: "") == .inside("a/b.png", isFolder: false))
        #expect(LocalPath.resolve("my%20cat.png", folder: "x") == .inside("x/my cat.png", isFolder: false))
        #expect(LocalPath.resolve("../quiz2.md", folder: "x/y") == .inside("x/quiz2.md", isFolder: false))
        #expect(LocalPath.resolve("../../a.png", folder: "x") == .outside)
        #expect(LocalPath.resolve("a/../../b.png", folder: "") == .outside)
        // A folder: written ending in '/', '.' or '..'.
        #expect(LocalPath.resolve("../quiz2/", folder: "x") == .inside("quiz2", isFolder: true))
        #expect(LocalPath.resolve("..", folder: "x") == .inside("", isFolder: true))
        #expect(LocalPath.resolve("./", folder: "x") == .inside("x", isFolder: true))
        #expect(LocalPath.resolve("a/.", folder: "") == .inside("a", isFolder: true))
        #expect(LocalPath.resolve("a%2F", folder: "") == .inside("a", isFolder: true))
    }

    @Test func whatNamesNoLocalFileIsLeftAlone() {
        for url in ["", "/root.png", "//cdn.example.org/a.png", "#frag", "?q=1", "https://x.org/a.png", "mailto:a@b.org",
                    "data:image/png;base64,AA", "HTTPS://X.ORG", "a+b-c.d:x", "C:foo.png", "C:\\pics\\cat.png"] {
            #expect(LocalPath.resolve(url, folder: "x") == nil, "\(url)")
        }
    }

    /// What comes before a colon is a scheme only as a browser reads one: an ASCII letter,
    /// then letters, digits, '+', '-' or '.'. Anything else is a relative path, which the
    /// page writes as one (`1x:cat.png`, an address typed with full-width letters), and so
    /// it is checked.
    @Test func onlyABrowsersSchemeIsAScheme() {
        #expect(LocalPath.resolve("ｈｔｔｐｓ://example.org/cat.png", folder: "") == .inside("ｈｔｔｐｓ:/example.org/cat.png", isFolder: false))
        #expect(LocalPath.resolve("https：//example.org/cat.png", folder: "") == .inside("https：/example.org/cat.png", isFolder: false))
        #expect(LocalPath.resolve("1x:cat.png", folder: "") == .inside("1x:cat.png", isFolder: false))
        #expect(LocalPath.resolve("a b:cat.png", folder: "") == .inside("a b:cat.png", isFolder: false))
        #expect(LocalPath.resolve("pics/a:b.png", folder: "") == .inside("pics/a:b.png", isFolder: false))
        #expect(LocalPath.resolve(":cat.png", folder: "") == .inside(":cat.png", isFolder: false))
    }

    /// The link check and the image check read every URL alike: what one leaves alone the
    /// other does, and they lead to the same path.
    @Test func bothChecksReadAURLAlike() {
        let urls = ["cat.png", "../a/b.md", "x/", "..", "../../far.png", "https://x.org", "ｈｔｔｐｓ://x.org", "1x:y", "C:y.png", "#f", "/r"]
        for url in urls {
            let link = LinkCheck.target(of: url, folder: "q")
            let image = ImageCheck.assetPath(url, folder: "q")
            #expect((link == nil) == (image == nil), "\(url)")
            switch link {
            case .outside?: #expect(image == .some(nil), "\(url)")
            case .file(let path)?, .folder(let path)?: #expect(image == .some(path), "\(url)")
            case .page(let page)?: #expect(image == .some(page + ".md"), "\(url)")
            case nil: break
            }
        }
    }

    @Test func addressesTypedInFullWidthAreKnown() {
        #expect(LocalPath.fullWidthAddress("ｈｔｔｐｓ://example.org")?.meant == "https://example.org")
        #expect(LocalPath.fullWidthAddress("ｍａｉｌｔｏ：a@b.org")?.named == "'ｍ', 'ａ', 'ｉ', … are full-width characters")
        #expect(LocalPath.fullWidthAddress("HTTPS：//x.org")?.named == "'：' is a full-width character")
        // A file name, a scheme written in ASCII, or no full-width character at all.
        for url in ["ｃａｔ：ｂｉｇ.png", "https://ｅｘａｍｐｌｅ.org", "x.png", "1x:y", "ｈｔｔｐｓ"] {
            #expect(LocalPath.fullWidthAddress(url) == nil, "\(url)")
        }
    }

    /// The path meant by one that names nothing: letter case first (a web host tells them
    /// apart), even over a longer name that starts with it; then a typo of its name beside
    /// it, judged by the name alone; then the same name in another folder.
    @Test func theNearestPathIsLetterCaseFirstThenANameBesideIt() {
        #expect(LocalPath.nearest("lit/map.png", in: ["lit/MAP.png.bak", "lit/Map.PNG", "lit/mAp.png"]) == "lit/Map.PNG")
        #expect(LocalPath.nearest("pics/cat.png", in: ["Pics/cat.png", "pics/cats.png"]) == "Pics/cat.png")
        #expect(LocalPath.nearest("lit/lighthose.png", in: ["lit/lighthouse.png", "lighthose.png"]) == "lit/lighthouse.png")
        #expect(LocalPath.nearest("cat.png", in: ["cats.png"]) == "cats.png")
        // A long folder does not make another name close.
        #expect(LocalPath.nearest("trips/pics/gone.png", in: ["trips/pics/bat.png", "trips/map.png", "trips/pic/gull.png"]) == nil)
        #expect(LocalPath.nearest("quizes/notes.pdf", in: ["a/notes.pdf", "quizzes/notes.pdf", "quizes/nothing.pdf"]) == "quizzes/notes.pdf")
        #expect(LocalPath.nearest("lit/Boat.png", in: ["boat.png"]) == "boat.png")
        #expect(LocalPath.nearest("x.png", in: []) == nil)
    }

    @Test func aHintSaysWhyLetterCaseMatters() {
        #expect(LocalPath.didYouMean("lit/Lighthouse.PNG", for: "lit/lighthouse.png", from: "lit")
            == "did you mean 'Lighthouse.PNG'? Letter case counts on a web host, even where your computer ignores it")
        #expect(LocalPath.didYouMean("lit/lighthouse.png", for: "lit/lighthose.png", from: "lit") == "did you mean 'lighthouse.png'?")
        #expect(LocalPath.didYouMean("a/Week1", for: "a/week1", from: "b", suffix: ".md")
            == "did you mean '../a/Week1.md'? Letter case counts on a web host, even where your computer ignores it")
    }
}
