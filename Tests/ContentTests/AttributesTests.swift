import Content
import Diagnostics
import Markdown
import Testing

@Suite struct AttributesTests {
    func tokens(_ text: String) -> ([Attributes.Token.Kind], [String]) {
        let file = SourceFile(path: "f.md", text: "## Q {\(text)}\n")
        let block = AttributeBlock(text: text, start: .init(line: 1, column: 7), brace: .init(line: 1, column: 6))
        let (attributes, problems) = Attributes.parse(block, in: file)
        return (attributes.tokens.map(\.kind), located(problems))
    }

    @Test func parsesEveryTokenKind() {
        let (kinds, problems) = tokens("#dog .outcome ending=good cat cat=2 dog=-1")
        #expect(problems.isEmpty)
        #expect(kinds == [.id("dog"), .flag("outcome"), .pair(key: "ending", value: "good"), .name("cat"),
                          .pair(key: "cat", value: "2"), .pair(key: "dog", value: "-1")])
    }

    @Test func idsTakeLettersOfAnyScript() {
        let (kinds, problems) = tokens("#森の中 #café_2-b ñandú")
        #expect(problems.isEmpty)
        #expect(kinds == [.id("森の中"), .id("café_2-b"), .name("ñandú")])
    }

    @Test func malformedTokensAreLocated() {
        let (kinds, problems) = tokens("# . a= =b c!d")
        #expect(kinds.isEmpty)
        #expect(problems == [
            "1:7: error: invalid id '#'",
            "1:9: error: invalid flag '.'",
            "1:11: error: 'a=' has no value",
            "1:14: error: invalid setting '=b'",
            "1:17: error: invalid attribute 'c!d'",
        ])
    }

    @Test func tokensSplitOnTabsAndRuns() {
        #expect(tokens("  a\t\tb  ").0 == [.name("a"), .name("b")])
        #expect(tokens("").0.isEmpty)
    }
}
