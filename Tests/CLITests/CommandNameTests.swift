import ArgumentParser
import Testing
@testable import quizgen

struct CommandNameTests {
    /// A command without a name costs every run a scan of the binary's conformances.
    @Test func everyCommandNamesItself() {
        var pending: [any ParsableCommand.Type] = [Quizgen.self]
        var seen = 0
        while let command = pending.popLast() {
            #expect(command.configuration.commandName != nil, "\(command) has no commandName")
            pending += command.configuration.subcommands
            seen += 1
        }
        #expect(seen > 10)
    }
}
