import Diagnostics

/// The folders a build may read: the site folder and the content folder, with links
/// resolved. Sites are often built in CI from someone else's pull request, so a link that
/// leads out of them (to `/etc/passwd`, `/proc/self/environ`, a home folder) is refused
/// before anything is read through it; links that stay inside the site work, except to
/// hidden files and folders (`.env`, `.git/config`), which the walk itself never reads.
///
/// What is published comes from the content folder, so links there (and a bank's path) must
/// stay inside it: a link `Content/up -> ..` would otherwise publish quizgen.yml, Templates/
/// and any private folder of the site. Links of the site's own files (quizgen.yml,
/// Templates/, i18n/) may lead anywhere in the site folder, which is never published.
///
/// A link into a name that starts with `_` is followed: such names are skipped as pages
/// and assets of their own (partials, sources), not kept private, and a link to one is made
/// on purpose. A link that would publish a Markdown file's text is refused by the walk.
struct SiteBoundary: Sendable {
    let roots: [String]
    let fs: FileSystem
    /// The area, as messages name it: "the site" or "the content folder Content/".
    let area: String

    init(_ location: SiteLocation, fileSystem fs: FileSystem, contentOnly: Bool = false) {
        self.init(roots: contentOnly ? [location.content] : [location.root, location.content], fileSystem: fs,
                  area: contentOnly ? "the content folder \(location.contentDisplay)/" : "the site")
    }

    private init(roots: [String], fileSystem fs: FileSystem, area: String) {
        self.fs = fs
        self.roots = roots.compactMap(fs.realPath)
        self.area = area
    }

    /// The site folder alone: where the content folder itself, and the default output
    /// folder, may lead when they are links.
    static func siteFolder(_ location: SiteLocation, fileSystem fs: FileSystem) -> SiteBoundary {
        SiteBoundary(roots: [location.root], fileSystem: fs, area: "the site folder")
    }

    /// The boundary of what may be published: the content folder.
    static func content(_ location: SiteLocation, fileSystem fs: FileSystem) -> SiteBoundary {
        SiteBoundary(location, fileSystem: fs, contentOnly: true)
    }

    /// True when a real (resolved) path is one of the roots or below one, through no name
    /// that starts with `.` below that root.
    /// Compared on bytes: a name that starts with a combining mark makes one Character
    /// with the `/` before it, which a Character prefix would not match.
    private func contains(real path: String) -> Bool {
        roots.contains { root in
            if path.utf8.elementsEqual(root.utf8) { return true }
            guard let rest = Self.below(root, path) else { return false }
            return !rest.split(separator: UInt8(ascii: "/")).contains { $0.first == UInt8(ascii: ".") }
        }
    }

    /// The bytes of `path` after `root/`, or nil when it is not below `root`.
    private static func below(_ root: String, _ path: String) -> ArraySlice<UInt8>? {
        let prefix = Array((root == "/" ? "/" : root + "/").utf8), bytes = Array(path.utf8)
        guard bytes.starts(with: prefix) else { return nil }
        return bytes[prefix.count...]
    }

    /// Where `path` really leads when that may not be read (outside the site, or a hidden
    /// file or folder in it); nil when it does not exist or may be read.
    func escape(_ path: String) -> String? {
        guard let real = fs.realPath(path), !contains(real: real) else { return nil }
        return real
    }

    /// True when `real` is inside the site, only hidden.
    private func hiddenInside(real path: String) -> Bool {
        roots.contains { Self.below($0, path) != nil }
    }

    /// nil when `path` may be read: it does not exist, or it resolves inside the site.
    /// Otherwise the warning that names the link and where it leads, and nothing else of it.
    func refusal(_ path: String, display: String) -> Diagnostic? {
        guard let real = escape(path) else { return nil }
        // The link as written, when the path itself is one; else where its folder leads.
        let target = fs.linkTarget(path) ?? real
        return .warning("\(display) is a link to \(target), \(placeOf(real: real)): it is not read or published", file: display,
                        hint: hintFor(real: real))
    }

    /// Where a refused real path is, in words: a hidden name inside, or outside.
    func placeOf(real: String) -> String {
        hiddenInside(real: real) ? "a hidden file or folder" : "outside \(area)"
    }

    func hintFor(real: String) -> String {
        guard hiddenInside(real: real) else {
            let what = fs.kind(real) == .directory ? "folder" : "file"
            return "copy the \(what) into \(area == "the site" ? "the site folder" : area); links may only point to \(what)s inside it"
        }
        return "names that start with '.' are never published; link to a file without one"
    }
}
