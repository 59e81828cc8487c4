import Support
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The SVG `dot` drew for a story, made ready for readers. Graphviz names each box's and
/// arrow's group by its DOT node names (`<title>p2</title>`, `<title>p2&#45;&gt;p3</title>`),
/// which a screen reader exploring the map reads out and which mean nothing to anyone; the
/// link inside each group already carries its words (`xlink:title`). And the drawing has no
/// language, so a Japanese map's words would be read in the reader's default voice.
/// Applied to fresh and cached drawings alike, so running it twice gives the same bytes.
enum StoryMapSVG {
    static func forReaders(_ svg: [UInt8], lang: String) -> [UInt8] {
        svg.withUnsafeBufferPointer { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(svg.count + lang.utf8.count + 12)
            var i = 0
            // The root element gets `xml:lang`, in place of one an earlier pass set.
            if let root = find(svgOpen, in: bytes, from: 0), let end = find(Array(">".utf8), in: bytes, from: root) {
                let head = root + svgOpen.count
                out += bytes[0..<head]
                out += langAttribute + Array(HTMLEscaping.escape(lang).utf8) + [UInt8(ascii: "\"")]
                var rest = head
                if let set = find(langAttribute, in: bytes, from: head, limit: end),
                   let close = find(Array("\"".utf8), in: bytes, from: set + langAttribute.count, limit: end) {
                    out += bytes[head..<set]
                    rest = close + 1
                }
                out += bytes[rest..<end]
                i = end
            }
            // A group's own title is the line after the line that opens a node's or edge's group.
            while let title = find(titleOpen, in: bytes, from: i) {
                guard let close = find(titleClose, in: bytes, from: title) else { break }
                var next = close + titleClose.count
                if title >= groupEnd.count, UnsafeBufferPointer(rebasing: bytes[(title - groupEnd.count)..<title]).elementsEqual(groupEnd),
                   isGraphvizName(bytes[(title + titleOpen.count)..<close]) {
                    if next < bytes.count, bytes[next] == UInt8(ascii: "\n") { next += 1 }
                    out += bytes[i..<title]
                } else {
                    out += bytes[i..<next]
                }
                i = next
            }
            out += bytes[i...]
            return out
        }
    }

    private static let svgOpen = Array("<svg".utf8)
    private static let titleOpen = Array("<title>".utf8)
    private static let titleClose = Array("</title>".utf8)
    /// `class="node">` or `class="edge">`, then the line break: both end alike.
    private static let groupEnd = Array("e\">\n".utf8)
    private static let langAttribute = Array(" xml:lang=\"".utf8)

    /// `p` and digits, or two of those joined by an escaped `->`: what StoryDOT names.
    private static func isGraphvizName(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        func isNode(_ part: ArraySlice<UInt8>) -> Bool {
            part.count > 1 && part.first == UInt8(ascii: "p") && part.dropFirst().allSatisfy { (0x30...0x39).contains($0) }
        }
        let bytes = Array(text)
        if isNode(bytes[...]) { return true }
        let arrow = Array("&#45;&gt;".utf8)
        guard let at = find(arrow, in: bytes) else { return false }
        return isNode(bytes[..<at]) && isNode(bytes[(at + arrow.count)...])
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { find(needle, in: $0, from: 0) }
    }

    /// Where `needle` first starts at or after `from`, ending by `limit`: memchr jumps to
    /// each candidate first byte, as maps run to tens of kilobytes.
    private static func find(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from: Int, limit: Int = .max) -> Int? {
        let end = min(bytes.count, limit)
        guard from >= 0, !needle.isEmpty, end - from >= needle.count, let base = bytes.baseAddress else { return nil }
        var i = from
        while end - i >= needle.count, let hit = memchr(base + i, Int32(needle[0]), end - i - needle.count + 1) {
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + at, needle, needle.count) == 0 { return at }
            i = at + 1
        }
        return nil
    }
}
