import Diagnostics
import Markdown
import Support
import SwiftCSV

/// Questions from a CSV bank. The only user of SwiftCSV: it reads the rows (quoted fields,
/// embedded line breaks, a byte-order mark, CRLF); this file names the columns, counts lines
/// so that every problem points at its row, and validates each row like a Markdown question.
/// CSV fields are plain text, not Markdown.
enum TriviaBank {
    static let required = ["question", "choices", "answer"]
    /// How to fix a bank that is not UTF-8, in the spreadsheets that write banks.
    static let saveAsUTF8 = "save it as UTF-8: in Excel, Save As \"CSV UTF-8 (Comma delimited)\"; in LibreOffice, "
        + "choose the character set Unicode (UTF-8)"
    static let optional = ["points", "level", "explanation"]
    /// Longer fields are almost surely a mistake (a missing quote), and would make one
    /// enormous page. The file's size has the limit of every text file the build reads (the
    /// loader's), and a page too heavy for readers is a warning after rendering.
    static let fieldLimit = 10_000
    /// A header this long is not a list of column names (and would be read more than once).
    static let headerLimit = 10_000

    struct Result {
        var questions: [TriviaQuiz.Question] = []
        /// Data rows, for checking `pick`; nil when the header could not be read.
        var rowCount: Int?
        var file: SourceFile
        var diagnostics: [Diagnostic] = []
    }

    struct Row {
        var line: Int
        var fields: [String]
        /// How many lines of the file the row takes: more than one when a quoted field holds
        /// a line break.
        var lines: Int
    }

    /// - Parameter delimiter: what separates fields (`bank-delimiter`); nil to tell it from
    ///   the header row, as spreadsheets write commas, semicolons (Excel in most European
    ///   locales) or tabs.
    static func parse(
        _ raw: String, path: String, separator: String, delimiter: Character? = nil, levels: inout TriviaParser.Levels
    ) -> Result {
        let text = normalized(raw)
        let file = SourceFile(path: path, text: text)
        var result = Result(file: file)
        // ASCII saved as UTF-16 or UTF-32 without a mark reads as UTF-8 with NULs between
        // the letters: as with a mark, said so at the start.
        if let encoding = ByteOrderMark.unmarked(text.utf8) {
            result.diagnostics.append(file.error(ByteOrderMark.notUTF8("the bank file", encoding: encoding), line: 1, hint: saveAsUTF8))
            return result
        }
        let headerLength = text.utf8.firstIndex(of: UInt8(ascii: "\n")).map { text.utf8.distance(from: text.utf8.startIndex, to: $0) } ?? text.utf8.count
        guard headerLength <= headerLimit else {
            result.diagnostics.append(.error(
                "the header line is \(headerLength) bytes long; it should name the columns question, choices and answer",
                file: path, line: 1, column: 1))
            return result
        }
        guard text.contains(where: { !$0.isWhitespace }) else {
            result.diagnostics.append(file.error(
                "the bank file is empty", line: 1,
                hint: "its first line names the columns: question,choices,answer"))
            return result
        }

        let delimiter = delimiter ?? detectDelimiter(text)
        let (rows, readProblem) = readRows(text, delimiter: delimiter, file: file)
        guard let header = rows.first else {
            result.diagnostics += readProblem.map { [$0] } ?? []
            return result
        }
        guard let columns = Columns(header.fields, file: file, delimiter: delimiter, diagnostics: &result.diagnostics) else {
            result.diagnostics += readProblem.map { [$0] } ?? []
            return result
        }
        var problems: [Diagnostic] = []
        let dataRows = rows.dropFirst().filter { !$0.fields.allSatisfy { $0.allSatisfy(\.isWhitespace) } }
        result.rowCount = dataRows.count
        for row in dataRows {
            var (question, rowProblems) = parseRow(row, columns: columns, separator: separator, delimiter: delimiter, file: file, levels: &levels)
            if rowProblems.hasErrors, let shifted = unquotedDelimiter(in: row, columns: columns, separator: separator, delimiter: delimiter, file: file, levels: levels) {
                (question, rowProblems) = (nil, [shifted])
            }
            problems += rowProblems
            if let question { result.questions.append(question) }
        }
        if columns.index["time"] != nil, let row = dataRows.first(where: { !(columns.value("time", in: $0.fields) ?? "").isEmpty }) {
            let value = columns.value("time", in: row.fields) ?? ""
            // At the column's name in the header.
            let at = headerColumn(columns.index["time"], file: file, delimiter: delimiter)
            problems.append(file.warning(
                "the time limit column is ignored: a quiz has one time limit for every question", line: 1, byteColumn: at,
                hint: "set it in the front matter, e.g. time: \(Int(value) ?? 20)"))
        }
        problems += readProblem.map { [$0] } ?? []
        // Every error is kept (and counted): the report lists the first of each file
        // (`DiagnosticPrinter.listLimit`), so a broken bank stays readable.
        result.diagnostics += problems
        return result
    }

    /// CRLF and lone CR become LF (lines as the SourceFile counts them), the byte-order mark
    /// goes, and the rarer line separators that the CSV reader would take for row ends
    /// (VT, FF, NEL, U+2028, U+2029) become spaces, so that row lines and file lines agree.
    static func normalized(_ raw: String) -> String {
        var text = raw.hasPrefix("\u{FEFF}") ? String(raw.dropFirst()) : raw
        let unusual: Set<Unicode.Scalar> = ["\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
        guard text.unicodeScalars.contains(where: { $0 == "\r" || unusual.contains($0) }) else { return text }
        var scalars = String.UnicodeScalarView()
        var previousCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\r" {
                scalars.append("\n")
                previousCR = true
                continue
            }
            if !(scalar == "\n" && previousCR) {
                scalars.append(unusual.contains(scalar) ? " " : scalar)
            }
            previousCR = false
        }
        text = String(scalars)
        return text
    }

    /// Every row with the line it starts on. A row ends at the line break after its last
    /// field, so the next row starts one line further than the line breaks inside its
    /// quoted fields.
    static func readRows(_ text: String, delimiter: Character = ",", file: SourceFile) -> ([Row], Diagnostic?) {
        var rows: [Row] = []
        var line = 1
        let name = delimiterNames[delimiter] ?? "'\(delimiter)'"
        let malformedHint = "a field with a \(name), a quote or a line break goes in double quotes, "
            + "with each quote inside written twice: \"He said \"\"hi\"\"\""
        do {
            let csv = try EnumeratedCSV(string: text, delimiter: CSVDelimiter(unicodeScalarLiteral: delimiter), loadColumns: false, rowLimit: 0)
            try csv.enumerateAsArray(startAt: 0, rowLimit: nil) { fields in
                let breaks = fields.reduce(0) { $0 + $1.utf8.count { $0 == UInt8(ascii: "\n") } }
                rows.append(Row(line: line, fields: fields, lines: breaks + 1))
                line += breaks + 1
            }
        } catch {
            let detail = (error as? CSVParseError).map(Self.describe) ?? "\(error)"
            return (rows, file.error("malformed CSV in the row starting on this line: \(detail)", line: line, hint: malformedHint))
        }
        // A quote that is never closed takes the rest of the file into one field: every
        // well-formed file has an even number of quotes.
        if text.utf8.count(where: { $0 == UInt8(ascii: "\"") }) % 2 == 1, let last = rows.popLast() {
            return (rows, file.error(
                "malformed CSV: a quoted field that starts in this row is never closed", line: last.line, hint: malformedHint))
        }
        return (rows, nil)
    }

    /// Where each field of a one-line row stands on its line, in bytes from 0: the quotes
    /// around a quoted field are left out. The delimiter may take several bytes (a full-width
    /// `，` takes three); UTF-8 finds its bytes only where the character stands.
    static func fieldSpans(_ line: [UInt8], delimiter: Character) -> [Range<Int>] {
        let separator = Array(String(delimiter).utf8)
        let quote = UInt8(ascii: "\"")
        func separates(at i: Int) -> Bool {
            i + separator.count <= line.count && line[i..<(i + separator.count)].elementsEqual(separator)
        }
        var spans: [Range<Int>] = []
        var i = 0
        while true {
            var start = i, end = i
            if i < line.count, line[i] == quote {
                start = i + 1
                i += 1
                while i < line.count {
                    if line[i] == quote {
                        if i + 1 < line.count, line[i + 1] == quote { i += 2; continue }
                        break
                    }
                    i += 1
                }
                end = i
                while i < line.count, !separates(at: i) { i += 1 }
            } else {
                while i < line.count, !separates(at: i) { i += 1 }
                end = i
            }
            spans.append(start..<end)
            guard i < line.count else { return spans }
            i += separator.count
        }
    }

    /// The byte column where field `index` of the header row stands (1 when there is none).
    static func headerColumn(_ index: Int?, file: SourceFile, delimiter: Character) -> Int {
        guard let index else { return 1 }
        let spans = fieldSpans(Array(file.line(1).utf8), delimiter: delimiter)
        return index < spans.count ? spans[index].lowerBound + 1 : 1
    }

    static let delimiterNames: [Character: String] = [",": "comma", ";": "semicolon", "\t": "tab"]

    /// The delimiter the header row uses most, outside quotes: a comma unless semicolons or
    /// tabs outnumber commas there.
    static func detectDelimiter(_ text: String) -> Character {
        var counts: [Character: Int] = [:]
        var quoted = false
        for character in text {
            if character == "\n" && !quoted { break }
            if character == "\"" { quoted.toggle() }
            if !quoted, delimiterNames[character] != nil { counts[character, default: 0] += 1 }
        }
        let comma = counts[",", default: 0]
        let best = [";", "\t"].max { counts[$0, default: 0] < counts[$1, default: 0] }!
        return counts[best, default: 0] > comma ? best : ","
    }

    static func describe(_ error: CSVParseError) -> String {
        switch error {
        case .quotation: "a quote inside a field that is not quoted, or text after a closing quote"
        case .generic(let message): message
        }
    }

    /// The header's named columns, in either layout: quizgen's own (all choices in one
    /// `choices` field, the right one's text in `answer`) or one column per answer as
    /// Kahoot-style sheets have it (`Answer 1` … `Answer N`, the number(s) of the right
    /// one(s) in `Correct answer(s)`, and a time limit). Names are matched in any letter case,
    /// with the description a template adds after " - " or "(" left out.
    struct Columns {
        var index: [String: Int]
        /// Every column's name as matched (lower case, without a template's description).
        var names: [String]
        /// The `Answer N` columns, in the order of N.
        var answerColumns: [(number: Int, index: Int)]
        var count: Int

        /// quizgen's columns, and what the one-column-per-answer layout calls its own.
        static let correctNames = ["correct", "correct answer", "correct answers"]
        static let timeNames = ["time", "time limit"]

        var isPerAnswer: Bool { !answerColumns.isEmpty }

        init?(_ header: [String], file: SourceFile, delimiter: Character = ",", diagnostics: inout [Diagnostic]) {
            names = header.map(Self.canonical)
            // Empty names after the last column (`…,explanation,,`, as spreadsheets write)
            // are no columns: a value under one is a row that holds too many fields.
            count = (names.lastIndex { !$0.isEmpty } ?? -1) + 1
            index = [:]
            var numbered: [Int: Int] = [:]
            var unknown: [String] = []
            var problems: [Diagnostic] = []
            for (i, name) in names.enumerated() where !name.isEmpty {
                if let number = Self.answerNumber(name) {
                    if numbered[number] != nil {
                        problems.append(file.error("the header names the column 'answer \(number)' twice", line: 1))
                    }
                    numbered[number] = i
                    continue
                }
                let key = Self.correctNames.contains(name) ? "correct" : Self.timeNames.contains(name) ? "time" : name
                guard TriviaBank.required.contains(key) || TriviaBank.optional.contains(key) || key == "correct" || key == "time" else {
                    unknown.append(header[i].trimmingWhitespace)
                    continue
                }
                if index[key] != nil {
                    problems.append(file.error("the header names the column '\(key)' twice", line: 1))
                }
                index[key] = i
            }
            answerColumns = numbered.sorted { $0.key < $1.key }.map { (number: $0.key, index: $0.value) }

            let shown = header.prefix(8).map { "'\($0.trimmingWhitespace)'" }.joined(separator: ", ") + (header.count > 8 ? ", …" : "")
            let layouts = "the first line names the columns question, choices and answer (optionally points, level and "
                + "explanation), or question, answer 1, answer 2, … and correct (the number of the right answer) "
                + "for a sheet with one column per answer; this one names \(shown)"
            var missing: [String] = []
            if index["question"] == nil { missing.append("question") }
            if answerColumns.isEmpty {
                if index["choices"] == nil { missing.append("choices") }
                if index["answer"] == nil && index["correct"] == nil { missing.append("answer") }
            } else {
                if index["choices"] != nil {
                    problems.append(file.error(
                        "the header names both a 'choices' column and 'answer 1', 'answer 2', … columns", line: 1,
                        hint: "write the choices either all in one 'choices' field, or one per 'answer N' column"))
                }
                if answerColumns.count < 2 {
                    problems.append(file.error(
                        "the header names only one answer column, 'answer \(answerColumns[0].number)'", line: 1,
                        hint: "a sheet with one column per answer names at least 'answer 1' and 'answer 2'"))
                }
                if index["correct"] == nil && index["answer"] == nil { missing.append("correct") }
            }
            // `choises`: the missing column at the name that was meant for it.
            let meant = missing.compactMap { name in
                unknown.first { NearestMatch.find($0.lowercased(), in: [name]) != nil }.map { (name: name, typo: $0) }
            }
            for (name, typo) in meant {
                problems.append(file.error(
                    "the bank's header has no '\(name)' column", line: 1,
                    byteColumn: TriviaBank.headerColumn(header.firstIndex { $0.trimmingWhitespace == typo }, file: file, delimiter: delimiter),
                    hint: "did you mean '\(name)'? '\(typo)' is no column quizgen knows"))
            }
            missing.removeAll { name in meant.contains { $0.name == name } }
            unknown.removeAll { typo in meant.contains { $0.typo == typo } }
            if !missing.isEmpty {
                problems.append(file.error(
                    "the bank's header has no \(FrontMatterReader.list(missing, or: false)) column\(missing.count == 1 ? "" : "s")",
                    line: 1, hint: layouts))
            }
            // An unknown column beside a header that could not be read says nothing useful.
            if let first = unknown.first, !problems.hasErrors {
                let all = TriviaBank.required + TriviaBank.optional
                let more = unknown.count > 3 ? " and \(unknown.count - 3) more" : ""
                let list = unknown.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
                // At the first of them.
                let at = TriviaBank.headerColumn(header.firstIndex { $0.trimmingWhitespace == first }, file: file, delimiter: delimiter)
                problems.append(file.warning(
                    "unknown column\(unknown.count == 1 ? "" : "s") \(list)\(more) ignored", line: 1, byteColumn: at,
                    hint: NearestMatch.hint(first.lowercased(), in: all) ?? "known columns: \(all.joined(separator: ", "))"))
            }
            diagnostics += problems
            if problems.hasErrors { return nil }
        }

        /// `Question - max 120 characters` is `question`, `Correct answer(s)` is `correct answer`.
        static func canonical(_ name: String) -> String {
            var text = Substring(name.trimmingWhitespace.lowercased())
            for cut in [" - ", " – ", " — ", "("] {
                if let range = text.range(of: cut) { text = text[..<range.lowerBound] }
            }
            return String(text).collapsingWhitespace.trimmingWhitespace
        }

        /// `answer 3`, `answer3`, `choice 3`, `option 3`: column 3 of a sheet with one column per answer.
        static func answerNumber(_ name: String) -> Int? {
            for word in ["answer", "choice", "option"] where name.hasPrefix(word) {
                let rest = name.dropFirst(word.count).drop { $0 == " " }
                if !rest.isEmpty, rest.allSatisfy(\.isASCII), rest.allSatisfy(\.isNumber), let n = Int(rest), n > 0 { return n }
            }
            return nil
        }

        func value(_ name: String, in fields: [String]) -> String? {
            guard let i = index[name] else { return nil }
            return i < fields.count ? fields[i].trimmingWhitespace : ""
        }
    }

    /// `What is 1,000 + 1?,1001|1000,1001`: a field that holds the delimiter unquoted moves
    /// every field after it one column on, and the errors that follows ("only one choice",
    /// "unknown level") are about the wrong fields. When the row reads without error with
    /// one delimiter taken back into its field, that delimiter is the error. Tried only on a
    /// one-line row that has errors.
    static func unquotedDelimiter(
        in row: Row, columns: Columns, separator: String, delimiter: Character, file: SourceFile, levels: TriviaParser.Levels
    ) -> Diagnostic? {
        // Too many fields has its own error, which says to quote.
        guard row.lines == 1, row.fields.count > 1,
              !row.fields.dropFirst(columns.count).contains(where: { !$0.allSatisfy(\.isWhitespace) }) else { return nil }
        let spans = fieldSpans(Array(file.line(row.line).utf8), delimiter: delimiter)
        guard spans.count == row.fields.count else { return nil }
        for k in 0..<min(row.fields.count - 1, columns.count) where !columns.names[k].isEmpty {
            var joined = row
            joined.fields[k...(k + 1)] = [row.fields[k] + String(delimiter) + row.fields[k + 1]]
            var trial = levels
            // Read without a word: a guess that leaves a warning is no better than the errors.
            guard parseRow(joined, columns: columns, separator: separator, delimiter: delimiter, file: file, levels: &trial).1.isEmpty else {
                continue
            }
            let field = joined.fields[k].replacingOccurrences(of: "\"", with: "\"\"")
            let name = delimiterNames[delimiter].map { "a \($0)" } ?? "'\(delimiter)'"
            return file.error(
                "the \(columns.names[k]) of this row holds \(name) outside double quotes, so the fields after it moved one column on",
                line: row.line, byteColumn: spans[k].upperBound + 1, hint: "put the field in double quotes: \"\(field)\"")
        }
        return nil
    }

    static func parseRow(
        _ row: Row, columns: Columns, separator: String, delimiter: Character = ",", file: SourceFile,
        levels: inout TriviaParser.Levels
    ) -> (TriviaQuiz.Question?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        /// Points at a value in the row's text: inside the named column's field when the
        /// column is known (the answer's text may stand earlier in the row, in its question),
        /// else where it stands exactly once. The row may take several lines, and a quote in
        /// a quoted field is written twice. `occurrence` counts from 0: a duplicate choice is
        /// the value's second.
        func place(of value: String, in name: String? = nil, occurrence: Int = 0) -> (line: Int, column: Int) {
            guard !value.isEmpty else { return (row.line, 1) }
            var text: [UInt8] = []
            for n in row.line..<(row.line + row.lines) {
                if n > row.line { text.append(UInt8(ascii: "\n")) }
                text += file.line(n).utf8
            }
            func found(_ needle: [UInt8], in span: Range<Int>) -> [Int] {
                guard span.count >= needle.count else { return [] }
                return (span.lowerBound...(span.upperBound - needle.count)).filter { text[$0..<($0 + needle.count)].elementsEqual(needle) }
            }
            let plain = Array(value.utf8)
            let quoted = Array(value.replacingOccurrences(of: "\"", with: "\"\"").utf8)
            var offset: Int?
            if let name, let index = columns.index[name] {
                let spans = fieldSpans(text, delimiter: delimiter)
                guard index < spans.count else { return (row.line, 1) }
                let span = spans[index]
                let first = found(plain, in: span)
                let hits = first.isEmpty ? found(quoted, in: span) : first
                offset = occurrence < hits.count ? hits[occurrence] : hits.last ?? span.lowerBound
            } else {
                let whole = 0..<text.count
                let first = found(plain, in: whole)
                let hits = first.isEmpty ? found(quoted, in: whole) : first
                offset = hits.count == 1 ? hits[0] : nil
            }
            guard let offset else { return (row.line, 1) }
            let before = text[..<offset]
            let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            return (row.line + before.count { $0 == UInt8(ascii: "\n") }, offset - lineStart + 1)
        }
        func error(_ message: String, at value: String = "", in name: String? = nil, occurrence: Int = 0, hint: String? = nil) {
            let at = place(of: value, in: name, occurrence: occurrence)
            diagnostics.append(file.error(message, line: at.line, byteColumn: at.column, hint: hint))
        }
        let report: (String, String, String?) -> Void = { error($0, at: $1, hint: $2) }

        if row.fields.count > columns.count, row.fields[columns.count...].contains(where: { !$0.allSatisfy(\.isWhitespace) }) {
            error("this row has \(row.fields.count) fields, but the header names \(columns.count) columns",
                  hint: delimiter == ","
                    ? "a field that holds a comma goes in double quotes: \"Paris, France\""
                    : "a field that holds a \(delimiterNames[delimiter] ?? "'\(delimiter)'") goes in double quotes")
            return (nil, diagnostics)
        }
        for (i, value) in row.fields.prefix(columns.count).enumerated() where value.count > fieldLimit {
            error("the \(columns.names[i]) of this row is longer than \(fieldLimit) characters",
                  hint: "is a closing quote missing? A field ends at its closing double quote")
        }
        guard !diagnostics.hasErrors else { return (nil, diagnostics) }

        let question = columns.value("question", in: row.fields) ?? ""
        if question.isEmpty { error("the question of this row is empty") }

        var choices: [String] = []
        var answers: [String] = []
        if columns.isPerAnswer {
            (choices, answers) = perAnswerChoices(row, columns: columns, separator: separator, error: report)
        } else {
            let choiceField = columns.value("choices", in: row.fields) ?? ""
            choices = choiceField.isEmpty ? [] : split(choiceField, on: separator)
            for (i, choice) in choices.enumerated() where choice.isEmpty {
                error("choice \(i + 1) of this row is empty", at: choiceField, in: "choices",
                      hint: "choices are separated by '\(separator)'; leave no separator at the start or end")
            }
            if choices.count < 2 {
                var hint = "a question needs at least 2 choices, separated by '\(separator)' in one field"
                if separator != ",", choiceField.contains(",") {
                    hint += "; if this bank joins its choices with commas, set bank-separator: \",\" in the front matter"
                }
                error(choices.isEmpty ? "this row has no choices" : "this row has only one choice", at: choiceField, in: "choices", hint: hint)
            }
            if columns.index["answer"] != nil {
                let answerField = columns.value("answer", in: row.fields) ?? ""
                for answer in split(answerField, on: separator) where !answer.isEmpty && !answers.contains(answer) {
                    answers.append(answer)
                }
            } else {
                answers = numberedAnswers(row, columns: columns, choices: choices, error: report)
            }
        }
        var seen: [String: Int] = [:]
        for choice in choices where !choice.isEmpty {
            let key = TriviaParser.choiceKey(choice), before = seen[key, default: 0]
            seen[key] = before + 1
            if before > 0 {
                error("duplicate choice '\(choice)' in this row", at: choice, in: columns.isPerAnswer ? nil : "choices", occurrence: before)
            }
        }
        if answers.isEmpty && !diagnostics.hasErrors {
            error("the answer of this row is empty",
                  hint: columns.index["answer"] != nil ? "write the text of the correct choice" : "write the number of the correct answer column, e.g. 2")
        }
        for answer in answers where !choices.contains(answer) && choices.count >= 2 {
            let sameButCase = choices.first { $0.lowercased().collapsingWhitespace == answer.lowercased().collapsingWhitespace }
            error("the answer '\(answer)' is not one of this row's choices", at: answer, in: columns.isPerAnswer ? nil : "answer",
                  hint: sameButCase.map { "did you mean '\($0)'? The answer is written exactly as its choice" }
                      ?? NearestMatch.hint(answer, in: choices)
                      ?? "the choices are \(choices.map { "'\($0)'" }.joined(separator: ", "))")
        }

        var points: Int?
        var level: String?
        if let value = columns.value("points", in: row.fields), !value.isEmpty {
            if let n = Int(value), TriviaParser.pointsRange.contains(n) {
                points = n
            } else {
                error("the points of this row must be a whole number from \(TriviaParser.pointsRange.lowerBound) to \(TriviaParser.pointsRange.upperBound)", at: value, in: "points",
                      hint: NumberSlip(value, quoted: false)?.hint { $0 })
            }
        }
        if let value = columns.value("level", in: row.fields), !value.isEmpty {
            if let known = levels.names.first(where: { $0.lowercased() == value.lowercased() }) {
                level = known
            } else {
                // As an unknown level flag in Markdown: a warning, and the question is worth 1.
                let at = place(of: value, in: "level")
                diagnostics.append(file.warning(
                    "unknown level '\(value)', so this question is worth 1 point", line: at.line, byteColumn: at.column,
                    hint: NearestMatch.hint(value, in: levels.names) ?? "levels: \(levels.names.joined(separator: ", "))"))
            }
        }
        guard !diagnostics.hasErrors else { return (nil, diagnostics) }
        let resolved = points ?? level.map { level in
            levels.points(of: level) { message, hint in
                let at = place(of: level, in: "level")
                diagnostics.append(file.warning(message, line: at.line, byteColumn: at.column, hint: hint))
            }
        } ?? 1
        let range = SourceRange(start: .init(line: row.line, column: 1), end: .init(line: row.line, column: 1))
        let explanation = columns.value("explanation", in: row.fields) ?? ""
        return (TriviaQuiz.Question(
            text: [Node(.text(question), range: range)],
            choices: choices.map { .init(content: [Node(.text($0), range: range)], correct: answers.contains($0)) },
            multiple: answers.count > 1, points: resolved, level: level,
            explanation: paragraphs(explanation, range: range),
            source: .init(file: file.path, line: row.line)), diagnostics)
    }

    /// One column per answer: the non-empty `answer N` fields are the choices. The right ones
    /// are named by number in `correct`, or by text in `answer`.
    static func perAnswerChoices(
        _ row: Row, columns: Columns, separator: String, error: (String, String, String?) -> Void
    ) -> (choices: [String], answers: [String]) {
        var choices: [String] = []
        var byNumber: [Int: String] = [:]
        for (number, index) in columns.answerColumns {
            let value = index < row.fields.count ? row.fields[index].trimmingWhitespace : ""
            guard !value.isEmpty else { continue }
            choices.append(value)
            byNumber[number] = value
        }
        if choices.count < 2 {
            error(choices.isEmpty ? "this row has no answers" : "this row has only one answer", "",
                  "a question needs at least 2 answers, one in each 'answer N' column")
        }
        if columns.index["correct"] != nil {
            return (choices, numberedAnswers(row, columns: columns, choices: byNumber, error: error))
        }
        let answerField = columns.value("answer", in: row.fields) ?? ""
        var answers: [String] = []
        for answer in split(answerField, on: separator) where !answer.isEmpty && !answers.contains(answer) {
            answers.append(answer)
        }
        return (choices, answers)
    }

    /// The `correct` column's numbers ("2", "1,3", "1;3"), as the texts of the choices they name.
    static func numberedAnswers(
        _ row: Row, columns: Columns, choices: [Int: String], error: (String, String, String?) -> Void
    ) -> [String] {
        let field = columns.value("correct", in: row.fields) ?? ""
        let parts = field.split(whereSeparator: { $0 == "," || $0 == ";" || $0 == " " || $0 == "|" }).map(String.init)
        var answers: [String] = []
        for part in parts {
            guard let number = Int(part) else {
                error("'\(part)' in the correct column is not an answer number", part,
                      "write the number of the right answer column, e.g. 2, or several as 1,3")
                continue
            }
            guard let text = choices[number] else {
                error("the correct answer is number \(number), but this row has no answer \(number)", part,
                      "the numbers count the answer columns from 1")
                continue
            }
            if !answers.contains(text) { answers.append(text) }
        }
        return answers
    }

    /// quizgen's own layout numbered in order, for `correct` beside a `choices` field.
    static func numberedAnswers(
        _ row: Row, columns: Columns, choices: [String], error: (String, String, String?) -> Void
    ) -> [String] {
        var byNumber: [Int: String] = [:]
        for (i, choice) in choices.enumerated() where !choice.isEmpty { byNumber[i + 1] = choice }
        return numberedAnswers(row, columns: columns, choices: byNumber, error: error)
    }

    static func split(_ field: String, on separator: String) -> [String] {
        field.split(separator: separator, omittingEmptySubsequences: false).map { String($0).trimmingWhitespace }
    }

    /// Plain text as paragraphs: a blank line starts a new one.
    static func paragraphs(_ text: String, range: SourceRange) -> [Node] {
        var paragraphs: [[Substring]] = [[]]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) {
                if !paragraphs[paragraphs.count - 1].isEmpty { paragraphs.append([]) }
            } else {
                paragraphs[paragraphs.count - 1].append(line)
            }
        }
        return paragraphs.filter { !$0.isEmpty }.map { lines in
            var inlines: [Node] = []
            for (i, line) in lines.enumerated() {
                if i > 0 { inlines.append(Node(.softBreak, range: range)) }
                inlines.append(Node(.text(String(line).trimmingWhitespace), range: range))
            }
            return Node(.paragraph, range: range, children: inlines)
        }
    }
}
