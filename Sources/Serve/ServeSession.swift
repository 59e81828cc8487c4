import Diagnostics
import CWatch
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
    /// What the terminal is told: a rebuild's new diagnostics, its new notes (as a build's:
    /// a story without a map) and its one-line summary.
    public typealias Report = @Sendable (_ diagnostics: [Diagnostic], _ notes: [String], _ line: String) -> Void

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
    /// The rebuild thread's own copy, and the site as last loaded; only that thread (and
    /// `init`) touch them.
    private let working: Mutex<(site: LiveSite, loaded: LoadedSite?)>
    private let pending: Mutex<Coalescer>
    let settling: Settling
    private let wake: DispatchSemaphore
    let drawer: MapDrawer
    private let stopFlag = StopFlag()
    private let finished = DispatchSemaphore(value: 0)

    /// Builds the whole site once (the first build, reported like any rebuild).
    /// - Parameter settle: how long an empty file just changed is given to be written (see
    ///   `Settling`).
    public init(
        location: SiteLocation, options: BuildOptions, fileSystem: FileSystem = .disk, polling: Bool = false,
        coalescer: Coalescer = Coalescer(), settle: Duration = .milliseconds(500), report: @escaping Report
    ) {
        self.location = location
        self.fileSystem = fileSystem
        self.report = report
        settling = Settling(settle: settle)
        let wake = DispatchSemaphore(value: 0)
        self.wake = wake
        drawer = MapDrawer(graphviz: options.graphviz) { wake.signal() }
        let paths = WatchedPaths(location: location)
        watcher = makeFileWatcher(trees: paths.trees, root: location.root, polling: polling)
        var site = LiveSite(location: location, options: options)
        var loaded: LoadedSite?
        let clock = ContinuousClock.now
        let rebuild = Self.rebuild(&site, &loaded, change: .all, location: location, fileSystem: fileSystem)
        report(rebuild.new, rebuild.notes, Self.summary(rebuild, site: site, seconds: (ContinuousClock.now - clock).seconds, first: true))
        working = Mutex((site, loaded))
        // The first build's buffers are free now; hand them back, or serve keeps the peak of
        // a whole build resident while it waits for a save.
        quizgen_trim_memory()
        published = Mutex(Published(site: site, errors: Self.overlay(site)))
        pending = Mutex(coalescer)
    }

    // MARK: What the server reads

    public var site: LiveSite { published.withLock { $0.site } }

    /// The message every page gets on connecting and after each rebuild.
    /// - Parameter version: the version of a page just connecting (see `LiveReload.version`).
    func message(changed: [String], version: String? = nil) -> String {
        let errors = published.withLock { $0.errors }
        return ScriptJSON.object([
            ("changed", .array(changed.map { .string($0) })), ("errors", .string(errors)),
        ] + (version.map { [("version", .string($0))] } ?? [])).encoded
    }

    /// A page's stream of messages; `page` is its file in the site (`a/b/index.html`).
    public func subscribe(page: String?) -> AsyncStream<String> { hub.subscribe(page: page) }
    public var listeners: Int { hub.listeners }

    // MARK: Running

    public func run() async throws {
        followLinks()
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
        while !stopFlag.isSet {
            placeDrawnMaps()
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
            rebuild(batch: batch.paths, overflow: batch.overflow)
        }
    }

    /// What became of a batch.
    enum Outcome: Equatable {
        /// Rebuilt, published and announced.
        case rebuilt
        /// None of the site's business.
        case ignored
        /// Put back: an empty file of it may still be being written.
        case held
        /// Thrown away: a file of it changed while it was read; put back to be read again.
        case readAgain
    }

    /// One batch of the watcher's paths, from the rebuild thread (and tests).
    @discardableResult
    func rebuild(batch: Set<String>, overflow: Bool = false) -> Outcome {
        let paths = WatchedPaths(location: location)
        var change = paths.change(batch)
        change.everything = change.everything || overflow
        guard !change.isEmpty else { return .ignored }
        let files = batch.filter { paths.kind($0) != nil }
        let before = Settling.stamps(files, fileSystem: fileSystem)
        if let wait = settling.wait(before, now: Settling.now()) {
            let now = ContinuousClock.now
            pending.withLock { $0.hold(batch, overflow: overflow, at: now, until: now + wait) }
            return .held
        }
        let whole = rebuildNow(change, changed: paths.shown(batch)) { Settling.stamps(files, fileSystem: fileSystem) == before }
        guard whole else {
            let now = ContinuousClock.now
            pending.withLock { $0.add(batch, overflow: overflow, at: now) }
            return .readAgain
        }
        return .rebuilt
    }

    /// One rebuild, published and announced, unless `whole` says, once it is done, that
    /// what it read may have been half written: then it is thrown away (false). Public for
    /// tests and the benchmark's sake only through `notice`; this is the rebuild thread's.
    /// `changed` names the changed files for the terminal.
    @discardableResult
    func rebuildNow(_ change: LiveSite.Change, changed: [String] = [], whole: () -> Bool = { true }) -> Bool {
        let start = ContinuousClock.now
        let open = hub.openPages
        let done = working.withLock { state -> (LiveSite, LiveSite.Rebuild)? in
            var next = state
            let rebuild = Self.rebuild(
                &next.site, &next.loaded, change: change, location: location, fileSystem: fileSystem, open: open, mapsLater: true)
            guard whole() else { return nil }
            state = next
            return (next.site, rebuild)
        }
        guard let (site, rebuild) = done else { return false }
        let seconds = (ContinuousClock.now - start).seconds
        // Assets are served from the content folder as they are now: a page showing one reloads.
        let assets = change.content.filter { site.assets.contains($0) }.sorted()
        publish(site, changed: rebuild.changed + assets)
        report(rebuild.new, rebuild.notes, Self.summary(rebuild, site: site, seconds: seconds, first: false, changed: changed))
        drawer.draw(rebuild.toDraw)
        if change.settings || change.everything { followLinks() }
        return true
    }

    /// The maps drawn since the last look, on their pages, published and announced (the
    /// rebuild thread's; tests call it once the drawer is done).
    func placeDrawnMaps() {
        let drawn = drawer.take()
        guard !drawn.isEmpty else { return }
        let (site, rebuild) = working.withLock { state in
            let rebuild = state.site.placeMaps(drawn)
            return (state.site, rebuild)
        }
        // Only drawings of graphs saved over since: nothing to tell.
        guard !rebuild.drawn.isEmpty else { return }
        publish(site, changed: rebuild.changed)
        let pages = rebuild.changed.count
        // A drawing that failed is no map drawn: its note above says why.
        let failed = rebuild.drawn.filter(rebuild.undrawn.contains), drew = rebuild.drawn.filter { !rebuild.undrawn.contains($0) }
        let said = [drew.isEmpty ? nil : "Drew the map\(drew.count == 1 ? "" : "s") of \(Self.list(drew.map { site.displayPath(of: $0) ?? $0 }))",
                    failed.isEmpty ? nil : "No map for \(Self.list(failed.map { site.displayPath(of: $0) ?? $0 }))"].compactMap { $0 }
        report(rebuild.new, rebuild.notes, said.joined(separator: "; ") + ": "
            + (pages == 0 ? "no page" : "\(pages) page\(pages == 1 ? "" : "s")") + " changed.")
    }

    /// Has the watcher follow the site's own files that are links (see `WatchedPaths.links`):
    /// at the start, and after a change to them, which may have made one a link.
    private func followLinks() {
        watcher.follow(WatchedPaths(location: location).links(fileSystem: fileSystem))
    }

    private func publish(_ site: LiveSite, changed: [String]) {
        published.withLock { $0 = Published(site: site, errors: Self.overlay(site)) }
        hub.broadcast(message(changed: changed))
    }

    /// Loads the site and updates the state; a content folder that is gone keeps the pages.
    static func rebuild(
        _ site: inout LiveSite, _ last: inout LoadedSite?, change: LiveSite.Change, location: SiteLocation, fileSystem: FileSystem,
        open: Set<String> = [], mapsLater: Bool = false
    ) -> LiveSite.Rebuild {
        if let last, Self.canReuse(last, for: change, fileSystem: fileSystem) {
            return site.update(last, changed: change, open: open, mapsLater: mapsLater)
        }
        let loaded = SiteLoader.load(location, fileSystem: fileSystem)
        guard fileSystem.kind(location.content) == .directory else {
            last = nil
            return site.keepPages(problems: loaded.problems)
        }
        last = loaded
        return site.update(loaded, changed: change, open: open, mapsLater: mapsLater)
    }

    /// Whether the site as last loaded still stands for this change: only files it already
    /// has changed, and each is still a plain file. Its content files are read anew when
    /// asked, so this saves walking every folder of a large site (30 ms at 4,000 files) for
    /// the commonest change, a file saved. Anything else (a file added, deleted, renamed or
    /// made a link; settings) walks the site again.
    static func canReuse(_ loaded: LoadedSite, for change: LiveSite.Change, fileSystem fs: FileSystem) -> Bool {
        guard !change.everything, !change.settings, !change.content.isEmpty else { return false }
        // Compared as bytes: Swift's strings are equal across Unicode normalisation, so a
        // file added as `école.md` decomposed passed for the precomposed one already known,
        // and the clash between them was never seen.
        let known = Set((loaded.contentFiles.map(\.relativePath) + loaded.assets).map { Array($0.utf8) })
        return change.content.allSatisfy { path in
            let full = loaded.location.content + "/" + path
            return known.contains(Array(path.utf8)) && fs.kind(full) == .file && !fs.isLink(full)
        }
    }

    /// The overlay's text: every diagnostic as the terminal prints it (without color), when
    /// there is an error; empty otherwise. A caret line has the source's text before the
    /// column instead of spaces, which the overlay hides (`LiveReload.script`).
    /// Errors come first: a page covered by thirty warnings hid its one error at the bottom.
    static func overlay(_ site: LiveSite) -> String {
        guard site.hasErrors else { return "" }
        // Listed as the terminal lists them: the first of each file, then how many more.
        return DiagnosticPrinter(useColor: false, caretAfterText: true).format(
            site.diagnostics.filter(\.isError) + site.diagnostics.filter { !$0.isError }, limit: DiagnosticPrinter.listLimit)
            + "\n\(DiagnosticPrinter.summary(site.diagnostics)): \(served(site.fallback)).\n"
    }

    /// What is served while there are errors, said as it is: the last good pages only where
    /// there were some (none at the first build).
    static func served(_ fallback: LiveSite.Fallback) -> String {
        var parts: [String] = []
        if fallback.keptFiles > 0 || fallback.lastGoodSettings == true { parts.append("the last good pages are served") }
        let without = fallback.filesWithoutPages
        if without > 0 {
            parts.append("\(without) file\(without == 1 ? "" : "s") with errors \(without == 1 ? "has" : "have") no pages until fixed")
        }
        if fallback.lastGoodSettings == false { parts.append("pages are made without the templates or settings with errors") }
        // Only the loader's problems (the content folder gone): the pages stay as they were.
        return parts.isEmpty ? "the last good pages are served" : parts.joined(separator: "; ")
    }

    /// The terminal's line for a build or rebuild: what was read again (or changed), how
    /// long it took, which pages changed, and the diagnostics' count.
    static func summary(_ rebuild: LiveSite.Rebuild, site: LiveSite, seconds: Double, first: Bool, changed: [String] = []) -> String {
        let ms = Int((seconds * 1000).rounded())
        let files = site.contentFileCount
        var line: String
        if first {
            line = "Built \(String(files).withThousandsSeparators) content file\(files == 1 ? "" : "s") "
                + "(\(String(site.filePaths.count).withThousandsSeparators) files) in memory in \(ms) ms"
        } else {
            // The files read again (a bank saved, not its quizzes); else what changed (a
            // template, a file deleted).
            let read = rebuild.read.map { site.displayPath(of: $0) ?? $0 }
            let named = Self.list(read.isEmpty ? changed : read)
            let pages = rebuild.changed.count
            line = "Rebuilt \(named.isEmpty ? "" : named + " ")in \(ms) ms: "
                + (pages == 0 ? "no page" : "\(pages) page\(pages == 1 ? "" : "s")") + " changed"
            // After a new context only some pages are rendered at once.
            if rebuild.contextChanged {
                line += " of \(rebuild.rendered) rendered now; the others are rendered when they are asked for"
            }
        }
        if site.hasErrors {
            line += "; \(DiagnosticPrinter.summary(site.diagnostics)), \(served(site.fallback))"
        } else if site.diagnostics.warningCount > 0 {
            line += "; \(site.diagnostics.warningCount) warning\(site.diagnostics.warningCount == 1 ? "" : "s")"
        }
        return line + "."
    }

    /// Up to three names, then how many more: "a, b, c and 2 more".
    static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        if names.count > 3 { return names.prefix(3).joined(separator: ", ") + " and \(names.count - 3) more" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
