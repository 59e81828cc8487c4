import Analysis
import Content
import Diagnostics
import Render

/// check, against the whole site: links to relative paths that name nothing it writes. A
/// link may lead to a page of any file, so links are checked once every file is parsed;
/// only files that have such links are kept for it (their text, for the diagnostics).
extension Pipeline {
    /// What a link may name: the assets, the site's own files and every piece's page.
    static func published(_ metas: some Sequence<ContentMeta>, assets: Set<String>, stylesheet: String) -> LinkCheck.Published {
        var files = assets
        files.formUnion(["index.html", NotFoundRenderer.path, stylesheet])
        var folders = Set<String>()
        var named = Set<String>()
        for meta in metas {
            files.insert(meta.sitePath + "/index.html")
            folders.insert(meta.sitePath)
            if meta.kind != .trivia { named.insert(meta.sitePath) }
        }
        return LinkCheck.Published(files: files, pageFolders: folders, namedFolders: named)
    }

    /// The files a piece writes, maps included: a build without Graphviz writes no map, but
    /// `check`, `build` and `serve` judge a link the same wherever they run.
    static func pagePaths(_ item: AnalysedContent) -> [String] {
        PagePaths.of(item, maps: true)
    }

    /// A file with links to relative paths: what checking them needs of it.
    struct Linking: Sendable {
        var links: [LinkReference]
        var sitePath: String
        var isStory: Bool
        /// A story's page ids: a link written as a path to one (`(garden)`) is told `(#garden)`.
        var pageIDs: [String]
        var source: SourceFile

        init?(_ meta: ContentMeta, source: SourceFile, piece: ContentPiece?) {
            guard !meta.links.isEmpty else { return nil }
            (links, sitePath, isStory, self.source) = (meta.links, meta.sitePath, meta.kind == .story, source)
            if case .story(let story) = piece?.body { pageIDs = story.pages.map(\.id) } else { pageIDs = [] }
        }
    }

    /// Warnings for the links of `linking` that name nothing the site publishes; `pagesIn`
    /// gives the files of the piece with that page folder.
    static func brokenLinks(
        _ linking: [Linking], published: LinkCheck.Published, pagesIn: (String) -> [String], location: SiteLocation
    ) -> [Diagnostic] {
        linking.flatMap { file in
            let folder = file.sitePath.split(separator: "/").dropLast().joined(separator: "/")
            return LinkCheck.missing(
                file.links, folder: folder, published: published, pagesIn: pagesIn, file: file.source,
                contentName: location.contentDisplay, isStory: file.isStory, pageIDs: file.pageIDs)
        }
    }
}

/// The files of a piece, by its page folder, for a link into a quiz's or story's folder: the
/// pieces are gone by the end of a build, so its file is parsed again (once), which only a
/// link to such a folder's other pages asks for.
final class PageNames {
    let files: [String: LoadedSite.ContentFile]
    let options: ContentParser.Options
    var known: [String: [String]] = [:]

    init(_ site: LoadedSite, options: ContentParser.Options) {
        files = Dictionary(site.contentFiles.map { ($0.relativePath, $0) }, uniquingKeysWith: { first, _ in first })
        self.options = options
    }

    func of(_ folder: String) -> [String] {
        if let names = known[folder] { return names }
        var names: [String] = []
        if let file = files[folder + ".md"], case .success(let loaded) = file.load(),
           let piece = Pipeline.parse(loaded, relativePath: file.relativePath, options: options).piece {
            names = Pipeline.pagePaths(Pipeline.check(piece, file: loaded.source, statistics: false).0)
        }
        known[folder] = names
        return names
    }
}
