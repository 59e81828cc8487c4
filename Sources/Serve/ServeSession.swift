import Diagnostics
import Foundation
import ServiceLifecycle
import Site
import Support
import Synchronization

/// One `serve`: the site in memory, kept up to date by a watcher and a rebuild thread, and
/// what the HTTP side reads (the last published state, under a lock, never half updated).
/// It runs as a service beside the server and stops with it: the watcher, the rebuild thread
/// and every event stream end at shutdown.
public final class ServeSession: Service, Sendable {
    /// What the terminal is told: a rebuild's new diagnostics and its one-line summary.
    public typealias Report = @Sendable (_ diagnostics: [Diagnostic], _ line: String) -> Void

    struct Published: Sendable {
        var site: LiveSite
        var errors: String
    }

    public let location: SiteLocation
    let fileSystem: FileSystem
    let hub = ReloadHub()
    let watcher: any FileWatcher
    let report: Report
    private let published: Mutex<Published>
    /// The rebuild thread's own copy; only that thread (and `init`) touch it.
    private let working: Mutex<LiveSite>
    private let pending: Mutex<Coalescer>
    private let wake = DispatchSemaphore(value: 0)
    private let stopFlag = StopFlag()
    private let finished = DispatchSemaphore(value: 0)

    /// Builds the whole site once (the first build, reported like any rebuild).
    public init(
        location: SiteLocation, options: BuildOptions, fileSystem: FileSystem = .disk, polling: Bool = false,
        coalescer: Coalescer = Coalescer(), report: @escaping Report
    ) {
        self.location = location
        self.fileSystem = fileSystem
        self.report = report
        let paths = WatchedPaths(location: location)
        watcher = makeFileWatcher(trees: paths.trees, root: location.root, polling: polling)
        var site = LiveSite(location: location, options: options)
        let clock = ContinuousClock.now
        let rebuild = Self.rebuild(&site, change: .all, location: location, fileSystem: fileSystem)
        report(rebuild.new, Self.summary(rebuild, site: site, seconds: (ContinuousClock.now - clock).seconds, first: true))
        working = Mutex(site)
        published = Mutex(Published(site: site, errors: Self.overlay(site)))
        pending = Mutex(coalescer)
    }

    // MARK: What the server reads

    public var site: LiveSite { published.withLock { $0.site } }

    /// The message every page gets on connecting and after each rebuild.
    func message(changed: [String]) -> String {
        let errors = published.withLock { $0.errors }
        return ScriptJSON.object([
            ("changed", .array(changed.map { .string($0) })), ("errors", .string(errors)),
        ]).encoded
    }

    public func subscribe() -> AsyncStream<String> { hub.subscribe() }
    public var listeners: Int { hub.listeners }

    // MARK: Running

    public func run() async throws {
        watcher.start { [self] paths, overflow in notice(paths, overflow: overflow) }
        let thread = Thread { [self] in
            rebuildLoop()
            finished.signal()
        }
        thread.name = "quizgen rebuild"
        thread.start()
        // Until Ctrl-C or the server's end; then everything this session started ends.
        try? await gracefulShutdown()
        stop()
        stopFlag.set()
        wake.signal()
        finished.wait()
    }

    /// Stops watching and ends every event stream (the server can then finish).
    func stop() {
        watcher.stop()
        hub.close()
    }

    /// The watcher's report, from its thread.
    func notice(_ paths: [String], overflow: Bool) {
        let now = ContinuousClock.now
        pending.withLock { $0.add(paths, overflow: overflow, at: now) }
        wake.signal()
    }

    private func rebuildLoop() {
        let paths = WatchedPaths(location: location)
        while !stopFlag.isSet {
            let now = ContinuousClock.now
            let (batch, deadline) = pending.withLock { pending in (pending.take(at: now), pending.deadline) }
            guard let batch else {
                if let deadline {
                    let wait = max(deadline - now, .zero)
                    _ = wake.wait(timeout: .now() + .nanoseconds(Int((wait / .nanoseconds(1)).rounded(.up))))
                } else {
                    _ = wake.wait(timeout: .now() + .seconds(1))
                }
                continue
            }
            var change = paths.change(batch.paths)
            change.everything = change.everything || batch.overflow
            guard !change.isEmpty else { continue }
            rebuildNow(change)
        }
    }

    /// One rebuild, published and announced. Public for tests and the benchmark's sake only
    /// through `notice`; this is the rebuild thread's.
    func rebuildNow(_ change: LiveSite.Change) {
        let start = ContinuousClock.now
        var changed: [String] = []
        let site = working.withLock { site in
            let rebuild = Self.rebuild(&site, change: change, location: location, fileSystem: fileSystem)
            // Assets are served from the content folder as they are now: a page showing one reloads.
            changed = rebuild.changed + change.content.filter { site.assets.contains($0) }.sorted()
            report(rebuild.new, Self.summary(rebuild, site: site, seconds: (ContinuousClock.now - start).seconds, first: false))
            return site
        }
        published.withLock { $0 = Published(site: site, errors: Self.overlay(site)) }
        hub.broadcast(message(changed: changed))
    }

    /// Loads the site and updates the state; a content folder that is gone keeps the pages.
    static func rebuild(_ site: inout LiveSite, change: LiveSite.Change, location: SiteLocation, fileSystem: FileSystem) -> LiveSite.Rebuild {
        let loaded = SiteLoader.load(location, fileSystem: fileSystem)
        guard fileSystem.kind(location.content) == .directory else { return site.keepPages(problems: loaded.problems) }
        return site.update(loaded, changed: change)
    }

    /// The overlay's text: every diagnostic as the terminal prints it (without color), when
    /// there is an error; empty otherwise.
    static func overlay(_ site: LiveSite) -> String {
        guard site.hasErrors else { return "" }
        return DiagnosticPrinter(useColor: false).format(site.diagnostics)
            + "\n\(DiagnosticPrinter.summary(site.diagnostics)): the pages of the last good build are shown.\n"
    }

    static func summary(_ rebuild: LiveSite.Rebuild, site: LiveSite, seconds: Double, first: Bool) -> String {
        let ms = Int((seconds * 1000).rounded())
        let files = site.contentFileCount
        var line = first
            ? "Built \(files) content file\(files == 1 ? "" : "s") (\(site.files.count) files) in memory in \(ms) ms"
            : "Rebuilt in \(ms) ms: \(rebuild.parsed.count) file\(rebuild.parsed.count == 1 ? "" : "s") read again, "
                + "\(rebuild.changed.count) page\(rebuild.changed.count == 1 ? "" : "s") changed"
        if site.hasErrors {
            line += "; \(DiagnosticPrinter.summary(site.diagnostics)), the last good pages are served"
        } else if site.diagnostics.warningCount > 0 {
            line += "; \(site.diagnostics.warningCount) warning\(site.diagnostics.warningCount == 1 ? "" : "s")"
        }
        return line + "."
    }
}
