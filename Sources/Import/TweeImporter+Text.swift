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
        /// The Markdown that starts the line for the format's own block markup (`* `, `1. `,
        /// `### `, `> `), and that markup as the passage wrote it, for a line joined to the one
        /// before, where it is text.
        var block: (markdown: String, source: Substring)?
        /// An empty line that a `<br>` made: it holds a line break, not a paragraph break.
        var isBreak = false
        /// The line ends with a `<br>`: a line break even in a `nobr` passage.
        var endsWithBreak = false
    }

    /// One passage's text as quizgen Markdown, the number of choices in it, and its warnings.
    static func convert(
        _ passage: Passage, ids: [String: String], file: SourceFile, format: TweeStoryFormat
    ) -> (String, Int, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var code: [(kind: String, line: Int, column: Int)] = []
        /// The first of each kind of code, named by its first example.
        func note(_ kind: String, _ line: Int, _ column: Int) {
            func key(_ kind: String) -> Substring { kind.firstRange(of: " such as ").map { kind[..<$0.lowerBound] } ?? kind[...] }
            if !code.contains(where: { key($0.kind) == key(kind) }) { code.append((kind, line, column)) }
        }
        var html: (tag: String, line: Int, column: Int)?
        var setters = false
        var out: [OutputLine] = []
        var choices = 0
        var inVars = format.readsChapbookCode && passage.lines.contains { $0.text.trimmingWhitespace == "--" }
        var fence: Substring?
        var lost: [(kind: String, line: Int, column: Int)] = []
        /// The first of each kind of markup that Markdown cannot say, or (without StoryData)
        /// that another format may read otherwise.
        func markup(_ kind: String, _ line: Int, _ column: Int) {
            if !lost.contains(where: { $0.kind == kind }) { lost.append((kind, line, column)) }
        }
        /// `<a data-passage="…">`: its target, and the words up to `</a>`.
        var anchor: (target: String, label: String)?
        var hidden: TweeLine.Hidden?
        let marks = format.collapsesWhitespace ? collapseMarks(passage) : [:]
        var collapse = Collapse(marks: marks)
        // Links whose hooks move on, by the line they start on; one whose hook runs over lines
        // swallows them, and the page goes on after its end.
        var hookLinks: [Int: [TweeHookLink]] = [:]
        for hookLink in TweeHookLink.find(in: passage.lines, format: format) { hookLinks[hookLink.line, default: []].append(hookLink) }
        var resume: (line: Int, at: String.Index)?
        let lastCodeClose = format == .sugarcube ? TweeLine.lastCodeClose(in: passage.lines) : 0
        for (number, raw) in passage.lines {
            var cut: String.Index?
            if let after = resume {
                guard number >= after.line else { continue }
                (cut, resume) = (after.at, nil)
            }
            // Twine shows no indentation, but Markdown would make a code block of it.
            var line = cut.map { raw[$0...] } ?? raw.drop { $0 == " " || $0 == "\t" }
            var indent = raw.utf8.count - line.utf8.count + (number == passage.lines.first?.number ? passage.textColumn - 1 : 0)
            if let open = fence {
                let closes = open == "}}}" ? raw.trimmingWhitespace == "}}}"
                    : line.hasPrefix(open) && line.drop { $0 == open.first }.allSatisfy(\.isWhitespace)
                out.append(OutputLine(text: closes && open == "}}}" ? "```" : String(closes ? line : raw), isCode: true))
                if closes { fence = nil }
                continue
            }
            if hidden == nil, cut == nil, let open = fenceOpening(line) ?? (format == .sugarcube && raw.trimmingWhitespace == "{{{" ? "}}}" : nil) {
                // SugarCube's `{{{` alone on a line opens a block of code, as a fence does.
                fence = open
                out.append(OutputLine(text: open == "}}}" ? "```" : String(line), isCode: true))
                continue
            }
            if inVars {
                if line.trimmingWhitespace == "--" {
                    inVars = false
                } else if !line.allSatisfy(\.isWhitespace), !line.contains(":") {
                    inVars = false
                } else if !line.allSatisfy(\.isWhitespace) {
                    note(format.named("a vars section", in: .chapbook), number, indent + 1)
                }
            }
            let wasHidden = hidden != nil
            // The line goes on from a link's hook, on the link's line.
            var joinsPrevious = cut != nil
            var joinsNext = false
            if format.joinsLinesAtBackslash {
                if cut == nil, line.first == "\\", format != .unknown || !(line.dropFirst().first.map(isASCIIPunctuation) ?? false) {
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
            // The format's block markup at the line's start (not where a hidden comment goes on).
            var block: (markdown: String, source: Substring)?
            if !wasHidden, !joinsPrevious, let start = TweeMarkup.lineStart(line, indented: indent > 0, format: format) {
                if let what = start.lost {
                    markup(what, number, indent + 1)
                    out.append(OutputLine(text: "", isGone: true))
                    continue
                }
                if start.isRule {
                    // Written as it stands, as code is: no line joins it, no break goes before it.
                    out.append(OutputLine(text: start.markdown, isCode: true))
                    continue
                }
                block = (start.markdown, line[..<start.rest.startIndex])
                indent += line.utf8.count - start.rest.utf8.count
                line = start.rest
            }
            let starting = (hookLinks[number] ?? []).filter { line.startIndex <= $0.macro.range.lowerBound && $0.macro.range.lowerBound < line.endIndex }
            let pieces = TweeLine(
                line, hidden: &hidden, sugarCube: format == .sugarcube, codeClosesBelow: number < lastCodeClose,
                hookLinks: Dictionary(starting.map { ($0.macro.range.lowerBound, $0.macro) }) { a, _ in a }).pieces
            if let across = starting.first(where: { $0.endLine > number }) {
                resume = (across.endLine, across.end)
                joinsNext = true
            }
            let inline = TweeMarkup.marks(in: pieces.compactMap { if case .text(let text) = $0 { text } else { nil } }, format: format)
            var texts = [""]
            var breaks: Set<Int> = []
            func write(_ markdown: String) {
                if anchor != nil { anchor!.label += markdown } else { texts[texts.count - 1] += markdown }
            }
            func choice(_ link: Link, label: String? = nil, at start: String.Index, source: Substring) {
                if link.isExternal {
                    write("[\(label ?? MarkdownText.line(link.text))](<\(link.target.filter { $0 != ">" && $0 != "<" })>)")
                } else if let id = ids[link.target] {
                    write("[\(label ?? MarkdownText.line(link.text))](#\(id))")
                    choices += 1
                } else {
                    diagnostics.append(file.warning(
                        "a link to '\(link.target)', which is no passage of this story: kept as text", line: number,
                        byteColumn: column(start), hint: NearestMatch.hint(link.target, in: ids.keys.sorted())))
                    write(MarkdownText.escape(String(source)))
                }
            }
            for piece in pieces {
                switch piece {
                case .text(let text):
                    if anchor != nil {
                        anchor!.label += text
                    } else {
                        texts[texts.count - 1] += plain(
                            text, number: number, column: column, note: note, markup: markup, inline: inline,
                            format: format, collapse: &collapse)
                    }
                case .code(let text):
                    write(String(text))
                case .verbatim(let text):
                    write(MarkdownText.escape(String(text)))
                case .codeMarkup(let code):
                    // SugarCube's `{{{code}}}` is a code span, written as it stands.
                    if !code.isEmpty { write(MarkdownText.codeSpan(code)) }
                case .tag(let name, let start, let end):
                    let tag = line[start..<end]
                    let attributes = TwineHTML.attributes(tag[(tag.firstIndex(where: \.isWhitespace) ?? tag.endIndex)...])
                    if name == "a", let target = attributes["data-passage"], anchor == nil {
                        // SugarCube's `<a data-passage="Passage">text</a>` is a link to the passage.
                        anchor = (target, "")
                    } else if name == "a", line[start...].hasPrefix("</"), let open = anchor {
                        anchor = nil
                        choice(Link(range: start..<end, text: open.label.trimmingWhitespace.isEmpty ? open.target : open.label,
                                    target: open.target, setter: false, isExternal: false), at: start, source: line[start..<end])
                    } else if name == "br" {
                        breaks.insert(texts.count - 1)
                        texts.append("")
                    } else if name == "img", let source = attributes["src"], !source.isEmpty {
                        // A picture is Markdown's: its file is the author's to put beside the story.
                        let alt = attributes["alt"] ?? ""
                        write(image(source: source, alt: alt))
                    } else if name != "!--", html == nil {
                        html = (name, number, column(start))
                    }
                case .link(let link):
                    if link.setter {
                        setters = true
                        note("a link setter", number, column(link.range.lowerBound))
                    }
                    choice(link, at: link.range.lowerBound, source: line[link.range])
                case .macroLink(let macro):
                    let picture = macro.image.map { image(source: $0.source, alt: $0.title) }
                    if let link = macro.link, !macro.dropped.isEmpty {
                        let kinds = macro.dropped.prefix(4).map { $0 == "text" ? "its text" : $0 }
                        let list = kinds.count == 1 ? kinds[0] : kinds.dropLast().joined(separator: ", ") + " and " + kinds.last!
                        diagnostics.append(file.warning(
                            "'\(passage.name)' has a \(macro.macro) whose hook goes on to '\(link.target)': it is a choice, "
                                + "and what else the hook did is left out (\(list)\(macro.dropped.count > 4 ? " and more" : ""))",
                            line: number, byteColumn: column(macro.range.lowerBound),
                            hint: "if it mattered, say in words on the page it leads to what the hook did"))
                    }
                    if let link = macro.link {
                        if link.setter {
                            setters = true
                            note("a link setter", number, column(link.range.lowerBound))
                        }
                        choice(link, label: picture, at: macro.range.lowerBound, source: line[macro.range])
                    } else if let picture, macro.target.isEmpty {
                        write(picture)
                    } else {
                        diagnostics.append(file.warning(
                            "'\(passage.name)' has a \(macro.macro) to '\(macro.target)' that cannot be a choice: "
                                + (macro.isJump ? "it moves on by itself"
                                    : macro.macro.lowercased().hasPrefix("(click") ? "it makes words elsewhere in the passage a link"
                                    : "its words or its target are no plain text")
                                + ", so this way on is lost",
                            line: number, byteColumn: column(macro.range.lowerBound),
                            hint: "write a link [[text->passage]] where the story goes on, or say in words what the code did"))
                        write(plain(line[macro.range], number: number, column: column, note: { _, _, _ in }, markup: markup,
                                    inline: [:], format: format, collapse: &collapse))
                    }
                }
            }
            if let open = anchor {
                // `</a>` on another line: the link ends with this one.
                anchor = nil
                choice(Link(range: line.endIndex..<line.endIndex, text: open.label.trimmingWhitespace.isEmpty ? open.target : open.label,
                            target: open.target, setter: false, isExternal: false), at: line.endIndex, source: open.label[...])
            }
            // Inside Harlowe's `{…}` a line break is a space like any other.
            if collapse.depth > 0 {
                joinsNext = true
                if let last = texts.last?.last, !last.isWhitespace { texts[texts.count - 1] += " " }
            }
            let blank = !wasHidden && raw.allSatisfy(\.isWhitespace)
            for (i, text) in texts.enumerated() {
                let empty = text.allSatisfy(\.isWhitespace)
                // An empty line beside a `<br>` holds a line break of its own, as on Twine's page.
                let isBreak = empty && !blank && texts.count > 1 && (breaks.contains(i) || breaks.contains(i - 1))
                out.append(OutputLine(
                    text: text, isGone: !blank && empty && !isBreak,
                    joinsNext: i == texts.count - 1 && joinsNext, joinsPrevious: i == 0 && joinsPrevious,
                    block: i == 0 ? block : nil, isBreak: isBreak, endsWithBreak: breaks.contains(i)))
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
        if let first = lost.first {
            let kinds = lost.prefix(3).map(\.kind)
            let list = kinds.count == 1 ? kinds[0] : kinds.dropLast().joined(separator: ", ") + " and " + kinds.last!
            diagnostics.append(format.name.map { name in
                file.warning(
                    "'\(passage.name)' has \(name) markup that a Markdown page cannot show (\(list)): the text is kept without it",
                    line: first.line, byteColumn: first.column,
                    hint: "edit the page to say it another way, if it mattered")
            } ?? file.warning(
                "'\(passage.name)' has text markup of a story format (\(list)), and StoryData names no format: it is kept as it is",
                line: first.line, byteColumn: first.column,
                hint: "Harlowe and SugarCube read it as formatting; add StoryData with \"format\" to convert it"))
        }
        if let html {
            diagnostics.append(file.warning(
                "'\(passage.name)' has HTML tags (<\(html.tag)>…): they are left out, the text and links in them are kept",
                line: html.line, byteColumn: html.column,
                hint: "quizgen pages are Markdown: say with Markdown what the HTML did, or remove it"))
        }
        let breaks = !passage.tags.contains("nobr")
        return (lines(out, breaks: breaks, format: format).joined(separator: "\n"), choices, diagnostics)
    }

    /// `<img src alt>` and SugarCube's `[img[…]]` as Markdown's picture.
    static func image(source: String, alt: String) -> String {
        "![\(MarkdownText.line(alt))](<\(source.filter { $0 != ">" && $0 != "<" && $0 != "\n" })>)"
    }

    /// The written lines: joined where Harlowe and SugarCube join them, each made block-safe
    /// for the format, and, as every line break in a passage is one on the page, ended with a
    /// Markdown hard break (`\`) where the next line goes on the same paragraph. A list or a
    /// quote ends before a line that is neither, which Markdown would otherwise pull into it
    /// (into a choice's words, after a list of choices).
    static func lines(_ lines: [OutputLine], breaks: Bool, format: TweeStoryFormat) -> [String] {
        var joined: [OutputLine] = []
        var joinsNext = false
        for line in lines {
            if line.isGone {
                // The lines around it join only when both its breaks go: one that starts
                // a line of its own (`{=` alone, a tag, a comment) leaves the line break
                // before it, and the next line starts anew.
                joinsNext = line.joinsNext && (joinsNext || line.joinsPrevious)
                continue
            }
            if !line.isCode, joinsNext || line.joinsPrevious, let last = joined.last, !last.isCode {
                var merged = last
                merged.text += (line.block.map { String($0.source) } ?? "") + line.text
                merged.isBreak = (last.isBreak || line.isBreak) && merged.text.allSatisfy(\.isWhitespace)
                merged.endsWithBreak = line.endsWithBreak
                joined[joined.count - 1] = merged
            } else {
                joined.append(line)
            }
            joinsNext = line.joinsNext
        }
        // Trailing spaces are left out: they would be a hard break only where Markdown was written.
        func markdown(_ line: OutputLine) -> String {
            if line.isCode { return line.text }
            if line.isBreak { return "\\" }
            let text = String(line.text.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            if let block = line.block { return block.markdown + blockSafe(text, markdownBlocks: false) }
            return blockSafe(text, markdownBlocks: format.readsMarkdownBlocks)
        }
        // A `<br>`'s empty line holds a break only where its paragraph goes on after it.
        var kept: [(line: OutputLine, text: String)] = []
        for line in joined.reversed() {
            let text = markdown(line)
            if line.isBreak, kept.last.map({ $0.line.isCode || $0.text.allSatisfy(\.isWhitespace) || startsParagraphInterruption($0.text) }) ?? true {
                continue
            }
            kept.append((line, text))
        }
        kept.reverse()
        var result: [String] = []
        for (i, (line, text)) in kept.enumerated() {
            result.append(text)
            guard i + 1 < kept.count, !line.isCode, !kept[i + 1].line.isCode else { continue }
            let next = kept[i + 1].text
            guard !text.allSatisfy(\.isWhitespace), !next.allSatisfy(\.isWhitespace) else { continue }
            let depth = quoteDepth(text)
            if depth > 0 || isListItem(text), !startsParagraphInterruption(next), !isListItem(next) {
                result.append("")
                continue
            }
            let sameQuote = depth > 0 && quoteDepth(next) == depth
            let trailingBackslashes = text.reversed().prefix { $0 == "\\" }.count
            guard breaks || line.endsWithBreak, !startsBlock(text), !startsParagraphInterruption(next) || sameQuote,
                  trailingBackslashes % 2 == 0
            else { continue }
            result[result.count - 1] += "\\"
        }
        return trimmingBlankLines(result)
    }

    /// How many quotes a Markdown line opens: `>` marks, spaces between them allowed.
    static func quoteDepth(_ line: String) -> Int {
        var depth = 0
        for character in line.drop(while: { $0 == " " }) {
            if character == ">" { depth += 1 } else if character != " " { break }
        }
        return depth
    }

    /// A Markdown list item: `*`, `-`, `+` or a number and `.` or `)`, then a space.
    static func isListItem(_ line: String) -> Bool {
        let line = line.drop { $0 == " " }
        if let first = line.first, "-+*".contains(first) {
            return line.dropFirst().first.map { $0 == " " || $0 == "\t" } ?? false
        }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        let rest = line.dropFirst(digits.count)
        return (1...9).contains(digits.count) && (rest.hasPrefix(". ") || rest.hasPrefix(") "))
    }

    static func trimmingBlankLines(_ lines: [String]) -> [String] {
        Array(lines.drop { $0.allSatisfy(\.isWhitespace) }.reversed().drop { $0.allSatisfy(\.isWhitespace) }.reversed())
    }

    /// A line after which a `\` would be no line break, or would break a list of choices: a
    /// heading, a list item, a code fence.
    static func startsBlock(_ line: String) -> Bool {
        let line = String(line.drop { $0 == " " })
        if startsParagraphInterruption(line), !line.hasPrefix(">") { return true }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        let rest = line.dropFirst(digits.count)
        return (1...9).contains(digits.count) && (rest.hasPrefix(". ") || rest.hasPrefix(") "))
    }

    /// A line that Markdown starts a new block with even in the middle of a paragraph: an ATX
    /// heading, a block quote, a list item, a code fence.
    static func startsParagraphInterruption(_ line: String) -> Bool {
        let line = line.drop { $0 == " " }
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

    /// Text outside links, code and tags: story-format code is noted (by the names of the
    /// format StoryData gives, or none), the format's inline markup converted where Markdown
    /// has it (`inline`), and what would be quizgen markup escaped (`<<` is no HTML tag,
    /// `](#id)` is no choice, Harlowe's `[hook](else:)` is no link, a lone backtick opens no
    /// code span).
    static func plain(
        _ text: Substring, number: Int, column: (String.Index) -> Int, note: (String, Int, Int) -> Void,
        markup: (String, Int, Int) -> Void, inline: [String.Index: TweeMarkup.Mark], format: TweeStoryFormat,
        collapse: inout Collapse
    ) -> String {
        if format.readsSugarCubeCode, let macro = text.firstRange(of: "<<") {
            note(format.named("macros <<…>>", in: .sugarcube), number, column(macro.lowerBound))
        }
        if format.readsSnowmanCode, let template = text.firstRange(of: "<%") {
            note(format.named("templates <%…%>", in: .snowman), number, column(template.lowerBound))
        }
        var out = ""
        func escaped(_ text: String) -> String {
            text.replacingAll("<<", with: "\\<\\<").replacingAll("](#", with: "]\\(#").replacingAll("`", with: "\\`")
        }
        var i = text.startIndex
        while i < text.endIndex {
            let character = text[i]
            var next = text.index(after: i)
            if !inline.isEmpty, let mark = inline[i] {
                if let lost = mark.lost { markup(lost, number, column(i)) }
                out += mark.replacement
                i = text.index(i, offsetBy: mark.length)
                continue
            }
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
                if format.readsHarloweCode { note(format.named("macros such as (\(text[next..<colon]):)", in: .harlowe), number, column(i)) }
                if afterBracket { out += "\\" }
            } else if character == "$", format.readsVariables, next < text.endIndex, text[next].isLetter || text[next] == "_" {
                note("variables such as $\(text[next...].prefix { $0.isLetter || $0.isNumber || $0 == "_" })", number, column(i))
            } else if character == "{", format.readsChapbookCode, let close = text[next...].firstIndex(of: "}"),
                      text[next..<close].contains(where: \.isLetter) {
                note(format.named("inserts {…}", in: .chapbook), number, column(i))
            } else if character == "[", format.readsChapbookCode, i == text.startIndex, text.trimmingWhitespace.hasSuffix("]"),
                      !text.hasPrefix("[[") {
                note(format.named("modifiers such as [\(text.dropFirst().prefix { $0 != "]" && $0 != " " })]", in: .chapbook),
                     number, column(i))
            }
            out.append(character)
            i = next
        }
        return escaped(out)
    }

    /// A line of passage text that cannot change the page structure: headings move two levels
    /// down (a `#` would be the story's title, `##` a new page), a line of only `-`, `=`, `*` or
    /// `_` (a setext underline or a rule, as Chapbook's `--`) is escaped, a `<` that would open
    /// an HTML block is escaped, and a closing `{…}` is no attribute block. Where the format
    /// does not read Markdown (`markdownBlocks` false), a `#`, `>`, `-`, `+`, `*` or `1.` that
    /// Markdown would read as a heading, quote or list item is escaped too: it is text there.
    static func blockSafe(_ line: String, markdownBlocks: Bool = true) -> String {
        var line = line
        let hashes = line.prefix { $0 == "#" }.count
        if (1...6).contains(hashes), line.dropFirst(hashes).first.map({ $0 == " " || $0 == "\t" }) ?? true {
            line = markdownBlocks ? String(repeating: "#", count: min(hashes + 2, 6)) + line.dropFirst(hashes) : "\\" + line
        } else if !line.isEmpty, line.allSatisfy({ "-=*_ \t".contains($0) }), line.contains(where: { $0 != " " && $0 != "\t" }) {
            line = "\\" + line
        } else if opensHTMLBlock(line) {
            line = "\\" + line
        } else if !markdownBlocks, line.hasPrefix(">") || isListItem(line) || ["-", "+", "*"].contains(line) {
            if let first = line.first, first.isNumber {
                let digits = line.prefix { $0.isASCII && $0.isNumber }
                line.insert("\\", at: digits.endIndex)
            } else {
                line = "\\" + line
            }
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
