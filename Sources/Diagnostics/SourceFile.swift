import Support

/// The text of one input file with an index of its lines, so that a byte position from a
/// parser (cmark, libyaml, the CSV reader) can become a diagnostic with a character column
/// and the source line attached.
public struct SourceFile: Sendable {
    public let path: String
    public let text: String
    /// Byte offset of the start of each line; lineStarts[0] == 0.
    public let lineStarts: [Int]
    /// Where the characters of long lines start, as far as diagnostics asked.
    private let columns = LineColumns()

    public init(path: String, text: String) {
        self.path = path
        self.text = text
        var text = text
        lineStarts = text.withUTF8 { $0.lineStarts }
    }

    public var lineCount: Int { lineStarts.count }

    /// The text of a 1-based line without its line break ("" when out of range).
    public func line(_ number: Int) -> String {
        guard let range = byteRange(ofLine: number) else { return "" }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(utf8.startIndex, offsetBy: range.upperBound)
        return String(text[start..<end])
    }

    /// Byte range of a 1-based line, without the line break.
    public func byteRange(ofLine number: Int) -> Range<Int>? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        let start = lineStarts[number - 1]
        var end = number < lineStarts.count ? lineStarts[number] - 1 : text.utf8.count
        if end > start, text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: end - 1)] == UInt8(ascii: "\r") {
            end -= 1
        }
        return start..<max(start, end)
    }

    /// Converts a 1-based byte column on a line into a 1-based character column.
    public func characterColumn(line: Int, byteColumn: Int) -> Int {
        guard byteColumn > 1, let range = byteRange(ofLine: line) else { return max(byteColumn, 1) }
        // A byte column inside a multi-byte character points at that character.
        var cut = min(byteColumn - 1, range.count)
        while cut > 0, isContinuation(at: range.lowerBound + cut) {
            cut -= 1
        }
        guard range.count > Self.longLine else {
            let start = text.utf8.index(text.utf8.startIndex, offsetBy: range.lowerBound)
            return String(decoding: text.utf8[start...].prefix(cut), as: UTF8.self).count + 1
        }
        let whole = self.whole(range)
        return columns.characters(before: whole.utf8.index(whole.startIndex, offsetBy: cut), in: whole, number: line) + 1
    }

    /// A line over this many bytes keeps only the part around a diagnostic's column, and its
    /// columns are counted on from checkpoints (`LineColumns`), not from its start.
    static let longLine = 8 * storedReach

    /// The text of a line's byte range.
    private func whole(_ range: Range<Int>) -> Substring {
        let utf8 = text.utf8
        return text[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
    }

    private func isContinuation(at offset: Int) -> Bool {
        guard offset < text.utf8.count else { return false }
        return text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: offset)] & 0xC0 == 0x80
    }

    /// A diagnostic at a byte position (as parsers report them), with the line attached.
    public func diagnostic(
        _ severity: Diagnostic.Severity, _ message: String, line: Int, byteColumn: Int = 1, hint: String? = nil
    ) -> Diagnostic {
        let safeLine = min(max(line, 1), lineCount)
        let column = characterColumn(line: safeLine, byteColumn: byteColumn)
        var diagnostic = Diagnostic(severity, message, file: path, line: safeLine, column: column, hint: hint)
        (diagnostic.sourceLine, diagnostic.sourceLineOffset) = sourceLine(safeLine, around: column)
        return diagnostic
    }

    /// Characters of a long line kept each side of a diagnostic's column: far more than a
    /// report shows (`DiagnosticPrinter.windowReach`).
    public static let storedReach = 200

    /// The line as a diagnostic keeps it: whole, or of a long line (`longLine`), the
    /// characters within `storedReach` of the column and how many come before them.
    func sourceLine(_ number: Int, around column: Int) -> (String, Int?) {
        guard let range = byteRange(ofLine: number), range.count > Self.longLine else { return (line(number), nil) }
        let whole = self.whole(range)
        let skipped = max(column - 1 - Self.storedReach, 0)
        let start = columns.index(ofCharacter: skipped, in: whole, number: number)
        let end = whole.index(start, offsetBy: 2 * Self.storedReach, limitedBy: whole.endIndex) ?? whole.endIndex
        return (String(whole[start..<end]), skipped)
    }

    /// The 1-based line and byte column of a byte offset into the text.
    public func position(ofByte offset: Int) -> (line: Int, byteColumn: Int) {
        // The last line that starts at or before the offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    /// A diagnostic at a byte offset into the whole text (as a byte scan finds it).
    public func diagnostic(
        _ severity: Diagnostic.Severity, _ message: String, byteOffset: Int, hint: String? = nil
    ) -> Diagnostic {
        let (line, byteColumn) = position(ofByte: byteOffset)
        return diagnostic(severity, message, line: line, byteColumn: byteColumn, hint: hint)
    }

    public func error(_ message: String, line: Int, byteColumn: Int = 1, hint: String? = nil) -> Diagnostic {
        diagnostic(.error, message, line: line, byteColumn: byteColumn, hint: hint)
    }

    public func warning(_ message: String, line: Int, byteColumn: Int = 1, hint: String? = nil) -> Diagnostic {
        diagnostic(.warning, message, line: line, byteColumn: byteColumn, hint: hint)
    }
}

extension SourceFile {
    /// A diagnostic at a character column (libyaml reports characters, not bytes).
    public func diagnostic(
        _ severity: Diagnostic.Severity, _ message: String, line: Int, characterColumn: Int, hint: String? = nil
    ) -> Diagnostic {
        let safeLine = min(max(line, 1), lineCount)
        var diagnostic = Diagnostic(severity, message, file: path, line: safeLine, column: max(characterColumn, 1), hint: hint)
        (diagnostic.sourceLine, diagnostic.sourceLineOffset) = sourceLine(safeLine, around: max(characterColumn, 1))
        return diagnostic
    }
}
