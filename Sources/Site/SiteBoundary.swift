import Diagnostics

/// The folders a build may read: the site folder and the content folder, with links
/// resolved. Sites are often built in CI from someone else's pull request, so a link that
/// leads out of them (to `/etc/passwd`, `/proc/self/environ`, a home folder) is refused
/// before anything is read through it; links that stay inside the site work.
struct SiteBoundary: Sendable {
    let roots: [String]
    let fs: FileSystem

    init(_ location: SiteLocation, fileSystem fs: FileSystem) {
        self.fs = fs
        roots = [location.root, location.content].compactMap(fs.realPath)
    }

    /// True when a real (resolved) path is one of the roots or below one.
    private func contains(real path: String) -> Bool {
        roots.contains { root in path == root || path.hasPrefix(root == "/" ? "/" : root + "/") }
    }

    /// Where `path` really leads when that is outside the site; nil when it does not exist
    /// or stays inside.
    func escape(_ path: String) -> String? {
        guard let real = fs.realPath(path), !contains(real: real) else { return nil }
        return real
    }

    /// nil when `path` may be read: it does not exist, or it resolves inside the site.
    /// Otherwise the warning that names the link and where it leads, and nothing else of it.
    func refusal(_ path: String, display: String) -> Diagnostic? {
        guard let real = escape(path) else { return nil }
        // The link as written, when the path itself is one; else where its folder leads.
        let target = fs.linkTarget(path) ?? real
        return .warning(
            "\(display) is a link to \(target), outside the site: it is not read or published", file: display,
            hint: "copy the file into the site folder; links may only point to files inside it")
    }
}
