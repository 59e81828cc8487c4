import Markdown
import Testing

@Suite struct NodeImagesTests {
    func firstImage(_ markdown: String) -> String? {
        MarkdownParser.parse(markdown).document.children.firstImageSource
    }

    @Test func theFirstImageInDocumentOrder() {
        #expect(firstImage("No picture here.\n") == nil)
        #expect(firstImage("") == nil)
        #expect(firstImage("![a](one.png) and ![b](two.png)\n") == "one.png")
        // Nested in emphasis, a link, a list and a quote; an earlier block wins over a later one.
        #expect(firstImage("Text *with ![x](deep.png)*\n\n![y](later.png)\n") == "deep.png")
        #expect(firstImage("[![x](linked.png)](page.md)\n") == "linked.png")
        #expect(firstImage("- a\n- > ![q](quoted.png \"t\")\n") == "quoted.png")
    }
}
