import ArgumentParser
import Site

/// Options shared by the commands that read a whole site.
struct SiteOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The content folder, or a site folder that holds Content/ (default: the current folder, or the nearest folder above it that holds Content/).",
            discussion: "quizgen.yml and Templates/ are read from the folder that holds the content folder.",
            valueName: "dir"))
    var source: String?

    @Flag(name: .long, help: "Include files marked draft: true.")
    var drafts = false

    @OptionGroup var colors: ColorOptions

    var location: SiteLocation { location(for: []) }

    /// The site that --source names; without it, the one whose content folder holds the
    /// first file named, else the current folder's or the nearest one above. A site that is
    /// not the current folder's is named on standard error, so the output's place is no surprise.
    func location(for files: [String]) -> SiteLocation {
        guard source == nil else { return SiteLocation.resolve(source: source, fileSystem: .disk) }
        let location = files.isEmpty
            ? SiteLocation.resolve(source: nil, fileSystem: .disk) : SiteLocation.enclosing(files[0], fileSystem: .disk)
        Self.announce(location)
        return location
    }

    /// Names a site found above the current folder on standard error.
    static func announce(_ location: SiteLocation) {
        if location.root != ".", FileSystem.disk.kind(location.content) == .directory {
            standardError("Using the site in \(location.rootDisplay)\n")
        }
    }

    var printer: DiagnosticOutput { colors.printer }
}
