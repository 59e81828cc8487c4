import Analysis
import Content
import Diagnostics

/// An import is only as good as its build: the written Markdown (and bank) go through the
/// same parse and check as `quizgen build`, before anything is written.
public enum ImportCheck {
    /// What a build would say of the imported files, were they written as `markdownPath`
    /// (e.g. `Content/cave.md`) and the bank beside it as `bankName`.
    public static func check(_ imported: Imported, markdownPath: String, bankName: String) -> (ContentPiece?, [Diagnostic]) {
        let file = SourceFile(path: markdownPath, text: imported.markdown)
        let name = markdownPath.split(separator: "/").last.map(String.init) ?? markdownPath
        var siblings: ContentParser.Siblings = [:]
        if let bank = imported.bank { siblings[bankName] = .success(bank) }
        let (piece, problems) = ContentParser.parse(
            file, sitePath: String(name.dropLast(name.hasSuffix(".md") ? 3 : 0)),
            options: .init(includeDrafts: true), siblings: siblings)
        // A story with errors is checked too, as the build checks it.
        guard let piece else { return (piece, problems) }
        let (_, findings) = ContentAnalysis.analyse(piece, file: file, statistics: false)
        return (piece, problems + findings)
    }
}

extension ImportCheck {
    /// The images of the imported file that the site would not have, as the build warns of
    /// them, said where the source names them (Moodle's `@@PLUGINFILE@@/3.png`, a Twine
    /// `<img src>`): that is where the author looks, and the Markdown is not yet written.
    ///
    /// - Parameters:
    ///   - markdownPath: where the Markdown goes; the folder named `Content` above it (else
    ///     its own folder) is taken for the site's content folder, as the build reads it.
    ///   - filesIn: the names of the files in a folder of that content folder ("" its top):
    ///     names as the folder lists them, so that `lighthouse.png` is missing beside
    ///     `Lighthouse.PNG` on a disk that ignores letter case too, as for the build, and the
    ///     warning can name the file meant.
    public static func missingImages(
        _ piece: ContentPiece, imported: Imported, markdownPath: String, source: SourceFile, filesIn: (String) -> [String]
    ) -> [Diagnostic] {
        let images = piece.meta.images
        guard !images.isEmpty else { return [] }
        let (contentName, folder) = contentFolder(of: markdownPath)
        let folders = Set(images.compactMap { image in
            (ImageCheck.assetPath(image.source, folder: folder) ?? nil).map { $0.split(separator: "/").dropLast().joined(separator: "/") }
        })
        let assets = Set(folders.flatMap { inside in filesIn(inside).map { inside.isEmpty ? $0 : inside + "/" + $0 } })
        let markdown = SourceFile(path: markdownPath, text: imported.markdown)
        var searchFrom: [String: String.Index] = [:]
        return images.flatMap { image -> [Diagnostic] in
            var file = markdown
            var located = image
            // The same source named again is found after where it was last found.
            let start = searchFrom[image.source] ?? source.text.startIndex
            for written in [image.source, image.source.replacingAll("/", with: "\\/")] {
                guard let found = source.text[start...].firstRange(of: written) else { continue }
                searchFrom[image.source] = found.upperBound
                let (line, column) = source.position(ofByte: source.text.utf8.distance(from: source.text.startIndex, to: found.lowerBound))
                (file, located) = (source, ImageReference(source: image.source, line: line, column: column))
                break
            }
            return ImageCheck.missing([located], folder: folder, assets: assets, file: file, contentName: contentName).map {
                var warning = $0
                if image.source.hasPrefix("@@PLUGINFILE@@") {
                    warning.hint = "@@PLUGINFILE@@ is Moodle's own file store, which a GIFT export leaves out: save the image from Moodle into "
                        + "\(contentName)/\(folder.isEmpty ? "" : folder + "/"), and in the imported Markdown write its name in place of '\(image.source.prefix(200))'"
                }
                return warning
            }
        }
    }

    /// The content folder a Markdown file goes into (the `Content` folder above it, else its
    /// own), and its folder inside it.
    public static func contentFolder(of markdownPath: String) -> (content: String, folder: String) {
        let parts = markdownPath.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        guard let content = parts.lastIndex(of: "Content") else {
            return (parts.isEmpty ? "." : parts.joined(separator: "/"), "")
        }
        return (parts[...content].joined(separator: "/"), parts[(content + 1)...].joined(separator: "/"))
    }
}
