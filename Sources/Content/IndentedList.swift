import Diagnostics
import Markdown

/// Lists that Markdown did not read as the author meant: indented by a tab or four spaces
/// (an indented code block), or nested under one item. Both pass without a word otherwise:
/// the question seems to have no answers, a story page no choices.
enum IndentedList {
    /// The first indented (not fenced) code block whose first line reads as a list item.
    static func codeBlock(in blocks: [Node], file: SourceFile) -> Node? {
        blocks.first { block in
            guard case .codeBlock(_, let literal) = block.kind, !isFenced(block, file: file) else { return false }
            let first = literal.split(separator: "\n").first { !$0.allSatisfy(\.isWhitespace) }
            return first.map { isListItem($0.trimmingPrefix(while: \.isWhitespace)) } ?? false
        }
    }

    /// An indented code block before the list whose first line reads as one of its items:
    /// `- On a beach {summer}` or `- [x] Paris` indented by mistake, shown as code above the
    /// others. `isItem` tells an item's text (after its marker) by its outcomes or its box,
    /// so that a code sample in the question is left alone.
    static func strayItem(in blocks: some Collection<Node>, file: SourceFile, isItem: (Substring) -> Bool) -> Node? {
        blocks.first { block in
            guard case .codeBlock(_, let literal) = block.kind, !isFenced(block, file: file),
                  let first = literal.split(separator: "\n").first(where: { !$0.allSatisfy(\.isWhitespace) }) else { return false }
            let line = first.trimmingPrefix(while: \.isWhitespace)
            return isListItem(line) && isItem(line.drop { !$0.isWhitespace }.trimmingPrefix(while: \.isWhitespace))
        }
    }

    static func strayError(_ block: Node, item: String, file: SourceFile) -> Diagnostic {
        file.error(
            "this \(item) is indented \(indentation(of: block, file: file)), so Markdown reads it as a code block above the others, not \(article(item)) \(item)",
            line: block.range.start.line, byteColumn: 1, hint: "start it at the beginning of its line, as the others")
    }

    /// The error for a question whose answers (or choices) are such a code block.
    static func error(_ block: Node, items: String, example: String, file: SourceFile) -> Diagnostic {
        file.error(
            "the \(items) are indented \(indentation(of: block, file: file)), so Markdown reads them as a code block, not a list",
            line: block.range.start.line, byteColumn: 1,
            hint: "start each of them at the beginning of its line, e.g. '\(example)'")
    }

    /// How the block's first line is indented, in words.
    static func indentation(of block: Node, file: SourceFile) -> String {
        file.line(block.range.start.line).first == "\t" ? "with a tab" : "by four spaces or more"
    }

    /// A list nested under an item: its items become part of that item's text.
    static func nested(in item: Node) -> Node? {
        item.childNodes.dropFirst().first(where: \.isList)
    }

    static func nestedError(_ list: Node, item: String, file: SourceFile) -> Diagnostic {
        let start = list.range.start
        return file.error(
            "this list is nested under the \(item) above it, so its items would be part of that \(item)'s text",
            line: start.line, byteColumn: start.column,
            hint: "start every \(item) at the same indentation as the first; \(article(item)) \(item) cannot hold a list")
    }

    /// "an answer", "a choice": the article of the English word, by its first letter.
    static func article(_ word: String) -> String {
        word.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }

    /// A story page's indented code blocks that hold links to its pages: choices the author
    /// indented, which Markdown shows as code instead. One warning per block, at its first link.
    static func choiceLinksInCode(_ blocks: [Node], pages: [String: Int], file: SourceFile) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        choiceLinksInCode(blocks, pages: pages, file: file, into: &diagnostics)
        return diagnostics
    }

    /// The blocks are read in place (`childNodes`), and the warnings go into one array: most
    /// pages have no code at all, and arrays of children made to look for it cost more.
    private static func choiceLinksInCode(
        _ blocks: some Collection<Node>, pages: [String: Int], file: SourceFile, into diagnostics: inout [Diagnostic]
    ) {
        for block in blocks {
            // Read on the node: `kind` would make strings of every text it passes.
            guard block.isCodeBlock, case .codeBlock(_, let literal) = block.kind, !isFenced(block, file: file) else {
                if block.holdsBlocks { choiceLinksInCode(block.childNodes, pages: pages, file: file, into: &diagnostics) }
                continue
            }
            for (offset, line) in literal.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let link = firstPageLink(in: line, pages: pages) else { continue }
                let id = link.id
                let lineNumber = block.range.start.line + offset
                let column = fileColumn(of: link.start, in: line, onFileLine: file.line(lineNumber))
                diagnostics.append(file.warning(
                    "this link to page '\(id)' is in a code block (indented \(indentation(of: block, file: file))), so it is no choice",
                    line: lineNumber, byteColumn: column,
                    hint: "start the line of each choice at the beginning of the line, e.g. '- [Go inside](#\(id))'"))
                break
            }
        }
    }

    /// The page id of the first `[text](#id)` on a line of code that names a page, and where
    /// the link starts: its `[` (its `]` when no `[` opens it).
    static func firstPageLink(in line: Substring, pages: [String: Int]) -> (id: String, start: Substring.Index)? {
        var rest = line[...]
        while let found = rest.firstRange(of: "](#") {
            let after = rest[found.upperBound...]
            let raw = after.prefix { $0 != ")" && $0 != " " }
            if let id = Story.fragment(of: "#" + raw), pages[id] != nil {
                return (id, opening(of: found.lowerBound, in: line) ?? found.lowerBound)
            }
            rest = after
        }
        return nil
    }

    /// The `[` that the `]` at `close` closes, past any bracketed text nested inside.
    static func opening(of close: Substring.Index, in line: Substring) -> Substring.Index? {
        var depth = 0
        var i = close
        while i > line.startIndex {
            i = line.index(before: i)
            if line[i] == "]" {
                depth += 1
            } else if line[i] == "[" {
                if depth == 0 { return i }
                depth -= 1
            }
        }
        return nil
    }

    /// The file's byte column of a position in a line of a code block's text. That text is
    /// the end of the file's line (cmark takes off the indentation and any '>' before it),
    /// so the column is found from the end, not from the start of the file's line.
    static func fileColumn(of position: Substring.Index, in codeLine: Substring, onFileLine fileLine: String) -> Int {
        let offset = codeLine.utf8.distance(from: codeLine.startIndex, to: position)
        let code = codeLine.utf8, line = fileLine.utf8
        if line.count >= code.count, line.suffix(code.count).elementsEqual(code) {
            return line.count - code.count + offset + 1
        }
        // A tab cmark widened into spaces: the link's own text is looked for instead.
        let link = codeLine[position...].utf8
        return line.firstRange(of: link).map { line.distance(from: line.startIndex, to: $0.lowerBound) + 1 } ?? 1
    }

    static func isFenced(_ block: Node, file: SourceFile) -> Bool {
        let line = file.line(block.range.start.line).drop { $0 == " " }
        return line.hasPrefix("```") || line.hasPrefix("~~~")
    }

    /// `- x`, `* x`, `+ x`, `1. x`, `1) x`.
    static func isListItem(_ line: Substring) -> Bool {
        if let first = line.first, "-*+".contains(first) {
            return line.dropFirst().first.map { $0 == " " || $0 == "\t" } ?? false
        }
        let digits = line.prefix(while: \.isASCIIDigit)
        guard !digits.isEmpty, digits.count <= 9 else { return false }
        let rest = line.dropFirst(digits.count)
        guard let mark = rest.first, mark == "." || mark == ")" else { return false }
        return rest.dropFirst().first.map { $0 == " " || $0 == "\t" } ?? false
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
