import Diagnostics
import Reports
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

    /// Checks and publishes the site in memory as `quizgen check` and `quizgen build` do
    /// (in chunks of one file, so that chunk boundaries are crossed), then checks what must
    /// hold for any input: diagnostics point into their files, a failed build writes
    /// nothing, a good one writes an index, and the same input gives the same bytes.
    func run() -> [Diagnostic] {
        let location = SiteLocation(root: "/site", content: "/site/Content", contentDisplay: "Content", rootDisplay: "")
        let (checkFS, _) = FileSystem.memory(files)
        let check = Pipeline(options: BuildOptions(render: false, statistics: true)).collect(SiteLoader.load(location, fileSystem: checkFS))
        _ = ReportFormatter.text(check.reports)
        _ = ReportFormatter.json(check.reports, diagnostics: check.diagnostics)

        let (build, disk) = publish(location)
        let diagnostics = build.build.diagnostics
        precondition(check.diagnostics == diagnostics, "check and build disagree")
        let loaded = SiteLoader.load(location, fileSystem: FileSystem.memory(files).0)
        for d in diagnostics {
            precondition(d.line >= 0 && d.column >= 0, "negative position in \(d)")
            if let source = loaded.contentFiles.first(where: { $0.displayPath == d.file })?.source {
                precondition(d.line <= source.lineCount, "line \(d.line) past the end of \(d.file)")
            }
        }
        let written = disk.keys.filter { $0.hasPrefix("/site/public") || $0.hasPrefix("/site/.public") }
        guard let result = build.written, result.problems.isEmpty else {
            precondition(written.isEmpty, "a failed build wrote files: \(DiagnosticPrinter().format(diagnostics))")
            // Only a page landing on an asset's path may stop a build without errors.
            precondition(
                diagnostics.hasErrors || build.written!.problems.allSatisfy { $0.message.contains("overwritten by a generated file") },
                "writing to memory failed: \(build.written!.problems)")
            return diagnostics + (build.written?.problems ?? [])
        }
        precondition(disk["/site/public/index.html"] != nil, "no index page")
        precondition(written.allSatisfy { $0.hasPrefix("/site/public/") }, "a staging folder was left behind")
        let again = publish(location).disk
        precondition(again == disk, "two builds of the same input differ")
        return diagnostics
    }

    func publish(_ location: SiteLocation) -> (build: (build: BuildOutput, written: SiteWriter.Result?), disk: [String: [UInt8]]) {
        let (fs, disk) = FileSystem.memory(files)
        let loaded = SiteLoader.load(location, fileSystem: fs)
        let result = Pipeline(options: BuildOptions(chunkSize: 1)).publish(loaded, to: "/site/public", fileSystem: fs)
        return (result, disk.snapshot)
    }
}
