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
        // Graphviz writes node and graph names into the SVG as <title>s, which a reader who
        // opens story.svg sees as tooltips: the graph is named by its title, and the start
        // marker is p0, not the English word "start".
        var out = "digraph \(quoted(title)) {\n"
        // A transparent background lets the map page turn the drawing round for dark mode.
        out += "  graph [label=\(quoted(title)), labelloc=t, fontname=\(quoted(font)), fontsize=18, bgcolor=transparent];\n"
        // A box's link opens its page in the window, not inside the map page's <object>.
        out += "  node [shape=box, style=\"rounded,filled\", fillcolor=white, fontname=\(quoted(font)), fontsize=12, target=\"_top\"];\n"
        out += "  edge [fontname=\(quoted(font)), fontsize=10];\n"
        out += "  p0 [shape=plaintext, style=\"\", label=\(quoted(words.text("map.start"))), fontcolor=\"#555555\"];\n"
        out += "  p0 -> p\(story.start + 1) [style=bold];\n"

        for (i, page) in story.pages.enumerated() {
            let title = shortened(page.title.plainText, to: titleLength)
            var label = title.isEmpty ? "\(i + 1)" : "\(i + 1). " + title
            // Each box links to its page, in the SVG that dot draws from this.
            var attributes: [String] = ["URL=\(quoted(files[i]))"]
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
            // The link's tooltip is the label; dot would show its line breaks as "\n".
            if label.contains("\n") { attributes.append("tooltip=\(quoted(label.replacingOccurrences(of: "\n", with: " ")))") }
            out += "  p\(i + 1) [" + (["label=\(quoted(label))"] + attributes).joined(separator: ", ") + "];\n"
        }

        for (i, page) in story.pages.enumerated() {
            for choice in page.choices {
                var attributes = ["label=\(quoted(shortened(choice.label.plainText, to: choiceLength)))"]
                if !analysis.reachable[i] { attributes.append("style=dashed, color=\"#666666\"") }
                out += "  p\(i + 1) -> p\(choice.target + 1) [" + attributes.joined(separator: ", ") + "];\n"
            }
        }
        out += "}\n"
        return out
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
        // Plain text, the usual label, goes in whole.
        if !text.utf8.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 == 0x26 || $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) {
            return "\"" + text + "\""
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "&": out += "&amp;"
            case "\n": out += "\\n"
            default:
                // C0 and C1 control characters have no business in a label.
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += " "
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// One line of text: runs of white space made one space, cut at `length` characters.
    static func shortened(_ text: String, to length: Int) -> String {
        let words = text.collapsingWhitespace
        guard words.count > length else { return words }
        return String(words.prefix(length - 1)).trimmingTrailingSpaces + "…"
    }
}
