import Foundation
import Support
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A build's story maps, drawn while the build goes on: `draw` hands a graph in as soon as
/// its story is checked, and `finish` gives every SVG back, in the order they were handed
/// in, once the pages are rendered. Drawing then overlaps parsing and rendering instead of
/// stopping the build while `dot` runs.
public protocol GraphvizSession: AnyObject, Sendable {
    /// Hands a graph in; graphs are numbered from 0 in the order they are handed in.
    func draw(_ dot: String)
    /// The maps drawn since the last call, by number, so that they can be written (and
    /// their memory given back) while the build goes on.
    func ready() -> [(Int, Result<[UInt8], Graphviz.Failure>)]
    /// No more graphs come: waits for the next maps drawn and gives them back; nil once
    /// none are left to come this way (`finish` gives back the rest).
    func next() -> [(Int, Result<[UInt8], Graphviz.Failure>)]?
    /// Every map not yet given back, once all are drawn.
    func finish() -> [(Int, Result<[UInt8], Graphviz.Failure>)]
    /// The build failed: stop drawing and throw the graphs away.
    func cancel()
    /// What drawing cost, once finished; nil when the session cannot tell.
    var time: DrawingTime? { get }
}

extension GraphvizSession {
    /// Sessions without processes of their own draw everything in `finish`.
    public func next() -> [(Int, Result<[UInt8], Graphviz.Failure>)]? { nil }
}

/// What a session costs, for `build --timings` and the benchmark: the wall time from the
/// first graph handed in to the last SVG back, and the CPU time of the `dot` processes.
public struct DrawingTime: Sendable {
    public var graphs: Int
    public var processes: Int
    public var seconds: Double
    public var dotCPUSeconds: Double
}

/// A session over `renderAll`: the graphs are collected and drawn together at the end. For
/// Graphviz values without processes of their own (tests' fakes).
final class CollectingSession: GraphvizSession, @unchecked Sendable {
    private let renderAll: @Sendable ([String]) -> [Result<[UInt8], Graphviz.Failure>]
    private var dots: [String] = []

    init(_ renderAll: @escaping @Sendable ([String]) -> [Result<[UInt8], Graphviz.Failure>]) {
        self.renderAll = renderAll
    }

    func draw(_ dot: String) { dots.append(dot) }
    func ready() -> [(Int, Result<[UInt8], Graphviz.Failure>)] { [] }
    func finish() -> [(Int, Result<[UInt8], Graphviz.Failure>)] { Array(renderAll(dots).enumerated()) }
    func cancel() { dots = [] }
    var time: DrawingTime? { nil }
}

/// One `dot` per core, started when the first graphs come and kept running for the whole
/// build: each reads its graphs from standard input as they are handed in and writes the
/// SVGs one after another, so `dot` starts (and loads its fonts) once per core, not once
/// per batch. A process that fails, or does not give back one SVG per graph, has its
/// graphs drawn again one by one, so one bad graph costs only its own map.
final class DotSession: GraphvizSession, @unchecked Sendable {
    private let program: String
    private let workers: Int
    private let timeLimit: Int
    private let one: @Sendable (String) -> Result<[UInt8], Graphviz.Failure>
    private var feeds: [DotFeed] = []
    /// Each feed's graphs, by number, in the order it draws them; how many it gave back;
    /// whether it is still trusted.
    private var numbers: [[Int]] = []
    private var taken: [Int] = []
    private var alive: [Bool] = []
    /// Graphs drawn alone at the end: no process could be started, or theirs failed.
    private var alone: [Int] = []
    private var dots: [String] = []
    private var started: ContinuousClock.Instant?
    private let cpuBefore = DotSession.childCPUSeconds()
    private(set) var time: DrawingTime?

    init(program: String, workers: Int, timeLimit: Int, one: @escaping @Sendable (String) -> Result<[UInt8], Graphviz.Failure>) {
        self.program = program
        self.workers = max(1, workers)
        self.timeLimit = timeLimit
        self.one = one
    }

    func draw(_ dot: String) {
        if started == nil { started = .now }
        let number = dots.count
        dots.append(dot)
        // A new process while there are fewer than one per core, else the one with the
        // fewest bytes to draw: graphs' costs grow with their size.
        if feeds.count < workers, let feed = DotFeed(program: program) {
            feeds.append(feed)
            numbers.append([])
            taken.append(0)
            alive.append(true)
        }
        guard let marked = Self.marked(dot, number),
              let target = feeds.indices.filter({ alive[$0] }).min(by: { feeds[$0].bytes < feeds[$1].bytes })
        else {
            alone.append(number)
            return
        }
        feeds[target].enqueue(marked)
        numbers[target].append(number)
    }

    func ready() -> [(Int, Result<[UInt8], Graphviz.Failure>)] {
        var results: [(Int, Result<[UInt8], Graphviz.Failure>)] = []
        for f in feeds.indices where alive[f] {
            for svg in feeds[f].take() {
                // Out of step (dot gave nothing back for a graph it could not lay out, or
                // more SVGs than graphs): this process's other graphs are drawn alone.
                guard taken[f] < numbers[f].count, let svg = Self.unmarked(svg, numbers[f][taken[f]]) else {
                    retire(f)
                    break
                }
                let number = numbers[f][taken[f]]
                results.append((number, .success(Graphviz.asDrawnAlone(svg))))
                taken[f] += 1
            }
        }
        return results
    }

    /// The maps drawn after the last graph was handed in come back as they are drawn, not
    /// all at the end: held until the last, they and their stories were most of a build's
    /// memory. A `dot` that gives nothing back for its time limit is left to `finish`.
    func next() -> [(Int, Result<[UInt8], Graphviz.Failure>)]? {
        for f in feeds.indices where alive[f] { feeds[f].endInput() }
        var lastProgress = ContinuousClock.now
        while true {
            let results = ready()
            if !results.isEmpty { return results }
            let drawing = feeds.indices.filter { alive[$0] && !feeds[$0].hasEnded }
            guard !drawing.isEmpty, ContinuousClock.now - lastProgress < .seconds(timeLimit) else { return nil }
            if feeds[drawing[0]].waitForOutput(seconds: 0.005) { lastProgress = .now }
        }
    }

    func finish() -> [(Int, Result<[UInt8], Graphviz.Failure>)] {
        let limit = timeLimit
        let running = feeds.indices.filter { alive[$0] }
        let ended = running.map { feeds[$0] }.parallelMap { $0.finish(timeLimit: limit) }
        var results = ready()
        for (f, ending) in zip(running, ended) where alive[f] {
            // The graph being drawn when time ran out would run out of time again alone: it
            // fails here, and only the ones after it are drawn again.
            if ending == .timedOut, taken[f] < numbers[f].count {
                results.append((numbers[f][taken[f]], .failure(.timedOut(seconds: limit))))
                taken[f] += 1
            }
            if ending != .well || taken[f] < numbers[f].count { retire(f) }
        }
        let dots = self.dots
        let one = self.one
        let missing = alone.sorted()
        results += zip(missing, missing.parallelMap { one(dots[$0]) }).map { ($0, $1) }
        if let started {
            time = DrawingTime(
                graphs: dots.count, processes: feeds.count, seconds: (ContinuousClock.now - started).seconds,
                dotCPUSeconds: Self.childCPUSeconds() - cpuBefore)
        }
        return results
    }

    func cancel() {
        for f in feeds.indices where alive[f] { feeds[f].stop() }
        alive = alive.map { _ in false }
    }

    /// A feed no longer trusted: stopped, and its graphs not given back drawn alone.
    private func retire(_ f: Int) {
        feeds[f].stop()
        alive[f] = false
        alone += numbers[f][taken[f]...]
    }

    /// The graph with its number as a comment, which dot writes into the SVG as
    /// `<!-- quizgen map N -->`: each SVG read back is checked to be the graph it is taken
    /// for, and the comment is taken out again, so the map is the one dot draws alone.
    static func marked(_ dot: String, _ number: Int) -> String? {
        guard let line = dot.utf8.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let cut = dot.utf8.index(after: line)
        return String(dot[..<cut]) + "  comment=\"quizgen map \(number)\";\n" + String(dot[cut...])
    }

    static func unmarked(_ svg: [UInt8], _ number: Int) -> [UInt8]? {
        let mark = Array("<!-- quizgen map \(number) -->\n".utf8)
        // It comes before the first element, after dot's own comments.
        guard let at = ByteSearch.firstIndex(of: mark, in: svg, limit: 4096) else { return nil }
        return svg.removing(at..<(at + mark.count))
    }

    /// CPU time of the ended child processes (dot), user and system.
    static func childCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

/// One running `dot -Tsvg`: a thread writes the graphs into its standard input and another
/// reads its output as it comes, cutting it into one SVG per graph, so neither side can
/// block the other (dot writing into a full pipe while quizgen writes into a full one).
/// Its input is a socket written with MSG_NOSIGNAL, so a `dot` that dies makes a write
/// fail instead of stopping quizgen with SIGPIPE.
final class DotFeed: @unchecked Sendable {
    private let process = Process()
    private let output = Pipe()
    private let socket: Int32
    private let errorURL: URL
    private let condition = NSCondition()
    private var queue: [String] = []
    private var closed = false
    /// SVGs read and not yet taken.
    private var svgs: [[UInt8]] = []
    /// Output after the last whole SVG: nothing once dot has ended well.
    private var rest: [UInt8] = []
    private var ended = false
    /// When dot last gave back an SVG, or was handed a graph while it had none to draw: a
    /// graph's time limit runs from there.
    private var lastOutput = Date()
    /// How many SVGs it gave back.
    private var produced = 0
    private(set) var bytes = 0
    private(set) var count = 0

    init?(program: String) {
        var ends: [Int32] = [0, 0]
        // Close-on-exec: no other child may hold quizgen's end, or dot would never see the
        // end of its input.
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { return nil }
        socket = ends[0]
        errorURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("quizgen-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).err")
        guard FileManager.default.createFile(atPath: errorURL.path, contents: nil),
              let errorFile = FileHandle(forWritingAtPath: errorURL.path)
        else {
            close(ends[0])
            close(ends[1])
            return nil
        }
        defer { try? errorFile.close() }
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["-Tsvg"]
        process.standardInput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: false)
        process.standardOutput = output
        process.standardError = errorFile
        do {
            try ChildProcesses.shared.run(process)
        } catch {
            close(ends[0])
            close(ends[1])
            try? FileManager.default.removeItem(at: errorURL)
            return nil
        }
        close(ends[1])
        Thread { [self] in writeLoop() }.start()
        Thread { [self] in readLoop() }.start()
    }

    /// Queues a graph to be drawn after the ones before it.
    func enqueue(_ dot: String) {
        condition.lock()
        defer { condition.unlock() }
        // An idle dot starts on this graph now, not when it gave back the last one.
        if produced == count { lastOutput = Date() }
        queue.append(dot)
        bytes += dot.utf8.count
        count += 1
        condition.broadcast()
    }

    /// No more graphs: dot draws what it has and ends.
    func endInput() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether dot's output has ended.
    var hasEnded: Bool {
        condition.lock()
        defer { condition.unlock() }
        return ended
    }

    /// Waits at most `seconds` for an SVG to take or for the output to end; true when one
    /// of them is so.
    func waitForOutput(seconds: Double) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while svgs.isEmpty, !ended, condition.wait(until: deadline) {}
        return !svgs.isEmpty || ended
    }

    /// The SVGs read since the last call, in the order of their graphs.
    func take() -> [[UInt8]] {
        condition.lock()
        defer { condition.unlock() }
        defer { svgs = [] }
        return svgs
    }

    private func writeLoop() {
        var failed = false
        while true {
            condition.lock()
            while queue.isEmpty, !closed { condition.wait() }
            if queue.isEmpty {
                condition.unlock()
                break
            }
            let batch = queue
            queue = []
            condition.unlock()
            // After a failed write dot is gone; the rest is only taken off the queue.
            if !failed { failed = !write(batch.joined(separator: "\n") + "\n") }
        }
        close(socket)
    }

    private func write(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = send(socket, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
    }

    private func readLoop() {
        let fd = output.fileHandleForReading.fileDescriptor
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var pending: [UInt8] = []
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            let scanFrom = max(0, pending.count - Self.end.count + 1)
            pending += chunk[..<n]
            let (documents, used) = Self.wholeSVGs(in: pending, from: scanFrom)
            guard !documents.isEmpty else { continue }
            pending.removeFirst(used)
            condition.lock()
            svgs += documents
            produced += documents.count
            lastOutput = Date()
            condition.broadcast()
            condition.unlock()
        }
        condition.lock()
        rest = pending
        ended = true
        condition.broadcast()
        condition.unlock()
    }

    static let end = Array("</svg>\n".utf8)

    /// The whole SVGs at the start of `bytes` (dot ends each with `</svg>` and a line
    /// break, which labels cannot contain as dot escapes `<` in them), and how many bytes
    /// they take. `from` is where a new end may begin: the bytes before it were searched.
    static func wholeSVGs(in bytes: [UInt8], from: Int) -> ([[UInt8]], Int) {
        // `end` is read once: a static read in the loop checked its lazy initialisation once
        // a byte: with the scan, an eighth of the build's own extra work when maps are drawn.
        let end = Self.end
        var documents: [[UInt8]] = []
        var start = 0
        var i = from
        while let at = ByteSearch.firstIndex(of: end, in: bytes, from: i) {
            documents.append(Array(bytes[start..<(at + end.count)]))
            i = at + end.count
            start = i
        }
        return (documents, start)
    }

    enum Ending: Equatable {
        /// dot ended well, its output whole SVGs.
        case well
        /// dot failed, or its output was cut.
        case badly
        /// One graph took longer than the time limit, and dot was stopped.
        case timedOut
    }

    /// Ends the input and waits for dot to draw the rest; stopped when no SVG has come for
    /// `timeLimit` seconds (each graph has the limit, counted from the SVG before it, so
    /// the time a session already waited counts too).
    func finish(timeLimit: Int) -> Ending {
        condition.lock()
        closed = true
        condition.broadcast()
        while !ended {
            let deadline = lastOutput.addingTimeInterval(TimeInterval(timeLimit))
            if deadline <= Date() { break }
            _ = condition.wait(until: deadline)
        }
        let timedOut = !ended
        condition.unlock()
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        condition.lock()
        while !ended { condition.wait() }
        let whole = rest.isEmpty
        condition.unlock()
        process.waitUntilExit()
        ChildProcesses.shared.ended(process)
        try? FileManager.default.removeItem(at: errorURL)
        if timedOut { return .timedOut }
        return process.terminationReason == .exit && process.terminationStatus == 0 && whole ? .well : .badly
    }

    /// Stops dot and throws its work away.
    func stop() {
        condition.lock()
        closed = true
        queue = []
        condition.broadcast()
        condition.unlock()
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        condition.lock()
        while !ended { condition.wait() }
        condition.unlock()
        process.waitUntilExit()
        ChildProcesses.shared.ended(process)
        try? FileManager.default.removeItem(at: errorURL)
    }
}
