@testable import Render
import Testing

/// The map as readers get it: Graphviz's own names out, the story's language in.
@Suite struct StoryMapSVGTests {
    /// As dot 2.43 writes it: the root group titled by the graph's name, then a node and an edge.
    static let drawn = """
        <!-- Title: p1 Pages: 1 -->
        <svg width="10pt" height="10pt"
         viewBox="0 0 10 10" xmlns="http://www.w3.org/2000/svg">
        <g id="graph0" class="graph" transform="translate(4 4)">
        <title>p1</title>
        <!-- p1 -->
        <g id="node1" class="node">
        <title>p1</title>
        <g id="a_node1"><a xlink:href="a.html" xlink:title="1. A">
        <text>1. A</text>
        </a>
        </g>
        </g>
        <!-- p1&#45;&gt;p12 -->
        <g id="edge1" class="edge">
        <title>p1&#45;&gt;p12</title>
        <g id="a_edge1"><a xlink:title="go">
        <text>&lt;title&gt;p2&lt;/title&gt;</text>
        </a>
        </g>
        </g>
        </g>
        </svg>

        """

    @Test func namesOfBoxesAndArrowsGoAndTheLanguageIsSet() {
        let ready = String(decoding: StoryMapSVG.forReaders(Array(Self.drawn.utf8), lang: "ja"), as: UTF8.self)
        let expected = Self.drawn
            .replacingOccurrences(of: "<svg width", with: "<svg xml:lang=\"ja\" width")
            .replacingOccurrences(of: "class=\"node\">\n<title>p1</title>\n", with: "class=\"node\">\n")
            .replacingOccurrences(of: "class=\"edge\">\n<title>p1&#45;&gt;p12</title>\n", with: "class=\"edge\">\n")
        #expect(ready == expected)
        // The graph's own title, even one that looks like a node's name, stays.
        #expect(ready.contains("class=\"graph\" transform=\"translate(4 4)\">\n<title>p1</title>"))
    }

    /// A map kept from the last build goes through again: same bytes, its language replaced.
    @Test func aSecondPassChangesOnlyTheLanguage() {
        let once = StoryMapSVG.forReaders(Array(Self.drawn.utf8), lang: "ja")
        #expect(StoryMapSVG.forReaders(once, lang: "ja") == once)
        let other = String(decoding: StoryMapSVG.forReaders(once, lang: "zh-Hant"), as: UTF8.self)
        #expect(other == String(decoding: once, as: UTF8.self).replacingOccurrences(of: "xml:lang=\"ja\"", with: "xml:lang=\"zh-Hant\""))
    }

    /// A title that is not one of dot's names for a story's box or arrow is the author's.
    @Test func otherTitlesStay() {
        for title in ["p", "px", "start", "p1&#45;&gt;", "&#45;&gt;p2", "p1&#45;&gt;q2", "1. A"] {
            let svg = "<svg>\n<g id=\"node1\" class=\"node\">\n<title>\(title)</title>\n</g>\n</svg>\n"
            #expect(StoryMapSVG.forReaders(Array(svg.utf8), lang: "en")
                == Array(svg.replacingOccurrences(of: "<svg>", with: "<svg xml:lang=\"en\">").utf8))
        }
    }

    @Test func notAnSVGComesBackAsItWas() {
        for text in ["", "<sv", "plain text", "<svg"] {
            #expect(StoryMapSVG.forReaders(Array(text.utf8), lang: "en") == Array(text.utf8))
        }
    }
}
