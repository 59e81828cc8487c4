import Analysis
import Diagnostics
import Render

/// Assets at a path the site generates (`Content/quiz/index.html` beside `Content/quiz.md`,
/// `Content/index.html`): the generated file would overwrite the author's. Found from the
/// paths the pieces will write (`PagePaths`), before anything is rendered, so that `check`
/// and `serve` say so as `build` does. This is the rule's one home; the writer only refuses
/// a page that lands on an asset after all, a path `PagePaths` did not foresee.
struct AssetClash: Sendable {
    let assets: Set<String>
    /// Every folder holding an asset, at any depth: a piece whose page folder is not one of
    /// them cannot clash, and costs no look at its paths.
    private let folders: Set<String>
    let location: SiteLocation

    init(assets: [String], location: SiteLocation) {
        self.assets = Set(assets)
        var folders = Set<String>()
        for asset in assets {
            var folder = Substring(asset)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                guard folders.insert(String(folder)).inserted else { break }
            }
        }
        self.folders = folders
        self.location = location
    }

    /// The site's own files: the index and the stylesheet.
    static func ofSite(stylesheet: String, assets: Set<String>, location: SiteLocation) -> [Diagnostic] {
        ["index.html", stylesheet].filter(assets.contains).map {
            .error(
                "this file would be overwritten by the site's \($0 == "index.html" ? "index" : "stylesheet"), which is written there",
                file: location.contentDisplay + "/" + $0, hint: "rename it")
        }
    }

    /// A piece's pages (and its map when maps are drawn) that would overwrite an asset.
    func of(_ item: AnalysedContent, maps: Bool) -> [Diagnostic] {
        of(item.meta.sitePath, by: item.meta.sourcePath) { PagePaths.of(item, maps: maps) }
    }

    /// The same for a piece known by its page folder and the files it writes (`serve` keeps
    /// those, not the piece), which are asked for only when an asset is in that folder.
    func of(_ sitePath: String, by source: String, writing paths: () -> [String]) -> [Diagnostic] {
        guard !assets.isEmpty, folders.contains(sitePath) else { return [] }
        return paths().filter(assets.contains).map { Self.diagnostic($0, by: source, location: location) }
    }

    /// The error, at the asset; `source` is the Markdown file whose page it is.
    static func diagnostic(_ asset: String, by source: String?, location: SiteLocation) -> Diagnostic {
        let hint = source.map { "rename it, or \($0), whose page folder it is in" }
            ?? "rename it, or the Markdown file whose page folder it is in"
        return .error(
            "this file would be overwritten by a generated file of the same path",
            file: location.contentDisplay + "/" + asset, hint: hint)
    }
}
