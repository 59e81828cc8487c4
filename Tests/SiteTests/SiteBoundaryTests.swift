import Diagnostics
import Foundation
import Render
import Site
import Testing

/// Sites are built in CI from pull requests: nothing a link leads to outside the site may be
/// read, published or quoted in a message; links that stay inside the site work.
@Suite struct SiteBoundaryTests {
    let story = "---\nkind: story\n---\n## P\nend\n"
    let secret = "root:x:0:0:SECRET-LINE:/root:/bin/bash\n"

    /// A folder outside the site with a secret in it, removed with the test.
    final class Outside {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("quizgen-outside-\(UUID().uuidString)")
        init(_ text: String) {
            try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try? text.write(to: root.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
            try? "question,choices,answer\n\(text)".write(
                to: root.appendingPathComponent("bank.csv"), atomically: true, encoding: .utf8)
        }
        var secret: String { root.path + "/secret.txt" }
        deinit { try? FileManager.default.removeItem(at: root) }
    }

    func link(_ site: TemporarySite, _ path: String, to target: String) throws {
        let url = site.root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }

    /// Every byte of the output and every message, to search for the secret.
    func everything(_ site: TemporarySite, _ output: BuildOutput) -> String {
        site.tree().values.map { String(decoding: $0, as: UTF8.self) }.joined()
            + DiagnosticPrinter().format(output.diagnostics)
    }

    @Test func fileLinksOutOfTheSiteAreRefusedWithAWarningAndNotPublished() throws {
        let outside = Outside(secret)
        let site = TemporarySite(files: ["Content/s.md": story])
        try link(site, "Content/env.txt", to: "/proc/self/environ")
        try link(site, "Content/notes.txt", to: outside.secret)
        try link(site, "Templates/style.css", to: outside.secret)
        try link(site, "Templates/story.mustache", to: outside.secret)
        let output = site.build()
        #expect(output.diagnostics.map { "\($0.severity) \($0.file): \($0.message)" } == [
            "warning Content/env.txt: Content/env.txt is a link to /proc/self/environ, outside the content folder Content/: it is not read or published",
            "warning Content/notes.txt: Content/notes.txt is a link to \(outside.secret), outside the content folder Content/: it is not read or published",
            "warning Templates/story.mustache: Templates/story.mustache is a link to \(outside.secret), outside the site: it is not read or published",
            "warning Templates/style.css: Templates/style.css is a link to \(outside.secret), outside the site: it is not read or published",
        ])
        #expect(site.exists("public/s/index.html"))
        #expect(!site.exists("public/env.txt") && !site.exists("public/notes.txt"))
        #expect(!everything(site, output).contains("SECRET-LINE"))
        // The built-in stylesheet stands in for the refused one.
        #expect(site.linkedStylesheet() == TemplateSet.builtIn["style.css"])
    }

    @Test func folderLinksOutOfTheSiteAndBanksThroughThemAreRefused() throws {
        let outside = Outside(secret)
        let quiz = "---\nkind: trivia\ntitle: Banked\nbank: ext/bank.csv\n---\n## In Markdown?\n- [x] Yes\n- [ ] No\n"
        let site = TemporarySite(files: ["Content/quiz.md": quiz])
        try link(site, "Content/ext", to: outside.root.path)
        let output = site.build()
        let messages = output.diagnostics.map { "\($0.severity) \($0.file):\($0.line): \($0.message)" }
        #expect(messages == [
            "warning Content/ext:0: Content/ext is a link to \(outside.root.path), outside the content folder Content/: it is not read or published",
            "error Content/quiz.md:4: the bank file 'ext/bank.csv' is a link to \(outside.root.path)/bank.csv, outside the content folder or hidden: it is not read",
        ])
        #expect(output.diagnostics.first?.hint == "copy the folder into the content folder Content/; links may only point to folders inside it")
        #expect(!everything(site, output).contains("SECRET-LINE"))
        #expect(!site.exists("public"))
    }

    @Test func aBankThatIsALinkOutOfTheSiteIsNotQuotedInTheError() throws {
        let quiz = "---\nkind: trivia\ntitle: Banked\nbank: bank.csv\n---\n## In Markdown?\n- [x] Yes\n- [ ] No\n"
        let site = TemporarySite(files: ["Content/quiz.md": quiz])
        try link(site, "Content/bank.csv", to: "/etc/passwd")
        let output = site.build()
        #expect(output.diagnostics.hasErrors)
        #expect(!DiagnosticPrinter().format(output.diagnostics).contains("root:x:0"))
        #expect(output.diagnostics.contains { $0.message.contains("is a link to /etc/passwd, outside the content folder Content/") })
    }

    /// A site folder often holds `.env` or `.git`: the walk never reads hidden names, and a
    /// link in Content/ to one (or into one) is refused, as a link out of the content folder
    /// is (a hidden name inside the content folder is said to be hidden).
    @Test func linksToHiddenFilesInsideTheSiteAreRefused() throws {
        let quiz = "---\nkind: trivia\ntitle: Banked\nbank: bank.csv\n---\n## In Markdown?\n- [x] Yes\n- [ ] No\n"
        let site = TemporarySite(files: [
            "Content/s.md": story, "Content/quiz.md": quiz, ".env": secret, ".git/config": secret,
            "notes/.hidden/bank.csv": "question,choices,answer\n\(secret)", "notes/seen.txt": "seen",
            "Content/.private/key.txt": secret,
        ])
        try link(site, "Content/key.txt", to: ".private/key.txt")
        try link(site, "Content/leak.txt", to: "../.env")
        try link(site, "Content/leak2.txt", to: "../.git/config")
        try link(site, "Content/gitdir", to: "../.git")
        try link(site, "Content/bank.csv", to: "../notes/.hidden/bank.csv")
        try link(site, "Content/seen.txt", to: "../notes/seen.txt")
        let output = site.build()
        // Outside the content folder, they are refused as any link out of it is.
        let outside = "outside the content folder Content/: it is not read or published"
        #expect(output.diagnostics.map { "\($0.severity) \($0.file): \($0.message)" } == [
            "warning Content/bank.csv: Content/bank.csv is a link to ../notes/.hidden/bank.csv, \(outside)",
            "warning Content/gitdir: Content/gitdir is a link to ../.git, \(outside)",
            "warning Content/key.txt: Content/key.txt is a link to .private/key.txt, a hidden file or folder: it is not read or published",
            "warning Content/leak.txt: Content/leak.txt is a link to ../.env, \(outside)",
            "warning Content/leak2.txt: Content/leak2.txt is a link to ../.git/config, \(outside)",
            "error Content/quiz.md: the bank file 'bank.csv' is a link to \(site.root.path)/notes/.hidden/bank.csv, outside the content folder or hidden: it is not read",
            "warning Content/seen.txt: Content/seen.txt is a link to ../notes/seen.txt, \(outside)",
        ])
        #expect(!everything(site, output).contains("SECRET-LINE"))
        #expect(!site.exists("public"))
    }

    /// Links inside the content folder work, and a folder reached twice is read once; a link
    /// from it to elsewhere in the site folder is refused: `Content/up -> ..` would publish
    /// quizgen.yml, Templates/ and any private folder beside Content/. The site's own files
    /// (a template here) may still link anywhere in the site folder, which is not published.
    @Test func linksInsideTheContentFolderWorkAndLoopsEndOnce() throws {
        let site = TemporarySite(files: [
            "Content/s.md": story, "Content/media/pic.png": "png", "Content/media/deeper/b.txt": "b",
            "shared/x.png": "x", "private/answers.txt": secret,
        ])
        try link(site, "Content/pic.png", to: "media/pic.png")
        try link(site, "Content/again", to: "media")
        try link(site, "Content/loop", to: ".")
        try link(site, "Content/shared", to: "../shared")
        try link(site, "Content/up", to: "..")
        try link(site, "Templates/style.css", to: "../shared/x.png")
        let output = site.build()
        #expect(output.diagnostics.map { "\($0.file): \($0.message)" } == [
            "Content/again: a link to a folder already read as Content/media; skipped",
            "Content/loop: a link to a folder already read as Content; skipped",
            "Content/shared: Content/shared is a link to ../shared, outside the content folder Content/: it is not read or published",
            "Content/up: Content/up is a link to .., outside the content folder Content/: it is not read or published",
        ])
        #expect(site.read("public/pic.png") == "png")
        // A folder keeps its own path, though a link to it (`again`) sorts first.
        #expect(site.read("public/media/deeper/b.txt") == "b" && !site.exists("public/again"))
        #expect(!site.exists("public/shared") && !site.exists("public/up"))
        #expect(!everything(site, output).contains("SECRET-LINE"))
        #expect(site.linkedStylesheet() == "x")
    }

    /// The walk takes what a folder's listing says each name is where it says it, and looks
    /// it up where it does not: both find the same files, links, loops and refusals.
    @Test func aListingThatSaysNoKindsIsWalkedTheSame() throws {
        let outside = Outside(secret)
        let site = TemporarySite(files: ["Content/s.md": story, "Content/a/b.md": story, "Content/shared/deeper/b.txt": "b"])
        try link(site, "Content/again", to: "shared")
        try link(site, "Content/loop", to: ".")
        try link(site, "Content/notes.txt", to: outside.secret)
        #expect(mkfifo(site.root.path + "/Content/pipe", 0o600) == 0)
        var unsaid = FileSystem.disk
        let listKinds = try #require(unsaid.listKinds)
        unsaid.listKinds = { path throws(FileSystem.Failure) in try listKinds(path).map { ($0.name, nil) } }
        func walk(_ fs: FileSystem) -> [String] {
            let loaded = SiteLoader.load(site.location, fileSystem: fs)
            return loaded.contentFiles.map(\.relativePath) + loaded.assets
                + loaded.problems.map { "\($0.severity) \($0.file): \($0.message)" }
        }
        let said = walk(.disk)
        #expect(said == [
            "a/b.md", "s.md", "shared/deeper/b.txt",
            "warning Content/notes.txt: Content/notes.txt is a link to \(outside.secret), outside the content folder Content/: it is not read or published",
            "warning Content/pipe: not a regular file; skipped",
            "warning Content/again: a link to a folder already read as Content/shared; skipped",
            "warning Content/loop: a link to a folder already read as Content; skipped",
        ])
        #expect(walk(unsaid) == said)
    }

    @Test func quizgenYmlThatLeadsOutIsNotRead() throws {
        let outside = Outside("title: SECRET-LINE\n")
        let site = TemporarySite(files: ["Content/s.md": story])
        try link(site, "quizgen.yml", to: outside.secret)
        let output = site.build()
        #expect(output.diagnostics.map(\.file) == ["quizgen.yml"])
        #expect(!everything(site, output).contains("SECRET-LINE"))
    }

    /// A quizgen.yml that is a folder or a pipe is not read (a pipe would wait for a writer),
    /// and is an error: the site is not built without its settings.
    @Test func quizgenYmlThatIsNoFileIsSaidNotRead() throws {
        let site = TemporarySite(files: ["Content/s.md": story, "quizgen.yml/x": "title: T\n"])
        #expect(located(site.build().diagnostics) == ["quizgen.yml:0:0: error: quizgen.yml is a folder: the site's settings cannot be read"])
        try FileManager.default.removeItem(atPath: site.root.path + "/quizgen.yml")
        #expect(mkfifo(site.root.path + "/quizgen.yml", 0o600) == 0)
        #expect(located(site.build().diagnostics) == [
            "quizgen.yml:0:0: error: quizgen.yml is not a regular file: the site's settings cannot be read",
        ])
    }

    /// `Quiz.md` and `quiz.md` build the folders `Quiz/` and `quiz/`, one folder on macOS and
    /// Windows: a warning at the second (the build itself goes on, as on Linux it works).
    @Test func outputsThatDifferOnlyInCaseAreAWarning() {
        let site = TemporarySite(files: [
            "Content/Quiz.md": story, "Content/quiz.md": story, "Content/Pics/a.png": "a", "Content/pics/a.png": "b",
            "Content/Él.md": story, "Content/él.md": story, "Content/same.md": story, "Content/same/x.png": "x",
        ])
        let output = site.build()
        #expect(located(output.diagnostics) == [
            "Content/pics/a.png:0:0: warning: this name differs from Content/Pics/a.png only in letter case",
            "Content/quiz.md:0:0: warning: this name differs from Content/Quiz.md only in letter case",
            "Content/él.md:0:0: warning: this name differs from Content/Él.md only in letter case",
        ])
        #expect(site.exists("public/quiz/index.html") && site.exists("public/Quiz/index.html"))
    }

    /// An asset named like a page's folder (`x` beside `x.md`) is no matter of case: the
    /// site cannot hold both, and the build failed writing, at no content file.
    @Test func aFileNamedLikeAPageFolderIsAnErrorAtTheFile() {
        let site = TemporarySite(files: ["Content/x.md": story, "Content/x": "not a folder", "Content/y": "fine"])
        let output = site.build()
        #expect(located(output.diagnostics) == ["Content/x:0:0: error: this file has the name of the page folder of Content/x.md"])
        #expect(!site.exists("public"))
    }

    @Test func namesThatDifferOnlyInNormalisationAreAnErrorAtTheSecond() {
        let nfc = "\u{E9}cole", nfd = "e\u{301}cole"
        let site = TemporarySite()
        site.write("Content/\(nfc).md", story)
        site.write("Content/\(nfd).md", story)
        let output = site.build()
        #expect(output.diagnostics.map { "\($0.severity) \($0.file): \($0.message)" } == [
            "error Content/\(nfc).md: this name differs from Content/\(nfd).md only in Unicode normalisation",
        ])
        #expect(output.diagnostics.first?.file.utf8.elementsEqual("Content/\(nfc).md".utf8) == true)
        #expect(!site.exists("public"))
    }

    /// An ASCII name meets the one non-ASCII name it is canonically equal to: the Kelvin
    /// sign is `K`. Sites of ASCII names alone skip the comparison; this one must not.
    @Test func anASCIINameClashesWithItsCanonicalTwin() {
        let site = TemporarySite()
        site.write("Content/K.md", story)
        site.write("Content/\u{212A}.md", story)
        site.write("Content/other.md", story)
        let output = site.build()
        #expect(output.diagnostics.map { "\($0.severity) \($0.file): \($0.message)" } == [
            "error Content/\u{212A}.md: this name differs from Content/K.md only in Unicode normalisation",
        ])
        #expect(!site.exists("public"))
    }
}
