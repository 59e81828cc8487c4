import ArgumentParser
import Diagnostics
import Site
import Support

struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the site into public/.",
        discussion: """
            Reads every Markdown file in the content folder, checks it, and writes the static \
            site. Any error stops the build before anything is written, so the previous \
            output stays as it was; warnings are reported and the build goes on. The output \
            folder is replaced whole, in one step at the end.

            Each story also gets its graph, story.dot, beside its pages; when Graphviz's \
            dot is on PATH, a map too (story.svg, shown by map.html). Maps are drawn in \
            batches, one dot per core, and kept from the previous build for stories whose \
            graph has not changed; --no-maps skips them.

            Other files in the content folder are copied as they are, except those a \
            browser would open as a document and run the script of at the site's address: \
            HTML and XML files (.html, .xhtml, .xml, .rss, …) and SVG pictures with script, \
            event handlers or javascript: links in them are errors unless quizgen.yml says \
            raw-html: true (the site trusts its authors).

            Without --source the site is the current folder, or the nearest folder above it \
            that holds Content/ (said on standard error); its output is public/ in the site's \
            folder. A relative --output is taken from the current folder. An output inside \
            the content folder or the site's Templates/ or i18n/ (there yet or not) is refused.

            Examples:
              quizgen build
              quizgen build --source ~/quizzes --output /var/www/quizzes
              quizgen build --drafts --no-maps --output preview

            Exit status: 0 when the site was written, 1 when the content has errors or the \
            site could not be written, 64 for a usage error, 130 or 143 when stopped by \
            Ctrl-C or SIGTERM (the previous output is left as it was).
            """)

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: ArgumentHelp("Where to write the site (default: public/ beside the content folder).", valueName: "dir"))
    var output: String?

    @Flag(name: .long, help: "Print the time spent in each stage: load, parse, check, maps, render, write.")
    var timings = false

    @Flag(name: .customLong("no-maps"), help: "Do not draw story maps with Graphviz (story.dot is still written).")
    var noMaps = false

    func run() throws {
        ChildProcesses.stopWithSignals()
        var clock = CommandClock()
        let location = site.location
        let defaultOutput = location.root == "." ? "public" : location.root + "/public"
        let outputPath = SiteWriter.resolveOutput(output ?? defaultOutput, fileSystem: .disk)
        let reporter = site.printer
        if output == nil, let problem = SiteWriter.checkDefaultOutput(defaultOutput, location: location, fileSystem: .disk) {
            reporter.report([problem])
            throw ExitCode.failure
        }

        if let problem = SiteWriter.checkOutput(outputPath, location: location, fileSystem: .disk) {
            reporter.report([problem])
            throw ExitCode.failure
        }
        let loaded = SiteLoader.load(location, fileSystem: .disk)
        let loadTime = clock.lap()
        let pipeline = Pipeline(
            options: BuildOptions(includeDrafts: site.drafts, graphviz: noMaps ? .none : .system(), maps: !noMaps),
            // The maps of the output about to be replaced, for stories whose graph is unchanged.
            cache: MapCache.previousOutput(outputPath, fileSystem: .disk))
        let (result, written) = pipeline.publish(loaded, to: outputPath, fileSystem: .disk)
        reporter.report(result.diagnostics)
        guard let written else {
            standardError("Build failed: \(DiagnosticPrinter.summary(result.diagnostics)). Nothing was written.\n")
            throw ExitCode.failure
        }
        if !written.problems.isEmpty {
            reporter.report(written.problems)
            standardError("Build failed: the site could not be written; \(outputPath) is as it was.\n")
            throw ExitCode.failure
        }
        if timings {
            var rows = [("load", loadTime)] + (result.timings + written.timings).map { ($0.stage, $0.seconds) }
            rows.append(("total", clock.total))
            standardError(rows.map { "\($0.0.padding(toLength: 8, withPad: " ", startingAt: 0)) \(milliseconds($0.1))\n" }.joined())
            // Maps are drawn while the stages above run; "maps" is only the time spent waiting.
            if let drawing = result.drawing {
                standardError("drawn    \(milliseconds(drawing.seconds)) (\(drawing.graphs) map\(drawing.graphs == 1 ? "" : "s") by "
                    + "\(drawing.processes) dot process\(drawing.processes == 1 ? "" : "es") alongside the stages; "
                    + "dot CPU \(milliseconds(drawing.dotCPUSeconds)))\n")
            }
        }
        standardError(result.notes.map { "note: \($0)\n" }.joined())
        let pages = written.pages
        let warnings = result.diagnostics.warningCount
        let published = result.published
        // Counts grouped as check and import group them (10,003 pages).
        standardError("Wrote \(String(published).withThousandsSeparators) content file\(published == 1 ? "" : "s") "
            + "(\(String(pages).withThousandsSeparators) page\(pages == 1 ? "" : "s")) to \(outputPath)/ in \(milliseconds(clock.total))"
            + (warnings > 0 ? ", with \(warnings) warning\(warnings == 1 ? "" : "s")" : "") + ".\n")
    }
}

func milliseconds(_ seconds: Double) -> String {
    let ms = seconds * 1000
    return ms < 10 ? "\(Double(Int(ms * 10)) / 10) ms" : "\(Int(ms.rounded())) ms"
}

struct CommandClock {
    private let start = ContinuousClock.now
    private var last = ContinuousClock.now

    mutating func lap() -> Double {
        let now = ContinuousClock.now
        defer { last = now }
        return (now - last).seconds
    }

    var total: Double { (ContinuousClock.now - start).seconds }
}
