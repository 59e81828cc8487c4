import Testing
@testable import Messages

/// Filling reads bytes; these are the cases a slip in the offsets would change.
@Suite struct FillTests {
    @Test func fillsNamedPlaceholdersAndLeavesTheRestAsWritten() {
        #expect(Message.fill("no braces", ["a": "x"]) == "no braces")
        #expect(Message.fill("{a} and {b}", ["a": "1"]) == "1 and {b}")
        #expect(Message.fill("{{a}}", ["a": "x"]) == "{x}")
        #expect(Message.fill("{ a} {a", ["a": "x"]) == "{ a} {a")
        #expect(Message.fill("{1a} {_b}{_b}", ["1a": "x", "_b": "y"]) == "{1a} yy")
        #expect(Message.fill("{}{a}", ["a": "x"]) == "{}x")
    }

    @Test func valuesAreNotFilledAgainAndTextAroundThemKeepsItsCharacters() {
        #expect(Message.fill("é{n}ü {n}森", ["n": "{m}", "m": "z"]) == "é{m}ü {m}森")
        #expect(Message.fill("{n}", ["n": ""]) == "")
    }

    @Test func aCatalogShowsNumbersAsTextAndCountsUnlessGivenAnother() {
        let catalog = MessageCatalog(language: "en", pluralRule: .english, messages: [
            "m": .text("{n} {x} {count}"),
            "p": .plural([.one: "{count} point", .other: "{count} points of {n}"]),
        ])
        #expect(catalog.text("m", ["n": 3, "x": 2.5]) == "3 2.5 {count}")
        #expect(catalog.text("m") == "{n} {x} {count}")
        #expect(catalog.text("missing", ["n": 1]) == "missing")
        #expect(catalog.plural("p", count: 1) == "1 point")
        #expect(catalog.plural("p", count: 2, ["n": 7.0]) == "2 points of 7")
        #expect(catalog.plural("p", count: 2, ["count": "two"]) == "two points of {n}")
    }
}
