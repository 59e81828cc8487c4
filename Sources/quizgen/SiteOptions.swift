import ArgumentParser
import Site

/// Options shared by the commands that read a whole site.
struct SiteOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The content folder, or a site folder that holds Content/.",
            discussion: "quizgen.yml and Templates/ are read from the folder that holds the content folder.",
            valueName: "dir"))
    var source: String?

    @Flag(name: .long, help: "Include files marked draft: true.")
    var drafts = false

    @Flag(name: .long, help: "Color diagnostics (default: when writing to a terminal).")
    var color = false

    @Flag(name: .customLong("no-color"), help: "Never color diagnostics.")
    var noColor = false

    var location: SiteLocation {
        SiteLocation.resolve(source: source, fileSystem: .disk)
    }

    var printer: DiagnosticOutput {
        DiagnosticOutput(color: noColor ? false : color ? true : nil)
    }
}
