import Analysis
import Dispatch
import Foundation
import Site

/// The replay harness: the corpus, then numbered mutations of it, on several workers, each
/// input timed. Mutation K is made from the seed and K alone, so any one of them can be run
/// again by its number without running the others.
struct Replay {
    enum Input: Hashable {
        case corpus(String)
        case mutation(Int)
    }

    struct Timing: Equatable {
        var seconds: Double
        var input: Input
    }

    struct Summary {
        var corpusSeconds: Double
        var mutationsRun: Int
        var mutationSeconds: Double
        var slowest: [Timing]
    }

    let options: ReplayOptions
    let names: [String]
    let corpus: [[UInt8]]

    /// Mutation `index` of the seed: its own random stream, seeded from the seed and the index.
    static func mutation(_ index: Int, seed: UInt64, corpus: [[UInt8]]) -> [UInt8] {
        var mixer = SplitMix64(seed: UInt64(index))
        var random = SplitMix64(seed: seed ^ mixer.next())
        let base = corpus[random.below(corpus.count)]
        return Mutator.mutate(base, donor: corpus[random.below(corpus.count)], random: &random)
    }

    func run() -> Summary {
        CrashNote.prepare(workers: options.workers, corpus: options.corpus, names: names, seed: options.seed)
        let corpusStart = ContinuousClock.now
        let (_, corpusSlowest) = Self.pool(count: corpus.count, workers: options.workers, limit: options.slowest, deadline: nil) { worker, i in
            CrashNote.running(worker, corpus: i)
            _ = FuzzCase(corpus[i]).run()
            return .corpus(names[i])
        }
        let corpusSeconds = (ContinuousClock.now - corpusStart).seconds
        let mutationStart = ContinuousClock.now
        let (done, mutationSlowest) = Self.pool(
            count: options.mutations, workers: options.workers, limit: options.slowest,
            deadline: mutationStart + .milliseconds(Int64(options.seconds * 1000))
        ) { worker, k in
            CrashNote.running(worker, mutation: k)
            _ = FuzzCase(Self.mutation(k, seed: options.seed, corpus: corpus)).run()
            return .mutation(k)
        }
        return Summary(
            corpusSeconds: corpusSeconds, mutationsRun: done, mutationSeconds: (ContinuousClock.now - mutationStart).seconds,
            slowest: Self.slowest(corpusSlowest + mutationSlowest, limit: options.slowest))
    }

    /// Runs inputs 0..<count on `workers` threads, each taking the next number until none is
    /// left or the deadline has passed; gives how many ran and the slowest of them. The body
    /// gets the worker's number and the input's.
    static func pool(
        count: Int, workers: Int, limit: Int, deadline: ContinuousClock.Instant?, _ body: @Sendable (Int, Int) -> Input
    ) -> (done: Int, slowest: [Timing]) {
        let state = PoolState()
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, count))) { worker in
            var mine: [Timing] = []
            while let i = state.next(below: count, deadline: deadline) {
                let start = ContinuousClock.now
                let input = body(worker, i)
                mine = slowest(mine + [Timing(seconds: (ContinuousClock.now - start).seconds, input: input)], limit: limit)
                state.finished()
            }
            CrashNote.idle(worker)
            state.add(mine)
        }
        return (state.done, slowest(state.timings, limit: limit))
    }

    /// The `limit` slowest, slowest first; ties in the order the inputs were named.
    static func slowest(_ timings: [Timing], limit: Int) -> [Timing] {
        Array(timings.sorted { ($0.seconds, $1.input.order) > ($1.seconds, $0.input.order) }.prefix(limit))
    }

    func describe(_ input: Input) -> String {
        switch input {
        case .corpus(let name): "corpus file \(options.corpus)/\(name)"
        case .mutation(let k):
            "mutation \(k): QuizgenFuzz \(options.corpus) --seed \(options.seed) --reproduce \(k) --output mutation-\(k).txt"
        }
    }
}

extension Replay.Input {
    /// For ordering ties: corpus files by name, before mutations by number.
    var order: String {
        switch self {
        case .corpus(let name): "0" + name
        case .mutation(let k): "1" + String(repeating: "0", count: max(0, 20 - String(k).count)) + String(k)
        }
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// The shared counter of a pool and what its workers found.
private final class PoolState: @unchecked Sendable {
    private let lock = NSLock()
    private var nextIndex = 0
    private(set) var done = 0
    private(set) var timings: [Replay.Timing] = []

    func next(below count: Int, deadline: ContinuousClock.Instant?) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard nextIndex < count, deadline.map({ ContinuousClock.now < $0 }) ?? true else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    func finished() {
        lock.lock()
        done += 1
        lock.unlock()
    }

    func add(_ found: [Replay.Timing]) {
        lock.lock()
        timings += found
        lock.unlock()
    }
}
