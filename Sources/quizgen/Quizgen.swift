import ArgumentParser
import Diagnostics

@main
struct Quizgen: AsyncParsableCommand {
    // Every command names itself (CommandNameTests): without a name ArgumentParser makes
    // one from the type's with String(describing:), whose protocol conformance lookups
    // scan the whole binary, 16 M instructions at every start.
    static let configuration = CommandConfiguration(
        commandName: "quizgen",
        abstract: "Build static sites of quizzes and pick-a-path stories from Markdown.",
        discussion: """
            A site is a folder with Content/ (one Markdown file per quiz or story), and \
            optionally quizgen.yml (site settings) and Templates/ (your own templates). \
            `quizgen build` writes the static site to public/; host that folder anywhere, or \
            open public/index.html from disk. `quizgen serve` shows the site while you \
            write, and `quizgen init` makes a new one.

            Exit status: 0 on success, 1 when the content has errors or a file cannot be \
            written, 64 for a usage error (an unknown command or option, a missing argument).
            """,
        version: QuizgenVersion.current,
        subcommands: [
            Build.self, Check.self, ServeCommand.self, Init.self, New.self, Graph.self, Templates.self, Import.self, Export.self,
        ],
        defaultSubcommand: nil
    )

    static func main() async {
        if let word = CommandLine.arguments.dropFirst().first, let error = unknownCommand(word) { exit(withError: error) }
        await main(nil)
    }

    /// ArgumentParser calls a mistyped command (`quizgen biuld`) an "unexpected argument";
    /// say it is no command, and name the nearest or all of them.
    static func unknownCommand(_ word: String) -> ValidationError? {
        guard !word.hasPrefix("-") else { return nil }
        let names = configuration.subcommands.compactMap { $0.configuration.commandName }
        guard !names.contains(word), word != "help" else { return nil }
        let hint = NearestMatch.find(word, in: names).map { "Did you mean '\($0)'?" }
            ?? "The commands are " + names.joined(separator: ", ") + "."
        return ValidationError("Unknown command '\(word)'. \(hint)")
    }
}
