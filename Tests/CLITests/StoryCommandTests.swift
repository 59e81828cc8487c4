import Foundation
import Testing
import TestSupport

@Suite struct StoryCommandTests {
    func quizgen(_ arguments: String..., in folder: URL? = nil, environment: [String: String]? = nil) throws -> ProcessResult {
        try ProcessResult.run(Repository.binary, arguments, in: folder, environment: environment)
    }

    var crossroads: String { Repository.root.appendingPathComponent("Content/crossroads.md").path }

    @Test func graphPrintsTheDOT() throws {
        let result = try quizgen("graph", crossroads)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        Golden.assertMatches(result.stdout, named: "crossroads/story.dot")
    }

    @Test(.requires(.dot))
    func graphDrawsSVGThroughDot() throws {
        let result = try quizgen("graph", "--format", "svg", crossroads)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("<svg"))
        #expect(result.stdout.contains("1. At the crossroads"))
    }

    /// A `dot` slower than the limit is stopped, and `--time-limit 0` lets it finish: a big
    /// story's map that a build leaves out can still be drawn.
    @Test func graphStopsASlowDotAfterTheTimeLimitUnlessItIsZero() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dot = folder.appendingPathComponent("dot")
        try "#!/bin/sh\ncat >/dev/null\nsleep 2\necho '<svg>slow</svg>'\n".write(to: dot, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dot.path)
        let path = folder.path + ":/usr/bin:/bin"
        let stopped = try quizgen("graph", "--format", "svg", "--time-limit", "1", crossroads, environment: ["PATH": path])
        #expect(stopped.status == 1 && stopped.stdout.isEmpty)
        #expect(stopped.stderr.contains("error: cannot draw the graph: dot took longer than 1 second and was stopped"), "\(stopped.stderr)")
        let unlimited = try quizgen("graph", "--format", "svg", "--time-limit", "0", crossroads, environment: ["PATH": path])
        #expect(unlimited.status == 0 && unlimited.stdout == "<svg>slow</svg>\n", "\(unlimited.stderr)")
        // A limit past any deadline is as good as none (it crashed on the date's overflow).
        let huge = try quizgen("graph", "--format", "svg", "--time-limit", "99999999999", crossroads, environment: ["PATH": path])
        #expect(huge.status == 0 && huge.stdout == "<svg>slow</svg>\n", "\(huge.stderr)")
    }

    /// A negative limit is refused with what the option takes, written either way (the
    /// spaced one was read as a missing value: "-1" looked like an option).
    @Test func aNegativeTimeLimitSaysWhatTheOptionTakes() throws {
        for arguments in [["--time-limit", "-1"], ["--time-limit=-1"]] {
            let negative = try ProcessResult.run(Repository.binary, ["graph"] + arguments + [crossroads])
            #expect(negative.status == 64)
            #expect(negative.stderr.contains("--time-limit is a number of seconds, 0 or more (0 for no limit), not -1"), "\(negative.stderr)")
            #expect(!negative.stderr.contains("Missing value"), "\(negative.stderr)")
        }
    }

    @Test func graphAsSVGWithoutDotIsAClearError() throws {
        let result = try quizgen("graph", "--format", "svg", crossroads, environment: ["PATH": "/nonexistent"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("error: cannot draw the graph: Graphviz's dot is not installed (no 'dot' on PATH)"))
        #expect(result.stderr.contains("hint: install Graphviz"))
    }

    @Test func graphOfABrokenStoryFailsWithLocatedErrors() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("broken.md")
        try "---\nkind: story\n---\n## One\n- [On](#tow)\n## Two {#two}\n## Lost\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let result = try quizgen("graph", "--no-color", file.path)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("\(file.path):5:3: error: unknown page 'tow'\n 5 | - [On](#tow)\n   |   ^\nhint: did you mean 'two'?"))
        // Checked as a build checks it: the page no link reaches is told too.
        #expect(result.stderr.contains("\(file.path):7:4: warning: page 3 cannot be reached"))
        #expect(result.stderr.contains("No graph: 1 error and 1 warning."))

        // Warnings are printed, and the graph still is.
        try "---\nkind: story\n---\n## One\n- [On](#two)\n## Two {#two}\n## Lost\n".write(to: file, atomically: true, encoding: .utf8)
        let warned = try quizgen("graph", "--no-color", file.path)
        #expect(warned.status == 0)
        #expect(warned.stderr.contains(":7:4: warning: page 3 cannot be reached"))
        #expect(warned.stdout.contains("(unreachable)"))
    }

    /// A story read on its own follows its site's quizgen.yml, found above it, as a build does.
    @Test func graphReadsTheSiteSettingsAboveTheFile() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = folder.appendingPathComponent("Content/stories")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try "---\nkind: story\n---\n## One\n<b>bold</b> and [on](#two)\n## Two {#two}\n"
            .write(to: content.appendingPathComponent("s.md"), atomically: true, encoding: .utf8)
        let unsettled = try quizgen("graph", "--no-color", "Content/stories/s.md", in: folder)
        #expect(unsettled.status == 0)
        #expect(unsettled.stderr.contains("warning: raw HTML is left out of the page"))

        let settings = folder.appendingPathComponent("quizgen.yml")
        try "raw-html: true\n".write(to: settings, atomically: true, encoding: .utf8)
        for (arguments, place) in [(["Content/stories/s.md"], folder), (["s.md"], content), ([content.path + "/s.md"], folder)] {
            let settled = try ProcessResult.run(Repository.binary, ["graph", "--no-color"] + arguments, in: place)
            #expect(settled.status == 0)
            #expect(settled.stderr.isEmpty, "\(arguments): \(settled.stderr)")
        }

        try "raw-html: maybe\n".write(to: settings, atomically: true, encoding: .utf8)
        let broken = try quizgen("graph", "--no-color", "s.md", in: content)
        #expect(broken.stderr.contains("../../quizgen.yml:1:11: error: "), "\(broken.stderr)")
    }

    @Test func graphNeedsAStory() throws {
        let quiz = try quizgen("graph", Repository.root.appendingPathComponent("Content/which-animal.md").path)
        #expect(quiz.status == 1)
        // At the file's `kind:` value, with the line and a caret under it.
        #expect(quiz.stderr.contains("Content/which-animal.md:2:7: error: this is a personality quiz, not a story"), "\(quiz.stderr)")
        #expect(quiz.stderr.contains("kind: personality"))
        let missing = try quizgen("graph", "/nonexistent/story.md")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("/nonexistent/story.md: error: no such file"))
        let format = try quizgen("graph", "--format", "png", crossroads)
        #expect(format.status != 0)
        #expect(format.stderr.contains("png"))
    }

    @Test func graphHasHelp() throws {
        let help = try quizgen("graph", "--help")
        #expect(help.status == 0)
        #expect(help.stdout.contains("--format <format>"))
        #expect(help.stdout.contains("Exit status"))
        let root = try quizgen("--help")
        #expect(root.stdout.contains("graph"))
    }

    @Test func checkReportsStories() throws {
        let result = try quizgen("check", "--source", Repository.root.appendingPathComponent("Content").path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Content/crossroads.md: story “The Crossroads”\n  7 pages, 6 choices, 4 endings (2 good, 1 bad, 1 neutral)\n"))
        #expect(result.stdout.contains("  4 playthroughs (distinct ways from the start to an ending)\n"))
        #expect(result.stdout.contains("  playthroughs: unbounded (a loop lies on the way to an ending"))
    }

    /// An error in a story does not hide its graph's warnings, in check, build and graph.
    @Test func checkAndBuildReportAStorysWarningsBesideItsErrors() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try "---\nkind: story\ntitle: Mix\n---\n## One\n- [Go](#two)\n\n## Two {ending=great}\nThe end.\n\n## Orphan\nUnreachable.\n"
            .write(to: folder.appendingPathComponent("Content/mix.md"), atomically: true, encoding: .utf8)
        for command in ["check", "build", "graph"] {
            let arguments = command == "graph" ? [command, "--no-color", "Content/mix.md"] : [command, "--no-color"]
            let result = try ProcessResult.run(Repository.binary, arguments, in: folder, environment: ["PATH": "/nonexistent"])
            #expect(result.status == 1, "\(command)")
            #expect(result.stderr.contains("Content/mix.md:8:9: error: 'great' is not a kind of ending"), "\(command)")
            #expect(result.stderr.contains("Content/mix.md:11:4: warning: page 3 cannot be reached"), "\(command)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("public").path))
    }

    @Test func buildWithoutDotNotesTheMissingMaps() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Content"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: crossroads, toPath: folder.appendingPathComponent("Content/crossroads.md").path)
        let result = try quizgen("build", in: folder, environment: ["PATH": "/nonexistent"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: story maps left out: Graphviz's dot is not installed"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("public/crossroads/story.dot").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("public/crossroads/map.html").path))
    }
}
