@testable import Diagnostics
import Testing

@Suite struct DiagnosticsTests {
    @Test func formatsCompilerStyleWithCaretAndHint() {
        let file = SourceFile(path: "Content/q.md", text: "---\nkind: personality\n---\n- Fish {cta}\n")
        let d = file.error("unknown outcome 'cta'", line: 4, byteColumn: 9, hint: "did you mean 'cat'?")
        #expect(DiagnosticPrinter().format(d) == """
            Content/q.md:4:9: error: unknown outcome 'cta'
             4 | - Fish {cta}
               |         ^
            hint: did you mean 'cat'?

            """)
    }

    /// A diagnostic on a long line keeps only the part around its column (a copy of the whole
    /// line in each of 20,000 warnings on one 400 KB line took gigabytes), and is printed as
    /// it was with the whole line: at the start, in the middle and at the end, with wide and
    /// combining characters before the column.
    @Test func aLongLineIsKeptAroundTheColumnAndPrintedTheSame() {
        let line = String(repeating: "word 日本 e\u{301} ", count: 800)
        let file = SourceFile(path: "Content/s.md", text: "---\nkind: story\n---\n" + line + "\n")
        let characters = Array(line)
        for column in [1, 5, 150, 199, 201, 202, 5_000, characters.count - 150, characters.count] {
            let byteColumn = String(characters.prefix(column - 1)).utf8.count + 1
            let kept = file.warning("w", line: 4, byteColumn: byteColumn)
            #expect(kept.column == column)
            #expect((kept.sourceLine?.count ?? 0) <= 2 * SourceFile.storedReach)
            var whole = kept
            (whole.sourceLine, whole.sourceLineOffset) = (line, nil)
            for printer in [DiagnosticPrinter(), DiagnosticPrinter(caretAfterText: true)] {
                #expect(printer.format(kept) == printer.format(whole), "column \(column)")
            }
        }
        // A short line is kept whole.
        #expect(file.warning("w", line: 2, byteColumn: 3).sourceLine == "kind: story")
    }

    /// Columns on long lines are counted on from checkpoints (`LineColumns`), not from the
    /// line's start each time: they are what counting from the start gave, at every byte of
    /// lines of wide characters, emoji sequences, flags, combining marks (one after a tab
    /// starts a character of its own) and a CRLF ending, asked for in any order.
    @Test func longLineColumnsAreWhatCountingFromTheStartGives() {
        let pieces = ["word ", "日本語", "😀", "👨\u{200D}👩\u{200D}👧", "🇯🇵", "🇫", "e\u{301}\u{302}", "\t\u{301}", "❤️", "1️⃣",
                      "\u{1100}\u{1161}\u{11A8}", "a\u{200D}", "\u{200D}", " ", "é", "\u{FE0F}"]
        var seed: UInt64 = 7
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        let lines = (0..<3).map { number in
            (0..<(280 + 80 * number)).map { _ in pieces[next(pieces.count)] }.joined()
        } + ["short 日本 e\u{301}", ""]
        #expect(lines.prefix(3).allSatisfy { $0.utf8.count > SourceFile.longLine })
        let text = lines.joined(separator: "\n") + "\r\n" + lines[0] + "\r\n"
        let all = lines + [lines[0]]
        /// The column as it was counted before: the characters of the bytes before it.
        func counted(_ line: String, _ byteColumn: Int) -> Int {
            let bytes = Array(line.utf8)
            guard byteColumn > 1 else { return max(byteColumn, 1) }
            var cut = min(byteColumn - 1, bytes.count)
            while cut > 0, cut < bytes.count, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
            return String(decoding: bytes[..<cut], as: UTF8.self).count + 1
        }
        /// The part of the line a diagnostic at `column` kept, as it was found before.
        func kept(_ line: String, _ column: Int) -> (String, Int?) {
            guard line.utf8.count > 8 * SourceFile.storedReach else { return (line, nil) }
            let skipped = max(column - 1 - SourceFile.storedReach, 0)
            let start = line.index(line.startIndex, offsetBy: skipped, limitedBy: line.endIndex) ?? line.endIndex
            let end = line.index(start, offsetBy: 2 * SourceFile.storedReach, limitedBy: line.endIndex) ?? line.endIndex
            return (String(line[start..<end]), skipped)
        }
        for order in 0..<3 {
            // A file of its own each time: its checkpoints are learnt anew.
            let file = SourceFile(path: "f.md", text: text)
            for (index, line) in all.enumerated() {
                var byteColumns = Array(0...(line.utf8.count + 2))
                if order == 1 { byteColumns.reverse() }
                if order == 2 {
                    for i in byteColumns.indices.dropFirst().reversed() { byteColumns.swapAt(i, next(i + 1)) }
                }
                for byteColumn in byteColumns {
                    let column = counted(line, byteColumn)
                    var expected = Diagnostic(.warning, "w", file: "f.md", line: index + 1, column: column)
                    (expected.sourceLine, expected.sourceLineOffset) = kept(line, column)
                    #expect(file.warning("w", line: index + 1, byteColumn: byteColumn) == expected, "line \(index + 1), byte \(byteColumn)")
                }
                for column in [1, 2, 150, 201, 202, 333, max(line.count, 1), line.count + 1, line.count + 500] {
                    var expected = Diagnostic(.warning, "w", file: "f.md", line: index + 1, column: column)
                    (expected.sourceLine, expected.sourceLineOffset) = kept(line, column)
                    #expect(file.diagnostic(.warning, "w", line: index + 1, characterColumn: column) == expected)
                }
            }
        }
        // The checkpoints themselves: where each character starts, and how many start before
        // each index of the line.
        let line = lines[2][...]
        let columns = LineColumns()
        let starts = Array(line.indices)
        for (n, start) in starts.enumerated().reversed() {
            #expect(columns.index(ofCharacter: n, in: line, number: 1) == start)
            #expect(columns.characters(before: start, in: line, number: 1) == n)
        }
        #expect(columns.index(ofCharacter: starts.count + 3, in: line, number: 1) == line.endIndex)
        #expect(columns.characters(before: line.endIndex, in: line, number: 1) == starts.count)
    }

    /// Of each file the first errors and the first warnings are listed, then one line says
    /// how many more; other files are listed in full, in the order given.
    @Test func aReportListsTheFirstOfEachFileAndCountsTheRest() {
        let printer = DiagnosticPrinter()
        func at(_ file: String, _ line: Int, _ severity: Diagnostic.Severity) -> Diagnostic {
            Diagnostic(severity, "m\(line)", file: file, line: line, column: 1)
        }
        let bank = (1...5).map { at("b.csv", $0, .error) } + (6...8).map { at("b.csv", $0, .warning) }
        let text = printer.format([at("a.md", 1, .error)] + bank + [at("c.md", 1, .warning)], limit: 2)
        #expect(text == """
            a.md:1:1: error: m1
            b.csv:1:1: error: m1
            b.csv:2:1: error: m2
            b.csv:6:1: warning: m6
            b.csv:7:1: warning: m7
            b.csv: 3 more errors and 1 more warning in this file not listed (hint: fix the ones above and look again; \
            `quizgen check --format json` lists every one)
            c.md:1:1: warning: m1

            """)
        #expect(printer.format(bank, limit: 5) == printer.format(bank))
    }

    @Test func columnsCountCharactersNotBytes() {
        let file = SourceFile(path: "f.md", text: "## Café {x}\n")
        // `{` is byte 10 but character 9; `x` is byte 11, character 10.
        #expect(file.characterColumn(line: 1, byteColumn: 11) == 10)
        #expect(file.characterColumn(line: 1, byteColumn: 7) == 7)
        // A column inside a multi-byte character points at the character.
        #expect(file.characterColumn(line: 1, byteColumn: 8) == 7)
        #expect(file.characterColumn(line: 1, byteColumn: 9) == 8)
    }

    @Test func caretUnderWideCharacters() {
        let file = SourceFile(path: "f.md", text: "- 森の中 {x}\n")
        let d = file.error("e", line: 1, byteColumn: 13)
        #expect(d.column == 7)
        #expect(DiagnosticPrinter().format(d).contains("\n   | " + String(repeating: " ", count: 2 + 6 + 1) + "^\n"))
    }

    /// For serve's overlay, the caret line repeats the text before the column (control
    /// characters shown as on the line above), to be drawn hidden: a browser's CJK glyphs are
    /// not two cells of its monospace font.
    @Test func forABrowserTheCaretFollowsTheTextBeforeItsColumn() {
        let file = SourceFile(path: "f.md", text: "暗くて\t寒い。[さらに](#深さ)\u{7}\n")
        let d = file.error("e", line: 1, byteColumn: "暗くて\t寒い。".utf8.count + 1)
        #expect(d.column == 8)
        #expect(DiagnosticPrinter(caretAfterText: true).format(d) == "f.md:1:8: error: e\n 1 | 暗くて\t寒い。[さらに](#深さ)\u{FFFD}\n   | 暗くて\t寒い。^\n")
        #expect(DiagnosticPrinter().format(d).contains("\n   |       \t      ^\n"))
        let long = SourceFile(path: "f.md", text: String(repeating: "森", count: 300) + "[x]\n")
        let cut = DiagnosticPrinter(caretAfterText: true).format(long.error("e", line: 1, byteColumn: 901)).split(separator: "\n")
        #expect(cut[2] == "   | …" + String(repeating: "森", count: DiagnosticPrinter.windowReach) + "^")
        #expect(cut[1].hasPrefix(" 1 | …" + String(repeating: "森", count: DiagnosticPrinter.windowReach) + "[x]"))
    }

    /// Terminals draw a flag, an emoji with VS16, a keycap and a skin-tone sequence two cells
    /// wide; a character that has a text form stays one cell without VS16 (or with VS15).
    @Test func emojiSequencesTakeTheCellsATerminalGivesThem() {
        let cases: [(String, Int)] = [
            ("🇯🇵", 2), ("❤️", 2), ("1️⃣", 2), ("#️⃣", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🚀", 2), ("⌚", 2), ("🫠", 2),
            ("❤", 1), ("❤︎", 1), ("☺", 1), ("1", 1), ("#", 1), ("1⃣", 1), ("é", 1), ("ｱ", 1),
            ("森", 2), ("𠮷", 2), ("한", 2), ("，", 2),
        ]
        for (text, cells) in cases {
            #expect(Character(text).unicodeScalars.count == text.unicodeScalars.count)
            #expect(DiagnosticPrinter.cells(Character(text)) == cells, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        for emoji in ["🇯🇵", "❤️", "1️⃣", "👍🏽"] {
            let d = SourceFile(path: "f.md", text: emoji + "[a](#x1)\n").error("e", line: 1, byteColumn: emoji.utf8.count + 1)
            #expect(d.column == 2)
            #expect(DiagnosticPrinter().format(d).contains("\n   |   ^\n"), "\(emoji)")
        }
    }

    /// A long line is shown around its column, cut with `…`, the caret still under the
    /// character: a whole line of megabytes, or one quoted by thousands of warnings, would
    /// flood the terminal.
    @Test func longLinesAreShownAroundTheColumn() {
        let line = String(repeating: "a", count: 500) + "X" + String(repeating: "b", count: 500)
        let d = SourceFile(path: "f.md", text: line + "\n").error("e", line: 1, byteColumn: 501)
        let shown = DiagnosticPrinter().format(d).split(separator: "\n").map(String.init)
        let reach = DiagnosticPrinter.windowReach
        #expect(shown[1] == " 1 | …" + String(repeating: "a", count: reach) + "X" + String(repeating: "b", count: reach - 1) + "…")
        #expect(shown[2] == "   | " + String(repeating: " ", count: reach + 1) + "^")
        // Near the start, nothing is cut before; a short line is shown whole.
        let early = DiagnosticPrinter().format(SourceFile(path: "f.md", text: line).error("e", line: 1, byteColumn: 3))
        #expect(early.contains("\n 1 | " + String(repeating: "a", count: 2 * reach) + "…\n   |   ^\n"))
        let short = DiagnosticPrinter().format(SourceFile(path: "f.md", text: "abc").error("e", line: 1, byteColumn: 2))
        #expect(short.contains("\n 1 | abc\n   |  ^\n"))
    }

    /// The index holds the offset after every `\n`, and only those: a `\r` is part of its
    /// line (and left out of the line's text), empty lines and a last line without a break count.
    @Test func lineStartsFollowEveryLineFeed() {
        let long = String(repeating: "x", count: 70)
        for text in ["", "one", "one\n", "\n\n", "a\r\nb\rc\n", "\u{FEFF}é\n森\n", long + "\n" + long, "\n" + long + "\n"] {
            var expected = [0]
            for (offset, byte) in text.utf8.enumerated() where byte == 0x0A { expected.append(offset + 1) }
            #expect(SourceFile(path: "f", text: text).lineStarts == expected, "\(text.debugDescription)")
        }
        let file = SourceFile(path: "f", text: "a\r\nb\rc\n" + long + "é")
        #expect(file.lineCount == 3)
        #expect(file.line(1) == "a" && file.line(2) == "b\rc" && file.line(3) == long + "é")
        let c = file.position(ofByte: 5), accent = file.position(ofByte: 7 + 70)
        #expect(c.line == 2 && c.byteColumn == 3)
        #expect(accent.line == 3 && accent.byteColumn == 71)
    }

    @Test func outOfRangeLinesAreClamped() {
        let file = SourceFile(path: "f.md", text: "one\n")
        #expect(file.error("e", line: 99).line == 2)
        #expect(file.line(0) == "")
    }

    @Test func nearestMatchSuggestsTyposOnly() {
        #expect(NearestMatch.find("cta", in: ["dog", "cat", "rabbit"]) == "cat")
        #expect(NearestMatch.find("multi", in: ["single", "multiple", "ranged"]) == "multiple")
        #expect(NearestMatch.find("zebra", in: ["dog", "cat"]) == nil)
        #expect(NearestMatch.find("x", in: [String]()) == nil)
        // Candidates whose length alone rules them out are skipped, not mistaken for matches.
        #expect(NearestMatch.find("pgae-12", in: ["p", "a-lot-more-and-pgae-12", "page-12"]) == "page-12")
        #expect(NearestMatch.find(String(repeating: "a", count: 300), in: [String(repeating: "a", count: 299)]) == nil)
    }

    /// The nearest candidate is found even when it is no typo: one that the word holds (or
    /// that holds it) first, else the smallest edit distance.
    @Test func nearestAlwaysNamesACandidate() {
        let rooms = (1...20).map { "room-\($0)" } + ["dungeon"]
        #expect(NearestMatch.find("the-dungeon", in: rooms) == nil)
        #expect(NearestMatch.nearest("the-dungeon", in: rooms) == "dungeon")
        #expect(NearestMatch.nearest("dungeon-deep", in: ["room-1", "dungeon", "room-2"]) == "dungeon")
        #expect(NearestMatch.nearest("cta", in: ["dog", "cat"]) == "cat")
        #expect(NearestMatch.nearest("xyzzy", in: ["the-entrance", "inside", "deep", "village"]) == "deep")
        #expect(NearestMatch.nearest("x", in: [String]()) == nil)
        var hints = NearestMatch.Hints(candidates: rooms, fallback: nil, alwaysNearest: true)
        #expect(hints.hint("the-dungeon") == "did you mean 'dungeon'?")
        var listed = NearestMatch.Hints(candidates: ["inside", "village"], fallback: "page ids: inside, village", alwaysNearest: true)
        #expect(listed.hint("zzz") == "did you mean 'inside'? page ids: inside, village")
    }

    @Test func hintsSearchEachWordOnceAndStopAfterTheLimit() {
        var hints = NearestMatch.Hints(candidates: ["inside", "village"], fallback: "page ids: inside, village")
        #expect(hints.hint("insde") == "did you mean 'inside'?")
        #expect(hints.hint("zzz") == "page ids: inside, village")
        for n in 0..<NearestMatch.searchLimit { _ = hints.hint("unknown\(n)") }
        // Past the limit a close word gets the fallback; one already searched keeps its hint.
        #expect(hints.hint("vilage") == "page ids: inside, village")
        #expect(hints.hint("insde") == "did you mean 'inside'?")
    }

    @Test func summaryCountsBoth() {
        let ds = [Diagnostic.error("a", file: "f"), .warning("b", file: "f"), .warning("c", file: "f")]
        #expect(DiagnosticPrinter.summary(ds) == "1 error and 2 warnings")
    }

    @Test func controlCharactersInSourceAreNotPrinted() {
        let d = Diagnostic.error("e", file: "f", line: 1, column: 1, sourceLine: "a\u{1B}[31mb")
        #expect(!DiagnosticPrinter().format(d).contains("\u{1B}"))
    }
}
