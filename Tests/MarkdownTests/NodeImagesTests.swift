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

@Suite struct NodeHeadingsTests {
    func containsHeading(_ markdown: String) -> Bool {
        MarkdownParser.parse(markdown).document.children.containsHeading
    }

    @Test func headingsAnywhereInTheBlocks() {
        #expect(!containsHeading(""))
        #expect(!containsHeading("Text with *emphasis* and a [link](x.md).\n\n- a\n- b\n"))
        #expect(containsHeading("# Title\n"))
        #expect(containsHeading("Intro\n\nSetext\n---\n"))
        #expect(containsHeading("- a\n- > ## quoted in a list\n"))
        #expect(!containsHeading("```\n# not a heading\n```\n"))
        #expect(!containsHeading("\\# escaped\n"))
    }
}
