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
