import Foundation
import Testing
import TestSupport

/// The site's own folders as links a pull request can ship: the content folder and the
/// default output must lead inside the site folder, and no asset link may publish a
/// Markdown file's text (a draft's among them). Run as the command, as CI would.
@Suite struct LinkedSiteFoldersTests {
    let fm = FileManager.default

    func site(_ files: [String: String]) throws -> URL {
        let folder = Repository.temporaryFolder()
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    let story = "---\nkind: story\ntitle: S\n---\n## A\nThe end.\n"

    @Test func aContentFolderThatLeadsOutOfTheSiteIsNotRead() throws {
        let outside = try site(["secret.txt": "SECRET\n", "page.md": story])
        let root = try site(["quizgen.yml": "title: T\n"])
        try fm.createSymbolicLink(atPath: root.path + "/Content", withDestinationPath: outside.path)
        for command in ["build", "check"] {
            let result = try ProcessResult.run(Repository.binary, [command], in: root)
            #expect(result.status == 1, "\(command)")
            #expect(result.stderr.contains("Content: error: Content is a link to \(outside.path), outside the site folder: nothing in it is read or published"),
                    "\(command): \(result.stderr)")
        }
        #expect(!fm.fileExists(atPath: root.path + "/public"))
        // --source naming the link does not get round it: the site is the folder above.
        let named = try ProcessResult.run(Repository.binary, ["build", "--source", "Content"], in: root)
        #expect(named.status == 1 && named.stderr.contains("outside the site folder"), "\(named.stderr)")
        // A link that stays inside the site folder is followed.
        let inside = try site(["src/page.md": story])
        try fm.createSymbolicLink(atPath: inside.path + "/Content", withDestinationPath: "src")
        let built = try ProcessResult.run(Repository.binary, ["build", "--no-maps"], in: inside)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(fm.fileExists(atPath: inside.path + "/public/page/index.html"))
    }

    @Test func aDefaultOutputThatLeadsOutOfTheSiteIsNotWrittenThrough() throws {
        let other = try site(["Content/mine.md": story])
        #expect(try ProcessResult.run(Repository.binary, ["build", "--no-maps"], in: other).status == 0)
        let before = try fm.contentsOfDirectory(atPath: other.path + "/public").sorted()
        let root = try site(["Content/pwned.md": story])
        try fm.createSymbolicLink(atPath: root.path + "/public", withDestinationPath: other.path + "/public")
        let result = try ProcessResult.run(Repository.binary, ["build", "--no-maps"], in: root)
        #expect(result.status == 1)
        #expect(result.stderr.contains("public: error: public is a link to \(other.path)/public, outside the site folder: the site is not written through it"),
                "\(result.stderr)")
        #expect(try fm.contentsOfDirectory(atPath: other.path + "/public").sorted() == before)
        // Named with --output, the folder is the builder's own choice and is written.
        let chosen = try ProcessResult.run(Repository.binary, ["build", "--no-maps", "--output", "public"], in: root)
        #expect(chosen.status == 0, "\(chosen.stderr)")
        #expect(fm.fileExists(atPath: other.path + "/public/pwned/index.html"))
    }

    @Test func anOutputWrittenWithDotDotIsTheFolderItNames() throws {
        let root = try site(["Content/page.md": story])
        for output in ["public/..", "public/x/../.."] {
            let result = try ProcessResult.run(Repository.binary, ["build", "--no-maps", "--output", output], in: root)
            #expect(result.status == 1, "\(output)")
            #expect(result.stderr.contains("holds the site itself"), "\(output): \(result.stderr)")
        }
        #expect(!fm.fileExists(atPath: root.path + "/public"))
    }

    @Test func aLinkThatWouldPublishAMarkdownFilesTextIsRefused() throws {
        let root = try site([
            "Content/page.md": story,
            "Content/draft.md": "---\nkind: story\ndraft: true\n---\n## A\nDRAFT SECRET\n",
        ])
        try fm.createSymbolicLink(atPath: root.path + "/Content/notes.txt", withDestinationPath: "draft.md")
        let result = try ProcessResult.run(Repository.binary, ["build", "--no-maps"], in: root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Content/notes.txt: warning: Content/notes.txt is a link to a Markdown file, draft.md: it is not published"),
                "\(result.stderr)")
        #expect(!fm.fileExists(atPath: root.path + "/public/notes.txt"))
    }
}
