import Content
import Markdown

/// A trivia quiz as Moodle GIFT, so that a quizgen bank can travel to Moodle: the title as
/// the category, each question with its choices (several right ones weighted to add up to
/// 100%, wrong ones to -100%), its explanation as general feedback. Text with formatting is
/// written as `[html]`; levels and points have no GIFT form and go in a comment line
/// (`GIFTLevelNote`), which the import reads back.
public enum GIFTExporter {
    /// The end of the export's first line, by which the import knows quizgen's own weights.
    static let signature = ", exported by quizgen"

    public static func export(_ quiz: TriviaQuiz, title: String) -> String {
        var out = "// \(title.split(whereSeparator: \.isNewline).joined(separator: " "))\(signature)\n"
        out += "$CATEGORY: $course$/\(escape(title.replacingAll("/", with: "-")))\n"
        for question in quiz.questions {
            out += "\n"
            if let note = GIFTLevelNote(level: question.level, points: question.points) { out += note.comment + "\n" }
            out += text(question.text, blocks: question.body) + " {\n"
            let right = question.correctIndices.count
            for choice in question.choices {
                var mark: String
                if !question.multiple {
                    mark = choice.correct ? "=" : "~"
                } else {
                    mark = choice.correct ? "~%\(weight(100.0 / Double(right)))%" : "~%-100%"
                }
                // A choice is a list item: its one paragraph is its text.
                let content = choice.content.count == 1 && choice.content[0].kind == .paragraph ? choice.content[0].children : choice.content
                let written = text(content, blocks: [])
                // `~%50%x` would be weighted: a weight of its own keeps the text `%50%x` (Moodle
                // weighs no '=' answer).
                if mark == "~", written.hasPrefix("%") { mark = "~%0%" }
                out += "\t\(mark)\(written)\n"
            }
            if !question.explanation.isEmpty {
                out += "\t####\(text([], blocks: question.explanation))\n"
            }
            out += "}\n"
        }
        return out
    }

    /// Whether a GIFT file's first line is the comment this export writes.
    static func isExport(_ text: String) -> Bool {
        let first = text.prefix { $0 != "\n" && $0 != "\r" }
        return first.hasPrefix("//") && first.hasSuffix(signature)
    }

    /// Moodle's weights have at most five decimals (33.33333).
    static func weight(_ value: Double) -> String {
        let scaled = (value * 100_000).rounded()
        let whole = Int(scaled) / 100_000
        var fraction = String(Int(scaled) % 100_000)
        fraction = String(repeating: "0", count: 5 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? "\(whole)" : "\(whole).\(fraction)"
    }

    /// Inline content and blocks as GIFT text: plain and escaped, or `[html]` when it has
    /// formatting that plain text would lose. HTML rather than `[markdown]`, which Moodle
    /// also reads: Moodle shows HTML as quizgen renders it, but reads Markdown as Markdown
    /// Extra, not CommonMark. The import makes the formatting Markdown again (`HTMLText.markdown`).
    static func text(_ inlines: [Node], blocks: [Node]) -> String {
        let plainOnly = inlines.allSatisfy(isPlain) && blocks.allSatisfy { $0.kind == .paragraph && $0.children.allSatisfy(isPlain) }
        if plainOnly {
            let parts = [inlines.plainText] + blocks.map(\.children.plainText)
            let plain = parts.filter { !$0.isEmpty }.joined(separator: "\n\n")
            return (isMisread(plain) ? "[plain]" : "") + escape(plain)
        }
        let renderer = HTMLRenderer()
        let html = renderer.render(inlines: inlines) + (blocks.isEmpty ? "" : renderer.render(blocks: blocks))
        return "[html]" + escape(html)
    }

    /// Whether plain text, written as it is, would be read as something else: from `//` a
    /// line is a comment, a `[format]` at the start is taken for the text's format, and tags
    /// or character references are HTML in Moodle's default format. `[plain]` says it is
    /// text, whatever it starts with or holds.
    static func isMisread(_ text: String) -> Bool {
        text.hasPrefix("//") || GIFTImporter.formatMarker(text) != nil || HTMLText.hasTags(text)
            || HTMLText.decodeEntities(text) != text
    }

    static func isPlain(_ node: Node) -> Bool {
        switch node.kind {
        case .text, .softBreak: true
        default: false
        }
    }

    /// GIFT's special characters, escaped; a line break as `\n`.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "~", "=", "#", "{", "}", ":", "\\": out += "\\" + String(character)
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }
}
