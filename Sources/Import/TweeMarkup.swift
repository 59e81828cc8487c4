/// A story format's own text markup, as Markdown says it where it can. Harlowe
/// (https://twine2.neocities.org) and SugarCube (docs/core/markup.md) have markup of their
/// own; Chapbook and Snowman read Markdown, so theirs passes as it is.
enum TweeMarkup {
    /// What the start of a passage line means in its format: a heading, a list item or a
    /// quote, written as Markdown (`markdown` then the line's `rest`), or a line of layout
    /// markup that a Markdown page has no way to say (`lost`, the line is left out).
    struct LineStart {
        var markdown: String
        var rest: Substring
        var lost: String?
        /// A horizontal rule: the line is Markdown's thematic break `***` and nothing else.
        var isRule = false
    }

    static let rule = LineStart(markdown: "***", rest: "", lost: nil, isRule: true)

    /// `line` is the passage line without its indentation; `indented` says whether it had any
    /// (SugarCube reads its markup only at the very start of a line).
    static func lineStart(_ line: Substring, indented: Bool, format: TweeStoryFormat) -> LineStart? {
        switch format {
        case .harlowe: return harloweLineStart(line)
        case .sugarcube: return indented ? nil : sugarCubeLineStart(line)
        default: return nil
        }
    }

    /// Harlowe: `* item` (`**` nested), `0. item` (`0.0.` nested), `#heading`, a rule `---`
    /// (three or more), and lines of alignment (`==>`, `=><=`, `<==>`, `<==`) and column
    /// (`|==`, `=|||=`, `|==|`) markup.
    static func harloweLineStart(_ line: Substring) -> LineStart? {
        let trimmed = line.trimmingWhitespace
        if trimmed.count >= 3, trimmed.allSatisfy({ $0 == "-" }) { return rule }
        if !trimmed.isEmpty, trimmed.allSatisfy({ "=<>".contains($0) }), trimmed.contains("="),
           trimmed.hasSuffix(">") || trimmed.hasPrefix("<") {
            return LineStart(markdown: "", rest: "", lost: "alignment markup (\(trimmed))")
        }
        if !trimmed.isEmpty, trimmed.allSatisfy({ "=|".contains($0) }), trimmed.contains("|"), trimmed.contains("=") {
            return LineStart(markdown: "", rest: "", lost: "column markup (\(trimmed))")
        }
        let stars = line.prefix { $0 == "*" }
        if !stars.isEmpty, let space = line.dropFirst(stars.count).first, space == " " || space == "\t" {
            return LineStart(markdown: String(repeating: "  ", count: stars.count - 1) + "* ",
                             rest: line.dropFirst(stars.count).drop { $0 == " " || $0 == "\t" }, lost: nil)
        }
        var points = 0
        var rest = line
        while rest.hasPrefix("0.") {
            points += 1
            rest = rest.dropFirst(2)
        }
        if points > 0, let space = rest.first, space == " " || space == "\t" {
            return LineStart(markdown: String(repeating: "   ", count: points - 1) + "1. ",
                             rest: rest.drop { $0 == " " || $0 == "\t" }, lost: nil)
        }
        let hashes = line.prefix { $0 == "#" }
        if (1...6).contains(hashes.count) {
            let text = line.dropFirst(hashes.count).drop { $0 == " " || $0 == "\t" }
            if !text.isEmpty { return LineStart(markdown: heading(hashes.count), rest: text, lost: nil) }
        }
        return nil
    }

    /// SugarCube: `* item`/`# item` (`**`, `##` nested; no space needed), `>quote` (`>>`
    /// nested), `!Heading` (`!!` to `!!!!!!`) and a rule `----` (four or more).
    static func sugarCubeLineStart(_ line: Substring) -> LineStart? {
        guard let first = line.first else { return nil }
        let run = line.prefix { $0 == first }
        let rest = line.dropFirst(run.count).drop { $0 == " " || $0 == "\t" }
        switch first {
        case "*", "#":
            // `----` is a rule, and a run of markers alone is no item.
            guard !rest.isEmpty else { return nil }
            let (width, marker) = first == "*" ? (2, "* ") : (3, "1. ")
            return LineStart(markdown: String(repeating: " ", count: width * (run.count - 1)) + marker, rest: rest, lost: nil)
        case ">":
            return LineStart(markdown: String(repeating: ">", count: run.count) + " ", rest: rest, lost: nil)
        case "-":
            return run.count >= 4 && rest.isEmpty ? rule : nil
        case "!":
            guard run.count <= 6, !rest.isEmpty else { return nil }
            return LineStart(markdown: heading(run.count), rest: rest, lost: nil)
        default:
            return nil
        }
    }

    /// A passage's headings move two levels down: `#` is the story's title, `##` a page.
    static func heading(_ level: Int) -> String { String(repeating: "#", count: min(level + 2, 6)) + " " }

    // MARK: Inline

    /// One pair of inline markup: the opening and the closing marker, and what each becomes.
    struct Pair {
        var open: String
        var close: String
        /// What Markdown writes for it; nil when it has no way to say it (the text is kept,
        /// the markers go).
        var markdown: String?
        /// Its name, for a warning when it is lost.
        var name: String
    }

    /// The inline markup of a format that Markdown does not read the same way.
    static func pairs(_ format: TweeStoryFormat) -> [Pair] {
        switch format {
        case .harlowe:
            return [
                Pair(open: "''", close: "''", markdown: "**", name: "bold ''…''"),
                Pair(open: "//", close: "//", markdown: "*", name: "italics //…//"),
                Pair(open: "~~", close: "~~", markdown: nil, name: "strikethrough ~~…~~"),
                Pair(open: "^^", close: "^^", markdown: nil, name: "superscript ^^…^^"),
            ]
        case .sugarcube:
            // `{{{code}}}` is a piece of its own (`TweeLine`): nothing in it is markup.
            return [
                Pair(open: "''", close: "''", markdown: "**", name: "bold ''…''"),
                Pair(open: "//", close: "//", markdown: "*", name: "italics //…//"),
                Pair(open: "__", close: "__", markdown: nil, name: "underline __…__"),
                Pair(open: "==", close: "==", markdown: nil, name: "strikethrough ==…=="),
                Pair(open: "^^", close: "^^", markdown: nil, name: "superscript ^^…^^"),
                Pair(open: "~~", close: "~~", markdown: nil, name: "subscript ~~…~~"),
                Pair(open: "@@", close: "@@", markdown: nil, name: "custom style @@…@@"),
            ]
        case .chapbook:
            return [Pair(open: "~~", close: "~~", markdown: nil, name: "small caps ~~…~~")]
        case .snowman:
            return [Pair(open: "~~", close: "~~", markdown: nil, name: "strikethrough ~~…~~")]
        case .unknown:
            // Without the format, `__x__` may be SugarCube's underline or Markdown's bold:
            // nothing is changed, only pointed out.
            return [
                Pair(open: "''", close: "''", markdown: "''", name: "''…''"),
                Pair(open: "//", close: "//", markdown: "//", name: "//…//"),
                Pair(open: "^^", close: "^^", markdown: "^^", name: "^^…^^"),
                Pair(open: "@@", close: "@@", markdown: "@@", name: "@@…@@"),
                Pair(open: "{{{", close: "}}}", markdown: "{{{", name: "{{{…}}}"),
            ]
        }
    }

    /// A marker of inline markup in a line: how many characters it takes, what is written
    /// instead, and the name of what is lost (or, without StoryData, kept unread) with it.
    struct Mark {
        var length: Int
        var replacement: String
        var lost: String?
    }

    /// The markers of the format's inline markup in a line's text pieces, paired left to right
    /// within the line; code (Harlowe macros, SugarCube's `<<…>>`) holds none, nor do `://`.
    static func marks(in pieces: [Substring], format: TweeStoryFormat) -> [String.Index: Mark] {
        let pairs = pairs(format)
        guard !pairs.isEmpty else { return [:] }
        var open: [Int: (piece: Int, at: String.Index)] = [:]
        var marks: [String.Index: Mark] = [:]
        var macroDepth = 0
        for (number, text) in pieces.enumerated() {
            var i = text.startIndex
            while i < text.endIndex {
                guard "'/~^_=@{}<>".contains(text[i]) else {
                    i = text.index(after: i)
                    continue
                }
                let rest = text[i...]
                if rest.hasPrefix("<<") { macroDepth += 1 }
                if rest.hasPrefix(">>"), macroDepth > 0 { macroDepth -= 1 }
                if macroDepth == 0, let (index, pair) = pairs.enumerated().first(where: { open[$0.offset] != nil && rest.hasPrefix($0.element.close) }) {
                    let opening = open[index]!
                    open[index] = nil
                    let lost = pair.markdown == nil || format == .unknown ? pair.name : nil
                    var length = pair.open.count
                    if pair.open == "@@", opening.piece == number, format != .unknown {
                        // `@@#id;.class;color:red;Text@@`: the style list goes with the markers.
                        let inner = text[text.index(opening.at, offsetBy: 2)..<i]
                        if let semicolon = inner.prefix(while: { $0 != " " }).lastIndex(of: ";") {
                            length += inner.distance(from: inner.startIndex, to: semicolon) + 1
                        }
                    }
                    marks[opening.at] = Mark(length: length, replacement: pair.markdown ?? "", lost: lost)
                    marks[i] = Mark(length: pair.close.count, replacement: pair.markdown ?? "", lost: lost)
                    i = text.index(i, offsetBy: pair.close.count)
                } else if macroDepth == 0, let (index, pair) = pairs.enumerated().first(where: { rest.hasPrefix($0.element.open) }),
                          !(pair.open == "//" && i > text.startIndex && text[text.index(before: i)] == ":") {
                    open[index] = (number, i)
                    i = text.index(i, offsetBy: pair.open.count)
                } else {
                    i = text.index(after: i)
                }
            }
        }
        return marks
    }
}
