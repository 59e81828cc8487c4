import Foundation
@testable import Markdown
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

    /// cmark 0.30 ends a setext heading on the line after its underline when more follows.
    @Test(arguments: [
        ("Title {#t}\n---\n", 2),
        ("Title {#t}\n---\n\nPara\n", 2),
        ("Title {#t}\n===\nPara\n", 1),
        ("Title\nsecond line {#t}\n---\n\n\n\n# Next\n", 2),
        ("Title {#t}\n---\n---\n", 2),
        ("> Title {#t}\n> ---\n>\n> more\n", 2),
        ("- Title {#t}\n  ---\n- next\n", 2),
        ("Title {#t}  \n  ===  \n\nPara\n", 1),
    ])
    func setextHeadingAttributesWhateverFollows(text: String, level: Int) throws {
        let doc = MarkdownParser.parse(text).document
        var heading = doc.children[0]
        while heading.headingLevel == nil, let first = heading.children.first { heading = first }
        #expect(heading.headingLevel == level)
        #expect(heading.attributes?.text == "#t")
        #expect(try #require(heading.strippingAttributes()).children.plainText.hasSuffix("{#t}") == false)
    }

    @Test func atxHeadingBeforeAnUnderlineLikeRule() {
        // An ATX heading followed by a `---` rule keeps its own line.
        let doc = MarkdownParser.parse("## Title {#t}\n---\n").document
        #expect(doc.children[0].attributes?.text == "#t")
        #expect(doc.children[1].kind == .thematicBreak)
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

    /// Large numbers read back whole: cmark's longest list start, a line far down a long
    /// file, a wide column.
    @Test func recordsKeepLargeNumbers() throws {
        let wide = String(repeating: "x", count: 70_000)
        let doc = MarkdownParser.parse("123456789. first\n\n" + wide + " *end*\n", firstLine: 2_000_000).document
        #expect(doc.children[0].kind == .list(ordered: true, start: 123_456_789, tight: true))
        #expect(doc.children[0].range.start == SourcePosition(line: 2_000_000, column: 1))
        let emphasis = try #require(doc.children[1].children.last)
        #expect(emphasis.range == SourceRange(
            start: SourcePosition(line: 2_000_002, column: 70_002), end: SourcePosition(line: 2_000_002, column: 70_006)))
    }

    /// The first raw HTML depth first: inline HTML inside an earlier block comes before a
    /// later HTML block at a shallower depth, and before HTML deeper down in a later block.
    @Test func firstRawHTMLIsTheFirstDepthFirst() {
        let inlineFirst = MarkdownParser.parse("Some <b>bold</b> text\n\n<div>\nblock\n</div>\n", firstLine: 3)
        #expect(inlineFirst.rawHTMLAt == SourcePosition(line: 3, column: 6))
        let nested = MarkdownParser.parse("- one\n  - two <i>x</i>\n\n<p>later</p>\n")
        #expect(nested.rawHTMLAt == SourcePosition(line: 2, column: 9))
        let blockFirst = MarkdownParser.parse("<div>x</div>\n\n> quoted <span>y</span>\n")
        #expect(blockFirst.rawHTMLAt == SourcePosition(line: 1, column: 1))
        #expect(MarkdownParser.parse("No *markup* here\n\n- at all\n").rawHTMLAt == nil)
    }

    /// What is nested too deep is noted where the first flattened node starts, depth first,
    /// and kept as the text of that node; its siblings and what is above stay nodes.
    @Test func flattenedAtIsTheFirstNodeTooDeep() throws {
        let depth = MarkdownParser.maximumDepth
        // Block quotes down to the limit (the document is depth 0); the paragraph under the
        // last one is too deep.
        let text = String(repeating: "> ", count: depth) + "*deep* text\n\nafter\n"
        let result = MarkdownParser.parse(text, firstLine: 10)
        #expect(result.flattenedAt == SourcePosition(line: 10, column: 2 * depth + 1))
        var node = result.document
        for _ in 0..<depth { node = node.children[0] }
        let flattened = try #require(node.children.first)
        // A flattened paragraph's text starts with the space that stands for the paragraph.
        #expect(flattened.kind == .text(" deep text"))
        #expect(flattened.children.isEmpty)
        #expect(result.document.children.last?.isParagraph == true)
        // The text under the paragraph under the quotes is at the limit itself: kept.
        #expect(MarkdownParser.parse(String(repeating: "> ", count: depth - 2) + "fits\n").flattenedAt == nil)
        #expect(MarkdownParser.parse(String(repeating: "> ", count: depth - 1) + "fits\n").flattenedAt != nil)
    }

    /// cmark's memory comes from an arena: a document larger than its largest block, one
    /// text longer than a block (grown by realloc, copied when it is not the last allocation),
    /// and many parses at once on several threads give what they give alone.
    @Test func largeDocumentsAndParallelParsesReadTheSame() {
        let long = String(repeating: "word ", count: 300_000)
        let paragraphs = (0..<3000).map { "Paragraph \($0) with *some* `code` and [a link](#x\($0)).\n" }.joined(separator: "\n")
        let text = "# Title\n\n\(long)\n\n\(paragraphs)\n- last {#x}\n"
        let result = MarkdownParser.parse(text)
        let blocks = result.document.children
        #expect(blocks.count == 3003)
        #expect(blocks[1].plainText == String(long.dropLast()))
        #expect(blocks[2001].plainText == "Paragraph 1999 with some code and a link.")
        #expect(blocks[3002].children[0].attributes?.text == "#x")
        let documents = (0..<40).map { "## Page \($0)\n\n" + String(repeating: "Line of page \($0), *emphasis*.\n", count: 200 + $0 * 50) }
        let alone = documents.map { MarkdownParser.parse($0).document.plainText }
        nonisolated(unsafe) let together = UnsafeMutableBufferPointer<String>.allocate(capacity: documents.count)
        together.initialize(repeating: "")
        DispatchQueue.concurrentPerform(iterations: documents.count) { i in
            together[i] = MarkdownParser.parse(documents[i]).document.plainText
        }
        #expect(Array(together) == alone)
        together.deallocate()
    }

    @Test func arenaGrowsTheLastAllocationInPlaceAndCopiesOthers() {
        ParseArena.with { _ in
            let state = ParseArena.current()
            let first = ParseArena.allocate(24, in: state)
            first.storeBytes(of: 0x0102_0304, as: UInt64.self)
            let grown = ParseArena.reallocate(first, to: 4000, in: state)
            #expect(grown == first)
            let second = ParseArena.allocate(8, in: state)
            let moved = ParseArena.reallocate(grown, to: 8000, in: state)
            #expect(moved != grown && moved != second)
            #expect(moved.load(as: UInt64.self) == 0x0102_0304)
            let huge = ParseArena.allocate(3 * ParseArena.largestBlock, in: state)
            huge.storeBytes(of: 1, toByteOffset: 3 * ParseArena.largestBlock - 8, as: UInt64.self)
            // The last allocation shrunk in place gives its bytes back; calloc clears them.
            let dirty = ParseArena.allocate(128, in: state)
            dirty.initializeMemory(as: UInt8.self, repeating: 0xFF, count: 128)
            #expect(ParseArena.reallocate(dirty, to: 16, in: state) == dirty)
            let zeroed = ParseArena.allocator.pointee.calloc(3, 8)!
            #expect(zeroed == dirty + 16 + ParseArena.header)
            #expect((0..<3).map { zeroed.load(fromByteOffset: $0 * 8, as: UInt64.self) } == [0, 0, 0])
            #expect(Int(bitPattern: ParseArena.allocate(1, in: state)) % ParseArena.header == 0)
        }
    }

    @Test func childNodesAreTheChildrenReadInPlace() {
        let doc = MarkdownParser.parse("> quote\n\n- a\n- b *c*\n\npara\n\n    code\n").document
        #expect(Array(doc.childNodes) == doc.children)
        #expect(doc.childNodes.count == 4)
        let list = doc.children[1]
        #expect(list.childNodes.map(\.plainText) == ["a", "b c"])
        #expect(list.childNodes.dropFirst().first?.childNodes.first?.childNodes.count == 2)
        #expect(doc.children[0].children[0].childNodes.isEmpty == false)
        #expect(doc.children[3].childNodes.isEmpty)
        #expect(doc.children.map(\.holdsBlocks) == [true, true, false, false])
        #expect(doc.children.map(\.isCodeBlock) == [false, false, false, true])
        #expect(doc.holdsBlocks && list.children[0].holdsBlocks && !list.children[0].children[0].holdsBlocks)
    }

    @Test func emptyAndInvalidInputsParse() {
        #expect(MarkdownParser.parse("").document.children.isEmpty)
        #expect(MarkdownParser.parse("\u{0}\u{FFFD}x").document.children.count == 1)
    }

    /// Nodes are handles on one tree per document; reading them gives the values cmark parsed.
    @Test func nodesReadTheirKindsFromTheDocument() {
        let doc = MarkdownParser.parse("# T\n\n1. [a *b*](#x \"t\")\n2. `c`\n\n```swift x\nlet\n```\n").document
        #expect(doc.kind == .document)
        #expect(doc.children.map(\.kind) == [
            .heading(level: 1), .list(ordered: true, start: 1, tight: true), .codeBlock(info: "swift x", literal: "let\n"),
        ])
        let link = doc.children[1].children[0].children[0].children[0]
        #expect(link.kind == .link(destination: "#x", title: "t"))
        #expect(link.children.map(\.kind) == [.text("a "), .emphasis])
        #expect(doc.children[1].children[1].children[0].children[0].kind == .code("c"))
        #expect(doc.plainText == "T a b c let\n")
    }

    @Test func changedNodesAreCopiesEqualToNodesMadeWhole() {
        let doc = MarkdownParser.parse("Hello *world* again\n").document
        var paragraph = doc.children[0]
        let original = paragraph
        paragraph.children[0].kind = .text("Hell")
        paragraph.children.removeLast()
        let made = Node(.paragraph, range: original.range, children: [
            Node(.text("Hell"), range: original.children[0].range), original.children[1],
        ])
        #expect(paragraph == made)
        #expect(paragraph.hashValue == made.hashValue)
        #expect(paragraph.plainText == "Hellworld")
        // The document is unchanged.
        #expect(doc.children[0] == original)
        #expect(original.plainText == "Hello world again")
        // Cut to its end, and to something else altogether.
        var text = original.children[0]
        text.kind = .text("llo ")
        #expect(text.kind == .text("llo "))
        text.kind = .text("other")
        #expect(text.kind == .text("other"))
        #expect(text.range == original.children[0].range)
    }

    @Test func linksAreFoundInDocumentOrder() {
        // A link inside an image's description counts; the image itself does not.
        let doc = MarkdownParser.parse("[a](#1) *[b](#2)*\n\n- ![c [d](#4)](x.png) [e](#5)\n").document
        #expect(doc.children.links.map(\.plainText) == ["a", "b", "d", "e"])
        #expect([doc].links.count == 4)
        #expect(doc.children[1].children.links.count == 2)
        // One node's links are those of the array of it alone.
        #expect(doc.links == [doc].links)
        #expect(doc.children[1].links.map(\.plainText) == ["d", "e"])
        // A link is among its own links; the text inside it has none.
        #expect(doc.children[0].children[0].links.map(\.plainText) == ["a"])
        #expect(doc.children[0].children[0].children[0].links.isEmpty)
    }

    @Test func itemAttributesAreCutFromTheLastParagraph() throws {
        let doc = MarkdownParser.parse("- one\n\n  two *x*  {dog=2}\n").document
        let first = try #require(doc.children[0].children[0].strippingAttributes())
        #expect(first.attributes == nil)
        #expect(first.children.count == 2)
        #expect(first.children[0] == doc.children[0].children[0].children[0])
        #expect(first.children[1].children.map(\.kind) == [.text("two "), .emphasis])
        #expect(first.children[1].children[1].plainText == "x")
    }

    @Test func overlappingBlocksCannotBeStripped() {
        let doc = MarkdownParser.parse("## A `x`{#a `y` }\n").document
        #expect(doc.children[0].attributes?.text == "#a `y` ")
        #expect(doc.children[0].strippingAttributes() == nil)
    }

    @Test func itemAttributesAreFoundAtAnyDepth() {
        let doc = MarkdownParser.parse("- a\n  > - b {x}\n\n## H {#h}\n\n- c\n").document
        #expect(doc.children[0].containsItemAttributes)
        #expect(doc.containsItemAttributes)
        // A heading's block is not an item's; a list without blocks has none.
        #expect(!doc.children[1].containsItemAttributes)
        #expect(!doc.children[2].containsItemAttributes)
        #expect(!doc.children[2].children[0].children[0].containsItemAttributes)
    }

    @Test func summariesAreCutAtAWordNearTheLimit() {
        func summary(_ text: String, _ limit: Int) -> String {
            MarkdownParser.parse(text).document.children.summary(limit: limit)
        }
        #expect(summary("# T\n\nShort  text\nhere\n", 20) == "Short text here")
        #expect(summary("One  *two*\nthree\u{3000}four", 100) == "One two three four")
        #expect(summary("one two three four\n", 10) == "one two…")
        #expect(summary("onetwothreefour\n", 5) == "onetw…")
        // A combining mark after the limit belongs to the character before it.
        #expect(summary("ab cde\u{301}f\n", 5) == "ab…")
        #expect(summary("abcd\u{301}ef\n", 4) == "abcd\u{301}…")
        #expect(summary("héllo wörld again\n", 11) == "héllo…")
        #expect(summary("- list only\n", 5) == "")
        // A picture's alternative text describes the picture, not the page.
        #expect(summary("![A beach](b.png)\n\nThe real *intro*.\n", 100) == "The real intro.")
        #expect(summary("![icon](i.png) Welcome  here\n", 100) == "Welcome here")
        #expect(summary("![only](a.png) ![pictures](b.png)\n", 100) == "")
    }

    @Test func leadingTextIsReadAcrossTextNodes() {
        let doc = MarkdownParser.parse("- [x] Paris *and* more\n- `c` x\n").document
        let paragraph = doc.children[0].children[0].children[0]
        #expect(String(decoding: paragraph.leadingTextBytes(limit: 4, total: 3), as: UTF8.self) == "[x] ")
        #expect(String(decoding: paragraph.leadingTextBytes(limit: 1, total: 1), as: UTF8.self) == "[")
        #expect(doc.children[0].children[1].children[0].leadingTextBytes(limit: 4, total: 3).isEmpty)
        // Text split over nodes, as older cmark versions leave it at brackets.
        let at = SourceRange(start: .init(line: 1, column: 1), end: .init(line: 1, column: 1))
        let split = Node(.paragraph, range: at, children: [
            Node(.text("a"), range: at), Node(.text("&"), range: at), Node(.text("bcde f"), range: at), Node(.text("g"), range: at),
        ])
        #expect(String(decoding: split.leadingTextBytes(limit: 4, total: 3), as: UTF8.self) == "a&bcde")
        #expect(String(decoding: split.leadingTextBytes(limit: 1, total: 1), as: UTF8.self) == "a&")
    }

    @Test func leadingTextIsDroppedWithTheBlanksAfterIt() throws {
        let doc = MarkdownParser.parse("- [ ]   Paris *x*\n\n  more\n- [x]\n  next line\n- [x]\n- `c`\n- [ ] \u{301}a\n").document
        let items = doc.children[0].children
        let first = try #require(items[0].childrenDroppingLeadingText(3))
        #expect(first.count == 2)
        #expect(first[0].children.map(\.kind) == [.text("Paris "), .emphasis])
        #expect(first[0].range == items[0].children[0].range)
        #expect(first[1] == items[0].children[1])
        // The children after the cut paragraph are the item's own, not copies.
        #expect(first[1].tree === items[0].tree && first[1].index == items[0].children[1].index)
        #expect(try #require(items[1].childrenDroppingLeadingText(3)).plainText == "next line")
        #expect(try #require(items[2].childrenDroppingLeadingText(3)).isEmpty)
        #expect(items[3].childrenDroppingLeadingText(3) == nil)
        // A space joined by a combining mark is one Character, not a blank: it stays.
        #expect(try #require(items[4].childrenDroppingLeadingText(3)).plainText == " \u{301}a")
    }

    @Test func parsedTreesHoldTheirStrippedNodes() throws {
        let text = [
            "## Plain {#a .b}", "## A `x`{#a `y` }", "## {#only}", "## Two *em*  {#t} ##",
            "- one", "", "  two *x*  {dog=2}", "- `code {` x}", "- [x] ok {cat}", "  > - nested {deep=1}",
            "- Fish\\", "  more {cat=2 dog=-1}",
        ].joined(separator: "\n") + "\n"
        let doc = MarkdownParser.parse(text).document
        var checked = 0
        func check(_ node: Node) throws {
            if node.attributes != nil {
                // A copy of the node is a tree of its own, without what the parser worked
                // out: stripping it takes the other way, which must come to the same node.
                var copy = node
                copy.range = node.range
                #expect(copy.tree !== node.tree)
                let fromParser = node.strippingAttributes()
                #expect(fromParser == copy.strippingAttributes())
                if let fromParser {
                    #expect(fromParser.tree === node.tree)
                    #expect(fromParser.attributes == nil)
                    #expect(fromParser.range == node.range)
                }
                checked += 1
            }
            for child in node.children { try check(child) }
        }
        try check(doc)
        #expect(checked == 8)
        // Not every block comes apart: these two overlap markup.
        #expect(doc.children[1].strippingAttributes() == nil)
        #expect(doc.children[4].children[1].strippingAttributes() == nil)
    }

    /// A file's body read in place, through the file's index of its lines, is the tree of the
    /// body parsed as a text of its own: positions, attribute blocks found on any line (the
    /// last one without a line break too), stripped nodes.
    @Test func aBodyReadInPlaceIsTheBodyParsedAlone() throws {
        let body = [
            "## Plain {#a .b}", "## Two *em*  {#t} ##", "Setext {#s}", "---", "", "- one", "",
            "  two *x*  {dog=2}", "- `code {` x}", "  > - nested {deep=1}", "- Fish\\", "  more {cat=2 dog=-1}",
            "", "- Café {#end}",
        ].joined(separator: "\n")
        for head in ["", "---\nkind: story\n---\n", "---\ntitle: Été\nkind: story\n\n---\n"] {
            let text = head + body
            var starts = [0]
            for (i, byte) in text.utf8.enumerated() where byte == UInt8(ascii: "\n") { starts.append(i + 1) }
            let firstLine = head.utf8.count { $0 == UInt8(ascii: "\n") } + 1
            #expect(starts[firstLine - 1] == head.utf8.count)
            let inPlace = MarkdownParser.parse(text, from: head.utf8.count, lineStarts: starts, firstLine: firstLine)
            let alone = MarkdownParser.parse(body, firstLine: firstLine)
            #expect(inPlace.document == alone.document)
            var blocks = 0
            func check(_ a: Node, _ b: Node) {
                #expect(a.range == b.range)
                #expect(a.attributes == b.attributes)
                #expect(a.strippingAttributes() == b.strippingAttributes())
                if a.attributes != nil { blocks += 1 }
                for (x, y) in zip(a.children, b.children) { check(x, y) }
            }
            check(inPlace.document, alone.document)
            // Not `code {` x}, whose item ends with a quote.
            #expect(blocks == 7)
            let last = try #require(inPlace.document.children.last?.children.last?.attributes)
            #expect(last.brace == SourcePosition(line: firstLine + 13, column: 9))
        }
        let file = "---\nkind: story\n---\n"
        let empty = MarkdownParser.parse(file, from: file.utf8.count, lineStarts: [0, 4, 16, 20], firstLine: 4)
        #expect(empty.document.children.isEmpty)
    }
}
