import Markdown
import Testing

@Suite struct MarkdownParserTests {
    @Test func keepsSourcePositionsOffsetByFirstLine() {
        let doc = MarkdownParser.parse("# Title\n\n## Question\n- One\n", firstLine: 5).document
        #expect(doc.children.map(\.range.start.line) == [5, 7, 8])
        #expect(doc.children[1].headingLevel == 2)
        #expect(doc.children[2].children[0].range.start == SourcePosition(line: 8, column: 1))
    }

    @Test func findsHeadingAttributeBlockWithPosition() throws {
        let doc = MarkdownParser.parse("## You are a dog! {#dog .outcome}\n").document
        let heading = doc.children[0]
        let block = try #require(heading.attributes)
        #expect(block.text == "#dog .outcome")
        #expect(block.brace == SourcePosition(line: 1, column: 19))
        #expect(block.start == SourcePosition(line: 1, column: 20))
        let stripped = try #require(heading.strippingAttributes())
        #expect(stripped.children.plainText == "You are a dog!")
        #expect(stripped.attributes == nil)
    }

    @Test func attributeColumnsCountBytes() throws {
        // é is two bytes: cmark columns are byte columns, and so are ours until a diagnostic.
        let doc = MarkdownParser.parse("## Café {#cafe}\n").document
        #expect(doc.children[0].attributes?.brace.column == 10)
        #expect(try #require(doc.children[0].strippingAttributes()).children.plainText == "Café")
    }

    @Test func findsListItemAttributeBlocksOnTheLastLine() throws {
        let doc = MarkdownParser.parse("- Steak {dog}\n- Fish\n  more {cat=2 dog=-1}\n- Plain\n").document
        let items = doc.children[0].children
        #expect(items[0].attributes?.text == "dog")
        #expect(items[1].attributes?.text == "cat=2 dog=-1")
        #expect(items[1].attributes?.brace == SourcePosition(line: 3, column: 8))
        #expect(items[2].attributes == nil)
        #expect(try #require(items[1].strippingAttributes()).plainText == "Fish more")
    }

    @Test func escapedBraceIsText() {
        let doc = MarkdownParser.parse("- Use \\{braces}\n## Title \\{x}\n").document
        #expect(doc.children[0].children[0].attributes == nil)
        #expect(doc.children[0].children[0].plainText == "Use {braces}")
        #expect(doc.children[1].attributes == nil)
    }

    @Test func attributeBlockWithUnderscoresSurvivesEmphasisParsing() throws {
        // `_a_` parses as emphasis, but the block is still cut off as a whole.
        let doc = MarkdownParser.parse("## Question {_a_ .multiple}\n").document
        let heading = doc.children[0]
        #expect(heading.attributes?.text == "_a_ .multiple")
        #expect(try #require(heading.strippingAttributes()).children.plainText == "Question")
    }

    @Test func blockInsideCodeSpanIsNotStrippable() {
        let doc = MarkdownParser.parse("- `code {` x}\n").document
        let item = doc.children[0].children[0]
        #expect(item.attributes != nil)
        #expect(item.strippingAttributes() == nil)
    }

    @Test func closingHashesOfAtxHeadingAreIgnored() {
        let doc = MarkdownParser.parse("## Title {#t} ##\n").document
        #expect(doc.children[0].attributes?.text == "#t")
    }

    @Test func setextHeadingAttributes() {
        let doc = MarkdownParser.parse("Title {#t}\n---\n").document
        #expect(doc.children[0].headingLevel == 2)
        #expect(doc.children[0].attributes?.text == "#t")
    }

    @Test func headingThatIsOnlyAnAttributeBlock() throws {
        let doc = MarkdownParser.parse("## {#x .outcome}\n").document
        let stripped = try #require(doc.children[0].strippingAttributes())
        #expect(stripped.children.isEmpty)
    }

    @Test func deepNestingIsFlattenedNotRecursed() {
        let text = String(repeating: ">", count: 5000) + " deep\n"
        let result = MarkdownParser.parse(text)
        #expect(result.flattenedAt != nil)
        func depth(_ node: Node) -> Int { 1 + (node.children.map(depth).max() ?? 0) }
        #expect(depth(result.document) <= MarkdownParser.maximumDepth + 2)
        #expect(result.document.plainText.contains("deep"))
    }

    @Test func emptyAndInvalidInputsParse() {
        #expect(MarkdownParser.parse("").document.children.isEmpty)
        #expect(MarkdownParser.parse("\u{0}\u{FFFD}x").document.children.count == 1)
    }
}
