/// HTML's inline formatting as Markdown, for GIFT's `[html]` text.
///
/// quizgen's GIFT export writes formatted text as `[html]`, the HTML quizgen itself renders,
/// rather than as `[markdown]`: Moodle shows HTML exactly as written, while its Markdown is
/// Markdown Extra, which reads some CommonMark otherwise. So the way back reads that HTML:
/// emphasis (`<em>`, `<i>`), strong emphasis (`<strong>`, `<b>`), code, links and images
/// become Markdown, `<p>` and other blocks separate paragraphs, `<br>` is a hard line break,
/// and other tags are left out with their text kept, as in `plainText`.
extension HTMLText {
    /// The Markdown for `html`; nil when it has no formatting that Markdown keeps, so that
    /// plain text stays plain (and may still go to a CSV bank).
    static func markdown(_ html: String) -> String? {
        var writer = MarkdownWriter()
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            writer.text(decodeEntities(String(rest[..<open])))
            let after = rest[rest.index(after: open)...]
            if let end = afterComment(after) {
                rest = after[end...]
                continue
            }
            guard let first = after.first, first.isLetter || first == "/" || first == "!",
                  let close = after.firstIndex(of: ">") else {
                writer.text("<")
                rest = after
                continue
            }
            writer.tag(after[..<close])
            rest = after[after.index(after: close)...]
        }
        writer.text(decodeEntities(String(rest)))
        writer.endParagraph()
        guard writer.formatted else { return nil }
        return writer.paragraphs.joined(separator: "\n\n")
    }

    /// Builds the Markdown one piece of the HTML at a time.
    private struct MarkdownWriter {
        struct Element {
            var name: String
            var opener: String
            var closer: String
            /// Where its content starts in `current`, in UTF-8 bytes.
            var start: Int
        }

        static let blocks: Set<String> = [
            "p", "div", "li", "ul", "ol", "tr", "table", "blockquote", "pre", "hr",
            "h1", "h2", "h3", "h4", "h5", "h6",
        ]

        var paragraphs: [String] = []
        var current = ""
        /// The open inline elements, innermost last.
        var open: [Element] = []
        /// The text of an open `<code>`, written whole at its end.
        var code: String?
        /// A `<br>` not yet written: a hard break only holds between two pieces of text.
        var lineBreak = false
        var formatted = false

        mutating func text(_ text: String) {
            guard !text.isEmpty else { return }
            if code != nil {
                code! += text
                return
            }
            if !text.allSatisfy(\.isWhitespace) { writeLineBreak() }
            var first = true
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if !first { current += "\n" }
                first = false
                // What would start a block is escaped where the line starts.
                let atLineStart = current.isEmpty || current.hasSuffix("\n")
                current += MarkdownText.escape(atLineStart ? String(line.drop(while: \.isWhitespace)) : String(line))
            }
        }

        mutating func tag(_ tag: Substring) {
            let closing = tag.hasPrefix("/")
            var name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
            name = ["i": "em", "b": "strong"][name] ?? name
            if Self.blocks.contains(name) {
                endParagraph()
                return
            }
            if name == "br" {
                lineBreak = !current.isEmpty
                return
            }
            if closing {
                close(name)
                return
            }
            switch name {
            case "em": start(name, opener: "*", closer: "*")
            case "strong": start(name, opener: "**", closer: "**")
            case "code":
                writeLineBreak()
                code = ""
            case "a":
                guard let href = Self.attribute("href", in: tag) else {
                    start(name, opener: "", closer: "")
                    return
                }
                start(name, opener: "[", closer: "](" + Self.destination(href, title: Self.attribute("title", in: tag)) + ")")
            case "img":
                guard let source = Self.attribute("src", in: tag) else { return }
                writeLineBreak()
                current += "![" + MarkdownText.escape(Self.attribute("alt", in: tag) ?? "") + "]("
                    + Self.destination(source, title: Self.attribute("title", in: tag)) + ")"
                formatted = true
            default:
                break
            }
        }

        mutating func start(_ name: String, opener: String, closer: String) {
            writeLineBreak()
            current += opener
            open.append(Element(name: name, opener: opener, closer: closer, start: current.utf8.count))
        }

        /// Closes the innermost open `name`, and any opened inside it and left open.
        mutating func close(_ name: String) {
            if name == "code", let text = code {
                code = nil
                writeCode(text)
                return
            }
            guard let index = open.lastIndex(where: { $0.name == name }) else { return }
            while open.count > index { end(open.removeLast()) }
        }

        mutating func end(_ element: Element) {
            guard current.utf8.count > element.start else {
                // Empty: `**` alone would be text.
                current.removeLast(element.opener.count)
                return
            }
            // Emphasis that starts or ends with a space is no emphasis: the spaces go outside.
            let before = String(decoding: current.utf8.prefix(element.start - element.opener.utf8.count), as: UTF8.self)
            let content = String(decoding: current.utf8.dropFirst(element.start), as: UTF8.self)
            let inner = content.trimmingWhitespace
            guard !inner.isEmpty else {
                current = before + content
                return
            }
            let leading = content.prefix { $0.isWhitespace }
            let trailing = String(content.reversed().prefix { $0.isWhitespace }.reversed())
            current = before + leading + element.opener + inner + element.closer + trailing
            if !element.opener.isEmpty { formatted = true }
        }

        /// A code span, its fence one backtick longer than any run in it.
        mutating func writeCode(_ text: String) {
            // A code block's lines (`<pre><code>`) become one line.
            let text = text.split(whereSeparator: \.isNewline).joined(separator: " ")
            guard !text.isEmpty else { return }
            current += MarkdownText.codeSpan(text)
            formatted = true
        }

        mutating func writeLineBreak() {
            guard lineBreak else { return }
            lineBreak = false
            // Spaces before it would make it no break; those inside an element stay there.
            let floor = open.last?.start ?? 0
            while current.last?.isWhitespace == true, current.utf8.count > floor { current.removeLast() }
            current += "\\\n"
        }

        mutating func endParagraph() {
            if let text = code {
                code = nil
                writeCode(text)
            }
            while let element = open.popLast() { end(element) }
            lineBreak = false
            let lines = current.split(separator: "\n").map(\.trimmingWhitespace).filter { !$0.isEmpty }
            if !lines.isEmpty { paragraphs.append(lines.joined(separator: "\n")) }
            current = ""
        }

        /// The value of an attribute, quoted or not, entities decoded.
        static func attribute(_ name: String, in tag: Substring) -> String? {
            var rest = tag.drop { !$0.isWhitespace }
            while let start = rest.firstIndex(where: { !$0.isWhitespace && $0 != "/" }) {
                rest = rest[start...]
                let key = rest.prefix { !$0.isWhitespace && $0 != "=" && $0 != "/" }
                rest = rest.dropFirst(key.count).drop(while: \.isWhitespace)
                var value: Substring = ""
                if rest.first == "=" {
                    rest = rest.dropFirst().drop(while: \.isWhitespace)
                    if let quote = rest.first, quote == "\"" || quote == "'" {
                        value = rest.dropFirst().prefix { $0 != quote }
                        rest = rest.dropFirst(value.count + 2)
                    } else {
                        value = rest.prefix { !$0.isWhitespace }
                        rest = rest.dropFirst(value.count)
                    }
                }
                if key.lowercased() == name { return decodeEntities(String(value)) }
            }
            return nil
        }

        /// A link's or image's destination and title as Markdown writes them: in `<…>` when
        /// the URL has spaces or parentheses.
        static func destination(_ url: String, title: String?) -> String {
            func escaped(_ text: String, _ special: Set<Character>) -> String {
                String(text.flatMap { special.contains($0) ? ["\\", $0] : [$0] })
            }
            let bare = !url.isEmpty && !url.contains { $0.isWhitespace || "()<>".contains($0) }
            var out = bare ? escaped(url, ["\\"]) : "<" + escaped(url, ["\\", "<", ">"]) + ">"
            if let title, !title.isEmpty { out += " \"" + escaped(title, ["\\", "\""]) + "\"" }
            return out
        }
    }
}
