import CQuizgenSystem
import Diagnostics
import Dispatch
import Render
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a build into a fresh folder beside the output and swaps it in at the end, so the
/// old site stays whole until the new one is complete: an error or a kill mid-build leaves
/// the previous output exactly as it was.
public enum SiteWriter {
    /// A file in every output folder, so quizgen knows a folder is its own to replace.
    public static let marker = ".quizgen-output"
    static let markerText = "This folder is written by `quizgen build` and replaced whole on every build.\n"

    /// Refuses outputs that would destroy the author's files: the site or content folder
    /// itself, a folder inside the content, and an existing folder quizgen did not write.
    public static func checkOutput(_ output: String, location: SiteLocation, fileSystem fs: FileSystem) -> Diagnostic? {
        let display = output
        guard let outputPath = absolute(output, fs: fs),
              let contentPath = fs.realPath(location.content),
              let rootPath = fs.realPath(location.root)
        else { return nil }
        func inside(_ a: String, _ b: String) -> Bool { a == b || a.hasPrefix(b.hasSuffix("/") ? b : b + "/") }
        if inside(outputPath, contentPath) {
            return .error("the output folder \(display) is inside the content folder \(location.contentDisplay)", file: display,
                          hint: "choose an output folder outside the content, e.g. --output public")
        }
        if inside(contentPath, outputPath) || inside(rootPath, outputPath) {
            return .error("the output folder \(display) holds the site itself and would be replaced", file: display,
                          hint: "choose a folder of its own, e.g. --output public")
        }
        // The site's own folders of templates and catalogs are read on the next build, also
        // when this one makes them: an output there would be refused once it exists.
        for folder in ["Templates", "i18n"] {
            let own = fs.realPath(location.root + "/" + folder) ?? rootPath + "/" + folder
            if inside(outputPath, own) {
                return .error("the output folder \(display) is inside the site's \(folder)/ folder", file: display,
                              hint: "choose an output folder of its own, e.g. --output public")
            }
        }
        switch fs.kind(output) {
        case nil:
            return nil
        case .file?, .other?:
            return .error("the output \(display) exists and is not a folder", file: display)
        case .directory?:
            let names = (try? fs.list(output)) ?? []
            if !names.isEmpty && !names.contains(marker) {
                return .error(
                    "the output folder \(display) has files that quizgen did not write", file: display,
                    hint: "quizgen replaces its output folder whole; move those files away or choose another --output")
            }
            return nil
        }
    }

    public struct Result: Sendable {
        /// What stopped the writing; the previous output is then untouched.
        public var problems: [Diagnostic] = []
        /// Time spent rendering and writing.
        public var timings: [Timing] = []
        /// Generated pages (HTML files) written.
        public var pages = 0
    }

    /// A build's output as it is written: a folder beside the output that receives the
    /// pages as they are rendered, and then either replaces the output in one step or is
    /// thrown away.
    public final class Staging: @unchecked Sendable {
        let fs: FileSystem
        let output: String
        /// The output as the author named it, for messages.
        let given: String
        let path: String
        let assets: Set<String>
        /// Whether Ctrl-C or SIGTERM removes this folder as they stop the build (the
        /// process's first staging folder is the one a signal handler can name), until it is
        /// gone.
        private var removedOnSignal: Bool
        private var folders = Set<String>()
        private var collisions: [String] = []
        /// The marker's key of each story map written (`MapCache.writtenKey`), by its path:
        /// the next build reuses only a map that is still the file written.
        private let maps = WrittenMaps()
        private var failure: FileSystem.Failure?
        private(set) var pages = 0
        private var writeTime = Duration.zero
        /// Batches are written on their own queue, in order, while the caller renders the
        /// next: written in line, each chunk's files held up parsing and rendering for a fifth
        /// of a build's time. At most two batches wait, so memory holds two chunks' pages.
        private let queue = DispatchQueue(label: "quizgen.staging")
        private let room = DispatchSemaphore(value: 2)

        /// Creates the staging folder (and the output's parent folders), clearing away what
        /// builds that were killed left behind.
        public init(output given: String, assets: [String], fileSystem fs: FileSystem) throws(FileSystem.Failure) {
            self.fs = fs
            let output = SiteWriter.resolveOutput(given, fileSystem: fs)
            self.output = output
            self.given = given
            self.assets = Set(assets)
            let parent = SiteLocation.parent(of: output)
            let name = String(output.split(separator: "/").last ?? Substring(output))
            let prefix = ".\(name).quizgen-"
            path = (parent == "." ? "" : parent + "/") + prefix + String(getpid())
            let start = ContinuousClock.now
            try makeDirectories(parent, fs: fs)
            removeAbandoned(in: parent, prefix: prefix, output: output, fs: fs)
            do throws(FileSystem.Failure) {
                try fs.removeTree(path)
                // Armed before it is made: a signal between the two would leave it behind.
                removedOnSignal = quizgen_staging_arm(path) == 1
                do throws(FileSystem.Failure) {
                    try fs.makeDirectory(path)
                } catch {
                    if removedOnSignal { quizgen_staging_made(0) }
                    throw error
                }
                if removedOnSignal { quizgen_staging_made(1) }
            } catch {
                throw Self.named(error, staging: path, output: given)
            }
            writeTime += ContinuousClock.now - start
        }

        /// A failure inside the staging folder, told of the output the author named: the
        /// staging folder's name (`.public.quizgen-PID`) means nothing to them.
        static func named(_ failure: FileSystem.Failure, staging: String, output: String) -> FileSystem.Failure {
            if failure.path.hasPrefix(staging + "/") {
                return FileSystem.Failure(path: output + failure.path.dropFirst(staging.count), reason: failure.reason)
            }
            guard failure.path == staging else { return failure }
            let parent = SiteLocation.parent(of: output)
            return FileSystem.Failure(
                path: output, reason: failure.reason + " (in \(parent == "." ? "the current folder" : parent + "/"))")
        }

        /// Queues files to be written, on every core; returns at once unless two batches
        /// are still waiting. Called from one thread at a time.
        public func write(_ files: [OutputFile]) {
            guard !files.isEmpty else { return }
            room.wait()
            queue.async {
                self.writeNow(files)
                self.room.signal()
            }
        }

        /// Waits for every queued batch to be written.
        private func drain() {
            queue.sync {}
        }

        private func writeNow(_ files: [OutputFile]) {
            guard failure == nil else { return }
            let start = ContinuousClock.now
            defer { writeTime += ContinuousClock.now - start }
            for file in files {
                if assets.contains(file.path) { collisions.append(file.path) }
                if file.path.hasSuffix(".html") { pages += 1 }
            }
            do throws(FileSystem.Failure) {
                try makeFolders(for: files.map(\.path), in: path, made: &folders, fs: fs)
            } catch {
                failure = error
                return
            }
            let failures = Failures()
            // The write closure and the files are taken once, outside the loop: read in each
            // iteration, the file system's closures were retained and released by both cores
            // at once, on one shared count.
            let (write, base, maps) = (fs.write, path + "/", maps)
            files.withUnsafeBufferPointer { files in
                let files = UncheckedSendable(files)
                DispatchQueue.concurrentPerform(iterations: files.value.count) { i in
                    let file = files.value[i]
                    do throws(FileSystem.Failure) {
                        try write(base + file.path, file.contents)
                    } catch {
                        failures.add(error)
                    }
                    // Hashed here, on every core, not on the thread that renders.
                    if MapCache.isMap(file.path) {
                        let key = MapCache.writtenKey(file.path, file.contents)
                        maps.add(file.path, key)
                    }
                }
            }
            failure = failures.first
        }

        /// Copies the assets and swaps the staging folder in, unless a file could not be
        /// written or a page would cover an asset; then the output stays as it was.
        /// - Parameter mapFailures: graphs Graphviz could not draw, kept in the marker file
        ///   for the next build's `MapCache.previousOutput`, with the maps written.
        public func finish(_ location: SiteLocation, mapFailures: [String: Graphviz.Failure] = [:]) -> Result {
            drain()
            let start = ContinuousClock.now
            let written = MapCache.writtenLines(maps.keys)
            var outcome = swapIn(location, marker: SiteWriter.markerText + MapCache.markerLines(mapFailures) + written)
            writeTime += ContinuousClock.now - start
            outcome.timings = [Timing(stage: "write", seconds: writeTime.seconds)]
            return outcome
        }

        private func swapIn(_ location: SiteLocation, marker markerText: String) -> Result {
            let contentFolder = location.content
            if !collisions.isEmpty {
                discard()
                // The pipeline reports these before anything is written, with their Markdown
                // files (AssetClash, from the paths PagePaths names); this is the last guard,
                // for a page at a path PagePaths did not foresee: copying the assets over the
                // staged pages would silently lose the page or the author's file.
                return result(collisions.sorted().map { AssetClash.diagnostic($0, by: nil, location: location) })
            }
            do throws(FileSystem.Failure) {
                if let failure { throw failure }
                let assetList = assets.sorted()
                try makeFolders(for: assetList, in: path, made: &folders, fs: fs)
                let failures = Failures()
                let (fs, path) = (self.fs, self.path)
                DispatchQueue.concurrentPerform(iterations: assetList.count) { i in
                    do throws(FileSystem.Failure) {
                        try fs.copy(contentFolder + "/" + assetList[i], path + "/" + assetList[i])
                    } catch {
                        failures.add(error)
                    }
                }
                if let failure = failures.first { throw failure }
                try fs.write(path + "/" + marker, Array(markerText.utf8))
                try swap()
                // After the swap the old site sits at the staging path.
                removeInParallel(path, fs: fs)
                gone()
                return result([])
            } catch {
                discard()
                if error.reading, error.path.hasPrefix(contentFolder + "/") {
                    return result([.error(
                        "cannot read this file to copy it into the site: \(error.reason)",
                        file: location.contentDisplay + error.path.dropFirst(contentFolder.count))])
                }
                let error = Self.named(error, staging: path, output: given)
                return result([.error("cannot write the site: \(error.reason)", file: error.path)])
            }
        }

        /// Puts the staging folder at the output. A stopping signal's handler leaves it
        /// alone meanwhile, and when the handler is already removing it the swap never
        /// comes: the output is never swapped with a folder half removed.
        private func swap() throws(FileSystem.Failure) {
            if removedOnSignal { quizgen_staging_begin_swap() }
            defer { if removedOnSignal { quizgen_staging_end_swap() } }
            try fs.replace(path, output)
        }

        /// Throws the staged files away.
        public func discard() {
            drain()
            try? fs.removeTree(path)
            gone()
        }

        /// Nothing left for a signal's handler to remove; waits for it when it is removing.
        private func gone() {
            if removedOnSignal { quizgen_staging_disarm() }
            removedOnSignal = false
        }

        func result(_ problems: [Diagnostic]) -> Result {
            Result(problems: problems, timings: [Timing(stage: "write", seconds: writeTime.seconds)], pages: pages)
        }
    }

    /// Creates the folders that files need and that were not made yet, parents first.
    static func makeFolders(
        for paths: [String], in staging: String, made: inout Set<String>, fs: FileSystem
    ) throws(FileSystem.Failure) {
        var needed = Set<String>()
        // The folder before the last slash, found on the bytes: most files of a chunk share
        // theirs, so one lookup settles them.
        func parent(_ path: String) -> String? {
            path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) }
        }
        for path in paths {
            var folder = parent(path)
            while let current = folder, !made.contains(current), needed.insert(current).inserted {
                folder = parent(current)
            }
        }
        // Parents sort before their children.
        for folder in needed.sorted() {
            try fs.makeDirectory(staging + "/" + folder)
            made.insert(folder)
        }
    }

    /// Removes a tree with its files unlinked on every core: deleting the previous site
    /// (tens of thousands of small files) otherwise takes as long as writing the new one.
    static func removeInParallel(_ root: String, fs: FileSystem) {
        // A link is removed, never what it points to.
        if fs.isLink(root) {
            try? fs.removeTree(root)
            return
        }
        var files: [String] = []
        var folders: [String] = []
        var pending = [root]
        while let folder = pending.popLast() {
            folders.append(folder)
            for name in (try? fs.list(folder)) ?? [] {
                let path = folder + "/" + name
                if fs.kind(path) == .directory && !fs.isLink(path) { pending.append(path) } else { files.append(path) }
            }
        }
        let all = files
        DispatchQueue.concurrentPerform(iterations: all.count) { i in
            try? fs.removeTree(all[i])
        }
        // Children were listed after their parents, so the reverse order empties each first.
        for folder in folders.reversed() { try? fs.removeTree(folder) }
    }

    static func makeDirectories(_ path: String, fs: FileSystem) throws(FileSystem.Failure) {
        guard path != "." && path != "/" && !path.isEmpty, fs.kind(path) == nil else { return }
        try makeDirectories(SiteLocation.parent(of: path), fs: fs)
        try fs.makeDirectory(path)
    }

    /// A staging folder untouched for this long is abandoned even when a process of its
    /// number runs: numbers are reused, and no build writes for an hour.
    public static let abandonedAfter = 3600

    /// What builds that were killed left behind, when their process is gone or the folder
    /// is older than `abandonedAfter`: staging folders (`PREFIX` + pid) are removed; a
    /// previous site moved aside (`PREFIX` + pid + `.old`, by the swap on systems without
    /// renameat2) is put back if the output is missing, else removed.
    static func removeAbandoned(in parent: String, prefix: String, output: String, fs: FileSystem) {
        let folder = parent == "." ? "" : parent + "/"
        // Filtered before sorting: the parent may be /tmp, with thousands of names.
        for entry in ((try? fs.list(parent)) ?? []).filter({ $0.hasPrefix(prefix) }).sorted() {
            var rest = entry.dropFirst(prefix.count)
            let aside = rest.hasSuffix(".old")
            if aside { rest = rest.dropLast(4) }
            guard !rest.isEmpty, rest.allSatisfy({ ("0"..."9").contains($0) }), let pid = Int32(rest) else { continue }
            let running = pid != getpid() && (kill(pid, 0) == 0 || errno == EPERM)
            if running, (fs.age(folder + entry) ?? 0) < abandonedAfter { continue }
            if aside, fs.kind(output) == nil {
                try? fs.replace(folder + entry, output)
            } else {
                try? fs.removeTree(folder + entry)
            }
        }
    }

    /// The output as it will be written: without trailing slashes, and a link resolved to
    /// the folder it names, so that the swap replaces that folder and keeps the link.
    public static func resolveOutput(_ given: String, fileSystem fs: FileSystem) -> String {
        let path = SiteLocation.normalize(given)
        if fs.isLink(path), fs.kind(path) == .directory, let real = fs.realPath(path) { return real }
        return path
    }

    static func absolute(_ path: String, fs: FileSystem) -> String? {
        if let real = fs.realPath(path) { return real }
        // Not there yet: resolve the nearest existing parent.
        let parent = SiteLocation.parent(of: path)
        guard parent != path, let base = absolute(parent, fs: fs) else { return nil }
        let name = String(path.split(separator: "/").last ?? "")
        // `public/..` before `public/` exists is the folder above it, as the swap would
        // find: taken as written it passed for a new folder beside the site.
        switch name {
        case ".", "": return base
        case "..": return SiteLocation.parent(of: base)
        default: return base == "/" ? "/" + name : base + "/" + name
        }
    }

    /// The default output, the site's own `public/`, may be a link the site ships (a pull
    /// request can add one): it must lead inside the site folder, or the build would replace
    /// another site's output, or fill any folder it can write. (`--output` is the builder's
    /// own choice, and followed wherever it leads.)
    public static func checkDefaultOutput(_ path: String, location: SiteLocation, fileSystem fs: FileSystem) -> Diagnostic? {
        guard fs.isLink(path) else { return nil }
        let boundary = SiteBoundary.siteFolder(location, fileSystem: fs)
        guard let real = boundary.escape(path) else { return nil }
        return .error("\(path) is a link to \(fs.linkTarget(path) ?? real), \(boundary.placeOf(real: real)): the site is not written through it",
                      file: path, hint: "remove the link, or name the folder to write with --output")
    }
}

private final class Failures: Sendable {
    private let errors = Mutex<[FileSystem.Failure]>([])

    func add(_ error: FileSystem.Failure) {
        errors.withLock { $0.append(error) }
    }

    var first: FileSystem.Failure? { errors.withLock { errors in errors.min { $0.path < $1.path } } }
}

/// The story maps written, as `MapCache.writtenKey` names them, by path.
private final class WrittenMaps: Sendable {
    private let written = Mutex<[String: String]>([:])

    func add(_ path: String, _ key: String) {
        written.withLock { $0[path] = key }
    }

    var keys: [String] { written.withLock { Array($0.values) } }
}
