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
import Analysis
import Site
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Without libFuzzer, the same target replays a corpus and then runs seeded random
/// mutations of it for a bounded time: the short fuzz run of CI.
///
///     QuizgenFuzz CORPUS_DIR [--mutations N] [--seconds S] [--seed N]
@main
enum QuizgenFuzzReplay {
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        func option(_ name: String) -> String? {
            guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
            defer { arguments.removeSubrange(i...(i + 1)) }
            return arguments[i + 1]
        }
        let mutations = option("--mutations").flatMap { Int($0) } ?? 2000
        let seconds = option("--seconds").flatMap { Double($0) } ?? 60
        var random = SplitMix64(seed: option("--seed").flatMap { UInt64($0) } ?? 1)
        guard let folder = arguments.first else {
            fail("usage: QuizgenFuzz CORPUS_DIR [--mutations N] [--seconds S] [--seed N]")
            exit(2)
        }
        let fs = FileSystem.disk
        let names = ((try? fs.list(folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        let corpus = names.compactMap { try? fs.read(folder + "/" + $0) }
        guard !corpus.isEmpty else {
            fail("QuizgenFuzz: no inputs in \(folder)")
            exit(2)
        }
        for input in corpus { _ = FuzzCase(input).run() }
        let start = ContinuousClock.now
        var done = 0
        while done < mutations, (ContinuousClock.now - start) < .seconds(seconds) {
            let base = corpus[random.below(corpus.count)]
            _ = FuzzCase(Mutator.mutate(base, donor: corpus[random.below(corpus.count)], random: &random)).run()
            done += 1
        }
        print("QuizgenFuzz: \(corpus.count) corpus inputs and \(done) mutations ran without a failure")
    }

    static func fail(_ message: String) {
        print(message)
        exit(2)
    }
}
#endif
