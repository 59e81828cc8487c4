import Analysis
import Content
import Markdown
import Messages
import Support

/// A story's graph in Graphviz's DOT language: one node per page, labelled with its number
/// and title, one edge per choice, labelled with its text.
///
/// Authors' text only ever appears inside double-quoted strings, escaped so that `dot`
/// reads it back as written: `\"` for a quote, `\\` for a backslash (which also keeps
/// `\N`, `\l` and the other label escapes from applying), `&amp;` for an ampersand (labels
/// decode HTML entities), and control characters as spaces. Node names are `p0` (the start
/// marker), `p1`, `p2`, …
/// so no page id ever stands outside quotes.
public enum StoryDOT {
    /// Labels longer than this many characters are cut with an ellipsis: a map is for
    /// seeing the shape, and the pages hold the words.
    public static let titleLength = 48
    public static let choiceLength = 40

    static let font = "Helvetica,Arial,sans-serif"

    /// - Parameter words: the catalog of the story's language, for the map's own labels.
    public static func render(
        title: String, story: Story, analysis: StoryAnalysis, words: PageMessages = .builtIn("en")
    ) -> String {
        let traps = Set(analysis.traps)
        let files = StoryRenderer.fileNames(story)
        // Written as bytes: every story's DOT is made on each build, drawn or not.
        var out: [UInt8] = []
        out.reserveCapacity(512 + story.pages.count * 200)
        func put(_ text: String) { out.append(contentsOf: text.utf8) }
        func putQuoted(_ text: String, newlines: Newlines = .escaped) { appendQuoted(text, newlines: newlines, into: &out) }
        // Graphviz writes node and graph names into the SVG as <title>s, which a reader who
        // opens story.svg sees as tooltips: the graph is named by its title, and the start
        // marker is p0, not the English word "start".
        put("digraph ")
        putQuoted(title)
        put(" {\n")
        // A transparent background lets the map page turn the drawing round for dark mode.
        put("  graph [label=")
        putQuoted(title)
        put(", labelloc=t, fontname=\"\(font)\", fontsize=18, bgcolor=transparent];\n")
        // A box's link opens its page in the window, not inside the map page's <object>.
        put("  node [shape=box, style=\"rounded,filled\", fillcolor=white, fontname=\"\(font)\", fontsize=12, target=\"_top\"];\n")
        put("  edge [fontname=\"\(font)\", fontsize=10];\n")
        put("  p0 [shape=plaintext, style=\"\", label=")
        putQuoted(words.text("map.start"))
        put(", fontcolor=\"#555555\"];\n")
        put("  p0 -> p\(story.start + 1) [style=bold];\n")

        for (i, page) in story.pages.enumerated() {
            let title = shortened(page.title.plainText, to: titleLength)
            var label = title.isEmpty ? String(i + 1) : String(i + 1) + ". " + title
            var attributes: [String] = []
            if page.isEnding {
                let (shape, fill) = endingLook(page.ending)
                label += "\n" + words.text(page.ending.map { "map.\($0.rawValue)_ending" } ?? "map.ending")
                attributes += ["shape=\(shape)", "fillcolor=\"\(fill)\""]
            }
            if !analysis.reachable[i] {
                label += "\n" + words.text("map.unreachable")
                attributes += ["style=\"rounded,filled,dashed\"", "fontcolor=\"#666666\"", "color=\"#666666\""]
            } else if traps.contains(i) {
                label += "\n" + words.text("map.trap")
                attributes.append("color=\"#e65100\"")
            }
            // A thick outline for the start and for traps.
            if i == story.start || traps.contains(i) {
                attributes.append("penwidth=2")
            }
            put("  p\(i + 1) [label=")
            putQuoted(label)
            // Each box links to its page, in the SVG that dot draws from this.
            put(", URL=")
            putQuoted(files[i])
            for attribute in attributes {
                put(", ")
                put(attribute)
            }
            // The link's tooltip is the label; dot would show its line breaks as "\n".
            if label.utf8.contains(0x0A) {
                put(", tooltip=")
                putQuoted(label, newlines: .spaces)
            }
            put("];\n")
        }

        for (i, page) in story.pages.enumerated() {
            for choice in page.choices {
                put("  p\(i + 1) -> p\(choice.target + 1) [label=")
                putQuoted(shortened(choice.label.plainText, to: choiceLength))
                if !analysis.reachable[i] { put(", style=dashed, color=\"#666666\"") }
                put("];\n")
            }
        }
        put("}\n")
        return String(decoding: out, as: UTF8.self)
    }

    /// Shape and fill colour of an ending, by kind: the shape tells endings from pages, the
    /// colour and the label's second line tell the kinds apart.
    static func endingLook(_ kind: Story.Ending?) -> (String, String) {
        switch kind {
        case .good?: ("doubleoctagon", "#c8e6c9")
        case .bad?: ("octagon", "#ffcdd2")
        case .neutral?: ("octagon", "#e0e0e0")
        case nil: ("octagon", "white")
        }
    }

    /// A DOT double-quoted string that Graphviz shows exactly as the text reads.
    public static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        appendQuoted(text, newlines: .escaped, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    enum Newlines { case escaped, spaces }

    /// `quoted`, onto bytes: line breaks as DOT's `\n` (or as spaces, for tooltips, where dot
    /// would show `\n` as written), other control characters as spaces.
    static func appendQuoted(_ text: String, newlines: Newlines, into out: inout [UInt8]) {
        out.append(0x22)
        var bytes = text.utf8.makeIterator()
        while let byte = bytes.next() {
            switch byte {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x26: out += Array("&amp;".utf8)
            case 0x0A: if newlines == .escaped { out += [0x5C, 0x6E] } else { out.append(0x20) }
            // C0 and C1 control characters (U+0080–U+009F are C2 80–C2 9F) have no
            // business in a label.
            case 0..<0x20, 0x7F: out.append(0x20)
            case 0xC2:
                guard let next = bytes.next() else {
                    out.append(byte)
                    break
                }
                if (0x80...0x9F).contains(next) { out.append(0x20) } else { out += [byte, next] }
            default: out.append(byte)
            }
        }
        out.append(0x22)
    }

    /// One line of text: runs of white space made one space, cut at `length` characters.
    static func shortened(_ text: String, to length: Int) -> String {
        let words = text.collapsingWhitespace
        // A character is at least one byte: most labels are decided without counting them.
        guard words.utf8.count > length, words.count > length else { return words }
        return String(words.prefix(length - 1)).trimmingTrailingSpaces + "…"
    }
}
