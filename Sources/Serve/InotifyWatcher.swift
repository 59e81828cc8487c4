import CWatch
import Foundation
import Synchronization

/// Linux's inotify: one watch per folder of the watched trees (inotify is not recursive), the
/// site folder watched alone. Folders made or moved in are watched as they appear, and told
/// of as changed so the rebuild looks inside them.
public final class InotifyWatcher: FileWatcher, @unchecked Sendable {
    // @unchecked: `folders` is used by the watcher's thread only, after `init`.
    private let fd: Int32
    private let trees: [String]
    private let root: String
    private var folders: [Int32: String] = [:]
    private let thread = WatchThread()
    /// Links of the site's own files (see `follow`): where each leads, by the path its
    /// events arrive under, and the link's path to report instead. A file's and a folder's.
    private var linkedFiles: [String: String] = [:]
    private var linkedFolders: [(events: String, path: String)] = []
    /// Links asked for by the rebuild thread, taken up by the watcher's thread between waits.
    private let requested = Mutex<[WatchedPaths.Link]?>(nil)
    private var followed: [WatchedPaths.Link] = []

    /// nil where inotify is missing or refuses (then the caller polls).
    public init?(trees: [String], root: String) {
        fd = quizgen_watch_open()
        guard fd >= 0 else { return nil }
        self.trees = trees
        self.root = root
        guard add(root) != nil else {
            close(fd)
            return nil
        }
        for tree in trees { addTree(tree) }
    }

    /// - Parameter rename: whether a folder watched already takes this path for its events
    ///   (a folder moved within the site), or keeps the one it has (a link's target).
    /// - Returns: the path the folder's events arrive under; nil when it cannot be watched.
    @discardableResult
    private func add(_ folder: String, rename: Bool = true) -> String? {
        let wd = quizgen_watch_add(fd, folder)
        guard wd >= 0 else { return nil }
        if rename || folders[wd] == nil { folders[wd] = folder }
        return folders[wd]
    }

    /// A folder and every folder below it (names starting with `.` left out, as the site does).
    /// Links to folders are not followed: one to `.` or `/` would never end, one out of the
    /// content folder is refused by the build anyway, and one inside it leads to a folder
    /// watched under its own path (inotify gives a folder one watch, whatever path added it,
    /// so watching it through a link would rename all its events after the link).
    private func addTree(_ folder: String, rename: Bool = true) {
        guard add(folder, rename: rename) != nil, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where !name.hasPrefix(".") {
            let path = WatchedPaths.join(folder, name)
            if WatchedPaths.isRealFolder(path) { addTree(path, rename: rename) }
        }
    }

    public func follow(_ links: [WatchedPaths.Link]) {
        requested.withLock { $0 = links }
    }

    /// Watches where the links asked for lead: a folder with all below it, a file through
    /// its folder. inotify does not follow a link to a file, and a folder's links to folders
    /// are not followed (see `addTree`), so without this `quizgen.yml -> conf/site.yml` was
    /// never seen to change, nor a `Templates/` made a link while serve ran.
    private func takeRequestedLinks() {
        guard let links = requested.withLock({ links in defer { links = nil }; return links }), links != followed else { return }
        followed = links
        linkedFiles = [:]
        linkedFolders = []
        for link in links {
            if link.isFolder {
                addTree(link.target, rename: false)
                if let events = add(link.target, rename: false) { linkedFolders.append((events, link.path)) }
            } else if let slash = link.target.lastIndex(of: "/") {
                let folder = slash == link.target.startIndex ? "/" : String(link.target[..<slash])
                if let events = add(folder, rename: false) {
                    linkedFiles[WatchedPaths.join(events, String(link.target[link.target.index(after: slash)...]))] = link.path
                }
            }
        }
    }

    /// A path where a followed link leads, as the link's path (nil for any other path).
    private func throughLink(_ path: String) -> String? {
        if let linked = linkedFiles[path] { return linked }
        for (events, linked) in linkedFolders {
            if path == events { return linked }
            if path.hasPrefix(events + "/") { return linked + path.dropFirst(events.count) }
        }
        return nil
    }

    private func inTree(_ path: String) -> Bool {
        trees.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    public func start(_ notice: @escaping @Sendable ([String], Bool) -> Void) {
        thread.start(name: "quizgen watch") { [self] in
            takeRequestedLinks()
            guard quizgen_watch_wait(fd, 100) > 0 else { return }
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            let length = buffer.withUnsafeMutableBytes { quizgen_watch_read(fd, $0.baseAddress, UInt($0.count)) }
            guard length > 0 else { return }
            var paths: [String] = []
            var overflow = false
            buffer.withUnsafeBytes { raw in
                var offset = 0
                while true {
                    var wd: Int32 = 0, mask: UInt32 = 0, lost: Int32 = 0, gone: Int32 = 0
                    var name: UnsafePointer<CChar>?
                    let next = quizgen_watch_event(raw.baseAddress, length, offset, &wd, &mask, &name, &lost, &gone)
                    guard next >= 0 else { break }
                    offset = next
                    if lost != 0 { overflow = true; continue }
                    guard let folder = folders[wd] else { continue }
                    let entry = name.map { String(cString: $0) } ?? ""
                    let path = entry.isEmpty ? folder : WatchedPaths.join(folder, entry)
                    if entry.isEmpty {
                        // The folder itself deleted (its watch goes) or moved (a folder moved
                        // within the site is watched again under its new name, same number).
                        if gone != 0 { folders[wd] = nil }
                        paths.append(throughLink(folder) ?? folder)
                        continue
                    }
                    let linked = throughLink(path)
                    if linked == nil && !inTree(path) && !(folder == root && entry == "quizgen.yml") {
                        continue  // the site folder holds public/ and much else, as may a link's
                    }
                    paths.append(linked ?? path)
                    // A folder made, or moved in: watch it and what is already in it.
                    if inTree(path) || linked != nil, !entry.hasPrefix("."), WatchedPaths.isRealFolder(path),
                       !folders.values.contains(path) {
                        addTree(path, rename: linked == nil)
                    }
                }
            }
            if !paths.isEmpty || overflow { notice(paths, overflow) }
        }
    }

    public func stop() {
        thread.stop()
        close(fd)
    }
}
