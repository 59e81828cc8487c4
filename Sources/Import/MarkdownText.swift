import Support

/// Writing text into Markdown so that it reads back as the same text: every character that
/// Markdown (or quizgen's attribute blocks) could take for markup is escaped.
enum MarkdownText {
    /// Characters escaped wherever they stand. `{` and `}` because a heading or list item
    /// ending in braces would be read as an attribute block.
    static let special: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "{", "}", "#", "|", "!", "&", "~"]

    /// One line of text, e.g. a heading or a choice: line breaks become spaces.
    static func line(_ text: String) -> String {
        escape(text.split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }.joined(separator: " "))
    }

    /// `text` (one line) as a code span, its fence one backtick longer than any run in it, padded
    /// where a backtick or a space at both ends would otherwise be lost.
    static func codeSpan(_ text: some StringProtocol) -> String {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padded = text.hasPrefix("`") || text.hasSuffix("`")
            || (text.hasPrefix(" ") && text.hasSuffix(" ") && !text.allSatisfy { $0 == " " })
        return fence + (padded ? " " + text + " " : String(text)) + fence
    }

    /// Text as paragraphs: a blank line separates them, single line breaks are kept.
    static func paragraphs(_ text: String) -> [String] {
        var result: [[String]] = [[]]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = String(line).trimmingWhitespace
            if trimmed.isEmpty {
                if !result[result.count - 1].isEmpty { result.append([]) }
            } else {
                result[result.count - 1].append(escape(trimmed))
            }
        }
        return result.filter { !$0.isEmpty }.map { $0.joined(separator: "\n") }
    }

    /// Escapes the special characters, and at the start of the text what would begin a block
    /// (a list item, a numbered item, a setext underline).
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            if special.contains(character) { out.append("\\") }
            out.append(character)
        }
        if let first = out.first, "-+=".contains(first) {
            out.insert("\\", at: out.startIndex)
        } else {
            let digits = out.prefix { $0.isASCII && $0.isNumber }
            let rest = out.dropFirst(digits.count)
            if !digits.isEmpty, let mark = rest.first, mark == "." || mark == ")" {
                out = digits + "\\" + rest
            }
        }
        return out
    }

    /// A YAML single-quoted scalar on one line: `'` is doubled, and line breaks and other
    /// control characters (which single quotes cannot hold) become spaces.
    static func yamlString(_ text: String) -> String {
        let line = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
        return "'" + line.replacingAll("'", with: "''") + "'"
    }
}

extension Substring {
    var trimmingWhitespace: String { String(self).trimmingWhitespace }
}
