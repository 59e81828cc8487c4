import ArgumentParser
import Site

struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write one commented starter file: a personality quiz, a trivia quiz or a story.",
        discussion: """
            The file gets .md when its name has none, and the folders above it are made. \
            An existing file is never replaced.

            Examples:
              quizgen new trivia Content/capitals
              quizgen new story Content/stories/the-lighthouse.md

            Exit status: 0 when the file was written, 1 when it exists or cannot be written, \
            64 for a usage error.
            """)

    @Argument(help: ArgumentHelp("personality, trivia or story.", valueName: "kind"))
    var kind: Starter

    @Argument(help: ArgumentHelp("The new file, usually in Content/.", valueName: "path"))
    var path: String

    @OptionGroup var colors: ColorOptions

    func run() throws {
        let file = path.hasSuffix(".md") ? path : path + ".md"
        if let problem = Scaffold.makeFile(at: file, text: kind.text, fileSystem: .disk) {
            colors.printer.report([problem])
            throw ExitCode.failure
        }
        standardError("Wrote \(file), a \(kind == .story ? "story" : kind.rawValue + " quiz") to fill in.\n")
    }
}

extension Starter: ExpressibleByArgument {}
