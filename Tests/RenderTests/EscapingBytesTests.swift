import Render
import Support
import Testing

@Suite struct EscapingBytesTests {
    /// Escaping bytes eight at a time gives what escaping one byte at a time gives, for a
    /// special byte at every place in and around a word of eight, and of a few words.
    @Test func wordAtATimeEscapingMatchesByteByByte() {
        func reference(_ text: String) -> String {
            var out = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\"": out += "&quot;"
                case "'": out += "&#39;"
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out
        }
        for length in 0...41 {
            for position in 0..<max(length, 1) {
                for special in ["&", "<", ">", "\"", "'", "é", "#", "="] {
                    var characters = Array(repeating: "a", count: length)
                    if position < length { characters[position] = special }
                    let text = characters.joined() + (length % 3 == 0 ? "'x<" : "")
                    var out: [UInt8] = [0x21]
                    HTMLEscaping.escape(text, into: &out)
                    #expect(String(decoding: out, as: UTF8.self) == "!" + reference(text), "\(text.debugDescription)")
                    // The same into a page's buffer.
                    var buffer = ByteBuffer(capacity: 1)
                    buffer.append(0x21)
                    HTMLEscaping.escape(text, into: &buffer)
                    #expect(buffer.array() == out, "\(text.debugDescription)")
                }
            }
        }
    }

    /// A message filled with a number is the message filled through the catalog, made once.
    @Test func numberedMessagesAreTheCatalogsText() {
        let words = PageMessages.builtIn("en")
        for n in [1, 2, 12, 1, 2] {
            #expect(words.text("story.page", n: n) == words.text("story.page", ["n": n]))
            #expect(words.text("story.choice_target", n: n) == words.text("story.choice_target", ["n": n]))
        }
        #expect(words.text("story.page", n: 3).contains("3"))
        #expect(PageMessages.builtIn("de").text("story.page", n: 3) == PageMessages.builtIn("de").text("story.page", ["n": 3]))
    }
}
