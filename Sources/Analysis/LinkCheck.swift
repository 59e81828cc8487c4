import Content
import Diagnostics

/// Links to what the site does not publish: `[notes](notes.pdf)` with no such file, or
/// `[next](../quiz2/)` with no `quiz2.md`, ships a page with a dead link. A relative link is
/// read as the pages' resolver writes it: from the Markdown file's folder, `x.md` leading to
/// the page `x/index.html`, its `?query` and `#fragment` set aside (fragments are not checked).
public enum LinkCheck {
    /// What the site writes, as far as a link can name it.
    public struct Published: Sendable {
        /// Assets, the site's own files (`index.html`, `404.html`, the stylesheet) and every
        /// content file's `x/index.html`.
        public var files: Set<String>
        /// The page folders of content files (`a/b` for `Content/a/b.md`).
        public var pageFolders: Set<String>
        /// The page folders whose pieces write files of other names (outcome and story pages,
        /// a story's map): asked for (`pagesIn`) only when a link leads into one.
        public var namedFolders: Set<String>

        public init(files: Set<String>, pageFolders: Set<String>, namedFolders: Set<String>) {
            self.files = files
            self.pageFolders = pageFolders
            self.namedFolders = namedFolders
        }
    }

    /// Where a relative link leads in the site.
    public enum Target: Equatable, Sendable {
        /// Above the content folder.
        case outside
        /// A file, by its path in the site.
        case file(String)
        /// A folder (`x/`, `./`, `..`): its `index.html`; "" is the site's top.
        case folder(String)
        /// A Markdown file (`x.md`), by its page folder.
        case page(String)
    }

    /// - Parameters:
    ///   - folder: the Markdown file's folder inside the content folder ("" at its top).
    ///   - pagesIn: every file the piece with this page folder writes.
    ///   - isStory: a story warns of `(＃id)` itself, as a choice that is none.
    ///   - pageIDs: a story's page ids, for a choice written as a path (`(garden)` for `(#garden)`).
    public static func missing(
        _ links: [LinkReference], folder: String, published: Published, pagesIn: (String) -> [String],
        file: SourceFile, contentName: String = "Content", isStory: Bool = false, pageIDs: [String] = []
    ) -> [Diagnostic] {
        var searches = 0
        return links.compactMap { link -> Diagnostic? in
            let written = link.destination.prefix(200)
            if link.destination.unicodeScalars.first == "＃" {
                guard !isStory else { return nil }
                let id = Story.percentDecoded(String(link.destination.unicodeScalars.dropFirst()))
                return file.warning(
                    "'＃' is a full-width character, so this link leads to a file '\(written)', not to a place on the page",
                    line: link.line, byteColumn: link.column, hint: "write '#': (#\(id.prefix(200)))")
            }
            guard let target = target(of: link.destination, folder: folder) else { return nil }
            if exists(target, published, pagesIn) { return nil }
            if let address = LocalPath.fullWidthAddress(link.destination) {
                return file.warning(
                    "\(address.named), so this link leads to a file '\(written)' of the site, not to another site",
                    line: link.line, byteColumn: link.column, hint: "write '\(address.meant.prefix(200))'")
            }
            if case .file(let path) = target,
               let skipped = path.split(separator: "/").first(where: { $0.hasPrefix("_") || $0.hasPrefix(".") }) {
                return file.warning(
                    "link '\(written)' names a file that is not published: names that start with _ or . (\(skipped)) are skipped",
                    line: link.line, byteColumn: link.column, hint: "rename it without the leading \(skipped.prefix(1))")
            }
            searches += 1
            let searched = searches <= NearestMatch.searchLimit
            let page = searched ? pageMeant(link.destination, pageIDs: pageIDs) : nil
            let near = searched && page?.exact != true ? nearest(target, published, pagesIn) : nil
            let hint = near.map { LocalPath.didYouMean($0.path, for: $0.missing, from: folder, suffix: $0.suffix) }
                ?? page.map { "to lead to the page '\($0.id)', write (#\($0.id))" }
            switch target {
            case .outside:
                return file.warning(
                    "link '\(written)' leads out of the \(contentName) folder, which is all the site publishes",
                    line: link.line, byteColumn: link.column,
                    hint: "name a file inside \(contentName)/, or write the full address (https://…) of a page elsewhere")
            case .page(let page):
                return file.warning(
                    "link '\(written)' names no Markdown file the site builds: there is no \(contentName)/\(page).md (or it is a draft)",
                    line: link.line, byteColumn: link.column, hint: hint)
            case .folder(let path):
                return file.warning(
                    "link '\(written)' leads to no page: the site has no \(path.isEmpty ? "" : path + "/")index.html",
                    line: link.line, byteColumn: link.column, hint: hint ?? "a page folder is a Markdown file's name without .md, ending in '/'")
            case .file(let path):
                return file.warning(
                    "link '\(written)' names no file of the site: there is no \(contentName)/\(path), and no page is written there",
                    line: link.line, byteColumn: link.column,
                    hint: hint ?? "put the file in \(contentName)/ (names that start with _ or . are skipped), or correct the path")
            }
        }
    }

    /// Where a relative link written in `folder` leads; nil for what is not checked (a
    /// scheme, a host, a fragment or query alone).
    public static func target(of destination: String, folder: String) -> Target? {
        switch LocalPath.resolve(destination, folder: folder) {
        case nil: return nil
        case .outside: return .outside
        case .inside(let path, isFolder: true): return .folder(path)
        case .inside(let path, isFolder: false): return path.hasSuffix(".md") ? .page(String(path.dropLast(3))) : .file(path)
        }
    }

    static func exists(_ target: Target, _ published: Published, _ pagesIn: (String) -> [String]) -> Bool {
        switch target {
        case .outside: return false
        case .folder(let path): return published.files.contains(path.isEmpty ? "index.html" : path + "/index.html")
        case .page(let page): return published.files.contains(page + "/index.html")
        case .file(let path):
            // `x` for `x/`: a host answers it with the folder's page.
            if published.files.contains(path) || published.files.contains(path + "/index.html") { return true }
            let parent = LocalPath.parentFolder(path)
            return published.namedFolders.contains(parent) && pagesIn(parent).contains(path)
        }
    }

    /// The published path nearest to a missing target (`missing`, in the same form): a page
    /// folder for `x.md` and `x/`, a file else, and what the written form adds to both.
    static func nearest(
        _ target: Target, _ published: Published, _ pagesIn: (String) -> [String]
    ) -> (path: String, missing: String, suffix: String)? {
        switch target {
        case .outside:
            return nil
        case .page(let page):
            return LocalPath.nearest(page, in: published.pageFolders).map { ($0, page, ".md") }
        case .folder(let path):
            let folders = published.files.lazy.filter { $0.hasSuffix("/index.html") }.map { String($0.dropLast(11)) }
            return LocalPath.nearest(path, in: folders).map { ($0, path, "/") }
        case .file(let path):
            let parent = LocalPath.parentFolder(path)
            let named = published.namedFolders.contains(parent) ? pagesIn(parent) : []
            return LocalPath.nearest(path, in: named.isEmpty ? published.files : published.files.union(named)).map { ($0, path, "") }
        }
    }

    /// The page of a story that a link written as a path plainly meant: its text, with no
    /// `.html` or `.md` and percent-decoded, is the page's id (`exact`) or a typo of one.
    static func pageMeant(_ destination: String, pageIDs: [String]) -> (id: String, exact: Bool)? {
        guard !pageIDs.isEmpty else { return nil }
        var name = Story.percentDecoded(String(destination.prefix { $0 != "?" && $0 != "#" }))
        if name.hasPrefix("./") { name.removeFirst(2) }
        if name.hasSuffix("/") { name.removeLast() }
        for suffix in [".html", ".md"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        guard !name.isEmpty, !name.contains("/") else { return nil }
        if pageIDs.contains(name) { return (name, true) }
        return NearestMatch.find(name, in: pageIDs).map { ($0, false) }
    }

}
