import Foundation
import Testing
import TestSupport

/// The replay harness of the fuzz target, as scripts/test.sh runs it: its help, its list of
/// the slowest inputs, and its exit status when the time limit comes before the mutations.
@Suite struct FuzzHarnessTests {
    static let binary = Repository.binary.deletingLastPathComponent().appendingPathComponent("QuizgenFuzz")

    func fuzz(_ arguments: String...) throws -> ProcessResult {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "QuizgenFuzz is not built")
        return try ProcessResult.run(Self.binary, arguments)
    }

    /// A corpus of two hand-written seeds, small enough for a test.
    func smallCorpus() throws -> URL {
        let folder = Repository.temporaryFolder("quizgen-fuzz")
        for name in ["story-cave.md", "trivia-bank.md"] {
            try FileManager.default.copyItem(
                at: Repository.root.appendingPathComponent("Tests/Fuzz/corpus/" + name), to: folder.appendingPathComponent(name))
        }
        return folder
    }

    @Test func helpExplainsUsageOptionsAndExitStatus() throws {
        for flag in ["--help", "-h"] {
            let help = try fuzz(flag)
            #expect(help.status == 0)
            for word in ["usage: QuizgenFuzz CORPUS_DIR", "--mutations N", "--seconds S", "--seed N", "--slowest K", "--reproduce K",
                         "Exit status", "stopped the run before N mutations"] {
                #expect(help.stdout.contains(word), "\(flag) does not mention \(word)")
            }
        }
    }

    @Test func usageErrorsExitWithTwo() throws {
        for arguments in [["--mutations", "many", "x"], ["--bogus", "x"], [], ["x", "--output", "f"]] {
            let result = try ProcessResult.run(Self.binary, arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("usage: QuizgenFuzz"), "\(arguments)")
        }
    }

    @Test func listsTheSlowestInputsWithAWayToRunThemAgain() throws {
        let corpus = try smallCorpus()
        defer { try? FileManager.default.removeItem(at: corpus) }
        let result = try fuzz(corpus.path, "--mutations", "12", "--seconds", "600", "--slowest", "3", "--jobs", "2")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("2 corpus inputs"))
        #expect(result.stdout.contains("12 of 12 mutations (seed 1)"))
        let listed = result.stdout.split(separator: "\n").drop { !$0.hasPrefix("slowest inputs:") }.dropFirst()
        #expect(listed.count == 3)
        #expect(listed.allSatisfy { $0.contains(" s  corpus file \(corpus.path)/") || $0.contains("--reproduce") })
    }

    @Test func notReachingTheMutationsInTimeFails() throws {
        let corpus = try smallCorpus()
        defer { try? FileManager.default.removeItem(at: corpus) }
        let result = try fuzz(corpus.path, "--mutations", "1000000", "--seconds", "0")
        #expect(result.status == 1)
        #expect(result.stderr.contains("stopped the run after 0 of 1000000 mutations"))
    }

    @Test func aMutationIsTheSameInputWhenRunAgainAlone() throws {
        let corpus = try smallCorpus()
        defer { try? FileManager.default.removeItem(at: corpus) }
        var inputs: [Data] = []
        for _ in 0..<2 {
            let output = corpus.appendingPathComponent(".mutation")
            let result = try fuzz(corpus.path, "--seed", "7", "--reproduce", "5", "--output", output.path)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("mutation 5 of seed 7 ran in"))
            inputs.append(try Data(contentsOf: output))
        }
        #expect(inputs[0] == inputs[1] && !inputs[0].isEmpty)
    }
}
