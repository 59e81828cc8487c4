import Foundation
import Synchronization

/// The portable watcher: every `interval` it lists the watched trees and compares each
/// file's size, modification time and inode with the last look. Slower to notice than
/// inotify and costlier on large sites, but it needs nothing from the system.
public final class PollingWatcher: FileWatcher, @unchecked Sendable {
    // @unchecked: `last` is used by the watcher's thread only.
    struct Stamp: Equatable {
        var size: Int64
        var modified: Int64
        var inode: UInt64
        var folder: Bool
    }

    private let trees: [String]
    private let root: String
    private let interval: Duration
    private var last: [String: Stamp] = [:]
    private let thread = WatchThread()

    public init(trees: [String], root: String, interval: Duration = .milliseconds(250)) {
        self.trees = trees
        self.root = root
        self.interval = interval
        last = scan()
    }

    func scan() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        func visit(_ path: String, depth: Int) {
            var info = stat()
            guard stat(path, &info) == 0 else { return }
            let folder = (info.st_mode & S_IFMT) == S_IFDIR
            stamps[path] = Stamp(
                size: Int64(info.st_size), modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
                inode: UInt64(info.st_ino), folder: folder)
            // Into folders, not links to them, below the trees themselves (Content/ may be a
            // link): as the inotify watcher, since a link to `.` or `/` would make every
            // look walk without end, or the whole disk.
            guard folder, depth < 40, depth == 0 || WatchedPaths.isRealFolder(path),
                  let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
            for name in names where !name.hasPrefix(".") { visit(WatchedPaths.join(path, name), depth: depth + 1) }
        }
        for tree in trees { visit(tree, depth: 0) }
        visit(WatchedPaths.join(root, "quizgen.yml"), depth: 40)
        return stamps
    }

    /// The paths whose stamp differs between two looks, or that are in only one of them.
    static func difference(_ old: [String: Stamp], _ new: [String: Stamp]) -> [String] {
        var changed: [String] = []
        for (path, stamp) in new where old[path] != stamp {
            // A folder's time changes with every entry made or removed; the entries tell.
            if stamp.folder, old[path]?.folder == true { continue }
            changed.append(path)
        }
        for path in old.keys where new[path] == nil { changed.append(path) }
        return changed.sorted()
    }

    public func start(_ notice: @escaping @Sendable ([String], Bool) -> Void) {
        thread.start(name: "quizgen poll") { [self] in
            Thread.sleep(forTimeInterval: Double(interval / .milliseconds(1)) / 1000)
            let now = scan()
            let changed = Self.difference(last, now)
            last = now
            if !changed.isEmpty { notice(changed, false) }
        }
    }

    public func stop() {
        thread.stop()
    }

    /// Nothing to do: each look `stat`s quizgen.yml and the trees' files through their
    /// links, so a change where one leads changes the stamp of the link's path.
    public func follow(_ links: [WatchedPaths.Link]) {}
}
