/// A beginner's slip behind a libyaml error, found again on the YAML's lines, with the
/// place to fix and a hint that shows how: a tab that indents a line, a `: ` inside a value,
/// a key without its colon, a value that starts with a quote and does not end with it.
/// libyaml names what it could not read, often a line or more after the slip.
public struct YAMLSlip: Equatable {
    var message: String
    /// 1-based, in the YAML's own lines; the column counts characters.
    var line: Int
    var column: Int
    var hint: String

    /// - Parameters:
    ///   - lines: the YAML's lines, without their line breaks.
    ///   - place: where libyaml reports the error (1-based line; column in Unicode scalars).
    ///   - contextPlace: where the construct it was reading started, when it says.
    static func find(
        problem: String, context: String?, place: (line: Int, column: Int), contextPlace: (line: Int, column: Int)?,
        lines: [String]
    ) -> YAMLSlip? {
        let errorLine = min(place.line, lines.count)
        guard errorLine >= 1 else { return nil }
        if let quote = quoteSlip(lines: lines, errorLine: errorLine) { return quote }
        if problem.contains("tab") || problem == "found character that cannot start any token",
           let tab = tabSlip(lines[errorLine - 1], line: errorLine) {
            return tab
        }
        if problem == "mapping values are not allowed in this context" {
            let line = lines[errorLine - 1]
            if let split = KeyLine(line), split.colonColumn < place.column {
                return YAMLSlip(
                    message: "not valid YAML: a ': ' inside a value starts another key", line: errorLine,
                    column: characterColumn(line, scalarColumn: place.column),
                    hint: "put the whole value in quotes: " + split.quotedValueLine)
            }
            if let colonless = colonlessLine(above: errorLine, lines: lines) { return colonless }
        }
        if problem == "did not find expected <document start>" {
            // The document was a text that a comment ended (`kind trivia  # the kind`).
            return colonlessLine(above: errorLine, lines: lines)
        }
        if problem == "could not find expected ':'", context == "while scanning a simple key", let contextPlace,
           contextPlace.line >= 1, contextPlace.line <= lines.count {
            return missingColon(at: contextPlace.line, in: lines)
        }
        return nil
    }

    // MARK: Tabs

    /// A tab among the spaces that indent a line.
    static func tabSlip(_ text: String, line: Int) -> YAMLSlip? {
        let indent = text.prefix { $0 == " " || $0 == "\t" }
        guard let tab = indent.firstIndex(of: "\t"), indent.count < text.count else { return nil }
        return YAMLSlip(
            message: "not valid YAML: a tab indents this line", line: line,
            column: text.distance(from: text.startIndex, to: tab) + 1,
            hint: "YAML indents with spaces only: replace the tab with spaces")
    }

    // MARK: Colons

    /// A line `key: value`, with where its key's colon is and the line with its value quoted.
    struct KeyLine {
        var key: Substring
        var value: Substring
        /// In Unicode scalars, as libyaml counts.
        var colonColumn: Int

        /// Nil for a line that is no `key:` line (a list item, a comment, a line with no colon).
        init?(_ line: String) {
            let text = line.drop { $0 == " " }
            guard let first = text.first, first != "#", first != "-", first != "'", first != "\"" else { return nil }
            // The key's colon: the first one that a space or the line's end follows.
            var index = text.startIndex
            while index < text.endIndex {
                let next = text.index(after: index)
                if text[index] == ":", next == text.endIndex || text[next] == " " || text[next] == "\t" { break }
                index = next
            }
            guard index < text.endIndex else { return nil }
            key = line[line.startIndex..<index]
            value = text[text.index(after: index)...].drop { $0 == " " || $0 == "\t" }
            colonColumn = line.unicodeScalars.distance(from: line.unicodeScalars.startIndex, to: index) + 1
        }

        /// `key: "value"`, a comment after the value left after the quotes.
        var quotedValueLine: String {
            let (value, comment) = YAMLSlip.splittingComment(self.value)
            return "\(key.drop { $0 == " " }): \(YAMLQuoting.quoted(value))\(comment)"
        }
    }

    /// The first of the lines just above `line` (at its indent) that have no colon: libyaml
    /// reads them and the key below as one text, and stops only at that key's colon.
    static func colonlessLine(above line: Int, lines: [String]) -> YAMLSlip? {
        let indent = lines[line - 1].prefix { $0 == " " }.count
        var first: Int?
        var k = line - 1
        while k >= 1 {
            let text = lines[k - 1]
            let content = text.drop { $0 == " " }
            if content.isEmpty || content.hasPrefix("#") {
                k -= 1
                continue
            }
            guard text.count - content.count == indent, KeyLine(text) == nil, !content.hasPrefix("- "), content != "-",
                  !content.hasPrefix("'"), !content.hasPrefix("\""), !content.contains(": ") else { break }
            first = k
            k -= 1
        }
        return first.flatMap { missingColon(at: $0, in: lines) }
    }

    /// `kind trivia` on `line`: the slip at the space where the colon belongs.
    static func missingColon(at line: Int, in lines: [String]) -> YAMLSlip? {
        let text = lines[line - 1]
        guard let fix = colonFix(text) else { return nil }
        // Under `description: a long` (prose, at the same indent), the line may be meant as
        // more of that value, which goes on only on lines indented more.
        let indent = text.prefix { $0 == " " }.count
        let above = lines[..<(line - 1)].last { !$0.drop { $0 == " " }.isEmpty && !$0.drop { $0 == " " }.hasPrefix("#") }
        var continues = false
        if let above, let key = KeyLine(above) {
            continues = key.value.contains(" ") && above.prefix { $0 == " " }.count == indent
        }
        return YAMLSlip(
            message: "not valid YAML: this line has no ':' after its key", line: line, column: fix.column,
            hint: "write a colon and a space after the key: \(fix.line)" + (continues ? "; or, if it goes on the value above, indent it" : ""))
    }

    /// A line that is a key and a value with no colon between them (`kind trivia`), as it
    /// should be written (`kind: trivia`), and the character column where the colon goes.
    public static func colonFix(_ text: String) -> (line: String, column: Int)? {
        let content = text.drop { $0 == " " }
        guard let first = content.first, first != "#", first != "-", first != "[", first != "{", first != "'", first != "\"",
              !content.contains(":") else { return nil }
        let key = content.prefix { $0 != " " && $0 != "\t" }
        let (value, comment) = splittingComment(content.dropFirst(key.count))
        let column = text.count - content.count + key.count + 1
        return ("\(key): \(value.isEmpty ? "…" : value)\(comment)", column)
    }

    /// A value without the blanks around it, and a comment after it (`# …` after a blank),
    /// kept with one space before it ("" when there is none).
    static func splittingComment(_ text: Substring) -> (value: String, comment: String) {
        var value = text
        var comment = ""
        if let hash = text.indices.first(where: { i in
            text[i] == "#" && (i == text.startIndex || text[text.index(before: i)] == " " || text[text.index(before: i)] == "\t")
        }) {
            comment = " " + String(text[hash...]).trimmingTrailingBlanks
            value = text[..<hash]
        }
        return (String(value.drop { $0 == " " || $0 == "\t" }).trimmingTrailingBlanks, comment)
    }

    // MARK: Quotes

    /// A value that starts with a quote not closed on its line, whose quoted text runs to the
    /// error (`title: 'Tis the season`, closed at last by the apostrophe of `It's` below or
    /// by nothing at all), or that is closed before the rest of its line (`'Tis' the season`).
    static func quoteSlip(lines: [String], errorLine: Int) -> YAMLSlip? {
        var k = 1
        while k <= errorLine {
            let text = Array(lines[k - 1].unicodeScalars)
            guard let open = valueQuote(text) else {
                k += 1
                continue
            }
            let quote = text[open]
            let written = KeyLine(lines[k - 1])
            if let close = closing(quote, in: text, from: open + 1) {
                // Closed on its line: a slip only when more text follows on the error's line.
                let rest = text[(close + 1)...].drop { $0 == " " || $0 == "\t" }
                if k == errorLine, let next = rest.first, next != "#", let written {
                    let value = String(String.UnicodeScalarView(text[open...])).trimmingTrailingBlanks
                    return YAMLSlip(
                        message: "not valid YAML: the quoted value ends at its closing quote, and more follows it",
                        line: k, column: characterColumn(lines[k - 1], scalarColumn: open + 1),
                        hint: "a value that starts with a quote ends at the next one: put the whole value in quotes: "
                            + "\(written.key.drop { $0 == " " }): \(YAMLQuoting.quoted(value))")
                }
                k += 1
                continue
            }
            // Open at the end of its line: where does it close?
            var end: Int?
            var e = k + 1
            while e <= lines.count {
                if closing(quote, in: Array(lines[e - 1].unicodeScalars), from: 0) != nil {
                    end = e
                    break
                }
                e += 1
            }
            if let end, end < errorLine {
                // A quoted value over several lines, closed before the error: not this.
                k = end + 1
                continue
            }
            let value = String(String.UnicodeScalarView(text[open...])).trimmingTrailingBlanks
            let key = written.map { "\($0.key.drop { $0 == " " }): " } ?? ""
            let hint = quote == "'"
                ? "a ' at the start of a value begins quoted text, which runs to the next ': for an apostrophe, "
                    + "put the whole value in double quotes: \(key)\(YAMLQuoting.doubleQuoted(value))"
                : "end the value with \" on its line: \(key)\(value)\""
            return YAMLSlip(
                message: "not valid YAML: this value starts with a quote (\(quote)) that is not closed on its line",
                line: k, column: characterColumn(lines[k - 1], scalarColumn: open + 1), hint: hint)
        }
        return nil
    }

    /// Where a value that starts with a quote has it: after `key: ` or `- `.
    static func valueQuote(_ text: [Unicode.Scalar]) -> Int? {
        var i = 0
        while i < text.count, text[i] == " " { i += 1 }
        if i + 1 < text.count, text[i] == "-", text[i + 1] == " " {
            i += 1
        } else {
            // The key's colon, followed by a space.
            while i < text.count, !(text[i] == ":" && i + 1 < text.count && text[i + 1] == " ") {
                if text[i] == "#" || text[i] == "'" || text[i] == "\"" { return nil }
                i += 1
            }
            guard i < text.count else { return nil }
            i += 1
        }
        while i < text.count, text[i] == " " || text[i] == "\t" { i += 1 }
        guard i < text.count, text[i] == "'" || text[i] == "\"" else { return nil }
        return i
    }

    /// The index of the quote that closes quoted text, from `start` on: `''` is an apostrophe
    /// in single quotes, and `\"` (or any escape) is no end in double quotes.
    static func closing(_ quote: Unicode.Scalar, in text: [Unicode.Scalar], from start: Int) -> Int? {
        var i = start
        while i < text.count {
            if quote == "\"", text[i] == "\\" {
                i += 2
                continue
            }
            if text[i] == quote {
                if quote == "'", i + 1 < text.count, text[i + 1] == "'" {
                    i += 2
                    continue
                }
                return i
            }
            i += 1
        }
        return nil
    }

    /// A libyaml column (Unicode scalars) as a character column.
    static func characterColumn(_ line: String, scalarColumn: Int) -> Int {
        let scalars = line.unicodeScalars
        let index = scalars.index(scalars.startIndex, offsetBy: max(scalarColumn - 1, 0), limitedBy: scalars.endIndex) ?? scalars.endIndex
        return line[..<index].count + 1
    }
}

extension String {
    /// Without spaces and tabs at the end.
    var trimmingTrailingBlanks: String {
        var text = self
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
