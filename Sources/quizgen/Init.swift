import ArgumentParser
import Site

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Make a new site: quizgen.yml, Content/ with an example of each kind, and a .gitignore.",
        discussion: """
            Writes quizgen.yml (its settings commented), Content/ with a short personality \
            quiz, trivia quiz and story (each commented in its front matter), and a \
            .gitignore that leaves out public/. The folder must be new or empty.

            Example:
              quizgen init mysite && cd mysite && quizgen serve

            Exit status: 0 when the site was written, 1 when the folder is not empty or \
            cannot be written, 64 for a usage error.
            """)

    @Argument(help: ArgumentHelp("The new site's folder (default: the current folder).", valueName: "dir"))
    var folder: String = "."

    @OptionGroup var colors: ColorOptions

    func run() throws {
        let files = [("quizgen.yml", Starter.settings), (".gitignore", Starter.gitignore)]
            + Starter.allCases.map { ("Content/" + $0.exampleName, $0.text) }
        if let problem = Scaffold.makeSite(at: folder, files: files, fileSystem: .disk) {
            colors.printer.report([problem])
            throw ExitCode.failure
        }
        let here = folder == "." ? "" : "cd \(folder) && "
        standardError("Made a new site in \(folder == "." ? "this folder" : folder + "/"): "
            + "\(files.map(\.0).joined(separator: ", ")).\nSee it with: \(here)quizgen serve\n")
    }
}
