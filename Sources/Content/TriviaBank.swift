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
    static let optional = ["points", "level", "explanation"]
    /// Longer fields are almost surely a mistake, and would make one enormous page.
    static let fieldLimit = 10_000
    /// A bank with more problems than this lists the first ones and counts the rest.
    static let problemLimit = 50
    /// The whole bank travels inside the page, so a bank this large is already far too heavy
    /// for readers; the limit also keeps the build quick on a runaway file.
    static let sizeLimit = 2_000_000
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
        /// True when no field holds a line break: the row is exactly the line `line`.
        var oneLine: Bool
    }

    static func parse(_ raw: String, path: String, separator: String, levels: inout TriviaParser.Levels) -> Result {
        let size = raw.utf8.count
        guard size <= sizeLimit else {
            let file = SourceFile(path: path, text: "")
            return Result(file: file, diagnostics: [.error(
                "the bank file is \(megabytes(size)); a bank may be at most \(megabytes(sizeLimit))", file: path,
                hint: "every question of the bank is built into the quiz page, so split it into several quizzes")])
        }
        let text = normalized(raw)
        let file = SourceFile(path: path, text: text)
        var result = Result(file: file)
        let headerLength = text.utf8.firstIndex(of: UInt8(ascii: "\n")).map { text.utf8.distance(from: text.utf8.startIndex, to: $0) } ?? size
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

        let (rows, readProblem) = readRows(text, file: file)
        guard let header = rows.first else {
            result.diagnostics += readProblem.map { [$0] } ?? []
            return result
        }
        guard let columns = Columns(header.fields, file: file, diagnostics: &result.diagnostics) else {
            result.diagnostics += readProblem.map { [$0] } ?? []
            return result
        }
        var problems: [Diagnostic] = []
        let dataRows = rows.dropFirst().filter { !$0.fields.allSatisfy { $0.allSatisfy(\.isWhitespace) } }
        result.rowCount = dataRows.count
        for row in dataRows {
            let (question, rowProblems) = parseRow(row, columns: columns, separator: separator, file: file, levels: &levels)
            problems += rowProblems
            if let question { result.questions.append(question) }
        }
        problems += readProblem.map { [$0] } ?? []
        let errors = problems.filter(\.isError)
        if errors.count > problemLimit {
            // Warnings stay; errors beyond the limit are counted, so a broken bank stays readable.
            let kept = Set(errors.prefix(problemLimit))
            problems = problems.filter { !$0.isError || kept.contains($0) }
            problems.append(.error(
                "\(errors.count - problemLimit) more errors in this bank are not listed", file: path,
                hint: "fix the ones above and build again"))
        }
        result.diagnostics += problems
        return result
    }

    static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
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
    static func readRows(_ text: String, file: SourceFile) -> ([Row], Diagnostic?) {
        var rows: [Row] = []
        var line = 1
        let malformedHint = "a field with a comma, a quote or a line break goes in double quotes, "
            + "with each quote inside written twice: \"He said \"\"hi\"\"\""
        do {
            let csv = try EnumeratedCSV(string: text, delimiter: .comma, loadColumns: false, rowLimit: 0)
            try csv.enumerateAsArray(startAt: 0, rowLimit: nil) { fields in
                let breaks = fields.reduce(0) { $0 + $1.utf8.count { $0 == UInt8(ascii: "\n") } }
                rows.append(Row(line: line, fields: fields, oneLine: breaks == 0))
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

    static func describe(_ error: CSVParseError) -> String {
        switch error {
        case .quotation: "a quote inside a field that is not quoted, or text after a closing quote"
        case .generic(let message): message
        }
    }

    /// The header's named columns.
    struct Columns {
        var index: [String: Int]
        var count: Int

        init?(_ header: [String], file: SourceFile, diagnostics: inout [Diagnostic]) {
            let names = header.map { $0.trimmingWhitespace.lowercased() }
            count = names.count
            index = [:]
            var unknown: [String] = []
            var failed = false
            for (i, name) in names.enumerated() where !name.isEmpty {
                guard TriviaBank.required.contains(name) || TriviaBank.optional.contains(name) else {
                    unknown.append(header[i].trimmingWhitespace)
                    continue
                }
                if index[name] != nil {
                    diagnostics.append(file.error("the header names the column '\(name)' twice", line: 1))
                    failed = true
                }
                index[name] = i
            }
            let all = TriviaBank.required + TriviaBank.optional
            let missing = TriviaBank.required.filter { index[$0] == nil }
            if !missing.isEmpty {
                let shown = header.prefix(8).map { "'\($0.trimmingWhitespace)'" }.joined(separator: ", ") + (header.count > 8 ? ", …" : "")
                diagnostics.append(file.error(
                    "the bank's header has no \(FrontMatterReader.list(missing, or: false)) column\(missing.count == 1 ? "" : "s")",
                    line: 1,
                    hint: "the first line names the columns question, choices and answer, and optionally points, level "
                        + "and explanation; this one names \(shown)"))
                failed = true
            }
            if let first = unknown.first {
                let more = unknown.count > 3 ? " and \(unknown.count - 3) more" : ""
                let list = unknown.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
                diagnostics.append(file.warning(
                    "unknown column\(unknown.count == 1 ? "" : "s") \(list)\(more) ignored", line: 1,
                    hint: NearestMatch.hint(first.lowercased(), in: all) ?? "known columns: \(all.joined(separator: ", "))"))
            }
            if failed { return nil }
        }

        func value(_ name: String, in fields: [String]) -> String? {
            guard let i = index[name] else { return nil }
            return i < fields.count ? fields[i].trimmingWhitespace : ""
        }
    }

    static func parseRow(
        _ row: Row, columns: Columns, separator: String, file: SourceFile, levels: inout TriviaParser.Levels
    ) -> (TriviaQuiz.Question?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        /// Points at a field's value on the row's line when it stands there exactly once.
        func column(of value: String) -> Int {
            guard row.oneLine, !value.isEmpty else { return 1 }
            let line = file.line(row.line)
            let found = line.ranges(of: value)
            guard found.count == 1 else { return 1 }
            return line.utf8.distance(from: line.startIndex, to: found[0].lowerBound) + 1
        }
        func error(_ message: String, at value: String = "", hint: String? = nil) {
            diagnostics.append(file.error(message, line: row.line, byteColumn: column(of: value), hint: hint))
        }

        if row.fields.count > columns.count, row.fields[columns.count...].contains(where: { !$0.allSatisfy(\.isWhitespace) }) {
            error("this row has \(row.fields.count) fields, but the header names \(columns.count) columns",
                  hint: "a field that holds a comma goes in double quotes: \"Paris, France\"")
            return (nil, diagnostics)
        }
        for name in TriviaBank.required + TriviaBank.optional {
            if let value = columns.value(name, in: row.fields), value.count > fieldLimit {
                error("the \(name) of this row is longer than \(fieldLimit) characters",
                      hint: "is a closing quote missing? A field ends at its closing double quote")
            }
        }
        guard !diagnostics.hasErrors else { return (nil, diagnostics) }

        let question = columns.value("question", in: row.fields) ?? ""
        if question.isEmpty { error("the question of this row is empty") }

        let choiceField = columns.value("choices", in: row.fields) ?? ""
        let choices = choiceField.isEmpty ? [] : split(choiceField, on: separator)
        var seen: Set<String> = []
        for (i, choice) in choices.enumerated() {
            if choice.isEmpty {
                error("choice \(i + 1) of this row is empty", at: choiceField,
                      hint: "choices are separated by '\(separator)'; leave no separator at the start or end")
            } else if !seen.insert(TriviaParser.choiceKey(choice)).inserted {
                error("duplicate choice '\(choice)' in this row", at: choiceField)
            }
        }
        if choices.count < 2 {
            var hint = "a question needs at least 2 choices, separated by '\(separator)' in one field"
            if separator != ",", choiceField.contains(",") {
                hint += "; if this bank joins its choices with commas, set bank-separator: \",\" in the front matter"
            }
            error(choices.isEmpty ? "this row has no choices" : "this row has only one choice", at: choiceField, hint: hint)
        }

        let answerField = columns.value("answer", in: row.fields) ?? ""
        var answers: [String] = []
        for answer in split(answerField, on: separator) where !answer.isEmpty && !answers.contains(answer) {
            answers.append(answer)
        }
        if answers.isEmpty {
            error("the answer of this row is empty", hint: "write the text of the correct choice")
        }
        for answer in answers where !choices.contains(answer) && choices.count >= 2 {
            let sameButCase = choices.first { TriviaParser.choiceKey($0) == TriviaParser.choiceKey(answer) }
            error("the answer '\(answer)' is not one of this row's choices", at: answer,
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
                error("the points of this row must be a whole number from \(TriviaParser.pointsRange.lowerBound) to \(TriviaParser.pointsRange.upperBound)", at: value)
            }
        }
        if let value = columns.value("level", in: row.fields), !value.isEmpty {
            if let known = levels.names.first(where: { $0.lowercased() == value.lowercased() }) {
                level = known
            } else {
                error("unknown level '\(value)'", at: value,
                      hint: NearestMatch.hint(value, in: levels.names) ?? "levels: \(levels.names.joined(separator: ", "))")
            }
        }
        guard !diagnostics.hasErrors else { return (nil, diagnostics) }
        let resolved = points ?? level.map { level in
            levels.points(of: level) { message, hint in
                diagnostics.append(file.warning(message, line: row.line, byteColumn: column(of: level), hint: hint))
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
