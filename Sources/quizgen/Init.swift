import ArgumentParser
import Site

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Make a new site: quizgen.yml, Content/ with an example of each kind, and a .gitignore.",
        discussion: """
            Writes quizgen.yml (its settings commented), Content/ with a short personality \
            quiz, trivia quiz and story (each commented in its front matter), and a \
            .gitignore that leaves out public/. The folder must be new, empty, or hold only \
            names starting with . (a fresh git init or clone: .git, .gitignore, .DS_Store); \
            an existing .gitignore is kept as it is.

            Examples:
              quizgen init mysite && cd mysite && quizgen serve
              git clone https://example.org/quizzes.git && quizgen init quizzes

            Exit status: 0 when the site was written, 1 when the folder is not empty or \
            cannot be written, 64 for a usage error.
            """)

    @Argument(help: ArgumentHelp("The new site's folder (default: the current folder).", valueName: "dir"))
    var folder: String?

    @OptionGroup var colors: ColorOptions

    func run() throws {
        let folder = folder ?? "."
        let all = [("quizgen.yml", Starter.settings), (".gitignore", Starter.gitignore)]
            + Starter.allCases.map { ("Content/" + $0.exampleName, $0.text) }
        // Only a dot-entry can already be there (anything else makes the folder not empty).
        let kept = FileSystem.disk.kind(folder + "/.gitignore") == .file ? ".gitignore" : nil
        let files = all.filter { $0.0 != kept }
        if let problem = Scaffold.makeSite(at: folder, files: files, fileSystem: .disk) {
            colors.printer.report([problem])
            throw ExitCode.failure
        }
        let here = folder == "." ? "" : "cd \(folder) && "
        standardError("Made a new site in \(folder == "." ? "this folder" : folder + "/"): "
            + "\(files.map(\.0).joined(separator: ", ")).\n")
        if let kept {
            let lines = ((try? FileSystem.disk.read(folder + "/" + kept)) ?? []).split(separator: UInt8(ascii: "\n"))
                .map { String(decoding: $0, as: UTF8.self).filter { !" \t\r".contains($0) } }
            standardError(["public", "public/", "/public", "/public/"].contains(where: lines.contains)
                ? "Kept the existing .gitignore, which already leaves out public/.\n"
                : "note: kept the existing .gitignore; add a line public/ to it to leave the built site out of git.\n")
        }
        standardError("See it with: \(here)quizgen serve\n")
    }
}
