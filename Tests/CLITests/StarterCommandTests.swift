import Foundation
import Testing
import TestSupport

/// `--version`, `init`, `new` and `check FILE…`: a new user's first commands.
@Suite struct StarterCommandTests {
    func quizgen(_ arguments: String..., in folder: URL? = nil) throws -> ProcessResult {
        try ProcessResult.run(Repository.binary, arguments, in: folder)
    }

    @Test func versionIsPrinted() throws {
        let result = try quizgen("--version")
        #expect(result.status == 0)
        #expect(result.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(result.stdout)")
    }

    @Test func usageErrorsExit64() throws {
        #expect(try quizgen("--bogus").status == 64)
        #expect(try quizgen("new").status == 64)
        #expect(try quizgen("new", "poem", "x.md").status == 64)
        #expect(try quizgen("serve", "--port", "0").status == 64)
        // A negative port is out of range, not a missing value.
        let negative = try quizgen("serve", "--port", "-1")
        #expect(negative.status == 64 && negative.stderr.contains("--port must be from 1 to 65535, not -1"), "\(negative.stderr)")
    }

    @Test func initMakesASiteThatBuildsWithoutWarnings() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try quizgen("init", "mysite", in: folder)
        #expect(made.status == 0, "\(made.stderr)")
        let site = folder.appendingPathComponent("mysite")
        let names = try FileManager.default.contentsOfDirectory(atPath: site.path).sorted()
        #expect(names == [".gitignore", "Content", "quizgen.yml"])
        #expect(try String(contentsOf: site.appendingPathComponent(".gitignore"), encoding: .utf8) == "public/\n")
        let content = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("Content").path).sorted()
        #expect(content == ["planets.md", "the-door.md", "which-season.md"])

        let check = try quizgen("check", "--no-color", in: site)
        #expect(check.status == 0)
        #expect(check.stderr.contains("Checked 3 content files: 0 errors and 0 warnings."), "\(check.stderr)")
        #expect(check.stdout.contains("personality quiz “Which Season Are You?”"))
        #expect(check.stdout.contains("trivia quiz “The Planets”"))
        #expect(check.stdout.contains("story “The Door”"))
        let build = try quizgen("build", "--no-maps", in: site)
        #expect(build.status == 0)
        #expect(!build.stderr.contains("warning"), "\(build.stderr)")

        // A folder with anything in it is refused, and left as it was.
        let again = try quizgen("init", "mysite", "--no-color", in: folder)
        #expect(again.status == 1)
        #expect(again.stderr.contains("mysite: error: the folder is not empty"))
    }

    @Test func newWritesOneStarterAndNeverReplacesAFile() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Content"), withIntermediateDirectories: true)
        for kind in ["personality", "trivia", "story"] {
            let result = try quizgen("new", kind, "Content/stuff/\(kind)", in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            let text = try String(contentsOf: folder.appendingPathComponent("Content/stuff/\(kind).md"), encoding: .utf8)
            #expect(text.hasPrefix("---\nkind: \(kind)\n"))
            #expect(text.contains("\n# "), "a commented starter")
            // The example's description would describe another quiz on the index page.
            #expect(!text.contains("\ndescription:") && text.contains("\n# description: "), "\(text)")
        }
        let check = try quizgen("check", "--no-color", in: folder)
        #expect(check.stderr.contains("Checked 3 content files: 0 errors and 0 warnings."), "\(check.stderr)")
        // Its description, uncommented, is the whole line: no comment after it cuts it short.
        for kind in ["personality", "trivia", "story"] {
            let path = folder.appendingPathComponent("Content/stuff/\(kind).md")
            let text = try String(contentsOf: path, encoding: .utf8)
            try text.replacingOccurrences(of: "\n# description: ", with: "\ndescription: ").write(to: path, atomically: true, encoding: .utf8)
        }
        let uncommented = try quizgen("check", "--no-color", in: folder)
        #expect(uncommented.stderr.contains("Checked 3 content files: 0 errors and 0 warnings."), "\(uncommented.stderr)")

        let path = folder.appendingPathComponent("Content/stuff/story.md")
        try "mine".write(to: path, atomically: true, encoding: .utf8)
        let refused = try quizgen("new", "story", "Content/stuff/story.md", "--no-color", in: folder)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("error: the file already exists"))
        #expect(try String(contentsOf: path, encoding: .utf8) == "mine")
    }

    @Test func checkNamedFilesChecksOnlyThem() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = folder.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        let good = "---\nkind: personality\n---\n## Q\n- A {x}\n- B {y}\n## X {#x .outcome}\n## Y {#y .outcome}\n"
        try good.write(to: content.appendingPathComponent("good.md"), atomically: true, encoding: .utf8)
        try good.replacingOccurrences(of: "{y}\n", with: "{z}\n")
            .write(to: content.appendingPathComponent("bad.md"), atomically: true, encoding: .utf8)
        // The site's settings apply to the named file.
        try "language: fr\n".write(to: folder.appendingPathComponent("quizgen.yml"), atomically: true, encoding: .utf8)

        let one = try quizgen("check", "--no-color", "Content/good.md", in: folder)
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stderr.contains("Checked 1 content file: 0 errors"))
        #expect(!one.stdout.contains("bad.md"))

        let both = try quizgen("check", "--no-color", "--format", "json", "Content/good.md", "Content/bad.md", in: folder)
        #expect(both.status == 1)
        #expect(both.stdout.contains("\"file\": \"Content/bad.md\""))

        // From elsewhere, the site is found above the file.
        let outside = try quizgen("check", "--no-color", folder.path + "/Content/bad.md")
        #expect(outside.status == 1)
        #expect(outside.stderr.contains("error: unknown outcome 'z'"), "\(outside.stderr)")

        let stray = try quizgen("check", "--no-color", "quizgen.yml", in: folder)
        #expect(stray.status == 1)
        #expect(stray.stderr.contains("quizgen.yml: error: not a content file of the site"))
    }

    func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    func initSite() throws -> (URL, URL) {
        let folder = Repository.temporaryFolder()
        let made = try quizgen("init", "site", in: folder)
        #expect(made.status == 0, "\(made.stderr)")
        return (folder, folder.appendingPathComponent("site"))
    }

    @Test func newTitlesTheStarterAfterItsFileName() throws {
        let (folder, site) = try initSite()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try quizgen("new", "trivia", "Content/capitals", in: site).status == 0)
        #expect(try quizgen("new", "story", "Content/my-first-story", in: site).status == 0)
        #expect(try quizgen("new", "personality", "Content/which_tree.md", in: site).status == 0)
        let capitals = try String(contentsOf: site.appendingPathComponent("Content/capitals.md"), encoding: .utf8)
        #expect(capitals.contains("\ntitle: Capitals\n"), "\(capitals)")
        #expect(!capitals.contains("The Planets"))
        #expect(capitals.contains("\n# Points per level"), "the rest of the starter stays")
        #expect(capitals.contains("## Which planet is the largest?"))
        let story = try String(contentsOf: site.appendingPathComponent("Content/my-first-story.md"), encoding: .utf8)
        #expect(story.contains("\ntitle: My first story\n"), "\(story)")
        let tree = try String(contentsOf: site.appendingPathComponent("Content/which_tree.md"), encoding: .utf8)
        #expect(tree.contains("\ntitle: Which tree\n"), "\(tree)")

        let check = try quizgen("check", "--no-color", in: site)
        #expect(check.stderr.contains("Checked 6 content files: 0 errors and 0 warnings."), "\(check.stderr)")
        #expect(check.stdout.components(separatedBy: "“The Planets”").count == 2, "\(check.stdout)")
        let build = try quizgen("build", "--no-maps", "--no-color", in: site)
        #expect(build.status == 0 && !build.stderr.contains("warning"), "\(build.stderr)")
        let index = try String(contentsOf: site.appendingPathComponent("public/index.html"), encoding: .utf8)
        for example in ["Four questions about the solar system.", "A very short story with two endings.",
                        "Three questions to find the season that suits you."] {
            #expect(index.components(separatedBy: example).count == 2, "only the example \(example)")
        }
    }

    /// Japanese names lose the dash between two of their characters; the site's language
    /// makes the capital (a Turkish site's `istanbul` is İstanbul).
    @Test func newTitlesInTheSiteLanguage() throws {
        let (folder, site) = try initSite()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "language: tr\n".write(to: site.appendingPathComponent("quizgen.yml"), atomically: true, encoding: .utf8)
        #expect(try quizgen("new", "story", "Content/最初の-物語", in: site).status == 0)
        #expect(try quizgen("new", "trivia", "Content/sehirler/istanbul", in: site).status == 0)
        let story = try String(contentsOf: site.appendingPathComponent("Content/最初の-物語.md"), encoding: .utf8)
        #expect(story.contains("\ntitle: 最初の物語\n"), "\(story)")
        let city = try String(contentsOf: site.appendingPathComponent("Content/sehirler/istanbul.md"), encoding: .utf8)
        #expect(city.contains("\ntitle: İstanbul\n"), "\(city)")
    }

    /// A title another content file has is written with a warning at it, naming that file:
    /// in another folder the index tells the two apart only by their folders; in the same
    /// one the build warns of it too.
    @Test func newWarnsOfATitleAnotherFileHas() throws {
        let (folder, site) = try initSite()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try quizgen("new", "story", "Content/a/intro", "--no-color", in: site).stderr.contains("warning") == false)
        let second = try quizgen("new", "story", "Content/b/intro", "--no-color", in: site)
        #expect(second.status == 0 && exists(site.appendingPathComponent("Content/b/intro.md")))
        #expect(second.stderr.hasPrefix("""
            Content/b/intro.md:3:8: warning: another content file has this title
             3 | title: Intro
               |        ^
            hint: Content/a/intro.md has the title 'Intro'; the index tells the two apart only by their folders

            """), "\(second.stderr)")
        // From inside a folder, the other file is named from there; a title of its own is fine.
        let inside = try quizgen("new", "trivia", "../c/intro", "--no-color", in: site.appendingPathComponent("Content/b"))
        #expect(inside.stderr.contains("hint: ../../Content/a/intro.md has the title 'Intro';"), "\(inside.stderr)")
        let own = try quizgen("new", "trivia", "intro-quiz", "--no-color", in: site.appendingPathComponent("Content/b"))
        #expect(own.status == 0 && !own.stderr.contains("warning"), "\(own.stderr)")

        // "The door" beside the example's "The Door": the index would list the two alike.
        let door = try quizgen("new", "story", "Content/the_door", "--no-color", in: site)
        #expect(door.status == 0)
        #expect(door.stderr.contains("""
            Content/the_door.md:3:8: warning: another file in this folder has this title: the index lists the two alike
            """), "\(door.stderr)")
        #expect(door.stderr.contains("hint: Content/the-door.md has the title 'The Door'; give one of them another title"), "\(door.stderr)")
        let build = try quizgen("build", "--no-maps", "--no-color", in: site)
        #expect(build.status == 0)
        #expect(build.stderr.contains("Content/the_door.md:3:8: warning: another file in this folder has this title"), "\(build.stderr)")
        #expect(!build.stderr.contains("Content/b/intro.md"), "\(build.stderr)")
    }

    @Test func newRefusesAFolderAndWarnsAboutFilesTheBuildSkips() throws {
        let (folder, site) = try initSite()
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = site.appendingPathComponent("Content")

        for path in ["Content/", "Content", "Content/.", "Content/sub/"] {
            let refused = try quizgen("new", "story", path, "--no-color", in: site)
            #expect(refused.status == 1, "\(path): \(refused.stderr)")
            #expect(refused.stderr.contains("error: a folder, not a file name"), "\(path): \(refused.stderr)")
        }
        #expect(!exists(content.appendingPathComponent(".md")))
        #expect(!exists(site.appendingPathComponent("Content.md")))
        #expect(!exists(content.appendingPathComponent("sub")))

        for (path, written) in [("Content/_draft", "_draft.md"), ("Content/.hidden", ".hidden.md"), ("Content/_parts/one", "_parts/one.md")] {
            let skipped = try quizgen("new", "story", path, "--no-color", in: site)
            #expect(skipped.status == 0)
            #expect(exists(content.appendingPathComponent(written)))
            #expect(skipped.stderr.contains("warning: build skips names that start with _ or ."), "\(path): \(skipped.stderr)")
        }

        let outside = try quizgen("new", "trivia", "capitals2", "--no-color", in: site)
        #expect(outside.status == 0)
        #expect(exists(site.appendingPathComponent("capitals2.md")))
        #expect(outside.stderr.contains("warning: not in the content folder"), "\(outside.stderr)")

        // The path is normalised first: no Content/x/ is made on the way out.
        let escape = try quizgen("new", "story", "Content/x/../../escape", "--no-color", in: site)
        #expect(escape.status == 0)
        #expect(exists(site.appendingPathComponent("escape.md")))
        #expect(!exists(content.appendingPathComponent("x")))
        #expect(escape.stderr.contains("escape.md: warning: not in the content folder"), "\(escape.stderr)")
        #expect(escape.stderr.contains("Wrote escape.md,"), "\(escape.stderr)")

        // Inside Content/, nothing to warn about.
        let fine = try quizgen("new", "story", "Content/stories/fine", "--no-color", in: site)
        #expect(fine.status == 0)
        #expect(!fine.stderr.contains("warning"), "\(fine.stderr)")
        let fromInside = try quizgen("new", "story", "inside", "--no-color", in: content)
        #expect(fromInside.status == 0)
        #expect(!fromInside.stderr.contains("warning"), "\(fromInside.stderr)")
        // Another site's Content/, named in the path from a folder that is no site: no warning.
        let nowhere = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: nowhere) }
        let elsewhere = try quizgen("new", "story", "blog/Content/cave", "--no-color", in: nowhere)
        #expect(elsewhere.status == 0 && exists(nowhere.appendingPathComponent("blog/Content/cave.md")))
        #expect(!elsewhere.stderr.contains("warning"), "\(elsewhere.stderr)")
        let hiddenThere = try quizgen("new", "story", "blog/Content/_wip/cave", "--no-color", in: nowhere)
        #expect(hiddenThere.stderr.contains("warning: build skips names that start with _ or . (_wip)"), "\(hiddenThere.stderr)")

        // A file that cannot be written leaves no folder behind.
        let long = String(repeating: "n", count: 300)
        let failed = try quizgen("new", "story", "Content/made/on/the/way/\(long)", "--no-color", in: site)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("error: cannot write"), "\(failed.stderr)")
        #expect(!exists(content.appendingPathComponent("made")))
    }

    @Test func initTakesAFolderWithOnlyDotEntries() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fm = FileManager.default
        try fm.createDirectory(at: folder.appendingPathComponent("repo/.git/objects"), withIntermediateDirectories: true)
        let made = try quizgen("init", "repo", "--no-color", in: folder)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(exists(folder.appendingPathComponent("repo/Content/planets.md")))
        #expect(exists(folder.appendingPathComponent("repo/.git/objects")))

        // An existing .gitignore is kept as it was, and the user is told what it lacks.
        try fm.createDirectory(at: folder.appendingPathComponent("clone/.git"), withIntermediateDirectories: true)
        try "node_modules/\n".write(to: folder.appendingPathComponent("clone/.gitignore"), atomically: true, encoding: .utf8)
        try "x".write(to: folder.appendingPathComponent("clone/.DS_Store"), atomically: true, encoding: .utf8)
        let clone = try quizgen("init", "clone", "--no-color", in: folder)
        #expect(clone.status == 0, "\(clone.stderr)")
        #expect(try String(contentsOf: folder.appendingPathComponent("clone/.gitignore"), encoding: .utf8) == "node_modules/\n")
        #expect(clone.stderr.contains("public/"), "\(clone.stderr)")
        #expect(clone.stderr.contains(".gitignore"), "\(clone.stderr)")
        #expect(exists(folder.appendingPathComponent("clone/quizgen.yml")))

        // Anything else in the folder is still refused, and nothing is written.
        try fm.createDirectory(at: folder.appendingPathComponent("full/.git"), withIntermediateDirectories: true)
        try "mine".write(to: folder.appendingPathComponent("full/notes.txt"), atomically: true, encoding: .utf8)
        let full = try quizgen("init", "full", "--no-color", in: folder)
        #expect(full.status == 1)
        #expect(full.stderr.contains("error: the folder is not empty"), "\(full.stderr)")
        #expect(try fm.contentsOfDirectory(atPath: folder.appendingPathComponent("full").path).sorted() == [".git", "notes.txt"])
    }

    @Test func helpShowsDefaultsOnceAndExamplesForEveryCommand() throws {
        let initHelp = try quizgen("init", "--help")
        #expect(!initHelp.stdout.contains("(default: .)"), "\(initHelp.stdout)")
        #expect(initHelp.stdout.components(separatedBy: "default: the current folder").count == 2, "\(initHelp.stdout)")
        for command in ["build", "check", "serve", "init", "new", "graph", "import"] {
            let help = try quizgen(command, "--help")
            #expect(help.stdout.contains("Example"), "\(command) --help has no examples")
            #expect(help.stdout.contains("  quizgen \(command)"), "\(command) --help has no examples")
        }
    }
}
