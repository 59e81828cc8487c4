import Foundation
import Testing
import TestSupport

/// `quizgen templates export` gives a user with only the binary the files to start
/// overriding from: written out unchanged they build the same site, and edited they change it.
@Suite struct TemplatesCommandTests {
    func quizgen(_ arguments: String..., in folder: URL? = nil) throws -> ProcessResult {
        try ProcessResult.run(Repository.binary, arguments, in: folder)
    }

    func site(_ files: [String: String]) throws -> URL {
        let folder = Repository.temporaryFolder()
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    func tree(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if let data = FileManager.default.contents(atPath: url.path), !url.hasDirectoryPath {
                files[String(url.path.dropFirst(folder.path.count))] = data
            }
        }
        return files
    }

    static let story = "---\nkind: story\nlang: ja\ntitle: 道\n---\n## 始め\n- [次へ](#b)\n## 終わり {#b}\n終わり。\n"

    @Test func exportedFilesBuildTheSameSiteAndEditsReachThePages() throws {
        let plain = try site(["Content/walk.md": Self.story])
        let exported = try site(["Content/walk.md": Self.story])
        defer { try? FileManager.default.removeItem(at: plain); try? FileManager.default.removeItem(at: exported) }
        let export = try quizgen("templates", "export", exported.path)
        #expect(export.status == 0, "\(export.stderr)")
        let list = try quizgen("templates", "list").stdout.split(separator: "\n").map(String.init)
        #expect(list.contains("Templates/trivia.js") && list.contains("i18n/ja.yaml") && list.count > 20)
        for path in list { #expect(FileManager.default.fileExists(atPath: exported.appendingPathComponent(path).path), "\(path)") }

        #expect(try quizgen("build", in: plain).status == 0)
        #expect(try quizgen("build", in: exported).status == 0)
        #expect(tree(plain.appendingPathComponent("public")) == tree(exported.appendingPathComponent("public")))

        // An edit of the exported Japanese catalog reaches the story's ending page.
        let ja = exported.appendingPathComponent("i18n/ja.yaml")
        let text = try String(contentsOf: ja, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("story.the_end:") })
        try text.replacingOccurrences(of: String(line), with: "story.the_end: おしまい")
            .write(to: ja, atomically: true, encoding: .utf8)
        let rebuilt = try quizgen("build", in: exported)
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        let ending = try String(contentsOf: exported.appendingPathComponent("public/walk/b.html"), encoding: .utf8)
        #expect(ending.contains("おしまい"))
    }

    @Test func nothingIsOverwrittenWithoutForce() throws {
        let folder = try site(["Templates/style.css": "/* mine */\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let refused = try quizgen("templates", "export", folder.path)
        #expect(refused.status == 1 && refused.stderr.contains("Templates/style.css") && refused.stderr.contains("--force"))
        #expect(try String(contentsOf: folder.appendingPathComponent("Templates/style.css"), encoding: .utf8) == "/* mine */\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("i18n").path))

        let one = try quizgen("templates", "export", folder.path, "i18n/de.yaml")
        #expect(one.status == 0 && FileManager.default.fileExists(atPath: folder.appendingPathComponent("i18n/de.yaml").path))
        let forced = try quizgen("templates", "export", "--force", folder.path, "Templates/style.css")
        #expect(forced.status == 0)
        #expect(try String(contentsOf: folder.appendingPathComponent("Templates/style.css"), encoding: .utf8) != "/* mine */\n")

        let unknown = try quizgen("templates", "export", folder.path, "Templates/nope.css")
        #expect(unknown.status == 64 && unknown.stderr.contains("templates list"))
    }

    @Test func aFirstArgumentThatNamesAFileIsAFileForTheCurrentSite() throws {
        let folder = try site(["Content/walk.md": Self.story])
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = try quizgen("templates", "export", "Templates/style.css", in: folder)
        #expect(one.status == 0, "\(one.stderr)")
        #expect(!one.stderr.contains("Templates/style.css/"), "\(one.stderr)")
        let bare = try quizgen("templates", "export", "layout.mustache", "ja.yaml", in: folder)
        #expect(bare.status == 0, "\(bare.stderr)")
        #expect(tree(folder).keys.sorted() == [
            "/Content/walk.md", "/Templates/layout.mustache", "/Templates/style.css", "/i18n/ja.yaml",
        ])
        let typo = try quizgen("templates", "export", "Templates/style.cs", in: folder)
        #expect(typo.status == 64 && typo.stderr.contains("'Templates/style.cs' is not a built-in file"), "\(typo.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Templates/style.cs").path))
    }

    @Test func fromInsideTheContentTheSiteFolderIsWrittenAndTheContentNever() throws {
        let folder = try site(["Content/walk.md": Self.story])
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = folder.appendingPathComponent("Content")
        let found = try quizgen("templates", "export", "style.css", in: content)
        #expect(found.status == 0 && found.stderr.contains("Using the site in ../"), "\(found.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Templates/style.css").path))

        for named in [".", "../Content", content.path] {
            let refused = try quizgen("templates", "export", named, "i18n/de.yaml", in: content)
            #expect(refused.status == 1 && refused.stderr.contains("inside the content folder"), "\(named): \(refused.stderr)")
        }
        #expect(tree(content).keys.sorted() == ["/walk.md"])
    }

    /// `build --source posts` publishes a content folder of any name, so one is known by
    /// what it holds: a Markdown file whose front matter names a kind.
    @Test func aContentFolderOfAnotherNameIsRefusedToo() throws {
        let folder = try site(["posts/walk.md": Self.story, "posts/pics/x.txt": "x", "README.md": "# My site\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let posts = folder.appendingPathComponent("posts")
        for named in [posts.path, posts.appendingPathComponent("pics").path, posts.appendingPathComponent("new").path] {
            let refused = try quizgen("templates", "export", named, "i18n/de.yaml", in: folder)
            #expect(refused.status == 1 && refused.stderr.contains("inside the content folder \(posts.path)"), "\(named): \(refused.stderr)")
        }
        #expect(tree(posts).keys.sorted() == ["/pics/x.txt", "/walk.md"])
        // The site folder beside it, whose README has no front matter, is where they belong.
        let written = try quizgen("templates", "export", folder.path, "i18n/de.yaml", in: folder)
        #expect(written.status == 0, "\(written.stderr)")
        // A site folder (one holding Content/) below a folder of stray stories is its own.
        let nested = folder.appendingPathComponent("posts/archive/site")
        try FileManager.default.createDirectory(at: nested.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try Self.story.write(to: nested.appendingPathComponent("Content/s.md"), atomically: true, encoding: .utf8)
        let inside = try quizgen("templates", "export", "i18n/fr.yaml", in: nested)
        #expect(inside.status == 0, "\(inside.stderr)")
        #expect(FileManager.default.fileExists(atPath: nested.appendingPathComponent("i18n/fr.yaml").path))
    }
}
