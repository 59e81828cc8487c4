#if FUZZING
// libFuzzer build (scripts/fuzz.sh). SwiftPM links an executable's entry point under the
// name TARGET_main, so that is where libFuzzer's driver is started.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("QuizgenFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        _ = FuzzCase(bytes).run()
        return 0
    }
}
#else
import Foundation
import Site

/// Without libFuzzer, the same target replays a corpus and then runs seeded random
/// mutations of it, a bounded number in a bounded time: the fuzz run of CI. `--help` says how.
@main
enum QuizgenFuzzReplay {
    static func main() {
        let options: ReplayOptions
        do {
            options = try ReplayOptions.parse(Array(CommandLine.arguments.dropFirst()), cores: ProcessInfo.processInfo.activeProcessorCount)
        } catch {
            fail("QuizgenFuzz: \(error)\n\(ReplayOptions.usage)\nRun QuizgenFuzz --help for more.")
        }
        if options.help {
            print(ReplayOptions.help)
            return
        }
        let fs = FileSystem.disk
        let names = ((try? fs.list(options.corpus)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        let files = names.compactMap { name in (try? fs.read(options.corpus + "/" + name)).map { (name, $0) } }
        guard !files.isEmpty else { fail("QuizgenFuzz: no inputs in \(options.corpus)") }
        let replay = Replay(options: options, names: files.map(\.0), corpus: files.map(\.1))

        if let k = options.reproduce {
            let input = Replay.mutation(k, seed: options.seed, corpus: replay.corpus)
            if let output = options.output {
                guard FileManager.default.createFile(atPath: output, contents: Data(input)) else { fail("QuizgenFuzz: cannot write \(output)") }
            }
            let (_, timing) = Replay.pool(count: 1, workers: 1, limit: 1, deadline: nil) { _, _ in
                _ = FuzzCase(input).run()
                return .mutation(k)
            }
            print(String(format: "QuizgenFuzz: mutation %d of seed %llu ran in %.3f s; every check held", k, options.seed, timing[0].seconds))
            return
        }

        let summary = replay.run()
        print(String(
            format: "QuizgenFuzz: %d corpus inputs in %.1f s, then %d of %d mutations (seed %llu) in %.1f s, %d at once; every check held",
            replay.corpus.count, summary.corpusSeconds, summary.mutationsRun, options.mutations, options.seed,
            summary.mutationSeconds, options.workers))
        if !summary.slowest.isEmpty {
            print("slowest inputs:")
            for timing in summary.slowest {
                print(String(format: "  %7.3f s  ", timing.seconds) + replay.describe(timing.input))
            }
        }
        if summary.mutationsRun < options.mutations {
            // Fewer mutations than asked for is not a pass: CI would be fuzzing less than it says.
            FileHandle.standardError.write(Data("""
                QuizgenFuzz: FAILED: the time limit (--seconds \(String(format: "%g", options.seconds))) stopped the run after \(summary.mutationsRun) \
                of \(options.mutations) mutations; raise --seconds, lower --mutations or use a faster build

                """.utf8))
            exit(1)
        }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(2)
    }
}
#endif
