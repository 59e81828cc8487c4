import Diagnostics
import Foundation
@testable import Site
import Testing
import TestSupport

@Suite struct SiteWriterTests {
    @Test func buildsAndReplacesTheOutputWhole() throws {
        let site = TemporarySite(files: ["Content/tiny.md": quiz, "Content/pic.png": "png"])
        #expect(site.build().diagnostics.isEmpty)
        #expect(site.exists("public/index.html"))
        #expect(site.exists("public/tiny/index.html"))
        #expect(site.exists("public/tiny/a.html"))
        #expect(site.exists("public/pic.png"))
        #expect(site.exists("public/\(SiteWriter.marker)"))

        // A file that is no longer generated disappears with the next build.
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/pic.png"))
        #expect(site.build().diagnostics.isEmpty)
        #expect(!site.exists("public/pic.png"))
        // No staging folder is left behind.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    /// The marker lands in every upload, so the README says what it is where it describes
    /// the output folder.
    @Test func theMarkerIsDocumented() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let output = try #require(readme.components(separatedBy: "\n- `--output` ").dropFirst().first?.components(separatedBy: "\n- ").first)
        #expect(output.contains("`\(SiteWriter.marker)`") && output.contains("harmless to upload"), "\(output)")
    }

    @Test func aBuildWithErrorsLeavesThePreviousOutputExactlyAsItWas() {
        let site = TemporarySite(files: ["Content/tiny.md": quiz])
        site.build()
        let before = site.tree()
        site.write("Content/tiny.md", quiz.replacingOccurrences(of: "{b}", with: "{bee}"))
        site.write("Content/new.md", quiz)
        let result = site.build()
        #expect(result.diagnostics.hasErrors)
        #expect(site.tree() == before)
    }

    @Test func twoBuildsAreByteIdentical() {
        let site = TemporarySite(files: ["Content/tiny.md": quiz, "Content/a/b.md": quiz])
        site.build()
        let first = site.tree()
        site.build()
        #expect(site.tree() == first)
        #expect(first.count >= 7)
    }

    @Test func abandonedStagingFoldersAreCleanedUp() throws {
        let site = TemporarySite(files: ["Content/tiny.md": quiz])
        // A build killed mid-write leaves a staging folder whose process is gone.
        site.write(".public.quizgen-999999/half.html", "<p>half")
        site.build()
        #expect(!site.exists(".public.quizgen-999999"))
    }

    @Test func stagingFoldersOfARunningProcessAreCleanedOnlyWhenOld() throws {
        let site = TemporarySite(files: ["Content/tiny.md": quiz])
        // Process 1 always runs: the number alone cannot tell these from a live build's.
        site.write(".public.quizgen-1/old.html", "<p>old")
        site.write(".public.quizgen-1.old/old.html", "<p>old")
        let hourAgo = Date(timeIntervalSinceNow: -Double(SiteWriter.abandonedAfter) - 60)
        for folder in [".public.quizgen-1", ".public.quizgen-1.old"] {
            try FileManager.default.setAttributes(
                [.modificationDate: hourAgo], ofItemAtPath: site.root.appendingPathComponent(folder).path)
        }
        site.write(".public.quizgen-2/new.html", "<p>new")
        site.build()
        #expect(!site.exists(".public.quizgen-1") && !site.exists(".public.quizgen-1.old"))
        #expect(site.exists(".public.quizgen-2/new.html") == (kill(2, 0) == 0 || errno == EPERM))
    }

    @Test func refusesOutputsThatWouldDestroyContent() {
        let site = TemporarySite(files: ["Content/tiny.md": quiz, "mine/notes.txt": "keep me"])
        let fs = FileSystem.disk
        #expect(SiteWriter.checkOutput(site.root.path + "/Content/public", location: site.location, fileSystem: fs)?
            .message.contains("inside the content folder") == true)
        #expect(SiteWriter.checkOutput(site.root.path, location: site.location, fileSystem: fs)?
            .message.contains("holds the site itself") == true)
        #expect(SiteWriter.checkOutput(site.root.path + "/mine", location: site.location, fileSystem: fs)?
            .message.contains("has files that quizgen did not write") == true)
        // An empty Templates/ or i18n/ would take the output, read on the next build, and so
        // would the one the build made.
        for folder in ["Templates", "i18n"] {
            for path in [folder, folder + "/out"] {
                #expect(SiteWriter.checkOutput(site.root.path + "/" + path, location: site.location, fileSystem: fs)?
                    .message.contains("inside the site's \(folder)/ folder") == true, "\(path), not there yet")
            }
            try? FileManager.default.createDirectory(at: site.root.appendingPathComponent(folder), withIntermediateDirectories: true)
            #expect(SiteWriter.checkOutput(site.root.path + "/" + folder, location: site.location, fileSystem: fs)?
                .message.contains("inside the site's \(folder)/ folder") == true)
            #expect(SiteWriter.checkOutput(site.root.path + "/" + folder + "/out", location: site.location, fileSystem: fs) != nil)
        }
        #expect(SiteWriter.checkOutput(site.output, location: site.location, fileSystem: fs) == nil)
        site.build()
        #expect(SiteWriter.checkOutput(site.output, location: site.location, fileSystem: fs) == nil)
    }

    @Test func assetsMayNotCollideWithPages() {
        let site = TemporarySite(files: ["quizgen.yml": "raw-html: true\n", "Content/tiny.md": quiz, "Content/tiny/index.html": "<p>mine"])
        let result = site.build()
        #expect(result.diagnostics.map(\.file) == ["Content/tiny/index.html"])
        #expect(result.diagnostics.first?.isError == true)
    }
}

@Suite struct StreamingBuildTests {
    /// What `quizgen build` does: chunks of files rendered and handed to a staging folder.
    func streamedBuild(_ site: TemporarySite, chunkSize: Int) -> (BuildOutput, SiteWriter.Result?) {
        let loaded = SiteLoader.load(site.location, fileSystem: .disk)
        return Pipeline(options: BuildOptions(chunkSize: chunkSize)).publish(loaded, to: site.output, fileSystem: .disk)
    }

    @Test func smallChunksWriteWhatOneChunkWrites() {
        var files: [String: String] = ["Content/pic.png": "png"]
        for i in 0..<7 { files["Content/q\(i).md"] = quiz.replacingOccurrences(of: "title: Tiny", with: "title: Tiny \(i)") }
        let site = TemporarySite(files: files)
        site.build()
        let oneChunk = site.tree()
        let (output, written) = streamedBuild(site, chunkSize: 2)
        #expect(output.diagnostics.isEmpty)
        #expect(written?.problems.isEmpty == true)
        #expect(written?.pages == 7 * 3 + 2)  // each quiz's three, the index and the 404 page
        #expect(site.tree() == oneChunk)
    }

    @Test func chunksHoldAtMostTheirBytesOfMarkdown() {
        // 50 files of 9 MB in one chunk of 256 took 1.2 GB: big files go a few at a time.
        var files: [String: String] = [:]
        for i in 0..<5 { files["Content/q\(i).md"] = quiz + (i == 2 ? String(repeating: "Filler.\n", count: 40) : "") }
        let site = TemporarySite(files: files)
        let loaded = SiteLoader.load(site.location, fileSystem: .disk)
        let size = quiz.utf8.count
        var batches: [[String]] = []
        _ = Pipeline(options: BuildOptions(chunkBytes: 2 * size)).run(loaded) { batch in
            batches.append(Set(batch.map { $0.path.split(separator: "/").first.map(String.init) ?? "" }).sorted())
        }
        // The big file is a chunk of its own; the others go two by two; then the index.
        #expect(batches.dropLast() == [["q0", "q1"], ["q2"], ["q3", "q4"]])
        #expect(BuildOptions(chunkSize: 3, chunkBytes: .max).chunks(loaded.contentFiles).map(\.count) == [3, 2])
    }

    @Test func anErrorInALaterChunkWritesNothing() {
        var files: [String: String] = [:]
        for i in 0..<6 { files["Content/q\(i).md"] = quiz }
        let site = TemporarySite(files: files)
        site.build()
        let before = site.tree()
        site.write("Content/q5.md", quiz.replacingOccurrences(of: "{b}", with: "{bee}"))
        for i in 0..<5 { site.write("Content/q\(i).md", quiz.replacingOccurrences(of: "Tiny", with: "Changed")) }
        let (output, written) = streamedBuild(site, chunkSize: 2)
        #expect(output.hasErrors && written == nil)
        #expect(site.tree() == before)
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: site.root.path))?.filter { $0.hasPrefix(".") }
        #expect(leftovers == [])
    }
}

@Suite struct FailedWriteTests {
    /// Files are written on the staging folder's own queue while later chunks render: a
    /// file that cannot be written still fails the build, names the file, and leaves the
    /// previous output as it was, with no staging folder left behind.
    @Test func aFileThatCannotBeWrittenFailsTheBuildAndKeepsThePreviousOutput() throws {
        var files: [String: String] = [:]
        for i in 0..<6 { files["Content/q\(i).md"] = quiz }
        let site = TemporarySite(files: files)
        site.build()
        let before = site.tree()
        for i in 0..<6 { site.write("Content/q\(i).md", quiz.replacingOccurrences(of: "Tiny", with: "Changed")) }
        var fs = FileSystem.disk
        let write = fs.write
        fs.write = { path, bytes throws(FileSystem.Failure) in
            if path.hasSuffix("/q4/index.html") { throw FileSystem.Failure(path: path, reason: "No space left on device") }
            try write(path, bytes)
        }
        let loaded = SiteLoader.load(site.location, fileSystem: .disk)
        let (output, written) = Pipeline(options: BuildOptions(chunkSize: 2)).publish(loaded, to: site.output, fileSystem: fs)
        #expect(!output.hasErrors)
        let problem = try #require(written?.problems.first)
        #expect(problem.message == "cannot write the site: No space left on device")
        // Named in the output, as the author knows it: not in the staging folder.
        #expect(problem.file == site.output + "/q4/index.html")
        #expect(site.tree() == before)
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: site.root.path))?.filter { $0.hasPrefix(".") }
        #expect(leftovers == [])
    }

    /// An asset that cannot be read (gone since the walk, or unreadable to the user) is the
    /// author's file to fix: the error names it in the content folder, not the output.
    @Test func anAssetThatCannotBeReadIsNamedAsTheAuthorKnowsIt() throws {
        let site = TemporarySite(files: ["Content/q.md": quiz, "Content/pics/cat.png": "png"])
        site.build()
        let before = site.tree()
        var fs = FileSystem.disk
        let copy = fs.copy
        fs.copy = { from, to throws(FileSystem.Failure) in
            if from.hasSuffix("/cat.png") { try? FileManager.default.removeItem(atPath: from) }
            try copy(from, to)
        }
        let loaded = SiteLoader.load(site.location, fileSystem: .disk)
        let (_, written) = Pipeline().publish(loaded, to: site.output, fileSystem: fs)
        let problem = try #require(written?.problems.first)
        #expect(problem.message == "cannot read this file to copy it into the site: No such file or directory")
        #expect(problem.file == "Content/pics/cat.png")
        #expect(site.tree().filter { !$0.key.hasPrefix("Content/") } == before.filter { !$0.key.hasPrefix("Content/") })
    }

    /// The staging folder beside the output cannot be made: the message names the output
    /// and the folder it was to go in, not `.public.quizgen-PID`.
    @Test func aStagingFolderThatCannotBeMadeIsToldAsTheOutput() throws {
        let site = TemporarySite(files: ["Content/q.md": quiz])
        var fs = FileSystem.disk
        let makeDirectory = fs.makeDirectory
        fs.makeDirectory = { path throws(FileSystem.Failure) in
            if path.contains(".quizgen-") { throw FileSystem.Failure(path: path, reason: "Permission denied") }
            try makeDirectory(path)
        }
        let loaded = SiteLoader.load(site.location, fileSystem: .disk)
        let (output, written) = Pipeline().publish(loaded, to: site.output, fileSystem: fs)
        #expect(written == nil)
        let problem = try #require(output.diagnostics.first)
        #expect(problem.file == site.output)
        #expect(problem.message == "cannot write the site: Permission denied (in \(site.root.path)/)")
    }
}

@Suite struct OutputPathTests {
    func streamedBuild(_ site: TemporarySite, output: String) -> SiteWriter.Result? {
        let loaded = SiteLoader.load(site.location, fileSystem: .disk)
        return Pipeline().publish(loaded, to: output, fileSystem: .disk).written
    }

    /// A web root deployed through a link: the folder it names is replaced, the link kept,
    /// and nothing outside is touched.
    @Test func aLinkedOutputReplacesTheFolderItNamesAndKeepsTheLink() throws {
        let site = TemporarySite(files: ["Content/tiny.md": quiz, "realsite/.keep": ""])
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("realsite/.keep"))
        let link = site.root.appendingPathComponent("pub").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "realsite")
        for _ in 0..<2 {
            #expect(streamedBuild(site, output: link)?.problems == [])
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "realsite")
            #expect(site.exists("realsite/tiny/index.html"))
        }
    }

    @Test func aTrailingSlashIsTheSameFolder() {
        let site = TemporarySite(files: ["Content/tiny.md": quiz])
        #expect(streamedBuild(site, output: site.root.path + "/out/")?.problems == [])
        #expect(streamedBuild(site, output: site.root.path + "/out//")?.problems == [])
        #expect(site.exists("out/tiny/index.html"))
        #expect((try? FileManager.default.contentsOfDirectory(atPath: site.root.path + "/out"))?.contains { $0.hasPrefix(".out") } == false)
    }

    /// Without renameat2 the swap moves the old site aside first; a kill right then leaves
    /// no output, and the next build puts the old site back before anything else.
    @Test func aSiteMovedAsideByAKilledSwapIsPutBack() {
        let site = TemporarySite(files: ["Content/tiny.md": quiz])
        site.build()
        let before = site.tree()
        try? FileManager.default.moveItem(
            at: site.root.appendingPathComponent("public"), to: site.root.appendingPathComponent(".public.quizgen-999999.old"))
        site.write("Content/tiny.md", quiz.replacingOccurrences(of: "{b}", with: "{bee}"))
        let result = site.build()
        #expect(result.hasErrors)
        // The failed build wrote nothing, but clearing away the killed build restored the site.
        _ = try? SiteWriter.Staging(output: site.output, assets: [], fileSystem: .disk).discard()
        #expect(site.tree() == before)
        #expect(!site.exists(".public.quizgen-999999.old"))
    }

    @Test func onlyExactStagingNamesCountAsAbandoned() {
        let site = TemporarySite(files: ["Content/tiny.md": quiz, ".public.quizgen-notes/keep.txt": "mine"])
        site.build()
        #expect(site.exists(".public.quizgen-notes/keep.txt"))
    }
}
