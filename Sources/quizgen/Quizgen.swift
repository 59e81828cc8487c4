import ArgumentParser

@main
struct Quizgen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quizgen",
        abstract: "Build static sites of quizzes and pick-a-path stories from Markdown.",
        discussion: """
            A site is a folder with Content/ (one Markdown file per quiz or story), and \
            optionally quizgen.yml (site settings) and Templates/ (your own templates). \
            `quizgen build` writes the static site to public/; host that folder anywhere, or \
            open public/index.html from disk.
            """,
        subcommands: [Build.self, Check.self, Graph.self, Templates.self, Import.self, Export.self],
        defaultSubcommand: nil
    )
}
