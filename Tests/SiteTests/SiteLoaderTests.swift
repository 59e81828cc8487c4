import Diagnostics
import Site
import Testing

@Suite struct SiteLoaderTests {
    @Test func readsContentAssetsTemplatesAndSettings() {
        let site = TemporarySite(files: [
            "Content/b.md": quiz, "Content/a/c.md": quiz, "Content/a/cat.png": "png",
            "Content/_draft.md": "x", "Content/.hidden/x.md": "x", "Content/_assets/y.png": "y",
            "Templates/style.css": "body{}", "quizgen.yml": "title: T\n",
        ])
        let loaded = SiteLoader.load(site.location, fileSystem: .disk)
        let problems = loaded.problems
        #expect(problems.isEmpty)
        #expect(loaded.contentFiles.map(\.relativePath) == ["a/c.md", "b.md"])
        #expect(loaded.contentFiles.map(\.displayPath) == ["Content/a/c.md", "Content/b.md"])
        #expect(loaded.contentFiles.map { $0.source?.path } == ["Content/a/c.md", "Content/b.md"])
        #expect(loaded.assets == ["a/cat.png"])
        #expect(loaded.templates["style.css"]?.text == "body{}")
        #expect(loaded.settings?.text == "title: T\n")
    }

    /// A draft is read and checked, but is no published content file (`build` counts those).
    @Test func draftsAreNotPublished() {
        let draft = quiz.replacingOccurrences(of: "---\n", with: "---\ndraft: true\n", options: [], range: quiz.range(of: "---\n"))
        let site = TemporarySite(files: ["Content/a.md": quiz, "Content/b.md": draft])
        let output = site.build()
        #expect(output.published == 1 && output.drafts == 1)
        #expect(TemporarySite(files: ["Content/a.md": quiz, "Content/b.md": draft]).build(BuildOptions(includeDrafts: true)).published == 2)
    }

    @Test func missingContentFolderIsAClearError() {
        let site = TemporarySite()
        let problems = SiteLoader.load(site.location, fileSystem: .disk).problems
        #expect(problems.count == 1)
        #expect(problems[0].message.hasPrefix("no content folder: Content/ does not exist"))
    }

    @Test func invalidUTF8IsLocated() {
        let site = TemporarySite()
        site.writeBytes("Content/bad.md", Array("---\nkind: story\n---\nok\nnot \u{e9}".utf8.dropLast(2)) + [0xE9, 0x21, 0x0A])
        // Files are read as the build reaches them; the problem comes with the build's.
        let problems = Pipeline().collect(SiteLoader.load(site.location, fileSystem: .disk)).diagnostics
        #expect(problems.map { "\($0.file):\($0.line):\($0.column): \($0.message)" } == ["Content/bad.md:5:5: the file is not valid UTF-8"])
        #expect(problems.first?.sourceLine == "not \u{FFFD}!")
    }

    /// Saved as "Unicode" (UTF-16, as Notepad and Excel call it): said so, not only "not UTF-8".
    @Test func aUTF16FileIsToldByItsMark() {
        let site = TemporarySite()
        site.writeBytes("Content/wide.md", [0xFF, 0xFE] + "---\nkind: story\n---\n".utf8.flatMap { [$0, 0] })
        let problems = Pipeline().collect(SiteLoader.load(site.location, fileSystem: .disk)).diagnostics
        #expect(problems.map { "\($0.file):\($0.line):\($0.column): \($0.message)" }
            == ["Content/wide.md:1:1: the file is UTF-16 (little-endian), not UTF-8"])
        site.writeBytes("Content/wide.md", [0xFF, 0xFE, 0, 0] + "---\n".utf8.flatMap { [$0, 0, 0, 0] })
        let wider = Pipeline().collect(SiteLoader.load(site.location, fileSystem: .disk)).diagnostics
        #expect(wider.map(\.message) == ["the file is UTF-32 (little-endian), not UTF-8"])
    }

    /// Without the mark, said so too (by the NULs beside its ASCII), at 1:1 rather than at
    /// its first NUL or its first letter outside ASCII.
    @Test func aUTF16FileWithoutAMarkIsToldByItsNULs() {
        let site = TemporarySite()
        for (text, line) in [("---\nkind: story\n---\n## A\n", "ASCII"), ("---\nkind: story\n---\n## Caf\u{e9}\n", "é")] {
            site.writeBytes("Content/wide.md", text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            let problems = Pipeline().collect(SiteLoader.load(site.location, fileSystem: .disk)).diagnostics
            #expect(problems.map { "\($0.file):\($0.line):\($0.column): \($0.message)" }
                == ["Content/wide.md:1:1: the file is UTF-16 (little-endian) without a byte-order mark, not UTF-8"], "\(line)")
        }
    }

    /// A site's own template, stylesheet or catalog saved as UTF-16 or UTF-32 (or with a
    /// NUL) is an error at the file: taken as it was, its NULs went into every page.
    @Test func aSitesOwnTemplateOrCatalogWithNULsIsAnError() {
        let site = TemporarySite(files: ["Content/s.md": "---\nkind: story\n---\n## P\nEnd.\n"])
        site.writeBytes("Templates/index.mustache", "<p>{{siteTitle}}</p>\n".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        site.writeBytes("i18n/de.yaml", "common.begin: Los\n".unicodeScalars.flatMap { [UInt8($0.value), 0, 0, 0] })
        site.writeBytes("Templates/style.css", Array("body{color:red}\u{0}\n".utf8))
        let problems = site.build().diagnostics
        #expect(problems.map { "\($0.file):\($0.line):\($0.column): \($0.message)" } == [
            "Templates/index.mustache:1:1: the file is UTF-16 (big-endian) without a byte-order mark, not UTF-8",
            "Templates/style.css:1:16: the file contains a NUL byte",
            "i18n/de.yaml:1:1: the file is UTF-32 (little-endian) without a byte-order mark, not UTF-8",
        ])
        #expect(!site.exists("public"))
    }

    @Test func byteOrderMarkAndCRLFAreNormalised() {
        #expect(SiteLoader.decodeText([0xEF, 0xBB, 0xBF] + Array("a\r\nb\rc\n".utf8)) == "a\nb\nc\n")
    }

    @Test func siteFolderOrContentFolderAsSource() {
        let site = TemporarySite(files: ["Content/a.md": quiz])
        let asSite = SiteLocation.resolve(source: site.root.path, fileSystem: .disk)
        #expect(asSite.content == site.root.path + "/Content")
        let asContent = SiteLocation.resolve(source: site.root.path + "/Content/", fileSystem: .disk)
        #expect(asContent.content == site.root.path + "/Content")
        #expect(asContent.root == site.root.path)
        #expect(SiteLocation.resolve(source: nil, fileSystem: .disk).contentDisplay == "Content")
    }
}

@Suite struct EnvironmentTests {
    @Test func aSitesOwnTemplateReplacesTheBuiltInOneFileByFile() throws {
        let site = TemporarySite(files: [
            "Content/tiny.md": quiz,
            "Templates/index.mustache": "<main><h1>My own index</h1>{{#entries}}<p>{{title}}</p>{{/entries}}</main>\n",
            "Templates/style.css": "body{color:#123}",
        ])
        let result = site.build()
        #expect(result.diagnostics.isEmpty)
        let index = site.read("public/index.html") ?? ""
        #expect(index.contains("<h1>My own index</h1><p>Tiny</p>"))
        #expect(site.linkedStylesheet() == "body{color:#123}")
        // The quiz page keeps the built-in template but links the new stylesheet.
        let page = site.read("public/tiny/index.html") ?? ""
        #expect(page.contains("<button type=\"button\" id=\"begin\""))
        let href = try #require(index.firstMatch(of: /<link rel="stylesheet" href="([^"]+)">/)?.1)
        #expect(page.contains("<link rel=\"stylesheet\" href=\"../\(href)\">"))
        #expect(page.contains("style-src 'self' 'sha256-"))
    }

    @Test func anUnreadableFileIsAnErrorNamingIt() {
        var fs = FileSystem.memory(["/site/Content/a.md": Array("---\nkind: story\n---\n## A\n".utf8)]).0
        let read = fs.read
        fs.read = { path throws(FileSystem.Failure) in
            if path.hasSuffix("a.md") { throw FileSystem.Failure(path: path, reason: "Permission denied") }
            return try read(path)
        }
        let location = SiteLocation(root: "/site", content: "/site/Content", contentDisplay: "Content", rootDisplay: "")
        let problems = Pipeline().collect(SiteLoader.load(location, fileSystem: fs)).diagnostics
        #expect(problems.map { "\($0.file): \($0.message)" } == ["Content/a.md: cannot read the file: Permission denied"])
        #expect(problems.hasErrors)
    }
}

@Suite struct LinkEncodingTests {
    /// File names may hold characters that mean something in a URL: every link to the page
    /// they become, and its absolute address, must percent-encode them.
    @Test func pageLinksAreEncodedPerSegment() {
        let story = "---\nkind: story\n---\n## A\n"
        var files: [String: [UInt8]] = ["/site/quizgen.yml": Array("base-url: https://example.org/q/\n".utf8)]
        for name in ["c#sharp", "what?", "50%25", "a:b", "café", "two words"] {
            files["/site/Content/\(name).md"] = Array(story.utf8)
        }
        let location = SiteLocation(root: "/site", content: "/site/Content", contentDisplay: "Content", rootDisplay: "")
        let result = Pipeline().collect(SiteLoader.load(location, fileSystem: FileSystem.memory(files).0))
        #expect(result.diagnostics.isEmpty)
        let index = result.files.first { $0.path == "index.html" }?.text ?? ""
        for href in ["c%23sharp/index.html", "what%3F/index.html", "50%2525/index.html", "a%3Ab/index.html",
                     "caf%C3%A9/index.html", "two%20words/index.html"] {
            #expect(index.contains("href=\"\(href)\""), "\(href)")
        }
        let page = result.files.first { $0.path == "c#sharp/index.html" }?.text ?? ""
        #expect(page.contains("content=\"https://example.org/q/c%23sharp/index.html\""))
    }
}
