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
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Print the path of every built-in file.")

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
                named). Nothing is written when any of them exists already, unless --force.

                Examples:
                  quizgen templates export                  (into the current site folder)
                  quizgen templates export mysite Templates/style.css i18n/ja.yaml

                Exit status: 0 when the files were written, 1 when none were (a file exists, \
                or one could not be written), 64 for an unknown file name.
                """)

        @Argument(help: ArgumentHelp("The site folder to write into.", valueName: "dir"))
        var folder: String = "."

        @Argument(help: ArgumentHelp("Only these files, as `quizgen templates list` prints them.", valueName: "file"))
        var names: [String] = []

        @Flag(name: .long, help: "Replace files that exist.")
        var force = false

        func validate() throws {
            let known = Set(DefaultFiles.all.map(\.path))
            if let unknown = names.first(where: { !known.contains($0) }) {
                throw ValidationError("'\(unknown)' is not a built-in file; `quizgen templates list` prints their names")
            }
        }

        func run() throws {
            let files = DefaultFiles.all.filter { names.isEmpty || names.contains($0.path) }
            switch DefaultFiles.export(files, to: folder, force: force, fileSystem: .disk) {
            case .written(let paths):
                standardError("Wrote \(paths.count) file\(paths.count == 1 ? "" : "s") into \(folder == "." ? "the current folder" : folder + "/").\n")
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
