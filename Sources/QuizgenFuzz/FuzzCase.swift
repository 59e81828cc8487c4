import Diagnostics
import Site

/// One fuzz input, cut into the files of a small site at the lines `=====` (so a mutated
/// input can grow or lose files): the first part is `Content/a.md`, then `Content/bank.csv`,
/// `quizgen.yml`, `Content/b.md` and `Templates/style.css`.
struct FuzzCase {
    static let paths = ["/site/Content/a.md", "/site/Content/bank.csv", "/site/quizgen.yml", "/site/Content/b.md", "/site/Templates/style.css"]
    static let separator = Array("\n=====\n".utf8)

    let files: [String: [UInt8]]

    init(_ bytes: [UInt8]) {
        var parts: [[UInt8]] = []
        var start = 0
        var i = 0
        while i + Self.separator.count <= bytes.count, parts.count < Self.paths.count - 1 {
            if bytes[i] == Self.separator[0], Array(bytes[i..<(i + Self.separator.count)]) == Self.separator {
                parts.append(Array(bytes[start..<i]))
                i += Self.separator.count
                start = i
            } else {
                i += 1
            }
        }
        parts.append(Array(bytes[start...]))
        var files: [String: [UInt8]] = [:]
        for (path, part) in zip(Self.paths, parts) where !(path.hasSuffix("style.css") && part.isEmpty) {
            files[path] = part
        }
        self.files = files
    }

    /// Loads, checks, renders and writes the site in memory, then checks what must hold for
    /// any input: diagnostics point into their files, a failed build writes nothing, a
    /// good one writes an index, and the same input gives the same bytes.
    func run() -> [Diagnostic] {
        let (fs, disk) = FileSystem.memory(files)
        let location = SiteLocation(root: "/site", content: "/site/Content", contentDisplay: "Content", rootDisplay: "")
        let (loaded, _) = SiteLoader.load(location, fileSystem: fs)
        let build = SiteBuilder.build(loaded)
        let diagnostics = build.diagnostics
        for d in diagnostics {
            precondition(d.line >= 0 && d.column >= 0, "negative position in \(d)")
            if let source = loaded.contentFiles.first(where: { $0.displayPath == d.file })?.source {
                precondition(d.line <= source.lineCount, "line \(d.line) past the end of \(d.file)")
            }
        }
        if diagnostics.hasErrors {
            precondition(build.files.isEmpty, "a failed build rendered pages: \(DiagnosticPrinter().format(diagnostics))")
            return diagnostics
        }
        let problems = SiteWriter.write(build, contentFolder: location.content, to: "/site/public", fileSystem: fs).problems
        // Only a page landing on an asset's path may stop it.
        precondition(problems.allSatisfy { $0.message.contains("overwritten by a generated page") }, "writing to memory failed: \(problems)")
        if !problems.isEmpty { return diagnostics + problems }
        precondition(disk.snapshot["/site/public/index.html"] != nil, "no index page")
        let again = SiteBuilder.build(SiteLoader.load(location, fileSystem: FileSystem.memory(files).0).0)
        precondition(again.files == build.files, "two builds of the same input differ")
        return diagnostics
    }
}
