import Diagnostics

/// The folders a build may read: the site folder and the content folder, with links
/// resolved. Sites are often built in CI from someone else's pull request, so a link that
/// leads out of them (to `/etc/passwd`, `/proc/self/environ`, a home folder) is refused
/// before anything is read through it; links that stay inside the site work, except to
/// hidden files and folders (`.env`, `.git/config`), which the walk itself never reads.
struct SiteBoundary: Sendable {
    let roots: [String]
    let fs: FileSystem

    init(_ location: SiteLocation, fileSystem fs: FileSystem) {
        self.fs = fs
        roots = [location.root, location.content].compactMap(fs.realPath)
    }

    /// True when a real (resolved) path is one of the roots or below one, through no name
    /// that starts with `.` below that root.
    private func contains(real path: String) -> Bool {
        roots.contains { root in
            if path == root { return true }
            let prefix = root == "/" ? "/" : root + "/"
            guard path.hasPrefix(prefix) else { return false }
            return !path.dropFirst(prefix.count).split(separator: "/").contains { $0.hasPrefix(".") }
        }
    }

    /// Where `path` really leads when that may not be read (outside the site, or a hidden
    /// file or folder in it); nil when it does not exist or may be read.
    func escape(_ path: String) -> String? {
        guard let real = fs.realPath(path), !contains(real: real) else { return nil }
        return real
    }

    /// True when `real` is inside the site, only hidden.
    private func hiddenInside(real path: String) -> Bool {
        roots.contains { path.hasPrefix($0 == "/" ? "/" : $0 + "/") }
    }

    /// nil when `path` may be read: it does not exist, or it resolves inside the site.
    /// Otherwise the warning that names the link and where it leads, and nothing else of it.
    func refusal(_ path: String, display: String) -> Diagnostic? {
        guard let real = escape(path) else { return nil }
        // The link as written, when the path itself is one; else where its folder leads.
        let target = fs.linkTarget(path) ?? real
        if hiddenInside(real: real) {
            return .warning(
                "\(display) is a link to \(target), a hidden file or folder: it is not read or published", file: display,
                hint: "names that start with '.' are never published; link to a file without one")
        }
        return .warning(
            "\(display) is a link to \(target), outside the site: it is not read or published", file: display,
            hint: "copy the file into the site folder; links may only point to files inside it")
    }
}
