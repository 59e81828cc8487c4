#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Names the inputs that were running when a check failed and stopped the process with a
/// trap, so that a failure seen in CI can be run again. A signal handler may only write what
/// is already in memory, so every line is made up front and workers only store numbers.
/// Best effort: the stores are plain, and the note is printed once, as the process dies.
enum CrashNote {
    /// Per worker: -1 idle, i ≥ 0 running corpus file i, -(k + 2) running mutation k.
    nonisolated(unsafe) private static var slots = UnsafeMutablePointer<Int>.allocate(capacity: 0)
    nonisolated(unsafe) private static var workers = 0
    /// One line per corpus file, and the pieces of a mutation's line.
    nonisolated(unsafe) private static var corpusLines: [[UInt8]] = []
    nonisolated(unsafe) private static var mutationLine: ([UInt8], [UInt8]) = ([], [])
    nonisolated(unsafe) private static var header: [UInt8] = []
    nonisolated(unsafe) private static var newline: [UInt8] = [UInt8(ascii: "\n")]
    private static let signals = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS]
    nonisolated(unsafe) private static var previous: [sigaction] = Array(repeating: .init(), count: 64)
    nonisolated(unsafe) private static var digits = [UInt8](repeating: 0, count: 24)

    static func prepare(workers: Int, corpus: String, names: [String], seed: UInt64) {
        slots = .allocate(capacity: workers)
        slots.initialize(repeating: -1, count: workers)
        self.workers = workers
        header = Array("QuizgenFuzz: a check failed while running:\n".utf8)
        corpusLines = names.map { Array("  corpus file \(corpus)/\($0)\n".utf8) }
        mutationLine = (Array("  mutation ".utf8), Array(": run it again with --seed \(seed) --reproduce ".utf8))
        // Swift's runtime prints a backtrace on these signals: its handler is put back first
        // (so a fault while writing the note goes to it), then the note, then the signal
        // is raised again for it.
        for kind in signals {
            var action: sigaction = .init()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { kind in
                sigaction(kind, &CrashNote.previous[Int(kind)], nil)
                CrashNote.report()
                raise(kind)
            }
            #else
            action.__sigaction_u.__sa_handler = { kind in
                sigaction(kind, &CrashNote.previous[Int(kind)], nil)
                CrashNote.report()
                raise(kind)
            }
            #endif
            sigaction(kind, &action, &previous[Int(kind)])
        }
    }

    static func running(_ worker: Int, corpus index: Int) { slots[worker] = index }
    static func running(_ worker: Int, mutation index: Int) { slots[worker] = -(index + 2) }
    static func idle(_ worker: Int) { slots[worker] = -1 }

    private static func report() {
        put(header)
        for worker in 0..<workers {
            let slot = slots[worker]
            if slot >= 0, slot < corpusLines.count {
                put(corpusLines[slot])
            } else if slot <= -2 {
                put(mutationLine.0)
                putNumber(-(slot + 2))
                put(mutationLine.1)
                putNumber(-(slot + 2))
                put(newline)
            }
        }
    }

    private static func put(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    private static func putNumber(_ number: Int) {
        var n = number
        var i = digits.count
        repeat {
            i -= 1
            digits[i] = UInt8(ascii: "0") + UInt8(n % 10)
            n /= 10
        } while n > 0 && i > 0
        _ = digits.withUnsafeBytes { write(2, $0.baseAddress! + i, digits.count - i) }
    }
}
