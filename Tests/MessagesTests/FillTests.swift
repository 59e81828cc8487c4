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

    /// A message cut into parts and put together again is the message filled, for the
    /// cases above and any braces a catalog could hold.
    @Test func partsPutTogetherAreTheFilledMessage() {
        let values = ["a": "x", "_b": "y", "n": "{m}", "page": "<a href=\"p.html\">page 2</a>", "choice": ""]
        let texts = ["no braces", "{a} and {b}", "{{a}}", "{ a} {a", "{1a} {_b}{_b}", "{}{a}", "é{n}ü {n}森", "{n}", "",
                     "“{choice}” leads to {page}", "{page}{choice}{page}", "{choice", "choice}", "{{choice}}"]
        for text in texts {
            let parts = Message.parts(text, names: Set(values.keys))
            let joined = parts.map { part -> String in
                switch part {
                case .text(let bytes): String(decoding: bytes, as: UTF8.self)
                case .value(let name): values[name]!
                }
            }.joined()
            #expect(joined == Message.fill(text, values), "\(text)")
            #expect(!parts.contains(.text([])), "\(text)")
        }
        #expect(Message.parts("“{choice}” leads to {page}", names: ["choice", "page"])
            == [.text(Array("“".utf8)), .value("choice"), .text(Array("” leads to ".utf8)), .value("page")])
        #expect(Message.parts("{choice} {other}", names: ["choice"]) == [.value("choice"), .text(Array(" {other}".utf8))])
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
