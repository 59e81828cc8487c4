/// Formats diagnostics compiler-style:
///
///     Content/quiz.md:12:15: error: unknown outcome 'cta'
///        12 | - Fish {cta}
///           |         ^
///     hint: did you mean 'cat'?
public struct DiagnosticPrinter: Sendable {
    public var useColor: Bool
    /// For a browser (`serve`'s overlay): a caret line repeats the source line's text before
    /// the column, where a terminal gets spaces, for the overlay to draw hidden. The hidden
    /// copy takes the width of the text above it whatever the fonts, where a CJK glyph is
    /// rarely two cells of the monospace font, or a flag two.
    public var caretAfterText: Bool

    public init(useColor: Bool = false, caretAfterText: Bool = false) {
        self.useColor = useColor
        self.caretAfterText = caretAfterText
    }

    public func format(_ diagnostic: Diagnostic) -> String {
        var out = location(diagnostic)
        out += color(diagnostic.severity == .error ? "31" : "33", diagnostic.severity.rawValue + ":")
        out += " " + diagnostic.message + "\n"
        if let whole = diagnostic.sourceLine, diagnostic.line > 0 {
            let number = String(diagnostic.line)
            let gutter = String(repeating: " ", count: number.count)
            // A long line is kept only around the column: its part, with the column in it.
            let (source, column) = Self.window(whole, column: diagnostic.column - (diagnostic.sourceLineOffset ?? 0),
                                               cut: diagnostic.sourceLineOffset != nil)
            out += " \(number) | \(Self.printable(source))\n"
            if diagnostic.column > 0 {
                let before = caretAfterText
                    ? Self.printable(String(source.prefix(max(column - 1, 0)))) : Self.caretPadding(source, column: column)
                out += " \(gutter) | \(before)^\n"
            }
        }
        if let hint = diagnostic.hint {
            out += color("36", "hint:") + " " + hint + "\n"
        }
        return out
    }

    public func format(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(format).joined()
    }

    /// How many errors, and how many warnings, of one file a report lists.
    public static let listLimit = 50

    /// The report as a reader sees it: of each file, the first `limit` errors and the first
    /// `limit` warnings, then one line saying how many more there are. A bank of 200 bad rows
    /// or a story with 300 links to one missing page stays readable, and every file gets the
    /// same rule (`check --format json` still lists everything).
    public func format(_ diagnostics: [Diagnostic], limit: Int) -> String {
        var shown: [String: (errors: Int, warnings: Int)] = [:]
        var hidden: [String: (errors: Int, warnings: Int)] = [:]
        var last: [String: Int] = [:]
        var listed: [Diagnostic] = []
        listed.reserveCapacity(diagnostics.count)
        for diagnostic in diagnostics {
            var counts = shown[diagnostic.file, default: (0, 0)]
            let count = diagnostic.isError ? counts.errors : counts.warnings
            if count < limit {
                if diagnostic.isError { counts.errors += 1 } else { counts.warnings += 1 }
                shown[diagnostic.file] = counts
                last[diagnostic.file] = listed.count
                listed.append(diagnostic)
            } else if diagnostic.isError {
                hidden[diagnostic.file, default: (0, 0)].errors += 1
            } else {
                hidden[diagnostic.file, default: (0, 0)].warnings += 1
            }
        }
        var out = ""
        var after: [Int: String] = [:]
        for (file, counts) in hidden {
            let more = [(counts.errors, "more error"), (counts.warnings, "more warning")].filter { $0.0 > 0 }
                .map { Self.plural($0.0, $0.1) }.joined(separator: " and ")
            after[last[file]!] = "\(file): \(more) in this file not listed (" + color("36", "hint:")
                + " fix the ones above and look again; `quizgen check --format json` lists every one)\n"
        }
        for (i, diagnostic) in listed.enumerated() {
            out += format(diagnostic)
            if let line = after[i] { out += line }
        }
        return out
    }

    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    /// "3 errors and 1 warning", for the last line of a report.
    public static func summary(_ diagnostics: [Diagnostic]) -> String {
        "\(plural(diagnostics.errorCount, "error")) and \(plural(diagnostics.warningCount, "warning"))"
    }

    private func location(_ d: Diagnostic) -> String {
        var s = d.file
        if d.line > 0 {
            s += ":\(d.line)"
            if d.column > 0 { s += ":\(d.column)" }
        }
        return s + ": "
    }

    private func color(_ code: String, _ text: String) -> String {
        useColor ? "\u{1B}[1;\(code)m\(text)\u{1B}[0m" : text
    }

    /// Characters of a long line shown on either side of the column.
    static let windowReach = 60

    /// A long line as shown: the part around the column, with `…` where it is cut, and the
    /// column within that part. A whole line of megabytes (or one line quoted by thousands
    /// of warnings) would flood the terminal.
    static func window(_ line: String, column: Int, cut: Bool = false) -> (text: String, column: Int) {
        let reach = windowReach
        guard cut || line.utf8.count > 2 * reach + 40 else { return (line, column) }
        let at = max(column - 1, 0)
        let start = line.index(line.startIndex, offsetBy: max(at - reach, 0), limitedBy: line.endIndex) ?? line.endIndex
        let end = line.index(start, offsetBy: 2 * reach, limitedBy: line.endIndex) ?? line.endIndex
        let cutStart = start > line.startIndex, cutEnd = end < line.endIndex
        let text = (cutStart ? "…" : "") + line[start..<end] + (cutEnd ? "…" : "")
        return (text, column - max(at - reach, 0) + (cutStart ? 1 : 0))
    }

    /// Control characters in a source line would corrupt the terminal.
    static func printable(_ line: String) -> String {
        String(String.UnicodeScalarView(line.unicodeScalars.map { s in
            s == "\t" || s.value >= 0x20 && s.value != 0x7F ? s : "\u{FFFD}"
        }))
    }

    /// Spaces up to the column, keeping tabs and doubling wide (CJK, emoji) characters so
    /// that the caret lands under the right character in a terminal.
    static func caretPadding(_ line: String, column: Int) -> String {
        var pad = ""
        for character in line.prefix(max(column - 1, 0)) {
            pad += character == "\t" ? "\t" : String(repeating: " ", count: cells(character))
        }
        return pad
    }

    /// The columns a terminal gives one character (a grapheme cluster): two for East Asian
    /// wide characters and for emoji drawn as emoji, one for any other. A cluster is drawn at
    /// the width of its first scalar, except that a variation selector picks the emoji form
    /// (VS16: `❤️`, the keycap `1️⃣`, two cells) or the text form (VS15, one cell) of a
    /// character that has both; `❤` alone stays text, one cell. A flag (`🇯🇵`, two regional
    /// indicators) and a skin-tone or ZWJ sequence are wide by their first scalar. For carets
    /// here and for the columns of `check`'s tables.
    public static func cells(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if isEastAsianWide(first) { return 2 }
        if scalars.contains("\u{FE0E}") { return 1 }
        if first.properties.isEmojiPresentation { return 2 }
        if scalars.contains("\u{FE0F}"), first.properties.isEmoji { return 2 }
        return 1
    }

    /// East Asian wide: CJK, Hangul, full-width forms.
    private static func isEastAsianWide(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
