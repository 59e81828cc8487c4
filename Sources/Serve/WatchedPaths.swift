import Glibc
import Site

/// Which changed paths matter to a site, and how: content files and banks (by their path in
/// the content folder), or the settings, templates and catalogs that every page shares.
/// Editors' scratch files (swap, backup, lock and temporary files) are left out: they come
/// and go with every save and are never part of the site.
public struct WatchedPaths: Sendable {
    public let location: SiteLocation

    public init(location: SiteLocation) {
        self.location = location
    }

    /// The folders watched with everything below them, then the site folder itself (alone:
    /// for quizgen.yml, and for Content/, Templates/ or i18n/ appearing).
    public var trees: [String] {
        [location.content, Self.join(location.root, "Templates"), Self.join(location.root, "i18n")]
    }

    /// A site file, or a folder of them, that is a link: a watcher watches where it leads
    /// and reports a change there under the link's path.
    public struct Link: Equatable, Sendable {
        /// Where the link leads (a real path).
        public var target: String
        /// The path the site reads it by, as the watchers name paths.
        public var path: String
        public var isFolder: Bool
    }

    /// The site's own files that are links: `quizgen.yml`, `Templates/` and `i18n/`, and
    /// the files in those two folders (the loader reads no deeper). Links in the content
    /// folder must lead inside it, which is watched already. Read again after every
    /// rebuild: a file may have become a link while serve runs.
    public func links(fileSystem fs: FileSystem) -> [Link] {
        var links: [Link] = []
        func note(_ path: String) {
            guard fs.isLink(path), let target = fs.realPath(path) else { return }
            links.append(Link(target: target, path: path, isFolder: fs.kind(target) == .directory))
        }
        note(Self.join(location.root, "quizgen.yml"))
        for folder in ["Templates", "i18n"].map({ Self.join(location.root, $0) }) {
            note(folder)
            guard fs.kind(folder) == .directory else { continue }
            for name in ((try? fs.list(folder)) ?? []).sorted() where !name.hasPrefix(".") { note(Self.join(folder, name)) }
        }
        return links
    }

    /// What a changed path is to the site.
    enum Kind {
        /// In the content folder, by its path there ("" for the folder itself).
        case content(String)
        /// quizgen.yml, a template or a catalog, by its path in the site folder.
        case settings(String)
    }

    /// What the path is to the site; nil when it is none of its business.
    func kind(_ path: String) -> Kind? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if Self.isScratch(name) { return nil }
        if let relative = Self.relative(path, below: location.content) { return .content(relative) }
        guard path == Self.join(location.root, "quizgen.yml")
                || Self.relative(path, below: Self.join(location.root, "Templates")) != nil
                || Self.relative(path, below: Self.join(location.root, "i18n")) != nil else { return nil }
        // The site folder "." is left out of the watchers' paths already.
        return .settings(Self.relative(path, below: location.root) ?? path)
    }

    /// The change the paths make to the site (nil for each path that is none of its business).
    public func change(_ paths: some Sequence<String>) -> LiveSite.Change {
        var change = LiveSite.Change()
        for path in paths {
            switch kind(path) {
            case .content(let relative):
                if !relative.isEmpty { change.content.insert(relative) } else { change.everything = true }
            case .settings: change.settings = true
            case nil: continue
            }
        }
        return change
    }

    /// The paths that matter to the site as messages name them (`Content/quiz.md`,
    /// `Templates/style.css`, from the current folder), sorted, each once.
    public func shown(_ paths: some Sequence<String>) -> [String] {
        Set(paths.compactMap { path -> String? in
            switch kind(path) {
            case .content(let relative): relative.isEmpty ? location.contentDisplay : location.contentDisplay + "/" + relative
            case .settings(let relative): location.rootDisplay + relative
            case nil: nil
            }
        }).sorted()
    }

    /// Vim's `.x.swp`, `.x.swx` and its `4913` probe, Emacs's `#x#` and `.#x`, the `x~` of
    /// many editors, and other dot files (which the site skips anyway).
    public static func isScratch(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name == "4913"
            || (name.hasPrefix("#") && name.hasSuffix("#")) || name.hasSuffix(".swp") || name.hasSuffix(".swx")
            || name.hasSuffix(".tmp") || name.hasSuffix(".bak")
    }

    /// A folder itself, not a link to one: neither watcher follows links to folders (one to
    /// `.` or `/` would never end, and a folder is watched under its own path).
    public static func isRealFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// A name in a folder, as the watchers report it: without `./` when the folder is the
    /// current one (the site folder is `.` when serve runs in it).
    public static func join(_ folder: String, _ name: String) -> String {
        folder == "." ? name : folder == "/" ? "/" + name : folder + "/" + name
    }

    static func relative(_ path: String, below folder: String) -> String? {
        if path == folder { return "" }
        let prefix = folder == "/" ? "/" : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }
}
