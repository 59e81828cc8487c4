import ArgumentParser
import Diagnostics
import Site
import Support

struct Graph: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case dot, svg
    }

    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print a story's graph, in Graphviz's DOT language or as SVG.",
        discussion: """
            Checks one story file as a build would (with the site's quizgen.yml, the one \
            in the nearest folder above the file) and prints its graph to standard output: one node per page, labelled with its number and title, one arrow per \
            choice, labelled with its text. The start is marked; endings are octagons \
            coloured by kind (good, bad, neutral); unreachable pages are dashed and traps \
            outlined in orange. Problems are printed to standard error.

            With --format svg the graph is drawn by Graphviz's dot, which must be on PATH, \
            and is stopped after --time-limit seconds (30, as in a build; 0 for no limit): a \
            tangled story of a few hundred pages with words on its arrows can take minutes.

            Examples:
              quizgen graph Content/the-cave.md > the-cave.dot
              quizgen graph --format svg Content/the-cave.md > the-cave.svg
              quizgen graph --format svg --time-limit 0 Content/epic.md > epic.svg

            Exit status: 0 when the graph was printed (warnings allowed), 1 when the file \
            has errors, is not a story, or dot is missing or fails, 64 for a usage error, \
            130 or 143 when stopped by Ctrl-C or SIGTERM.
            """)

    @Argument(help: ArgumentHelp("The story's Markdown file.", valueName: "file.md"))
    var file: String

    @Option(name: .long, help: "The output format: DOT text, or SVG drawn by dot.")
    var format: Format = .dot

    // Unconditional: `--time-limit -1` takes "-1" as its value (to refuse it as less than 0)
    // rather than as an option, which left the limit "missing".
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("With --format svg: seconds dot may take (0 for no limit).", valueName: "seconds"))
    var timeLimit = 30

    @OptionGroup var colors: ColorOptions

    func validate() throws {
        guard timeLimit >= 0 else { throw ValidationError("--time-limit is a number of seconds, 0 or more (0 for no limit), not \(timeLimit)") }
    }

    func run() throws {
        ChildProcesses.stopWithSignals()
        let reporter = colors.printer
        let (dot, problems) = Pipeline.graph(path: file, fileSystem: .disk)
        reporter.report(problems.sorted())
        guard let dot else {
            standardError("No graph: \(DiagnosticPrinter.summary(problems)).\n")
            throw ExitCode.failure
        }
        switch format {
        case .dot:
            writeStandardOutput(Array(dot.utf8))
        case .svg:
            // No limit: a year, which no drawing reaches (and past which a deadline overflows).
            let year = 31_536_000
            switch Graphviz.system(timeLimit: timeLimit == 0 ? year : min(timeLimit, year)).render(dot, "svg") {
            case .success(let svg):
                writeStandardOutput(svg)
            case .failure(let failure):
                standardError("error: cannot draw the graph: \(failure)\n"
                    + (failure == .notInstalled ? "hint: install Graphviz (Debian: apt install graphviz), or print the DOT without --format svg\n" : ""))
                throw ExitCode.failure
            }
        }
    }

    private func writeStandardOutput(_ bytes: [UInt8]) {
        _ = writeAll(fd: 1, bytes: bytes)
    }
}
