import ArgumentParser
import Site

struct Templates: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List or write out the built-in templates and message catalogs.",
        discussion: """
            A site overrides a built-in file by holding its own of the same name: \
            Templates/<name> for a template, the stylesheet or a page script, and \
            i18n/<lang>.yaml for the words of a language (any message left out keeps the \
            built-in text; a new language's file adds it). `export` writes the built-in files \
            into a site folder to start from; keep only the ones you change, so that the \
            others follow quizgen's updates.
            """,
        subcommands: [List.self, Export.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "Print the path of every built-in file.",
            discussion: "Exit status: 0, or 64 for a usage error.")

        func run() {
            standardOutput(DefaultFiles.all.map { $0.path + "\n" }.joined())
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write the built-in templates and catalogs into a site folder.",
            discussion: """
                Writes DIR/Templates/… and DIR/i18n/<lang>.yaml (all of them, or the files \
                named). Nothing is written when any of them exists already, unless --force. \
                A file may be named without its folder (style.css, ja.yaml), and a first \
                argument that names a built-in file is a file, not DIR.

                Without DIR the site folder is found as build finds it: the current folder \
                when it holds Content/, else the nearest folder above that does (said on \
                standard error), else the current folder. A folder inside a content folder \
                (Content/, or any folder holding quizgen Markdown files) is refused, since \
                the next build would publish what is written there.

                Examples:
                  quizgen templates export                  (into the current site folder)
                  quizgen templates export Templates/style.css
                  quizgen templates export mysite Templates/style.css i18n/ja.yaml

                Exit status: 0 when the files were written, 1 when none were (a file exists, \
                one could not be written, or DIR is inside a content folder), 64 for a usage \
                error (an unknown file name or option).
                """)

        @Argument(help: ArgumentHelp("The site folder to write into (default: the current site's folder).", valueName: "dir"))
        var folder: String?

        @Argument(help: ArgumentHelp("Only these files, as `quizgen templates list` prints them or by their names alone.", valueName: "file"))
        var names: [String] = []

        @Flag(name: .long, help: "Replace files that exist.")
        var force = false

        /// Whether the first argument is a file rather than DIR: a built-in file's name, or a
        /// path into Templates/ or i18n/ (a typo there is an unknown file, not a new folder).
        var firstIsFile: Bool {
            guard let folder else { return false }
            return DefaultFiles.path(named: folder) != nil || folder.hasPrefix("Templates/") || folder.hasPrefix("i18n/")
        }

        /// The files named, the first argument among them when it is one.
        var fileNames: [String] { (firstIsFile ? [folder].compactMap { $0 } : []) + names }

        func validate() throws {
            if let unknown = fileNames.first(where: { DefaultFiles.path(named: $0) == nil }) {
                throw ValidationError("'\(unknown)' is not a built-in file; `quizgen templates list` prints their names")
            }
        }

        func run() throws {
            let target: String
            if let folder, !firstIsFile {
                target = folder
            } else {
                let site = SiteLocation.resolve(source: nil, fileSystem: .disk)
                SiteOptions.announce(site)
                target = site.root
            }
            if let content = DefaultFiles.contentFolder(holding: target, fileSystem: .disk) {
                standardError("error: \(target == "." ? "the current folder" : target) is inside the content folder \(content), "
                    + "whose files the build publishes; nothing was written\n"
                    + "hint: name the site's folder, the one that holds the content folder\n")
                throw ExitCode.failure
            }
            let chosen = Set(fileNames.compactMap(DefaultFiles.path(named:)))
            let files = DefaultFiles.all.filter { chosen.isEmpty || chosen.contains($0.path) }
            switch DefaultFiles.export(files, to: target, force: force, fileSystem: .disk) {
            case .written(let paths):
                standardError("Wrote \(paths.count) file\(paths.count == 1 ? "" : "s") into \(target == "." ? "the current folder" : target + "/").\n")
            case .wouldOverwrite(let paths):
                standardError("error: \(paths.count) of the files exist already; nothing was written: "
                    + paths.prefix(5).joined(separator: ", ") + (paths.count > 5 ? ", …" : "") + "\n"
                    + "hint: name only the files you want, or add --force to replace them\n")
                throw ExitCode.failure
            case .failed(let failure):
                standardError("error: \(failure.path): cannot write: \(failure.reason)\n")
                throw ExitCode.failure
            }
        }
    }
}
