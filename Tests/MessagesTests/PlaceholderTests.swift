import Testing
@testable import Messages

/// Placeholders are found in the bytes; they must be those a search by characters finds.
@Suite struct PlaceholderTests {
    /// The search by characters (`Character` "{" and "}"), as placeholders were found before.
    static func byCharacters(_ text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { break }
            let name = after[..<close]
            if Message.isName(name) {
                names.append(String(name))
                rest = after[after.index(after: close)...]
            } else {
                rest = after
            }
        }
        return names
    }

    @Test func namesInOrderAndBracesThatAreText() {
        #expect(Message.placeholders(in: "Question {n} of {total}") == ["n", "total"])
        #expect(Message.placeholders(in: "{count}問、{total}問中") == ["count", "total"])
        #expect(Message.placeholders(in: "{ n} {1a} {a-b} {} {{x}} {x") == ["x"])
        // A brace joined to a combining mark, or after a prepended mark, is no brace.
        #expect(Message.placeholders(in: "{\u{301}n} {m}") == ["m"])
        #expect(Message.placeholders(in: "{n}\u{301} x} {m}") == ["m"])
        #expect(Message.placeholders(in: "\u{600}{n} {m}") == ["m"])
        #expect(Message.placeholders(in: "\u{A0}{n}\u{A0}") == ["n"])
    }

    @Test func everyBuiltInTextAgreesWithTheSearchByCharacters() {
        for language in ["en", "ar", "de", "es", "fr", "it", "ja", "ko", "pt", "ru", "zh-Hans", "zh-Hant"] {
            let catalog = MessageLibrary.builtIn.catalog(language)
            #expect(catalog != nil, "\(language)")
            guard let catalog else { continue }
            for text in catalog.messages.values.flatMap(\.texts) {
                #expect(Message.placeholders(in: text) == Self.byCharacters(text), "\(language): \(text)")
            }
        }
    }

    /// Braces among letters, names, marks that join characters (combining, ZWJ, prepended,
    /// spacing), emoji, CJK and Arabic, in random order.
    @Test func generatedTextsAgreeWithTheSearchByCharacters() {
        let pieces = ["{", "}", "n", "count", "_x1", " ", "-", "\u{301}", "\u{200D}", "\u{600}", "\u{903}", "\u{A0}",
                      "é", "e\u{301}", "👍", "👍🏽", "🇫🇷", "日", "ن", "\u{94D}", "क", "\r", "\n", "\r\n", "\u{FE0F}"]
        var state: UInt64 = 13
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<(1 + Int(state % 12)) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int((state >> 33) % UInt64(pieces.count))]
            }
            #expect(Message.placeholders(in: text) == Self.byCharacters(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
