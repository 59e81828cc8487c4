import Foundation
import Testing
import TestSupport

/// Commands run from inside Content/ (or any folder below the site) find the site above,
/// as git finds its repository, and keep the user's relative paths relative to where they are.
@Suite struct SiteFindingTests {
    func quizgen(_ arguments: String..., in folder: URL? = nil) throws -> ProcessResult {
        try ProcessResult.run(Repository.binary, arguments, in: folder)
    }

    /// A new site from `init`, in a fresh temporary folder: (the temporary folder, the site).
    func site() throws -> (URL, URL) {
        let folder = Repository.temporaryFolder()
        let made = try quizgen("init", "walk", in: folder)
        #expect(made.status == 0, "\(made.stderr)")
        return (folder, folder.appendingPathComponent("walk"))
    }

    func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    @Test func checkFromInsideContentNamesFilesRelativeToHere() throws {
        let (folder, site) = try site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = site.appendingPathComponent("Content")
        let one = try quizgen("check", "--no-color", "planets.md", in: content)
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stderr.contains("Checked 1 content file: 0 errors"), "\(one.stderr)")
        #expect(one.stderr.hasPrefix("Using the site in ../\n"), "\(one.stderr)")
        #expect(one.stdout.contains("trivia quiz “The Planets”"))

        let whole = try quizgen("check", "--no-color", in: content)
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(whole.stderr.contains("Using the site in ../\n"))
        #expect(whole.stderr.contains("Checked 3 content files: 0 errors"), "\(whole.stderr)")

        // Two folders down, a file named through ../ is still the site's.
        let deeper = content.appendingPathComponent("more/deeper")
        try FileManager.default.createDirectory(at: deeper, withIntermediateDirectories: true)
        let up = try quizgen("check", "--no-color", "../../the-door.md", in: deeper)
        #expect(up.status == 0, "\(up.stderr)")
        #expect(up.stderr.contains("Using the site in ../../../\n"), "\(up.stderr)")
        #expect(up.stdout.contains("story “The Door”"))

        // In the site folder itself nothing is said.
        let here = try quizgen("check", "--no-color", "Content/planets.md", in: site)
        #expect(here.status == 0)
        #expect(!here.stderr.contains("Using the site"))
    }

    @Test func buildFromInsideContentWritesTheSitesPublicFolder() throws {
        let (folder, site) = try site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = site.appendingPathComponent("Content")
        let build = try quizgen("build", "--no-maps", "--no-color", in: content)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("Using the site in ../\n"))
        #expect(build.stderr.contains("to ../public/"), "\(build.stderr)")
        #expect(exists(site.appendingPathComponent("public/planets/index.html")))
        #expect(!exists(content.appendingPathComponent("public")))

        // --output stays relative to the current folder, as typed.
        let other = try quizgen("build", "--no-maps", "--no-color", "--output", "../elsewhere", in: content)
        #expect(other.status == 0, "\(other.stderr)")
        #expect(exists(site.appendingPathComponent("elsewhere/planets/index.html")))
    }

    @Test func withoutASiteAboveTheErrorIsAsBefore() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try quizgen("build", "--no-color", in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("no content folder"), "\(result.stderr)")
        #expect(!result.stderr.contains("Using the site"))
    }
}
