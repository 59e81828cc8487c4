import ArgumentParser
import Content
import Diagnostics
import Import
import Site
import Support

struct Export: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case gift
    }

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print a trivia quiz in another tool's format: Moodle's GIFT.",
        discussion: """
            Checks one trivia quiz file (with its CSV bank) and prints it to standard output \
            as GIFT, for Moodle's question bank (Import, format GIFT). The title becomes \
            the category, each question keeps its choices and its explanation (as general \
            feedback); a question with several right choices gets weights adding up to \
            100%, and -100% for each wrong one. Formatted text is written as [html]. \
            Levels and points have no GIFT form: they are kept in a comment line. \
            `quizgen import` reads the result back.

            Example:
              quizgen export --format gift Content/knowledge-king.md > knowledge-king.gift

            Exit status: 0 when the quiz was printed (warnings allowed), 1 when the file has \
            errors or is not a trivia quiz, 64 for a usage error.
            """)

    @Argument(help: ArgumentHelp("The trivia quiz's Markdown file.", valueName: "file.md"))
    var file: String

    @Option(name: .long, help: "The format to write.")
    var format: Format = .gift

    @OptionGroup var colors: ColorOptions

    func run() throws {
        let reporter = colors.printer
        let fs = FileSystem.disk
        func fail(_ problems: [Diagnostic]) throws -> Never {
            reporter.report(problems.sorted())
            standardError("Nothing exported: \(DiagnosticPrinter.summary(problems)).\n")
            throw ExitCode.failure
        }
        // Read as the build reads it, within the same size limit: what export refuses, a build
        // refuses too.
        func read(_ path: String) -> Result<SourceFile, Diagnostic> { SiteLoader.readText(path, display: path, fs: fs) }
        let source: SourceFile
        switch read(file) {
        case .success(let text): source = text
        case .failure(let problem): try fail([problem])
        }
        // The bank, read from beside the file as the build reads it.
        let folder = file.lastIndex(of: "/").map { String(file[...$0]) } ?? ""
        var siblings: ContentParser.Siblings = [:]
        for name in ContentParser.siblings(of: source) {
            switch read(folder + name) {
            case .success(let bank): siblings[name] = .success(bank.text)
            case .failure(let problem):
                siblings[name] = fs.kind(folder + name) == nil ? .failure(.notFound) : .failure(.unreadable(problem.message))
            }
        }
        let base = file.split(separator: "/").last.map(String.init) ?? file
        let (piece, problems) = ContentParser.parse(source, sitePath: base, options: .init(includeDrafts: true), siblings: siblings)
        guard let piece, !problems.hasErrors else { try fail(problems) }
        guard case .trivia(let quiz) = piece.body else {
            try fail(problems + [.error(
                "this is a \(piece.meta.kind.label.lowercased()), not a trivia quiz", file: file,
                hint: "only trivia quizzes (kind: trivia) can be exported to GIFT")])
        }
        reporter.report(problems.sorted())
        _ = writeAll(fd: 1, bytes: Array(GIFTExporter.export(quiz, title: piece.meta.title).utf8))
    }
}
