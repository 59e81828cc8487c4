import Diagnostics
import YAMLReading

/// Where a YAML comment cut a plain value short: `title: Quiz #3 for 7B` is the title "Quiz"
/// and the comment `#3 for 7B`, which no reader of the YAML keeps. Found again on the source
/// lines: the value's words are matched from its place on, and a `#` after a space or tab
/// following the last of them is the comment (a `#` inside a word, as in `C#`, is text).
struct CommentCut: Equatable {
    /// The comment's `#`: 1-based line and character column.
    var line: Int
    var column: Int
    /// The value as it was most likely meant: the value, and the comment after its spacing.
    var meant: String

    /// Nil when the value is not plain, not followed by a comment, or not found as written
    /// (an alias, a value with characters YAML reads as line breaks).
    static func find(_ entry: FrontMatter.Entry, in file: SourceFile) -> CommentCut? {
        guard case .scalar(let text, .plain) = entry.value.content, !text.isEmpty else { return nil }
        var number = entry.valueLine
        var line = Array(file.line(number).unicodeScalars)
        // libyaml's column counts Unicode scalars.
        var i = entry.valueColumn - 1
        guard i >= 0, i <= line.count else { return nil }
        func skipBlanks() {
            while i < line.count, line[i] == " " || line[i] == "\t" { i += 1 }
        }
        let words = text.unicodeScalars.split { $0 == " " || $0 == "\t" || $0 == "\n" }
        // An anchor or a tag before the value (`&t Quiz`) is not part of it.
        var properties = 0
        while i < line.count, line[i] == "&" || line[i] == "!", properties < 2, words.first.map({ !line[i...].starts(with: $0) }) ?? false {
            while i < line.count, line[i] != " ", line[i] != "\t" { i += 1 }
            skipBlanks()
            properties += 1
        }
        for word in words {
            skipBlanks()
            // A value over several lines goes on at the next line's first word.
            while i == line.count {
                number += 1
                guard number <= file.lineCount else { return nil }
                line = Array(file.line(number).unicodeScalars)
                i = 0
                skipBlanks()
            }
            guard line[i...].starts(with: word) else { return nil }
            i += word.count
        }
        let end = i
        skipBlanks()
        guard i > end, i < line.count, line[i] == "#" else { return nil }
        func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String { String(String.UnicodeScalarView(scalars)) }
        var last = line.count
        while last > i, line[last - 1] == " " || line[last - 1] == "\t" { last -= 1 }
        return CommentCut(line: number, column: string(line[..<i]).count + 1, meant: text + string(line[end..<last]))
    }
}
