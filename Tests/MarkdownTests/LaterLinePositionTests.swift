@testable import Markdown
import Testing

/// cmark places a paragraph's later lines as if each began in the paragraph's first column
/// (plus a lazy line's indent), and forgets the line after a backslash break: the parser
/// puts every inline where it is in the file.
@Suite struct LaterLinePositionTests {
    /// Where each link of the document starts, in document order.
    func links(_ markdown: String) -> [SourcePosition] {
        var found: [SourcePosition] = []
        func walk(_ node: Node) {
            if case .link = node.kind { found.append(node.range.start) }
            for child in node.children { walk(child) }
        }
        walk(MarkdownParser.parse(markdown).document)
        return found
    }

    @Test func linksOnLaterLinesAreWhereTheyAreWritten() {
        // A lazy line, one space under "- ", two under "1. " (lazy too), a tab, three spaces.
        #expect(links("- a\nlazy [x](#a)\n") == [SourcePosition(line: 2, column: 6)])
        #expect(links("- a\n b [x](#a)\n") == [SourcePosition(line: 2, column: 4)])
        #expect(links("1. a\n  b [x](#a)\n") == [SourcePosition(line: 2, column: 5)])
        #expect(links("- a\n\tthen [x](#a)\n") == [SourcePosition(line: 2, column: 7)])
        #expect(links("para\n   three [x](#a)\n") == [SourcePosition(line: 2, column: 10)])
        #expect(links("> quote\nlazy [x](#a)\n") == [SourcePosition(line: 2, column: 6)])
        #expect(links("- > q\n  > more [x](#a)\n") == [SourcePosition(line: 2, column: 10)])
        #expect(links("> > q\n> > more [x](#a)\n") == [SourcePosition(line: 2, column: 10)])
        // A `>` past the paragraph's own block quotes is text (four spaces cannot open a quote).
        #expect(links("a\\\n    > b [x](#a)\n") == [SourcePosition(line: 2, column: 9)])
        // The first line, and a line under a list item's own indent, were right already.
        #expect(links("- a [x](#a)\n  b [y](#b)\n") == [SourcePosition(line: 1, column: 5), SourcePosition(line: 2, column: 5)])
    }

    @Test func aBackslashBreakCountsItsLine() {
        #expect(links("a\\\nb [x](#a)\nc [y](#b)\n") == [SourcePosition(line: 2, column: 3), SourcePosition(line: 3, column: 3)])
        #expect(links("- a\\\n  b\\\n  c [x](#a)\n") == [SourcePosition(line: 3, column: 5)])
        // Two spaces make a break cmark counts.
        #expect(links("a  \nb [x](#a)\n") == [SourcePosition(line: 2, column: 3)])
    }

    @Test func aCodeSpanAcrossLinesKeepsTheLinesAfterIt() {
        #expect(links("a `b\nc` d [x](#a)\n") == [SourcePosition(line: 2, column: 6)])
    }

    /// The attribute block of an answer written over a lazy line, or after a backslash
    /// break, is cut from its text: it was "overlapping Markdown formatting", or shown.
    @Test func attributeBlocksOnSuchLinesAreCut() throws {
        for markdown in ["- Steak that is\nvery juicy {dog}\n", "1. Steak that is\n  very juicy {dog}\n",
                         "- Steak that is\n\tvery juicy {dog}\n", "- Steak that is\\\n  very juicy {dog}\n"] {
            let item = MarkdownParser.parse(markdown).document.children[0].children[0]
            #expect(item.attributes?.text == "dog")
            let stripped = try #require(item.strippingAttributes(), "\(markdown)")
            #expect(stripped.plainText == "Steak that is very juicy", "\(markdown)")
        }
    }
}

/// `## Title ## {#id}`: a closing sequence before the attribute block is not part of the
/// title, as Pandoc reads it (CommonMark alone sees text there, since the line ends in `}`).
@Suite struct ClosingHashesBeforeABlockTests {
    func title(_ markdown: String) throws -> String {
        let heading = MarkdownParser.parse(markdown).document.children[0]
        return try #require(heading.strippingAttributes()).children.plainText
    }

    @Test func theClosingSequenceGoes() throws {
        #expect(try title("## Which food? ## {.multiple}\n") == "Which food?")
        #expect(try title("## You are a dog ### {#dog .outcome}  \n") == "You are a dog")
        #expect(try title("## Q {.multiple} ##\n") == "Q")
    }

    @Test func hashesThatAreTextStay() throws {
        #expect(try title("## C# {#cs}\n") == "C#")
        #expect(try title("## Issue \\## {#x}\n") == "Issue ##")
        #expect(try title("## A#B {#x}\n") == "A#B")
        // In a list item there is no closing sequence.
        let item = MarkdownParser.parse("- Steak ## {dog}\n").document.children[0].children[0]
        #expect(try #require(item.strippingAttributes()).plainText == "Steak ##")
    }
}
