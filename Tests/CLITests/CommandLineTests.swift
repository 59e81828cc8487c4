import Foundation
import Testing
import TestSupport

@Suite struct CommandLineTests {
    func quizgen(_ arguments: String..., in folder: URL? = nil) throws -> ProcessResult {
        try ProcessResult.run(Repository.binary, arguments, in: folder)
    }

    @Test func everyCommandHasHelp() throws {
        let root = try quizgen("--help")
        #expect(root.status == 0)
        #expect(root.stdout.contains("build"))
        #expect(root.stdout.contains("check"))
        let build = try quizgen("build", "--help")
        #expect(build.status == 0)
        #expect(build.stdout.contains("--source <dir>"))
        #expect(build.stdout.contains("--output <dir>"))
        #expect(build.stdout.contains("Exit status"))
        let check = try quizgen("check", "--help")
        #expect(check.status == 0)
        #expect(check.stdout.contains("share"))
    }

    /// A mistyped command is named as one, with the nearest command, or all of them when
    /// none is near; a usage error either way.
    @Test func aMistypedCommandGetsTheNearestOne() throws {
        let typo = try quizgen("biuld")
        #expect(typo.status == 64)
        #expect(typo.stderr.hasPrefix("Error: Unknown command 'biuld'. Did you mean 'build'?\n"), "\(typo.stderr)")
        #expect(try quizgen("serv", "--port", "1").stderr.contains("Did you mean 'serve'?"))
        let unknown = try quizgen("publish")
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("Unknown command 'publish'. The commands are build, check, serve, init, new, graph, templates, import, export."), "\(unknown.stderr)")
        // What is a command, or an option, is left to the parser.
        #expect(try quizgen("help", "build").status == 0)
        #expect(try quizgen("--version").status == 0)
    }

    /// Every command can end with a usage error, so every help's exit statuses name 64;
    /// `quizgen help <command>` (which the root's help points to) prints the same help; and
    /// the README's synopsis of each command names every option its help does.
    @Test func everyCommandsHelpNamesTheUsageErrorStatusAndAgreesWithTheREADME() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let synopsis = try #require(readme.components(separatedBy: "## Command line\n").last?.components(separatedBy: "```").dropFirst().first)
        #expect(synopsis.contains("\nquizgen help <command>\n"))
        let commands = ["build", "check", "serve", "init", "new", "graph", "import", "export", "templates list", "templates export"]
        for command in commands {
            let words = command.split(separator: " ").map(String.init)
            let help = try ProcessResult.run(Repository.binary, words + ["--help"])
            let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(help.status == 0 && text.contains("Exit status: 0"), "\(command): \(help.stdout)")
            #expect(text.contains("64 for a usage error"), "\(command) --help does not name 64: \(help.stdout)")
            #expect(try ProcessResult.run(Repository.binary, words + ["--no-such-option"]).status == 64, "\(command)")
            let viaHelp = try ProcessResult.run(Repository.binary, ["help"] + words)
            #expect(viaHelp.stdout == help.stdout, "quizgen help \(command)")

            let line = try #require(synopsis.split(separator: "\n").first { $0.hasPrefix("quizgen \(command) ") || $0 == "quizgen \(command)" })
            let usage = try #require(text.components(separatedBy: "USAGE: ").last?.components(separatedBy: " OPTIONS:").first)
            for option in usage.split(separator: " ") where option.hasPrefix("[--") || option.hasPrefix("--") {
                let name = option.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: " ")[0]
                #expect(line.contains("[\(name)"), "README's synopsis of \(command) lacks \(name)")
            }
        }
    }

    /// A new folder with Content/ holding the repository's which-animal.md.
    func siteWithOneQuiz() throws -> URL {
        let folder = Repository.temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Repository.root.appendingPathComponent("Content/which-animal.md"),
            to: folder.appendingPathComponent("Content/which-animal.md"))
        return folder
    }

    @Test func buildsInTheCurrentFolderByDefault() throws {
        let folder = try siteWithOneQuiz()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try quizgen("build", in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("public/which-animal/index.html").path))
        #expect(result.stderr.contains("Wrote 1 content file"))
    }

    /// The site's own folders are refused as the output whether or not they exist yet: a
    /// build that made Templates/x was refused the next time, once Templates/ was there.
    @Test func anOutputInsideTheSitesOwnFoldersIsRefused() throws {
        let folder = try siteWithOneQuiz()
        defer { try? FileManager.default.removeItem(at: folder) }
        for output in ["Templates/x", "Templates", "i18n/x", "i18n", "Content/x", "Content/x/y"] {
            let top = folder.appendingPathComponent(String(output.split(separator: "/")[0]))
            for exists in top.lastPathComponent == "Content" ? [true] : [false, true] {
                if exists { try FileManager.default.createDirectory(at: top, withIntermediateDirectories: true) }
                let result = try quizgen("build", "--no-color", "--output", output, in: folder)
                #expect(result.status == 1, "\(output), there: \(exists): \(result.stderr)")
                #expect(result.stderr.contains("\(output): error: the output folder \(output) is inside the "), "\(result.stderr)")
                #expect(FileManager.default.fileExists(atPath: top.path) == exists, "\(output)")
            }
            if top.lastPathComponent != "Content" { try FileManager.default.removeItem(at: top) }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Content"])
    }

    @Test func contentErrorsExitNonZeroWithLocatedMessages() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = folder.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try "---\nkind: personality\n---\n## Q\n- A {x}\n- B {y}\n## X {#x .outcome}\n"
            .write(to: content.appendingPathComponent("q.md"), atomically: true, encoding: .utf8)
        let result = try quizgen("build", "--source", content.path, "--no-color")
        #expect(result.status == 1)
        #expect(result.stderr.contains("Content/q.md:6:6: error: unknown outcome 'y'"))
        #expect(result.stderr.contains(" 6 | - B {y}\n"))
        #expect(result.stderr.contains("Nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("public").path))
        let check = try quizgen("check", "--source", folder.path, "--no-color")
        #expect(check.status == 1)
    }

    @Test func checkReportsTheOutcomeShares() throws {
        let result = try quizgen("check", "--source", Repository.root.appendingPathComponent("Content").path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("4,096 answer combinations"))
        #expect(result.stdout.contains("(exact)"))
        #expect(result.stdout.contains("    dog "))
    }

    @Test func checkAsJSONForCI() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = folder.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try "---\nkind: personality\nshufle-answers: true\n---\n## Q\n- A {x}\n- B {x}\n## X {#x .outcome}\n## Y {#y .outcome}\n"
            .write(to: content.appendingPathComponent("q.md"), atomically: true, encoding: .utf8)
        let result = try quizgen("check", "--source", content.path, "--format", "json")
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["ok"] as? Bool == true)
        #expect(json["warnings"] as? Int == 2)
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["message"] as? String } == [
            "unknown front matter key 'shufle-answers'", "no answer scores 'y'",
        ])
        #expect(diagnostics.first?["line"] as? Int == 3)
        #expect(diagnostics.first?["hint"] as? String == "did you mean 'shuffle-answers'?")
        let pieces = try #require(json["content"] as? [[String: Any]])
        let quiz = try #require(pieces.first?["personality"] as? [String: Any])
        #expect(quiz["method"] as? String == "exact")
        #expect((quiz["outcomes"] as? [[String: Any]])?.map { $0["reachable"] as? Bool } == [true, false])

        try "---\nkind: personality\n---\n".write(to: content.appendingPathComponent("q.md"), atomically: true, encoding: .utf8)
        let failing = try quizgen("check", "--source", content.path, "--format", "json")
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("\"ok\": false"))
    }

    @Test func checkJSONCarriesTriviaAndStoryStatistics() throws {
        let result = try quizgen("check", "--source", Repository.root.appendingPathComponent("Content").path, "--format", "json")
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let pieces = try #require(json["content"] as? [[String: Any]])
        // Files are named as the source was given: here, an absolute path.
        let byFile = Dictionary(uniqueKeysWithValues: pieces.map {
            (String(($0["file"] as! String).split(separator: "/").suffix(2).joined(separator: "/")), $0)
        })
        let crossroads = try #require(byFile["Content/crossroads.md"]?["story"] as? [String: Any])
        #expect(crossroads["pages"] as? Int == 7)
        #expect(crossroads["playthroughs"] as? String == "4")
        #expect((crossroads["endings"] as? [[String: Any]])?.map { $0["page"] as? Int } == [4, 5, 6, 7])
        let cave = try #require(byFile["Content/the-cave.md"]?["story"] as? [String: Any])
        #expect(cave["playthroughs"] as? String == "unbounded")
        let king = try #require(byFile["Content/knowledge-king.md"]?["trivia"] as? [String: Any])
        #expect(king["questions"] as? Int == 80)
        #expect(king["questionsPerPlay"] as? Int == 10)
    }

    @Test func checkReportsWhatATriviaPlayIsWorth() throws {
        let result = try quizgen("check", "--source", Repository.root.appendingPathComponent("Content").path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("""
            Content/knowledge-king.md: trivia quiz “Knowledge King”
              80 questions (2 in the Markdown, 78 from knowledge-king.csv): 28 easy, 30 medium, 22 hard
              1 with several right answers, 33 with an explanation
              3 to 10 points per question; a play of 10 questions is worth 30 to 100 points, depending on the draw
              10 seconds per question, questions shuffled, answers shuffled

            """))
        #expect(result.stdout.contains("20 seconds per question, questions shuffled, answers shuffled, sudden death\n"))
        #expect(result.stdout.contains("questions in file order, answers shuffled, pass mark 80%\n"))
    }

    @Test func unknownOptionsAreUsageErrors() throws {
        let result = try quizgen("build", "--sauce", "x")
        #expect(result.status != 0)
        #expect(result.stderr.contains("--sauce"))
    }
}

@Suite struct HugeQuizTests {
    /// One multiple-answer question with 1,030 answers has 2^1030 combinations, more than a
    /// Double holds: check must say so, in both formats, and finish.
    @Test(.timeLimit(.minutes(1))) func checkCountsCombinationsBeyondDoubles() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = folder.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        let answers = (0..<1030).map { "- A\($0) {\($0 % 2 == 0 ? "x" : "y")}" }.joined(separator: "\n")
        try "---\nkind: personality\n---\n## Q {.multiple}\n\(answers)\n## X {#x .outcome}\n## Y {#y .outcome}\n"
            .write(to: content.appendingPathComponent("q.md"), atomically: true, encoding: .utf8)
        let text = try ProcessResult.run(Repository.binary, ["check", "--source", content.path])
        #expect(text.status == 0)
        #expect(text.stdout.contains("more than 1.79 × 10^308 answer combinations"))
        let json = try ProcessResult.run(Repository.binary, ["check", "--source", content.path, "--format", "json"])
        #expect(json.stdout.contains("\"combinations\": \"more than 1.79 × 10^308\""))
    }
}
