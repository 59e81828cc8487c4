import Foundation
import Testing
import TestSupport

@Suite struct ImportCommandTests {
    func quizgen(_ arguments: String..., in folder: URL) throws -> ProcessResult {
        try ProcessResult.run(Repository.binary, arguments + ["--no-color"], in: folder)
    }

    func fixture(_ name: String) -> String {
        Repository.root.appendingPathComponent("Tests/Fixtures/import/\(name)").path
    }

    func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test func importsIntoContentAndNeverOverwritesWithoutForce() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = folder.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        let first = try quizgen("import", fixture("cloak-of-darkness.twee"), in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("Wrote Content/cloak-of-darkness.md: a story of 14 pages and 28 choices"))
        #expect(files(in: content) == ["cloak-of-darkness.md"])

        let edited = "edited by the author\n"
        try edited.write(to: content.appendingPathComponent("cloak-of-darkness.md"), atomically: true, encoding: .utf8)
        let again = try quizgen("import", fixture("cloak-of-darkness.twee"), in: folder)
        #expect(again.status == 1)
        #expect(again.stderr.contains("error: Content/cloak-of-darkness.md already exists"))
        #expect(again.stderr.contains("Nothing was written"))
        #expect(try String(contentsOf: content.appendingPathComponent("cloak-of-darkness.md"), encoding: .utf8) == edited)

        let forced = try quizgen("import", "--force", fixture("cloak-of-darkness.twee"), in: folder)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOf: content.appendingPathComponent("cloak-of-darkness.md"), encoding: .utf8).hasPrefix("---\nkind: story\n"))
        #expect(files(in: content) == ["cloak-of-darkness.md"])
        // What was written builds.
        let build = try quizgen("build", in: folder)
        #expect(build.status == 0, "\(build.stderr)")
    }

    /// What import writes must build: Markdown over the limit of every text file a build
    /// reads is refused, and nothing is written (it was written, then the build refused it).
    @Test func markdownTooLargeToBuildIsNotWritten() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("x.twee")
        try (":: StoryTitle\nX\n\n:: Start\n" + String(repeating: "word ", count: 2_100_000) + "\n").write(to: source, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        let result = try quizgen("import", "--to", out.path, source.path, in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("x.twee:1:1: error: \(out.path)/x.md would be 10.5 MB, and a build reads no text file over 10 MB"), "\(result.stderr)")
        #expect(files(in: out).isEmpty)
    }

    /// export reads a quiz and its bank as a build does, within the same size limit: a bank
    /// over it is the build's error at the `bank:` key, not a million warnings about its rows.
    @Test func exportRefusesABankTheBuildRefuses() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "---\nkind: trivia\ntitle: B\nbank: big.csv\n---\n".write(to: folder.appendingPathComponent("t.md"), atomically: true, encoding: .utf8)
        try ("question,choices,answer\n" + String(repeating: "Q?,A|B,A\n", count: 1_200_000))
            .write(to: folder.appendingPathComponent("big.csv"), atomically: true, encoding: .utf8)
        let result = try quizgen("export", "t.md", in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("t.md:4:7: error: cannot read the bank file 'big.csv': the file is 10.8 MB; text files may be at most 10 MB"),
                "\(result.stderr.prefix(300))")
        #expect(result.stdout.isEmpty)
    }

    @Test func anErrorInAnyFileWritesNothing() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "Q1?\nA. a\nB. b\nANSWER: A\n\nQ2?\nA. a\n".write(to: folder.appendingPathComponent("cut.txt"), atomically: true, encoding: .utf8)
        let result = try quizgen("import", "--to", "out", fixture("every-construct.aiken"), "cut.txt", "--from", "aiken", in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("cut.txt:6:1: error: the file ends before this question's ANSWER line"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        #expect(files(in: folder) == ["cut.txt"])
    }

    /// A pipe would be read until a writer closes it, which may be never: it is refused,
    /// as a folder is, before anything is read.
    @Test func aPipeOrAFolderIsRefusedNotRead() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("pipe.twee").path, 0o600) == 0)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dir.twee"), withIntermediateDirectories: false)
        let result = try quizgen("import", "pipe.twee", "dir.twee", in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("pipe.twee: error: not a regular file"), "\(result.stderr)")
        #expect(result.stderr.contains("dir.twee: error: a folder, not a file"), "\(result.stderr)")
    }

    @Test func aSourceThatIsNotUTF8IsLocated() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Array("Q?\nA. caf".utf8) + [0xE9] + Array("\nB. b\nANSWER: A\n".utf8)).write(to: folder.appendingPathComponent("latin1.aiken"))
        let result = try quizgen("import", "latin1.aiken", in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("latin1.aiken:2:7: error: the file is not valid UTF-8"))
        #expect(files(in: folder) == ["latin1.aiken"])
    }

    @Test func everyFormatBuildsAndTwoFilesNeverShareAName() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clash = try quizgen("import", "--to", "Content", fixture("every-construct.gift"), fixture("every-construct.aiken"), in: folder)
        #expect(clash.status == 1)
        #expect(clash.stderr.contains("would both be written to Content/every-construct.md"))
        #expect(files(in: folder).isEmpty)
        let quizzes = try quizgen("import", "--to", "Content", fixture("every-construct.gift"), fixture("opentdb-response.json"), in: folder)
        #expect(quizzes.status == 0, "\(quizzes.stderr)")
        let aiken = try quizgen("import", "--to", "Content/aiken", fixture("every-construct.aiken"), in: folder)
        #expect(aiken.status == 0, "\(aiken.stderr)")
        #expect(files(in: folder.appendingPathComponent("Content")) == ["aiken", "every-construct.md", "opentdb-response.md"])
        let build = try quizgen("build", in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("Wrote 3 content files"))
    }

    /// Import says what the build will say of images the site does not have, at the source
    /// that names them; an image put in place beforehand is not named.
    @Test func imagesTheSiteLacksAreWarnedOfAtTheSource() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let gift = "::Q1::[html]Look\\: <img src\\=\"@@PLUGINFILE@@/3.png\"> {\n=a\n~b\n####See <img src\\=\"there.png\">\n}\n"
        try gift.write(to: folder.appendingPathComponent("q.gift"), atomically: true, encoding: .utf8)
        let gifts = folder.appendingPathComponent("Content/gift")
        try FileManager.default.createDirectory(at: gifts, withIntermediateDirectories: true)
        try Data().write(to: gifts.appendingPathComponent("there.png"))
        let imported = try quizgen("import", "--to", "Content/gift", "q.gift", in: folder)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("q.gift:1:31: warning: image '@@PLUGINFILE@@/3.png' is not in the site: there is no Content/gift/@@PLUGINFILE@@/3.png\n"), "\(imported.stderr)")
        #expect(imported.stderr.contains("hint: @@PLUGINFILE@@ is Moodle's own file store"))
        #expect(!imported.stderr.contains("there.png"), "\(imported.stderr)")
        let build = try quizgen("build", in: folder)
        #expect(build.stderr.contains("warning: image '@@PLUGINFILE@@/3.png' is not in the site: there is no Content/gift/@@PLUGINFILE@@/3.png\n"), "\(build.stderr)")
        #expect(!build.stderr.contains("there.png"), "\(build.stderr)")
    }

    @Test func exportsATriviaQuizAsGIFT() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let quiz = Repository.root.appendingPathComponent("Content/knowledge-king.md").path
        let result = try quizgen("export", "--format", "gift", quiz, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("// Knowledge King, exported by quizgen\n$CATEGORY: $course$/Knowledge King\n"))
        #expect(result.stdout.contains("What is the capital of Japan? {\n\t=Tokyo\n"))
        let story = try quizgen("export", Repository.root.appendingPathComponent("Content/the-cave.md").path, in: folder)
        #expect(story.status == 1)
        #expect(story.stderr.contains("not a trivia quiz"))
    }

    @Test func helpNamesTheFormats() throws {
        let help = try quizgen("import", "--help", in: Repository.temporaryFolder())
        #expect(help.status == 0)
        for word in ["twee", "gift", "aiken", "opentdb", "--force", "--to <dir>", "Exit status"] {
            #expect(help.stdout.contains(word), "\(word)")
        }
    }

    /// --from applies to every file, so an example with --from names only files of that format.
    @Test func helpExamplesGiveFromOnlyFilesOfThatFormat() throws {
        let help = try quizgen("import", "--help", in: Repository.temporaryFolder())
        let examples = help.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("quizgen import ") }
        #expect(examples.count >= 3, "\(help.stdout)")
        let extensions = ["twee": [".twee", ".tw"], "gift": [".gift"], "aiken": [".aiken"], "opentdb": [".json"]]
        for example in examples {
            let words = example.split(separator: " ").map(String.init)
            guard let at = words.firstIndex(of: "--from"), at + 1 < words.count else { continue }
            let others = extensions.filter { $0.key != words[at + 1] }.values.joined()
            let files = words.filter { word in others.contains { word.hasSuffix($0) } }
            #expect(files.isEmpty, "\(example): --from \(words[at + 1]) would read \(files) as \(words[at + 1]) too")
        }
    }

    @Test func aWindows1252BankSaysHowToSaveItAsUTF8() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = folder.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture("windows-1252.csv"), toPath: content.appendingPathComponent("bank.csv").path)
        try FileManager.default.copyItem(atPath: fixture("excel-semicolon.csv"), toPath: content.appendingPathComponent("excel.csv").path)
        try "---\nkind: trivia\nbank: bank.csv\n---\n".write(to: content.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        try "---\nkind: trivia\nbank: excel.csv\n---\n".write(to: content.appendingPathComponent("b.md"), atomically: true, encoding: .utf8)
        let result = try quizgen("build", in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Content/bank.csv:2:4: error: the bank file is not valid UTF-8"))
        #expect(result.stderr.contains("\"CSV UTF-8 (Comma delimited)\""))
        #expect(!result.stderr.contains("excel.csv"))
    }
}
