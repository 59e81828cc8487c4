import Content
import Diagnostics

/// Images that the site does not have: `![](cat.png)` beside the Markdown is copied with the
/// site, so a local source names one of its assets, or the page shows a broken image.
public enum ImageCheck {
    /// - Parameters:
    ///   - folder: the Markdown file's folder inside the content folder ("" at its top).
    ///   - assets: every asset's path inside the content folder.
    public static func missing(
        _ images: [ImageReference], folder: String, assets: Set<String>, file: SourceFile, contentName: String = "Content"
    ) -> [Diagnostic] {
        var searches = 0
        return images.compactMap { image in
            // The host's root: gone when the site is served from a sub-path or opened from disk.
            if image.source.hasPrefix("/"), !image.source.hasPrefix("//") {
                return file.warning(
                    "image '\(image.source.prefix(200))' starts with '/', so it breaks when the site is opened from disk or served below a path",
                    line: image.line, byteColumn: image.column,
                    hint: "name it relative to this file, e.g. \(image.source.drop { $0 == "/" }.split(separator: "/").last.map { "'\($0)' beside it" } ?? "'picture.png'")")
            }
            guard let path = assetPath(image.source, folder: folder) else { return nil }
            if let inside = path, assets.contains(inside) { return nil }
            let written = image.source.prefix(200)
            if let address = LocalPath.fullWidthAddress(image.source) {
                return file.warning(
                    "\(address.named), so this image is looked for in the site, as a file '\(written)', not at another site",
                    line: image.line, byteColumn: image.column, hint: "write '\(address.meant.prefix(200))'")
            }
            let hint = "put the image in \(contentName)/ (beside the Markdown file, for a plain name), or correct the path"
            guard let path else {
                return file.warning(
                    "image '\(written)' is outside the \(contentName) folder, which is all the site publishes",
                    line: image.line, byteColumn: image.column, hint: hint)
            }
            if let skipped = path.split(separator: "/").first(where: { $0.hasPrefix("_") || $0.hasPrefix(".") }) {
                return file.warning(
                    "image '\(written)' is not published: names that start with _ or . (\(skipped)) are skipped",
                    line: image.line, byteColumn: image.column, hint: "rename it without the leading \(skipped.prefix(1))")
            }
            // A Markdown file is published as a page, never as the file itself.
            if path.lowercased().hasSuffix(".md") {
                return file.warning(
                    "image '\(written)' names a Markdown file, which the site publishes as a page, not as a picture",
                    line: image.line, byteColumn: image.column,
                    hint: "an image shows a picture file (.png, .jpg, .svg, …); to lead to the page, write a link without the '!'")
            }
            // Windows' separator: on the web, and in the site, a path's parts are split by '/'.
            let slashed = image.source.replacingOccurrences(of: "\\", with: "/")
            searches += 1
            let near = slashed == image.source && searches <= NearestMatch.searchLimit ? LocalPath.nearest(path, in: assets) : nil
            return file.warning(
                "image '\(written)' is not in the site: there is no \(contentName)/\(path)",
                line: image.line, byteColumn: image.column,
                hint: slashed != image.source ? "paths are written with '/', not '\\': ![](\(slashed.prefix(200)))"
                    : near.map { LocalPath.didYouMean($0, for: path, from: folder) } ?? hint)
        }
    }

    /// The asset a local image source names, inside the content folder: `.some(nil)` when it
    /// leads out of it, nil when the source is not a local file (a URL, `data:`, `/x.png`, …).
    public static func assetPath(_ source: String, folder: String) -> String?? {
        switch LocalPath.resolve(source, folder: folder) {
        case nil: return nil
        case .outside: return .some(nil)
        case .inside(let path, _): return .some(path)
        }
    }
}
