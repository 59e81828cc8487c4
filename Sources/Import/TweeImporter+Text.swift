import Content
import Diagnostics
import Support

extension TweeImporter {
    /// The link that starts at `start` (a `[[`), as Twine reads it: `[[text->target]]` (the
    /// rightmost `->`), `[[target<-text]]` (the leftmost `<-`), `[[text|target]]` (the rightmost
    /// `|`), `[[target]]`, each optionally followed by a SugarCube setter `][$x to 1]`; nil when
    /// it is never closed. The link is nil where it names nothing; `end` is after its `]]`.
    static func link(at start: String.Index, in line: Substring) -> (link: Link?, end: String.Index)? {
        var open = start..<line.index(start, offsetBy: 2)
        guard let close = line[open.upperBound...].firstRange(of: "]]") else { return nil }
        // Harlowe's `[[[Hall]]]` is a hook, `[…]`, around the link `[[Hall]]`.
        while line[open.upperBound...].first == "[" {
            open = line.index(after: open.lowerBound)..<line.index(after: open.upperBound)
        }
        let inner = String(line[open.upperBound..<close.lowerBound])
        let parts = inner.split(separator: "][", maxSplits: 1, omittingEmptySubsequences: false)
        let link = String(parts[0])
        var text = link
        var target = link
        if let arrow = link.ranges(of: "->").last {
            text = String(link[..<arrow.lowerBound])
            target = String(link[arrow.upperBound...])
        } else if let arrow = link.firstRange(of: "<-") {
            target = String(link[..<arrow.lowerBound])
            text = String(link[arrow.upperBound...])
        } else if let bar = link.lastIndex(of: "|") {
            text = String(link[..<bar])
            target = String(link[link.index(after: bar)...])
        }
        target = target.trimmingWhitespace
        guard !target.isEmpty else { return (nil, close.upperBound) }
        return (Link(
            range: open.lowerBound..<close.upperBound, text: text.trimmingWhitespace.isEmpty ? target : text,
            target: target, setter: parts.count > 1, isExternal: isURL(target)), close.upperBound)
    }

    /// `scheme://…`, as Twine tells an external link from a passage name.
    static func isURL(_ target: String) -> Bool {
        guard let colon = target.firstRange(of: "://") else { return false }
        let scheme = target[..<colon.lowerBound]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            && target[colon.upperBound...].first.map { $0 == "/" || $0.isLetter || $0.isNumber || $0 == "_" } == true
    }

    /// A line of the page being written, before lines are joined and broken.
    struct OutputLine {
        var text: String
        /// Fenced code, written as it stands.
        var isCode = false
        /// A line of markup only (tags, a comment, a script): it leaves no line behind.
        var isGone = false
        /// Harlowe and SugarCube join a line ending in `\` to the next, and one starting with
        /// `\` to the one before.
        var joinsNext = false
        var joinsPrevious = false
    }

    /// One passage's text as quizgen Markdown, the number of choices in it, and its warnings.
    static func convert(
        _ passage: Passage, ids: [String: String], file: SourceFile, format: TweeStoryFormat
    ) -> (String, Int, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var code: [(kind: String, line: Int, column: Int)] = []
        /// The first of each kind of code, named by its first example.
        func note(_ kind: String, _ line: Int, _ column: Int) {
            let key = kind.prefix { $0 != "(" && $0 != "[" && $0 != "{" && $0 != "<" && $0 != "$" }
            if !code.contains(where: { $0.kind.hasPrefix(key) }) { code.append((kind, line, column)) }
        }
        var html: (tag: String, line: Int, column: Int)?
        var setters = false
        var out: [OutputLine] = []
        var choices = 0
        var inVars = passage.lines.contains { $0.text.trimmingWhitespace == "--" }
        var fence: Substring?
        var hidden: TweeLine.Hidden?
        let marks = format.collapsesWhitespace ? collapseMarks(passage) : [:]
        var collapse = Collapse(marks: marks)
        for (number, raw) in passage.lines {
            // Twine shows no indentation, but Markdown would make a code block of it.
            var line = raw.drop { $0 == " " || $0 == "\t" }
            var indent = raw.utf8.count - line.utf8.count + (number == passage.lines.first?.number ? passage.textColumn - 1 : 0)
            if let open = fence {
                let closes = line.hasPrefix(open) && line.drop { $0 == open.first }.allSatisfy(\.isWhitespace)
                out.append(OutputLine(text: String(closes ? line : raw), isCode: true))
                if closes { fence = nil }
                continue
            }
            if hidden == nil, let open = fenceOpening(line) {
                fence = open
                out.append(OutputLine(text: String(line), isCode: true))
                continue
            }
            if inVars {
                if line.trimmingWhitespace == "--" {
                    inVars = false
                } else if !line.allSatisfy(\.isWhitespace), !line.contains(":") {
                    inVars = false
                } else if !line.allSatisfy(\.isWhitespace) {
                    note("a Chapbook vars section", number, indent + 1)
                }
            }
            let wasHidden = hidden != nil
            var joinsPrevious = false
            var joinsNext = false
            if format.joinsLinesAtBackslash {
                if line.first == "\\", format != .unknown || !(line.dropFirst().first.map(isASCIIPunctuation) ?? false) {
                    joinsPrevious = true
                    line = line.dropFirst()
                    indent += 1
                }
                if let last = line.lastIndex(where: { $0 != " " && $0 != "\t" }), line[last] == "\\" {
                    joinsNext = true
                    line = line[..<last]
                }
            }
            func column(_ index: String.Index) -> Int { indent + line.utf8.distance(from: line.startIndex, to: index) + 1 }
            var texts = [""]
            for piece in TweeLine(line, hidden: &hidden).pieces {
                switch piece {
                case .text(let text):
                    texts[texts.count - 1] += plain(text, number: number, column: column, note: note, collapse: &collapse)
                case .code(let text):
                    texts[texts.count - 1] += text
                case .tag(let name, let start, let end):
                    if name == "br" {
                        texts.append("")
                    } else if name == "img", case let tag = line[start..<end],
                              case let attributes = TwineHTML.attributes(tag[(tag.firstIndex(where: \.isWhitespace) ?? tag.endIndex)...]),
                              let source = attributes["src"], !source.isEmpty {
                        // A picture is Markdown's: its file is the author's to put beside the story.
                        let alt = attributes["alt"] ?? ""
                        texts[texts.count - 1] += "![\(MarkdownText.line(alt))](<\(source.filter { $0 != ">" && $0 != "<" && $0 != "\n" })>)"
                    } else if name != "!--", html == nil {
                        html = (name, number, column(start))
                    }
                case .link(let link):
                    if link.setter {
                        setters = true
                        note("a link setter", number, column(link.range.lowerBound))
                    }
                    if link.isExternal {
                        texts[texts.count - 1] += "[\(MarkdownText.line(link.text))](<\(link.target.filter { $0 != ">" && $0 != "<" })>)"
                    } else if let id = ids[link.target] {
                        texts[texts.count - 1] += "[\(MarkdownText.line(link.text))](#\(id))"
                        choices += 1
                    } else {
                        diagnostics.append(file.warning(
                            "a link to '\(link.target)', which is no passage of this story: kept as text", line: number,
                            byteColumn: column(link.range.lowerBound), hint: NearestMatch.hint(link.target, in: ids.keys.sorted())))
                        texts[texts.count - 1] += MarkdownText.escape(String(line[link.range]))
                    }
                }
            }
            // Inside Harlowe's `{…}` a line break is a space like any other.
            if collapse.depth > 0 {
                joinsNext = true
                if let last = texts.last?.last, !last.isWhitespace { texts[texts.count - 1] += " " }
            }
            let blank = !wasHidden && raw.allSatisfy(\.isWhitespace)
            for (i, text) in texts.enumerated() {
                out.append(OutputLine(
                    text: text, isGone: !blank && text.allSatisfy(\.isWhitespace),
                    joinsNext: i == texts.count - 1 && joinsNext, joinsPrevious: i == 0 && joinsPrevious))
            }
        }
        if let first = code.first {
            let kinds = code.prefix(3).map(\.kind)
            let list = kinds.count == 1 ? kinds[0] : kinds.dropLast().joined(separator: ", ") + " and " + kinds.last!
            let fate = !setters ? "it is kept as plain text"
                : code.count == 1 ? "it is left out" : "it is kept as plain text, but link setters are left out"
            diagnostics.append(file.warning(
                "'\(passage.name)' has story-format code (\(list)) that a static page cannot run: \(fate)",
                line: first.line, byteColumn: first.column,
                hint: "edit the page to say in words what the code did, or remove it"))
        }
        if let html {
            diagnostics.append(file.warning(
                "'\(passage.name)' has HTML tags (<\(html.tag)>…): they are left out, the text and links in them are kept",
                line: html.line, byteColumn: html.column,
                hint: "quizgen pages are Markdown: say with Markdown what the HTML did, or remove it"))
        }
        let breaks = !passage.tags.contains("nobr")
        return (lines(out, breaks: breaks).joined(separator: "\n"), choices, diagnostics)
    }

    /// The written lines: joined where Harlowe and SugarCube join them, each made block-safe,
    /// and, as every line break in a passage is one on the page, ended with a Markdown hard
    /// break (`\`) where the next line goes on the same paragraph.
    static func lines(_ lines: [OutputLine], breaks: Bool) -> [String] {
        var joined: [OutputLine] = []
        var joinsNext = false
        for line in lines {
            if line.isGone {
                // The lines around it join only when both its breaks go: one that starts
                // a line of its own (`{=` alone, a tag, `<br>` at a line's end) leaves the
                // line break before it, and the next line starts anew.
                joinsNext = line.joinsNext && (joinsNext || line.joinsPrevious)
                continue
            }
            if !line.isCode, joinsNext || line.joinsPrevious, let last = joined.last, !last.isCode {
                joined[joined.count - 1].text += line.text
            } else {
                joined.append(line)
            }
            joinsNext = line.joinsNext
        }
        // Trailing spaces are left out: they would be a hard break only where Markdown was written.
        var result = joined.map { $0.isCode ? $0.text : blockSafe(String($0.text.reversed().drop { $0 == " " || $0 == "\t" }.reversed())) }
        guard breaks else { return trimmingBlankLines(result) }
        for i in result.indices.dropLast() where !joined[i].isCode && !joined[i + 1].isCode {
            let line = result[i]
            let next = result[i + 1]
            let trailingBackslashes = line.reversed().prefix { $0 == "\\" }.count
            guard !line.allSatisfy(\.isWhitespace), !next.allSatisfy(\.isWhitespace), !startsBlock(line),
                  !startsParagraphInterruption(next), trailingBackslashes % 2 == 0
            else { continue }
            result[i] += "\\"
        }
        return trimmingBlankLines(result)
    }

    static func trimmingBlankLines(_ lines: [String]) -> [String] {
        Array(lines.drop { $0.allSatisfy(\.isWhitespace) }.reversed().drop { $0.allSatisfy(\.isWhitespace) }.reversed())
    }

    /// A line after which a `\` would be no line break, or would break a list of choices: a
    /// heading, a list item, a code fence.
    static func startsBlock(_ line: String) -> Bool {
        if startsParagraphInterruption(line), !line.hasPrefix(">") { return true }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        let rest = line.dropFirst(digits.count)
        return (1...9).contains(digits.count) && (rest.hasPrefix(". ") || rest.hasPrefix(") "))
    }

    /// A line that Markdown starts a new block with even in the middle of a paragraph: an ATX
    /// heading, a block quote, a list item, a code fence.
    static func startsParagraphInterruption(_ line: String) -> Bool {
        let hashes = line.prefix { $0 == "#" }.count
        if (1...6).contains(hashes), line.dropFirst(hashes).first.map({ $0 == " " || $0 == "\t" }) ?? true { return true }
        if line.hasPrefix(">") || line.hasPrefix("```") || line.hasPrefix("~~~") { return true }
        if let first = line.first, "-+*".contains(first), line.dropFirst().first.map({ $0 == " " || $0 == "\t" }) ?? false {
            return true
        }
        return line.hasPrefix("1. ") || line.hasPrefix("1) ")
    }

    /// The fence a line opens (three or more backticks or tildes), as Markdown reads it.
    static func fenceOpening(_ line: Substring) -> Substring? {
        guard let mark = line.first, mark == "`" || mark == "~" else { return nil }
        let fence = line.prefix { $0 == mark }
        guard fence.count >= 3, mark == "~" || !line[fence.endIndex...].contains("`") else { return nil }
        return fence
    }

    static func isASCIIPunctuation(_ character: Character) -> Bool {
        character.isASCII && (character.isPunctuation || character.isSymbol)
    }

    /// Harlowe's collapsing whitespace markup: within `{` and `}` (nested or not) every run of
    /// white space, line breaks too, is one space; an unclosed `{=` collapses the rest of the
    /// passage. `depth` is how many are open where the conversion stands.
    struct Collapse {
        enum Kind { case open, close, unclosed }
        struct Mark: Hashable {
            var line: Int
            var at: String.Index
        }
        var marks: [Mark: Kind]
        var depth = 0
    }

    /// The braces of a passage's prose that are Harlowe's collapsing markup: a `{` with its
    /// `}`, or a `{=` left open; any other brace is text. Code spans and links hold none.
    static func collapseMarks(_ passage: Passage) -> [Collapse.Mark: Collapse.Kind] {
        var marks: [Collapse.Mark: Collapse.Kind] = [:]
        var open: [(mark: Collapse.Mark, unclosed: Bool)] = []
        var hidden: TweeLine.Hidden?
        for (number, line) in passage.lines {
            for case .text(let text) in TweeLine(line, hidden: &hidden).pieces {
                for i in text.indices where text[i] == "{" || text[i] == "}" {
                    let mark = Collapse.Mark(line: number, at: i)
                    if text[i] == "{" {
                        let next = text.index(after: i)
                        open.append((mark, next < text.endIndex && text[next] == "="))
                    } else if let opening = open.popLast() {
                        (marks[opening.mark], marks[mark]) = (.open, .close)
                    }
                }
            }
        }
        for opening in open where opening.unclosed { marks[opening.mark] = .unclosed }
        return marks
    }

    /// Text outside links, code and tags: story-format code is noted, and what would be
    /// quizgen markup escaped (`<<` is no HTML tag, `](#id)` is no choice, Harlowe's
    /// `[hook](else:)` is no link, a lone backtick opens no code span).
    static func plain(
        _ text: Substring, number: Int, column: (String.Index) -> Int, note: (String, Int, Int) -> Void, collapse: inout Collapse
    ) -> String {
        if let macro = text.firstRange(of: "<<") { note("SugarCube macros <<…>>", number, column(macro.lowerBound)) }
        if let template = text.firstRange(of: "<%") { note("Snowman templates <%…%>", number, column(template.lowerBound)) }
        var out = ""
        var i = text.startIndex
        while i < text.endIndex {
            let character = text[i]
            var next = text.index(after: i)
            if let mark = collapse.marks[Collapse.Mark(line: number, at: i)] {
                // Harlowe's collapsing markup goes; `{=` runs on to the passage's end.
                collapse.depth += character == "{" ? 1 : -1
                if mark == .unclosed { while next < text.endIndex, text[next] == "=" { next = text.index(after: next) } }
                i = next
                continue
            }
            if collapse.depth > 0, character.isWhitespace {
                if let last = out.last, !last.isWhitespace { out.append(" ") }
                i = next
                continue
            }
            let afterBracket = i > text.startIndex && text[text.index(before: i)] == "]"
            if character == "(", let colon = text[next...].prefix(24).firstIndex(of: ":"),
               text[next..<colon].count > 0, text[next..<colon].allSatisfy({ $0.isLetter || $0 == "-" || $0.isNumber }),
               // A Markdown link's `(http://…)` or `(mailto:…)` is no macro.
               !afterBracket || !(text[text.index(after: colon)...].hasPrefix("//") || text[next..<colon].lowercased() == "mailto") {
                note("Harlowe macros such as (\(text[next..<colon]):)", number, column(i))
                if afterBracket { out += "\\" }
            } else if character == "$", next < text.endIndex, text[next].isLetter || text[next] == "_" {
                note("variables such as $\(text[next...].prefix { $0.isLetter || $0.isNumber || $0 == "_" })", number, column(i))
            } else if character == "{", let close = text[next...].firstIndex(of: "}"), text[next..<close].contains(where: \.isLetter) {
                note("Chapbook inserts {…}", number, column(i))
            } else if character == "[", i == text.startIndex, text.trimmingWhitespace.hasSuffix("]"), !text.hasPrefix("[[") {
                note("Chapbook modifiers such as [\(text.dropFirst().prefix { $0 != "]" && $0 != " " })]", number, column(i))
            }
            out.append(character)
            i = next
        }
        return out.replacingAll("<<", with: "\\<\\<").replacingAll("](#", with: "]\\(#").replacingAll("`", with: "\\`")
    }

    /// A line of passage text that cannot change the page structure: headings move two levels
    /// down (a `#` would be the story's title, `##` a new page), a line of only `-`, `=`, `*` or
    /// `_` (a setext underline or a rule, as Chapbook's `--`) is escaped, a `<` that would open
    /// an HTML block is escaped, and a closing `{…}` is no attribute block.
    static func blockSafe(_ line: String) -> String {
        var line = line
        let hashes = line.prefix { $0 == "#" }.count
        if (1...6).contains(hashes), line.dropFirst(hashes).first.map({ $0 == " " || $0 == "\t" }) ?? true {
            line = String(repeating: "#", count: min(hashes + 2, 6)) + line.dropFirst(hashes)
        } else if !line.isEmpty, line.allSatisfy({ "-=*_ \t".contains($0) }), line.contains(where: { $0 != " " && $0 != "\t" }) {
            line = "\\" + line
        } else if opensHTMLBlock(line) {
            line = "\\" + line
        }
        if line.trimmingWhitespace.hasSuffix("}"), let open = line.lastIndex(of: "{"),
           open == line.startIndex || line[line.index(before: open)] != "\\" {
            line.insert("\\", at: open)
        }
        return line
    }

    /// `<!`, `<?`, `</x` or `<x` followed by a space, `>`, `/` or the line's end: what Markdown
    /// may read as the start of raw HTML, which a build leaves out. An autolink `<https://…>`
    /// is none.
    static func opensHTMLBlock(_ line: String) -> Bool {
        guard line.hasPrefix("<") else { return false }
        var rest = line.dropFirst()
        if rest.first == "!" || rest.first == "?" { return true }
        if rest.first == "/" { rest = rest.dropFirst() }
        let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        guard let first = name.first, first.isLetter else { return false }
        return rest.dropFirst(name.count).first.map { $0 == " " || $0 == "\t" || $0 == ">" || $0 == "/" } ?? true
    }
}
