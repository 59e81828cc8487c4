import Foundation
import Support
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Graphviz's `dot`, as a value: the build and `quizgen graph` draw story maps through it,
/// and tests hand in their own. Running a program is the one thing here that is not a pure
/// function of the input, so it stays out of the stages and is passed in.
public struct Graphviz: Sendable {
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// No `dot` on PATH.
        case notInstalled
        /// `dot` ran and refused, with what it printed.
        case failed(String)
        /// `dot` took longer than the time limit (very large or very tangled graphs).
        case timedOut(seconds: Int)

        public var description: String {
            switch self {
            case .notInstalled: "Graphviz's dot is not installed (no 'dot' on PATH)"
            case .failed(let message): "dot failed: \(message)"
            case .timedOut(let seconds): "dot took longer than \(seconds) second\(seconds == 1 ? "" : "s") and was stopped"
            }
        }

        /// The failure as one line for an output's marker file (`MapCache.previousOutput`
        /// reads it back), so that the next build does not try the same graph again; nil for
        /// one that depends on the machine, not the graph.
        public var record: String? {
            switch self {
            case .notInstalled: nil
            case .failed(let message): "failed " + message.split(whereSeparator: \.isNewline).joined(separator: " ")
            case .timedOut(let seconds): "timed-out \(seconds)"
            }
        }

        public init?(record: Substring) {
            if record.hasPrefix("failed ") {
                self = .failed(String(record.dropFirst("failed ".count)))
            } else if record.hasPrefix("timed-out "), let seconds = Int(record.dropFirst("timed-out ".count)) {
                self = .timedOut(seconds: seconds)
            } else {
                return nil
            }
        }
    }

    /// Where `dot` is, for messages; nil when it is not installed.
    public var location: String?
    /// Renders DOT text in an output format such as `svg`.
    public var render: @Sendable (_ dot: String, _ format: String) -> Result<[UInt8], Failure>
    /// Renders many graphs as SVG. Starting `dot` costs far more than laying out a story's
    /// graph, so the system one feeds them all to one `dot` per core (a session).
    public var renderAll: @Sendable (_ dots: [String]) -> [Result<[UInt8], Failure>]
    /// A build's maps, drawn while it goes on (see `GraphvizSession`).
    public var session: @Sendable () -> any GraphvizSession

    public init(
        location: String?, render: @escaping @Sendable (String, String) -> Result<[UInt8], Failure>,
        renderAll: (@Sendable ([String]) -> [Result<[UInt8], Failure>])? = nil,
        session: (@Sendable () -> any GraphvizSession)? = nil
    ) {
        self.location = location
        self.render = render
        let all = renderAll ?? { dots in dots.map { render($0, "svg") } }
        self.renderAll = all
        self.session = session ?? { CollectingSession(all) }
    }

    public var isAvailable: Bool { location != nil }

    /// No Graphviz: every rendering fails with `.notInstalled`.
    public static let none = Graphviz(location: nil) { _, _ in .failure(.notInstalled) }

    /// The `dot` found on PATH (or none). Each rendering runs it on a temporary file and is
    /// stopped after `timeLimit` seconds; a session (and `renderAll`, through one) keeps up
    /// to `workers` of them running, fed graph by graph.
    public static func system(
        environment: [String: String] = ProcessInfo.processInfo.environment, timeLimit: Int = 30,
        workers: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> Graphviz {
        guard let dot = findProgram("dot", path: environment["PATH"] ?? "") else { return .none }
        let one: @Sendable (String, String) -> Result<[UInt8], Failure> = { text, format in
            run(dot, arguments: ["-T" + format], input: text, timeLimit: timeLimit)
        }
        let session: @Sendable () -> any GraphvizSession = {
            DotSession(program: dot, workers: workers, timeLimit: timeLimit) { one($0, "svg") }
        }
        // Many graphs at once (serve's rebuilds) go through the build's session too.
        return Graphviz(location: dot, render: one, renderAll: { dots in
            let drawing = session()
            for dot in dots { drawing.draw(dot) }
            return drawing.finish().sorted { $0.0 < $1.0 }.map(\.1)
        }, session: session)
    }

    /// One SVG of a batch as `dot` writes it for that graph alone. After the first graph of
    /// a run, dot names the root group `page0,1_graph0` instead of `graph0` (the page it
    /// last drew leaks into the next graph's id, even an `id` set in the DOT text); that
    /// prefix is the only difference (a test compares with the real dot). Without taking it out, a story's map would change
    /// with its place in a batch, and a map kept from an earlier build, or one drawn again
    /// on its own, would differ from a clean build's. A story's map is one page, so a
    /// page prefix on its root group never means anything.
    static func asDrawnAlone(_ svg: [UInt8]) -> [UInt8] {
        guard let cut = pagePrefix(in: svg) else { return svg }
        return svg.removing(cut)
    }

    /// Where `asDrawnAlone` cuts: the `page…_` prefix of the root group's id, if it has one.
    static func pagePrefix(in svg: [UInt8]) -> Range<Int>? {
        let open = Array("<g id=\"".utf8)
        // The root group is the first group, before any text from the graph's labels.
        guard let at = ByteSearch.firstIndex(of: open, in: svg) else { return nil }
        let start = at + open.count
        // The prefix is "page", digits, a comma, digits and an underscore.
        func digits(from index: Int) -> Int? {
            var end = index
            while end < svg.count, (0x30...0x39).contains(svg[end]) { end += 1 }
            return end > index ? end : nil
        }
        guard svg[start...].starts(with: "page".utf8), let comma = digits(from: start + 4),
              comma < svg.count, svg[comma] == UInt8(ascii: ","), let underscore = digits(from: comma + 1),
              underscore < svg.count, svg[underscore] == UInt8(ascii: "_")
        else { return nil }
        return start..<(underscore + 1)
    }

    static func findProgram(_ name: String, path: String) -> String? {
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = folder + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `program arguments FILE` where FILE holds the input, with its errors going to a
    /// second file: quizgen writes into no pipe (a program that stops reading could block or
    /// signal it) and reads only one, on this thread. A watchdog thread of its own, not
    /// Dispatch's pool (which a busy build may have filled), stops the program at the limit.
    static func run(_ program: String, arguments: [String], input: String, timeLimit: Int) -> Result<[UInt8], Failure> {
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("quizgen-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        let inputURL = base.appendingPathExtension("dot")
        let errorURL = base.appendingPathExtension("err")
        defer {
            try? FileManager.default.removeItem(at: inputURL)
            try? FileManager.default.removeItem(at: errorURL)
        }
        guard FileManager.default.createFile(atPath: inputURL.path, contents: Data(input.utf8)),
              FileManager.default.createFile(atPath: errorURL.path, contents: nil),
              let errorFile = FileHandle(forWritingAtPath: errorURL.path)
        else {
            return .failure(.failed("cannot write a temporary file in \(FileManager.default.temporaryDirectory.path)"))
        }
        defer { try? errorFile.close() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments + [inputURL.path]
        let output = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errorFile
        do {
            try ChildProcesses.shared.run(process)
        } catch {
            return .failure(.failed(error.localizedDescription))
        }
        let watchdog = Watchdog(process, seconds: timeLimit)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        ChildProcesses.shared.ended(process)
        let stopped = watchdog.finish()

        if stopped { return .failure(.timedOut(seconds: timeLimit)) }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let errors = (try? Data(contentsOf: errorURL)) ?? Data()
            let message = String(decoding: errors, as: UTF8.self).split(separator: "\n").first.map(String.init)
            return .failure(.failed(message ?? "exit status \(process.terminationStatus)"))
        }
        return .success([UInt8](data))
    }
}

/// Stops a program that runs past its time limit, from a thread of its own.
private final class Watchdog: @unchecked Sendable {
    private let condition = NSCondition()
    private var done = false
    private var stopped = false

    init(_ process: Process, seconds: Int) {
        let deadline = Date(timeIntervalSinceNow: TimeInterval(seconds))
        let thread = Thread { [self] in
            condition.lock()
            while !done, condition.wait(until: deadline) {}
            if !done, process.isRunning {
                stopped = true
                // SIGKILL: dot has nothing to clean up, and a SIGTERM can be ignored.
                kill(process.processIdentifier, SIGKILL)
            }
            condition.unlock()
        }
        thread.start()
    }

    /// Called once the program has ended; true when the watchdog stopped it.
    func finish() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        done = true
        condition.signal()
        return stopped
    }
}

extension Array where Element == UInt8 {
    /// The bytes without `range`, made in one allocation.
    func removing(_ range: Range<Int>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count - range.count)
        out += self[..<range.lowerBound]
        out += self[range.upperBound...]
        return out
    }
}
