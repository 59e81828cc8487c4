import ArgumentParser
import Diagnostics
import Reports
import Site

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the site without writing anything.",
        discussion: """
            Reads, validates and analyses every file as a build does (and the templates) \
            and reports every problem, but renders and writes nothing. For each personality quiz it also prints the share \
            of answer combinations that ends in each outcome: counted exactly when that is \
            feasible, otherwise over a seeded random sample (and it says which), and it warns \
            about outcomes that can never be the result. For each trivia quiz it prints the \
            size and make-up of the question bank and what one play is worth. For each story \
            it prints its pages, choices, endings by kind, reachable pages, loops, the number \
            of playthroughs, and the shortest and longest way in choices to each ending, and \
            it warns about unreachable pages and traps.

            Named files are checked alone, with the site's settings and templates. Without \
            --source the site is the one whose content folder holds the first file named, \
            else the current folder's, or the nearest folder above that holds Content/.

            Examples:
              quizgen check
              quizgen check Content/the-cave.md Content/quiz.md
              cd Content && quizgen check the-cave.md
              quizgen check --format json > report.json

            Exit status: 0 when there are no errors (warnings allowed), 1 otherwise, 64 for \
            a usage error.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: "text (default) or json: every diagnostic and statistic as JSON on standard output, for CI.")
    var format: Format = .text

    @Argument(help: ArgumentHelp("Content files to check alone (default: the whole site).", valueName: "file.md"))
    var files: [String] = []

    func run() throws {
        let location = site.location(for: files)
        var loaded = SiteLoader.load(location, fileSystem: .disk)
        if !files.isEmpty { loaded = loaded.selecting(files, fileSystem: .disk) }
        let result = Pipeline(options: BuildOptions(includeDrafts: site.drafts, render: false, statistics: true)).collect(loaded)
        if format == .json {
            standardOutput(ReportFormatter.json(result.reports, diagnostics: result.diagnostics))
            if result.diagnostics.hasErrors { throw ExitCode.failure }
            return
        }
        standardOutput(ReportFormatter.text(result.reports))
        site.printer.report(result.diagnostics)
        // Drafts are not checked unless asked for (--drafts).
        let files = loaded.contentFiles.count - result.drafts
        standardError("Checked \(files) content file\(files == 1 ? "" : "s"): \(DiagnosticPrinter.summary(result.diagnostics))"
            + (result.drafts > 0 ? "; \(result.drafts) draft\(result.drafts == 1 ? "" : "s") left out (--drafts checks them)" : "") + ".\n")
        if result.diagnostics.hasErrors { throw ExitCode.failure }
    }
}
