import Diagnostics
import Dispatch
import Render
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

    /// Writes the files and copies the assets, then swaps the result in. Returns the
    /// problems that stopped it (the previous output is then untouched).
    public static func write(
        _ build: BuildOutput, contentFolder: String, to output: String, fileSystem fs: FileSystem
    ) -> [Diagnostic] {
        let parent = SiteLocation.parent(of: output)
        let name = String(output.split(separator: "/").last ?? Substring(output))
        let stagingPrefix = ".\(name).quizgen-"
        let staging = (parent == "." ? "" : parent + "/") + stagingPrefix + String(getpid())

        do throws(FileSystem.Failure) {
            try makeDirectories(parent, fs: fs)
            removeAbandoned(in: parent, prefix: stagingPrefix, fs: fs)
            try fs.removeTree(staging)
            try fs.makeDirectory(staging)

            var folders = Set<String>()
            for path in build.files.map(\.path) + build.assets {
                var parts = path.split(separator: "/").dropLast()
                while !parts.isEmpty {
                    folders.insert(parts.joined(separator: "/"))
                    parts = parts.dropLast()
                }
            }
            // Parents sort before their children.
            for folder in folders.sorted() {
                try fs.makeDirectory(staging + "/" + folder)
            }
            let failures = Failures()
            let files = build.files
            DispatchQueue.concurrentPerform(iterations: files.count) { i in
                do throws(FileSystem.Failure) {
                    try fs.write(staging + "/" + files[i].path, files[i].contents)
                } catch {
                    failures.add(error)
                }
            }
            let assets = build.assets
            DispatchQueue.concurrentPerform(iterations: assets.count) { i in
                do throws(FileSystem.Failure) {
                    try fs.copy(contentFolder + "/" + assets[i], staging + "/" + assets[i])
                } catch {
                    failures.add(error)
                }
            }
            if let failure = failures.first { throw failure }
            try fs.write(staging + "/" + marker, Array(markerText.utf8))

            try fs.replace(staging, output)
            // After the swap the old site sits at the staging path.
            removeInParallel(staging, fs: fs)
            return []
        } catch {
            try? fs.removeTree(staging)
            return [.error("cannot write the site: \(error.reason)", file: error.path)]
        }
    }

    /// Removes a tree with its files unlinked on every core: deleting the previous site
    /// (tens of thousands of small files) otherwise takes as long as writing the new one.
    static func removeInParallel(_ root: String, fs: FileSystem) {
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

    /// Staging folders left by builds that were killed, whose process is gone.
    static func removeAbandoned(in parent: String, prefix: String, fs: FileSystem) {
        for entry in (try? fs.list(parent)) ?? [] where entry.hasPrefix(prefix) {
            let pidText = entry.dropFirst(prefix.count).prefix { $0.isNumber }
            guard let pid = Int32(pidText) else { continue }
            if pid != getpid(), kill(pid, 0) == 0 || errno == EPERM { continue }
            try? fs.removeTree((parent == "." ? "" : parent + "/") + entry)
        }
    }

    static func absolute(_ path: String, fs: FileSystem) -> String? {
        if let real = fs.realPath(path) { return real }
        // Not there yet: resolve the nearest existing parent.
        let parent = SiteLocation.parent(of: path)
        guard parent != path, let base = absolute(parent, fs: fs) else { return nil }
        let name = String(path.split(separator: "/").last ?? "")
        return base == "/" ? "/" + name : base + "/" + name
    }
}

private final class Failures: @unchecked Sendable {
    private let lock = Lock()
    private var errors: [FileSystem.Failure] = []

    func add(_ error: FileSystem.Failure) {
        lock.withLock { errors.append(error) }
    }

    var first: FileSystem.Failure? { lock.withLock { errors.min { $0.path < $1.path } } }
}

/// A pthread mutex; Foundation is not needed for one lock.
private final class Lock: @unchecked Sendable {
    private var mutex = pthread_mutex_t()

    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }

    func withLock<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }
}
