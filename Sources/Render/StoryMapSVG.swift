import Support

/// The SVG `dot` drew for a story, made ready for readers. Graphviz names each box's and
/// arrow's group by its DOT node names (`<title>p2</title>`, `<title>p2&#45;&gt;p3</title>`),
/// which a screen reader exploring the map reads out and which mean nothing to anyone; the
/// link inside each group already carries its words (`xlink:title`). And the drawing has no
/// language, so a Japanese map's words would be read in the reader's default voice.
/// Applied to fresh and cached drawings alike, so running it twice gives the same bytes.
enum StoryMapSVG {
    static func forReaders(_ svg: [UInt8], lang: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(svg.count + lang.utf8.count + 12)
        var i = 0
        // The root element gets `xml:lang`, in place of one an earlier pass set.
        if let root = ByteSearch.firstIndex(of: svgOpen, in: svg), let end = ByteSearch.firstIndex(of: [UInt8(ascii: ">")], in: svg, from: root) {
            let head = root + svgOpen.count
            out += svg[0..<head]
            out += langAttribute + Array(HTMLEscaping.escape(lang).utf8) + [UInt8(ascii: "\"")]
            var rest = head
            if let set = ByteSearch.firstIndex(of: langAttribute, in: svg, from: head, limit: end),
               let close = ByteSearch.firstIndex(of: [UInt8(ascii: "\"")], in: svg, from: set + langAttribute.count, limit: end) {
                out += svg[head..<set]
                rest = close + 1
            }
            out += svg[rest..<end]
            i = end
        }
        // A group's own title is the line after the line that opens a node's or edge's group.
        while let title = ByteSearch.firstIndex(of: titleOpen, in: svg, from: i) {
            guard let close = ByteSearch.firstIndex(of: titleClose, in: svg, from: title) else { break }
            var next = close + titleClose.count
            if title >= groupEnd.count, svg[(title - groupEnd.count)..<title].elementsEqual(groupEnd),
               isGraphvizName(Array(svg[(title + titleOpen.count)..<close])) {
                if next < svg.count, svg[next] == UInt8(ascii: "\n") { next += 1 }
                out += svg[i..<title]
            } else {
                out += svg[i..<next]
            }
            i = next
        }
        out += svg[i...]
        return out
    }

    private static let svgOpen = Array("<svg".utf8)
    private static let titleOpen = Array("<title>".utf8)
    private static let titleClose = Array("</title>".utf8)
    /// `class="node">` or `class="edge">`, then the line break: both end alike.
    private static let groupEnd = Array("e\">\n".utf8)
    private static let langAttribute = Array(" xml:lang=\"".utf8)
    private static let arrow = Array("&#45;&gt;".utf8)

    /// `p` and digits, or two of those joined by an escaped `->`: what StoryDOT names.
    private static func isGraphvizName(_ text: [UInt8]) -> Bool {
        func isNode(_ part: ArraySlice<UInt8>) -> Bool {
            part.count > 1 && part.first == UInt8(ascii: "p") && part.dropFirst().allSatisfy { (0x30...0x39).contains($0) }
        }
        if isNode(text[...]) { return true }
        guard let at = ByteSearch.firstIndex(of: arrow, in: text) else { return false }
        return isNode(text[..<at]) && isNode(text[(at + arrow.count)...])
    }
}
