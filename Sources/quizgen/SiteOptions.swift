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

    @OptionGroup var colors: ColorOptions

    var location: SiteLocation {
        SiteLocation.resolve(source: source, fileSystem: .disk)
    }

    var printer: DiagnosticOutput { colors.printer }
}
