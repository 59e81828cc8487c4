import Markdown
import Testing

@Suite struct CollapsingWhitespaceTests {
    /// The byte loop against the rule read on scalars, for every string of up to three
    /// pieces: runs of Unicode white space (`White_Space`) made one space, none at either end.
    @Test func agreesWithTheRuleOnScalars() {
        let pieces = ["a", "é", "日", "😀", "\u{301}", " ", "  ", "\t", "\r\n", "\u{A0}", "\u{85}",
                      "\u{1680}", "\u{2003}", "\u{2028}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{200B}", "~", "\u{7F}"]
        var texts = [""]
        for _ in 0..<3 { texts += texts.filter { $0.unicodeScalars.count < 3 }.flatMap { text in pieces.map { text + $0 } } }
        for text in Set(texts) {
            let words = text.unicodeScalars.split { $0.properties.isWhitespace }.map { String(String.UnicodeScalarView($0)) }
            #expect(Array(text.collapsingWhitespace.utf8) == Array(words.joined(separator: " ").utf8), "\(text.debugDescription)")
        }
    }
}
