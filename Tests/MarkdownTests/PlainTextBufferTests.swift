@testable import Markdown
import Testing

@Suite struct PlainTextBufferTests {
    static let texts = [
        "- [x] Paris *and* more\n", "- `c` x\n", "- [ ] é\n", "- [X]\tTab\n", "- ![alt](a.png) b\n", "- \n", "- [x]\n  next\n",
        "- a<b>c</b> *d* `e`\n\n  second\n", "- [\\x] no\n",
    ]

    /// Read into a buffer that is used again, the head is the one `leadingTextBytes` gives.
    @Test func leadingTextReadIntoABufferIsTheArray() {
        var head: [UInt8] = Array("left over from before".utf8)
        for text in Self.texts {
            let item = MarkdownParser.parse(text).document.children[0].children[0]
            for paragraph in item.children {
                for (limit, total) in [(4, 3), (1, 1), (2, 5)] {
                    paragraph.readLeadingText(limit: limit, total: total, into: &head)
                    #expect(head == paragraph.leadingTextBytes(limit: limit, total: total), "\(text.debugDescription)")
                }
            }
        }
    }

    /// Appended after other bytes, the plain text is the one `withPlainTextBytes` lends.
    @Test func plainTextAppendedIsThePlainText() {
        for text in Self.texts {
            let nodes = MarkdownParser.parse(text).document.children[0].children[0].children
            var out: [UInt8] = [0x7A]
            nodes.appendPlainText(to: &out)
            #expect(out == [0x7A] + nodes.withPlainTextBytes { Array($0) }, "\(text.debugDescription)")
        }
    }
}
