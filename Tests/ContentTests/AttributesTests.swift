import Content
import Diagnostics
import Markdown
import Testing

@Suite struct AttributesTests {
    func tokens(_ text: String) -> ([Attributes.Token.Kind], [String]) {
        let file = SourceFile(path: "f.md", text: "## Q {\(text)}\n")
        let block = AttributeBlock(text: text, brace: .init(line: 1, column: 6))
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
        let (kinds, problems) = tokens("#森の中 café_2-b ñandú")
        #expect(problems.isEmpty)
        #expect(kinds == [.id("森の中"), .name("café_2-b"), .name("ñandú")])
        #expect(tokens("#café_2-b").0 == [.id("café_2-b")])
    }

    /// Letters of many scripts carry combining marks: they belong to the name, after a letter
    /// or digit (or another mark), never at its start or after '_' or '-'.
    @Test func namesTakeCombiningMarksAfterALetter() {
        #expect(tokens("#हिन्दी").0 == [.id("हिन्दी")])
        #expect(tokens("#cafe\u{301}").0 == [.id("cafe\u{301}")])
        #expect(tokens("नमस्ते=2").0 == [.pair(key: "नमस्ते", value: "2")])
        #expect(tokens("สวัสดี").0 == [.name("สวัสดี")])
        #expect(tokens("#\u{301}x").1 == ["1:7: error: invalid id '#\u{301}x'"])
        #expect(tokens("#a_\u{301}").1 == ["1:7: error: invalid id '#a_\u{301}'"])
        #expect(Attributes.isValidName("x\u{301}\u{302}"))
        #expect(!Attributes.isValidName("\u{301}"))
    }

    @Test func aSecondIdIsAnError() {
        let (kinds, problems) = tokens("#two-ids .x #other")
        #expect(kinds == [.id("two-ids"), .flag("x")])
        #expect(problems == ["1:19: error: an item has one id; '#other' is a second"])
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

    /// A setting with spaces around its '=' is one error that says so, not one for each piece
    /// (an "unknown outcome '2'" for the value).
    @Test func spacesAroundEqualsAreOneError() {
        func problem(_ text: String) -> (kinds: [Attributes.Token.Kind], problems: [String], hints: [String?]) {
            let file = SourceFile(path: "f.md", text: "## Q {\(text)}\n")
            let (attributes, problems) = Attributes.parse(AttributeBlock(text: text, brace: .init(line: 1, column: 6)), in: file)
            return (attributes.tokens.map(\.kind), located(problems), problems.map(\.hint))
        }
        #expect(problem("cat = 2 dog") == ([.name("dog")], ["1:7: error: invalid setting 'cat = 2'"], ["no spaces around '=': cat=2"]))
        #expect(problem("dog =1") == ([], ["1:7: error: invalid setting 'dog =1'"], ["no spaces around '=': dog=1"]))
        #expect(problem("x cat= 2") == ([.name("x")], ["1:9: error: invalid setting 'cat= 2'"], ["no spaces around '=': cat=2"]))
        #expect(problem("ending =") == ([], ["1:7: error: invalid setting 'ending ='"], ["no spaces around '=': ending=value"]))
        #expect(problem("猫 = 2").problems == ["1:7: error: invalid setting '猫 = 2'"])
        // An id, a flag or another setting after the '=' is no value: read on its own.
        #expect(problem("a= .multiple").problems == ["1:7: error: 'a=' has no value"])
        #expect(problem("a= .multiple").kinds == [.flag("multiple")])
    }

    /// Tokens are separated by spaces: a comma, as in a list of another syntax, is named.
    @Test func commasBetweenTokensAreNamed() {
        let file = SourceFile(path: "f.md", text: "## Q {cat, dog}\n")
        let (attributes, problems) = Attributes.parse(AttributeBlock(text: "cat, dog", brace: .init(line: 1, column: 6)), in: file)
        #expect(attributes.tokens.map(\.kind) == [.name("dog")])
        #expect(located(problems) == ["1:7: error: invalid attribute 'cat,'"])
        #expect(problems.first?.hint == "separate tokens with spaces, not commas")
        #expect(Attributes.commaHint("cat,dog") == "separate tokens with spaces, not commas: cat dog")
        #expect(Attributes.commaHint("cat") == nil)
    }

    /// ASCII tokens are read on their bytes, others by characters: both read alike.
    @Test func asciiAndOtherTokensReadAlike() {
        let (kinds, problems) = tokens("#a-1 .b_2 k=v=w k2=é é=1 .é é x!é")
        #expect(kinds == [.id("a-1"), .flag("b_2"), .pair(key: "k", value: "v=w"), .pair(key: "k2", value: "é"),
                          .pair(key: "é", value: "1"), .flag("é"), .name("é")])
        #expect(problems == ["1:37: error: invalid attribute 'x!é'"])
        #expect(tokens("#é").0 == [.id("é")])
    }

    @Test func tokensSplitOnTabsAndRuns() {
        #expect(tokens("  a\t\tb  ").0 == [.name("a"), .name("b")])
        #expect(tokens("").0.isEmpty)
    }
}
