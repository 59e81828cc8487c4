import Markdown
import Support
import Testing

@Suite struct ScriptJSONBytesTests {
    /// A string given as UTF-8 is escaped exactly as the same string.
    @Test func bytesEncodeLikeTheStringTheyHold() {
        for text in ["plain", "", "</script><!--\u{2028}\u{2029}\"\\&>\n\u{1}\u{7F}", "é›😀\u{2027}\u{2030}", "\u{E2}"] {
            let asString = ScriptJSON.array([.string(text)]).encoded
            #expect(ScriptJSON.array([.utf8(Array(text.utf8))]).encoded == asString, "\(text.debugDescription)")
            #expect(ScriptJSON.string(text).utf8Encoded == Array(ScriptJSON.string(text).encoded.utf8))
        }
        // A lone lead byte of U+2028 at the end is not read past.
        #expect(ScriptJSON.utf8([0x61, 0xE2, 0x80]).encoded == "\"a\u{FFFD}\"")
    }

    /// The escaper against the rules written plainly, on every byte and on strings of the
    /// bytes that matter (U+2028/2029 whole, cut short, and beside other escapes).
    @Test func escapesAsTheRulesSay() {
        func expected(_ bytes: [UInt8]) -> [UInt8] {
            var out: [UInt8] = [0x22]
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                if b == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                    out += Array((bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    i += 3
                    continue
                }
                switch b {
                case 0x22: out += Array("\\\"".utf8)
                case 0x5C: out += Array("\\\\".utf8)
                case 0x0A: out += Array("\\n".utf8)
                case 0x0D: out += Array("\\r".utf8)
                case 0x09: out += Array("\\t".utf8)
                case 0..<0x20, 0x7F, 0x26, 0x3C, 0x3E:
                    let hex = String(b, radix: 16)
                    out += Array(("\\u00" + (hex.count == 1 ? "0" : "") + hex).utf8)
                default: out.append(b)
                }
                i += 1
            }
            return out + [0x22]
        }
        for b in 0...255 {
            #expect(ScriptJSON.utf8([UInt8(b)]).utf8Encoded == expected([UInt8(b)]), "byte \(b)")
        }
        let alphabet: [UInt8] = [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x22, 0x26, 0x3C, 0x3E, 0x61, 0x5C, 0x7F, 0x80, 0xA8, 0xA9, 0xE2, 0xC3]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<3_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(seed >> 58)
            var bytes: [UInt8] = []
            for _ in 0..<length {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(alphabet[Int(seed >> 33) % alphabet.count])
            }
            #expect(ScriptJSON.utf8(bytes).utf8Encoded == expected(bytes), "\(bytes)")
        }
    }

    @Test func integersOfEveryWidth() {
        let numbers = [0, 1, 9, 10, 11, 99, 100, -1, -9, -10, Int.max, Int.min]
        #expect(ScriptJSON.array(numbers.map(ScriptJSON.int)).encoded == "[" + numbers.map(String.init).joined(separator: ",") + "]")
    }

    @Test func appendUTF8CopiesTheBytes() {
        var out: [UInt8] = [0x3E]
        out.appendUTF8("é😀")
        out.appendUTF8("")
        out.appendUTF8(String(repeating: "long text ", count: 10))
        #expect(out == [0x3E] + Array("é😀".utf8) + Array(String(repeating: "long text ", count: 10).utf8))
    }

    /// Rendered Markdown as bytes is the rendered string's UTF-8.
    @Test func markdownAsBytes() {
        let nodes = MarkdownParser.parse("# Hé\n\nA *b* [c](d.md) & `e`\n\n- [x](y)\n- z\n").document.children
        let renderer = HTMLRenderer()
        #expect(renderer.utf8(blocks: nodes) == Array(renderer.render(blocks: nodes).utf8))
        #expect(renderer.utf8(inlines: nodes[1].children) == Array(renderer.render(inlines: nodes[1].children).utf8))
        #expect(renderer.utf8Phrasing(nodes) == Array(renderer.renderPhrasing(nodes).utf8))
        #expect(renderer.render(blocks: nodes).hasPrefix("<h1>Hé</h1>\n<p>A <em>b</em> <a href=\"d.md\">c</a> &amp; <code>e</code></p>"))
    }
}
