import Analysis
import Content
import Markdown
import Messages
import Support

/// A story's graph in Graphviz's DOT language: one node per page, labelled with its number
/// and title, one edge per choice, labelled with its text (or, with `map-choices: tooltips`,
/// bare, its text as its tooltip).
///
/// Authors' text only ever appears inside double-quoted strings, escaped so that `dot`
/// reads it back as written: `\"` for a quote, `\\` for a backslash (which also keeps
/// `\N`, `\l` and the other label escapes from applying), `&amp;` for an ampersand (labels
/// decode HTML entities), and control characters as spaces. Node names are `p0` (the start
/// marker), `p1`, `p2`, …
/// so no page id ever stands outside quotes.
public enum StoryDOT {
    /// Labels longer than this many characters are cut with an ellipsis: a map is for
    /// seeing the shape, and the pages hold the words. A cut label's words are kept whole
    /// in its tooltip, so that the DOT file holds every title and choice as written.
    public static let titleLength = 48
    public static let choiceLength = 40

    static let font = "Helvetica,Arial,sans-serif"

    /// - Parameters:
    ///   - words: the catalog of the story's language, for the map's own labels.
    ///   - files: the pages' file names (`StoryRenderer.fileNames`), when the caller has them.
    ///   - choices: how the choices' words are shown (`SiteSettings.mapChoices(for:)`).
    public static func render(
        title: String, story: Story, analysis: StoryAnalysis, words: PageMessages = .builtIn("en"), files: [String]? = nil,
        choices: Story.MapChoices = .labels
    ) -> String {
        let traps = Set(analysis.traps)
        let files = files ?? StoryRenderer.fileNames(story)
        // Written as bytes: every story's DOT is made on each build, drawn or not.
        var w = Writer(out: ByteBuffer(capacity: 512 + story.pages.count * 200))
        // Graphviz writes node and graph names into the SVG as <title>s, which a reader who
        // opens story.svg sees as tooltips: the graph is named by its title, and the start
        // marker is p0, not the English word "start".
        w.put("digraph ")
        w.putQuoted(title)
        w.put(" {\n")
        // A transparent background lets the map page turn the drawing round for dark mode.
        w.put("  graph [label=")
        w.putQuoted(title)
        w.putText(", labelloc=t, fontname=\"\(font)\", fontsize=18, bgcolor=transparent];\n")
        // A box's link opens its page in the window, not inside the map page's <object>.
        w.putText("  node [shape=box, style=\"rounded,filled\", fillcolor=white, fontname=\"\(font)\", fontsize=12, target=\"_top\"];\n")
        w.putText("  edge [fontname=\"\(font)\", fontsize=10];\n")
        // Every node and edge has a tooltip of its own words: without one, a browser shows
        // Graphviz's <title>, the names p0 and p1->p2, when the reader points at it.
        let start = words.text("map.start")
        w.put("  p0 [shape=plaintext, style=\"\", label=")
        w.putQuoted(start)
        w.put(", tooltip=")
        w.putQuoted(start, as: .tooltip)
        w.put(", fontcolor=\"#555555\"];\n")
        w.put("  p0 -> ")
        w.putNode(story.start)
        w.put(" [style=bold, tooltip=")
        w.putQuoted(start, as: .tooltip)
        w.put("];\n")

        // A page's label, built as bytes in one buffer kept from page to page.
        var label = ByteBuffer(capacity: 256)
        var scratch = ByteBuffer(capacity: 256)
        var tip = ByteBuffer(capacity: 256)
        for (i, page) in story.pages.enumerated() {
            let unreachable = !analysis.reachable[i]
            label.removeAll()
            appendDecimal(i + 1, to: &label)
            let titleStart = label.count
            label.append(". ")
            let afterSeparator = label.count
            let titleCut = appendShortened(page.title, to: titleLength, into: &label, scratch: &scratch)
            // An empty title leaves the number alone.
            if label.count == afterSeparator { label.removeLast(label.count - titleStart) }
            let afterTitle = label.count
            if page.isEnding {
                label.append(0x0A)
                label.append(utf8: words.text(page.ending.map { "map.\($0.rawValue)_ending" } ?? "map.ending"))
            }
            if unreachable {
                label.append(0x0A)
                label.append(utf8: words.text("map.unreachable"))
            } else if traps.contains(i) {
                label.append(0x0A)
                label.append(utf8: words.text("map.trap"))
            }
            w.put("  ")
            w.putNode(i)
            w.put(" [label=")
            label.withUnsafeBufferPointer { w.putQuoted($0) }
            // Each box links to its page, in the SVG that dot draws from this.
            w.put(", URL=")
            w.putQuoted(files[i])
            if page.isEnding {
                let (shape, fill) = endingLook(page.ending)
                w.put(", shape=")
                w.put(shape)
                w.put(", fillcolor=\"")
                w.put(fill)
                w.put("\"")
            }
            if unreachable {
                w.put(", style=\"rounded,filled,dashed\", fontcolor=\"#666666\", color=\"#666666\"")
            } else if traps.contains(i) {
                w.put(", color=\"#e65100\"")
            }
            // A thick outline for the start and for traps.
            if i == story.start || traps.contains(i) {
                w.put(", penwidth=2")
            }
            // The link's tooltip is the label with the title whole; dot would show its line
            // breaks as "\n".
            if titleCut {
                tip.removeAll()
                label.withUnsafeBufferPointer { tip.append(UnsafeBufferPointer(rebasing: $0[..<afterSeparator])) }
                page.title.withPlainLine(scratch: &scratch) { tip.append($0) }
                label.withUnsafeBufferPointer { tip.append(UnsafeBufferPointer(rebasing: $0[afterTitle...])) }
                w.put(", tooltip=")
                tip.withUnsafeBufferPointer { w.putQuoted($0, as: .tooltip) }
            } else {
                label.withUnsafeBufferPointer { bytes in
                    if bytes.contains(0x0A) {
                        w.put(", tooltip=")
                        w.putQuoted(bytes, as: .tooltip)
                    }
                }
            }
            w.put("];\n")
        }

        for (i, page) in story.pages.enumerated() {
            for choice in page.choices {
                w.put("  ")
                w.putNode(i)
                w.put(" -> ")
                w.putNode(choice.target)
                // A label takes room that dot must find for it; a tooltip takes none, and
                // holds the choice's words whole.
                w.put(" [")
                // The label and the tooltip from one reading of the choice's words.
                label.removeAll()
                tip.removeAll()
                choice.label.withPlainLine(scratch: &scratch) { words in
                    if choices == .labels { appendShortened(words, to: choiceLength, into: &label) }
                    tip.append(words)
                }
                if choices == .labels {
                    w.put("label=")
                    label.withUnsafeBufferPointer { w.putQuoted($0) }
                    w.put(", ")
                }
                w.put("tooltip=")
                tip.withUnsafeBufferPointer { w.putQuoted($0, as: .tooltip) }
                if !analysis.reachable[i] { w.put(", style=dashed, color=\"#666666\"") }
                w.put("];\n")
            }
        }
        w.put("}\n")
        return w.out.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }

    /// The DOT text as it is written. A value with mutating methods rather than functions
    /// nested in `render` that capture its bytes: those were checked for exclusive access
    /// at run time on every call.
    struct Writer: ~Copyable {
        var out: ByteBuffer

        /// Literals, read in place; a `String` overload of the same name would be chosen for them.
        mutating func put(_ text: StaticString) { out.append(text) }
        mutating func putText(_ text: String) { out.append(utf8: text) }
        mutating func putNode(_ i: Int) {
            out.append(UInt8(ascii: "p"))
            StoryDOT.appendDecimal(i + 1, to: &out)
        }
        mutating func putQuoted(_ text: String, as use: Quoting = .label) {
            var text = text
            text.withUTF8 { StoryDOT.appendQuoted($0, as: use, into: &out) }
        }
        mutating func putQuoted(_ bytes: UnsafeBufferPointer<UInt8>, as use: Quoting = .label) {
            StoryDOT.appendQuoted(bytes, as: use, into: &out)
        }
    }

    /// Shape and fill colour of an ending, by kind: the shape tells endings from pages, the
    /// colour and the label's second line tell the kinds apart.
    static func endingLook(_ kind: Story.Ending?) -> (StaticString, StaticString) {
        switch kind {
        case .good?: ("doubleoctagon", "#c8e6c9")
        case .bad?: ("octagon", "#ffcdd2")
        case .neutral?: ("octagon", "#e0e0e0")
        case nil: ("octagon", "white")
        }
    }

    /// A DOT double-quoted string that Graphviz shows exactly as the text reads.
    public static func quoted(_ text: String) -> String {
        var out = ByteBuffer(capacity: text.utf8.count + 8)
        var text = text
        text.withUTF8 { appendQuoted($0, as: .label, into: &out) }
        return out.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }

    /// What a quoted string is for: dot reads a label's escapes once, a tooltip's twice.
    enum Quoting { case label, tooltip }

    /// `quoted`, onto bytes: line breaks as DOT's `\n` (or as spaces, for tooltips, where dot
    /// would show `\n` as written, and whose backslashes are doubled twice), other control
    /// characters as spaces.
    static func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>, as use: Quoting, into out: inout ByteBuffer) {
        out.append(0x22)
        // Runs of bytes kept as they are go in whole, read in place: most of a label is one run.
        var runStart = 0
        var i = 0
        func replace(through end: Int, with replacement: StaticString) {
            out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
            out.append(replacement)
            i = end
            runStart = end
        }
        while i < bytes.count {
            switch bytes[i] {
            case 0x22: replace(through: i + 1, with: "\\\"")
            // A tooltip's text is read for escapes twice (\\ to \, then \N for the node's name).
            case 0x5C: replace(through: i + 1, with: use == .label ? "\\\\" : "\\\\\\\\")
            case 0x26: replace(through: i + 1, with: "&amp;")
            case 0x0A: replace(through: i + 1, with: use == .label ? "\\n" : " ")
            // C0 and C1 control characters (U+0080–U+009F are C2 80–C2 9F) have no
            // business in a label.
            case 0..<0x20, 0x7F: replace(through: i + 1, with: " ")
            case 0xC2 where i + 1 < bytes.count && (0x80...0x9F).contains(bytes[i + 1]):
                replace(through: i + 2, with: " ")
            // The byte after any other C2 is part of its character, kept with it.
            case 0xC2: i += 2
            default: i += 1
            }
        }
        out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<min(i, bytes.count)]))
        out.append(0x22)
    }

    /// A label's text: the nodes' plain text on one line, cut at `length` characters (see
    /// `shortened`). Most labels are short enough to go in as their bytes, read in `scratch`,
    /// without a string made of them. True when the text was cut.
    @discardableResult
    static func appendShortened(_ nodes: [Node], to length: Int, into out: inout ByteBuffer, scratch: inout ByteBuffer) -> Bool {
        var cut = false
        nodes.withPlainLine(scratch: &scratch) { cut = appendShortened($0, to: length, into: &out) }
        return cut
    }

    /// One line of words, cut at `length` characters; true when it was cut.
    @discardableResult
    static func appendShortened(_ words: UnsafeBufferPointer<UInt8>, to length: Int, into out: inout ByteBuffer) -> Bool {
        // A character is at least one byte: no more bytes than the limit is never cut.
        if words.count <= length {
            out.append(words)
            return false
        }
        let line = shortened(String(decoding: words, as: UTF8.self), to: length)
        out.append(utf8: line)
        return !line.utf8.elementsEqual(words)
    }

    /// A node's number in decimal, without making a string of it.
    static func appendDecimal(_ n: Int, to out: inout ByteBuffer) {
        guard n >= 10 else {
            out.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: n))
            return
        }
        appendDecimal(n / 10, to: &out)
        out.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: n % 10))
    }

    /// One line of text: runs of white space made one space, cut at `length` characters.
    static func shortened(_ text: String, to length: Int) -> String {
        let words = text.collapsingWhitespace
        // A character is at least one byte: most labels are decided without counting them.
        guard words.utf8.count > length, words.count > length else { return words }
        return String(words.prefix(length - 1)).trimmingTrailingSpaces + "…"
    }
}
