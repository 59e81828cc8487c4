/// One line of a Twine passage cut into what the importer treats apart: prose, code spans
/// (Harlowe's verbatim markup too), links and HTML tags.
struct TweeLine {
    enum Piece {
        case text(Substring)
        /// A backtick code span, written out as it stands: nothing in it is markup.
        case code(Substring)
        case link(TweeImporter.Link)
        /// A link written as story-format code: a choice, or a way on that is lost.
        case macroLink(TweeMacroLink)
        /// An HTML tag (or comment, or the text of a script or style element), left out;
        /// `end` is just after a tag's `>` (a comment's is its start).
        case tag(name: String, start: String.Index, end: String.Index)
        /// SugarCube's verbatim markup, `"""text"""` and `<nowiki>text</nowiki>`: its text, in which
        /// nothing is markup.
        case verbatim(Substring)
        /// SugarCube's code markup `{{{code}}}` (or this line's part of one that runs over lines):
        /// its text, shown as it stands, in which nothing is markup, a link neither.
        case codeMarkup(Substring)
    }

    /// What the text is inside of, from one line to the next: an HTML comment or a script or
    /// style element, whose text is no page text.
    enum Hidden: Equatable {
        case comment
        case element(String)
        /// SugarCube's `/* … */` and `/% … %/`: the mark that ends it.
        case blockComment(String)
        /// SugarCube's `{{{code}}}` left open on an earlier line: code, not hidden, up to its `}}}`.
        case code
    }

    var pieces: [Piece] = []

    /// Cuts `line`; `hidden` says what an earlier line left open and is updated for the next.
    /// `hookLinks` are links found with their hooks beforehand (`TweeHookLink`), by where they start.
    /// `sugarCube` reads SugarCube's comments, verbatim and code markup; `codeClosesBelow` says
    /// that a later line of the passage holds a `}}}`, so that a `{{{` left open here is code
    /// up to it (as SugarCube reads it), not text.
    init(
        _ line: Substring, hidden: inout Hidden?, sugarCube: Bool = false, codeClosesBelow: Bool = false,
        hookLinks: [String.Index: TweeMacroLink] = [:]
    ) {
        var i = line.startIndex
        var textStart = i
        // What the rest of the line was found not to hold, so that no search runs to its end
        // twice: a `]]`, a tag's `>`, a closing run of backticks of some length.
        var linksClose = true
        var tagsClose = true
        var unclosedRuns: Set<Int> = []
        var verbatimCloses: Set<String> = ["\"\"\"", "</nowiki>"]
        var codeCloses = true
        func flush(to end: String.Index) {
            if textStart < end { pieces.append(.text(line[textStart..<end])) }
        }
        while i < line.endIndex {
            if let open = hidden {
                let end = Self.end(of: open, in: line[i...])
                if open == .code {
                    // Code goes on from an earlier line: shown as it stands, up to its `}}}`.
                    pieces.append(.codeMarkup(line[i..<(end.map { line.index($0, offsetBy: -3) } ?? line.endIndex)]))
                }
                guard let end else {
                    i = line.endIndex
                    textStart = i
                    break
                }
                hidden = nil
                i = end
                textStart = i
                continue
            }
            let rest = line[i...]
            if let macro = hookLinks[i] {
                flush(to: i)
                pieces.append(.macroLink(macro))
                i = min(macro.range.upperBound, line.endIndex)
                textStart = i
            } else if rest.hasPrefix("`") {
                let run = rest.prefix { $0 == "`" }
                if !unclosedRuns.contains(run.count), let close = Self.closingRun(of: run.count, in: line[run.endIndex...]) {
                    flush(to: i)
                    pieces.append(.code(line[i..<close]))
                    i = close
                    textStart = i
                } else {
                    unclosedRuns.insert(run.count)
                    i = run.endIndex
                }
            } else if linksClose, rest.hasPrefix("[[") {
                guard let (link, end) = TweeImporter.link(at: i, in: line) else {
                    linksClose = false
                    continue
                }
                if let link {
                    flush(to: link.range.lowerBound)
                    pieces.append(.link(link))
                    textStart = end
                }
                i = end
            } else if rest.first == "(" || rest.first == "[" || rest.hasPrefix("<<"), let macro = TweeMacroLink.at(i, in: line) {
                flush(to: i)
                pieces.append(.macroLink(macro))
                i = macro.range.upperBound
                textStart = i
            } else if sugarCube, rest.hasPrefix("/*") || rest.hasPrefix("/%") {
                flush(to: i)
                pieces.append(.tag(name: "!--", start: i, end: i))
                hidden = .blockComment(rest.hasPrefix("/*") ? "*/" : "%/")
                i = line.index(i, offsetBy: 2)
                textStart = i
            } else if sugarCube, let (opener, closer) = [("\"\"\"", "\"\"\""), ("<nowiki>", "</nowiki>")].first(where: { rest.hasPrefix($0.0) }),
                      verbatimCloses.contains(closer),
                      let close = line[line.index(i, offsetBy: opener.count)...].firstRange(of: closer) {
                flush(to: i)
                pieces.append(.verbatim(line[line.index(i, offsetBy: opener.count)..<close.lowerBound]))
                i = close.upperBound
                textStart = i
            } else if sugarCube, rest.hasPrefix("{{{"), codeCloses || codeClosesBelow {
                // Code, even where it holds `[[…]]`: what is before the first `}}}`, on this
                // line or a later one. Never closed, it is text.
                let start = line.index(i, offsetBy: 3)
                let close = codeCloses ? line[start...].firstRange(of: "}}}") : nil
                if close == nil { codeCloses = false }
                if close != nil || codeClosesBelow {
                    flush(to: i)
                    pieces.append(.codeMarkup(line[start..<(close?.lowerBound ?? line.endIndex)]))
                    if close == nil { hidden = .code }
                    i = close?.upperBound ?? line.endIndex
                    textStart = i
                } else {
                    i = line.index(after: i)
                }
            } else if sugarCube, rest.hasPrefix("\"\"\"") || rest.hasPrefix("<nowiki>") {
                // Unclosed on this line: no later opening of the kind is searched for again.
                verbatimCloses.remove(rest.hasPrefix("<") ? "</nowiki>" : "\"\"\"")
                i = line.index(after: i)
            } else if rest.hasPrefix("<<") {
                // SugarCube's macros are no tags.
                i = line.index(i, offsetBy: 2)
            } else if rest.hasPrefix("<!--") {
                flush(to: i)
                pieces.append(.tag(name: "!--", start: i, end: i))
                hidden = .comment
                i = line.index(i, offsetBy: 4)
                textStart = i
            } else if tagsClose, rest.hasPrefix("<"), let tag = Self.tag(rest, closes: &tagsClose) {
                flush(to: i)
                pieces.append(.tag(name: tag.name, start: i, end: tag.end))
                if !tag.closing, !tag.selfClosing, tag.name == "script" || tag.name == "style" {
                    hidden = .element(tag.name)
                }
                i = tag.end
                textStart = i
            } else {
                i = line.index(after: i)
            }
        }
        flush(to: line.endIndex)
    }

    /// The number of the last of `lines` that holds a `}}}`: a SugarCube `{{{` on a line before it
    /// opens code (see `codeClosesBelow`).
    static func lastCodeClose(in lines: [(number: Int, text: Substring)]) -> Int {
        lines.last { $0.text.contains("}}}") }?.number ?? 0
    }

    /// Where the comment or element ends in `text`: just after its `-->` or closing tag.
    static func end(of hidden: Hidden, in text: Substring) -> String.Index? {
        switch hidden {
        case .comment:
            return text.firstRange(of: "-->")?.upperBound
        case .blockComment(let closer):
            return text.firstRange(of: closer)?.upperBound
        case .code:
            return text.firstRange(of: "}}}")?.upperBound
        case .element(let name):
            var from = text.startIndex
            while let open = text[from...].firstRange(of: "</") {
                if let tag = tag(text[open.lowerBound...]), tag.closing, tag.name == name { return tag.end }
                from = open.upperBound
            }
            return nil
        }
    }

    /// The end of the first run of exactly `count` backticks in `text`.
    static func closingRun(of count: Int, in text: Substring) -> String.Index? {
        var i = text.startIndex
        while i < text.endIndex {
            guard text[i] == "`" else {
                i = text.index(after: i)
                continue
            }
            let run = text[i...].prefix { $0 == "`" }
            if run.count == count { return run.endIndex }
            i = run.endIndex
        }
        return nil
    }

    /// An HTML tag at the start of `text`: `<name attributes>`, `<name/>` or `</name>`, its
    /// name lower-cased. Harlowe's `<name|` and a `<` in prose are none.
    static func tag(_ text: Substring) -> (name: String, closing: Bool, selfClosing: Bool, end: String.Index)? {
        var closes = true
        return tag(text, closes: &closes)
    }

    /// `closes` is set false when the search for the tag's `>` ran to the end of the text.
    static func tag(
        _ text: Substring, closes: inout Bool
    ) -> (name: String, closing: Bool, selfClosing: Bool, end: String.Index)? {
        var i = text.index(after: text.startIndex)
        let closing = i < text.endIndex && text[i] == "/"
        if closing { i = text.index(after: i) }
        guard i < text.endIndex, text[i].isASCII, text[i].isLetter else { return nil }
        let name = text[i...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        i = name.endIndex
        guard i < text.endIndex, text[i] == ">" || text[i] == "/" || text[i].isWhitespace else { return nil }
        if closing {
            i = text[i...].firstIndex { !$0.isWhitespace } ?? text.endIndex
            guard i < text.endIndex, text[i] == ">" else { return nil }
            return (name.lowercased(), true, false, text.index(after: i))
        }
        var quote: Character?
        var previous: Character = " "
        while i < text.endIndex {
            let character = text[i]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ">" {
                return (name.lowercased(), false, previous == "/", text.index(after: i))
            }
            previous = character
            i = text.index(after: i)
        }
        closes = false
        return nil
    }
}
