import Diagnostics
import Import
import Testing

/// Whatever an importer is given, it answers with located errors or with Markdown that
/// builds with no errors: never a crash, a hang, or output quizgen itself refuses. The
/// fixtures are mutated around the characters each format gives meaning to.
@Suite struct MutationTests {
    /// A fixed sequence (xorshift), so that a failure can be replayed.
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
    }

    static let pieces = [
        "[[", "]]", "->", "<-", "|", "][", "::", "{", "}", "[", "]", "\\", "\"", "\n", "\n\n", "#", "####", "=", "~",
        "%50%", "%", ":", "ANSWER: ", "A. ", "B) ", "$CATEGORY: x", "//", "-- ", "--\n", "\t", "    ", "<<", "(set:", "$x",
        "## ", "# ", "---\n", "- ", "> ", "é", "\u{0}", ",", "[html]", "[markdown]", "&amp;", "&#", "{T}", "]]]",
    ]

    @Test(arguments: [
        ("cloak-of-darkness.twee", ImportFormat.twee), ("every-construct.gift", .gift),
        ("every-construct.aiken", .aiken), ("opentdb-response.json", .opentdb),
    ])
    func mutatedSourcesEitherFailWithLocationsOrBuild(name: String, format: ImportFormat) throws {
        let original = Array(try fixture(name).text)
        var random = Random(state: 0x9E37_79B9_7F4A_7C15 &+ UInt64(name.utf8.count))
        for round in 0..<400 {
            var text = original
            for _ in 0..<(1 + random.next(4)) {
                let at = random.next(text.count + 1)
                switch random.next(3) {
                case 0: text.insert(contentsOf: Self.pieces[random.next(Self.pieces.count)], at: at)
                case 1: text.removeSubrange(at..<min(text.count, at + 1 + random.next(12)))
                default: text = Array(text[..<at])
                }
            }
            let source = String(text)
            let (imported, _, build) = importAndBuild(SourceFile(path: "m.\(format)", text: source), format, name: "m")
            if imported.diagnostics.hasErrors {
                #expect(imported.markdown.isEmpty, "round \(round)")
                for problem in imported.diagnostics where problem.isError {
                    #expect(problem.line >= 1 && problem.column >= 1, "round \(round): \(problem.message) is not located")
                }
            } else {
                #expect(!build.hasErrors, "round \(round): the output does not build:\n\(located(build))\n--- source:\n\(source)\n--- output:\n\(imported.markdown)")
                if build.hasErrors { return }
            }
        }
    }
}
