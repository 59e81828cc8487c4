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
