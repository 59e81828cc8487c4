import Diagnostics
import Markdown
import Support

/// Reads a trivia quiz: the settings in front matter, one question per `##` heading with its
/// `[x]`/`[ ]` choices, and the rows of the CSV bank the front matter names. Markdown
/// questions and bank rows become one bank, validated alike.
enum TriviaParser {
    static let keys = [
        "pick", "time", "points", "shuffle-answers", "shuffle-questions", "on-wrong", "pass", "bank",
        "bank-separator", "bank-delimiter", "pass-message", "fail-message", "perfect-message",
    ]
    static let typeFlags = ["single", "multiple"]
    static let standardLevels = ["easy", "medium", "hard"]
    static let pointsRange = 1...10_000

    static func parse(
        _ outline: Outline, reader: inout FrontMatterReader, file: SourceFile, kindLine: Int,
        readSibling: (String) -> Result<String, ContentParser.SiblingError>
    ) -> (TriviaQuiz?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let pick = reader.int("pick", in: 1...1_000_000, example: "how many questions each play draws, e.g. pick: 10")
        let time = reader.number("time", in: 1...3600, seconds: true, example: "seconds per question, e.g. time: 30")
        let pointsMap = reader.intMap("points", in: pointsRange) ?? []
        let shuffleAnswers = reader.bool("shuffle-answers") ?? true
        let shuffleQuestions = reader.bool("shuffle-questions")
        let onWrong = reader.choice("on-wrong", as: TriviaQuiz.OnWrong.self) ?? .continue
        let pass = reader.number("pass", in: 0...100, example: "a pass mark in percent, e.g. pass: 70")
        let bank = reader.string("bank")
        let separator = reader.string("bank-separator")
        let messages = TriviaQuiz.Messages(
            pass: reader.prose("pass-message"), fail: reader.prose("fail-message"),
            perfect: reader.prose("perfect-message"))
        let frontMatter = reader.frontMatter
        func at(_ key: String) -> (line: Int, column: Int) {
            frontMatter[key].map { ($0.valueLine, $0.valueColumn) } ?? (kindLine, 1)
        }
        // A `pass` written wrong has its own error: these would say it is missing.
        for key in ["pass-message", "fail-message"] where frontMatter["pass"] == nil && frontMatter[key] != nil {
            diagnostics.append(file.diagnostic(
                .warning, "'\(key)' has no effect without 'pass'", line: frontMatter[key]!.line,
                characterColumn: frontMatter[key]!.column, hint: "set a pass mark in percent, e.g. 'pass: 70'"))
        }
        if separator != nil, bank == nil, let entry = frontMatter["bank-separator"] {
            diagnostics.append(file.diagnostic(
                .warning, "'bank-separator' has no effect without 'bank'", line: entry.line, characterColumn: entry.column))
        }
        let delimiter = bankDelimiter(&reader, file: file, bank: bank, diagnostics: &diagnostics)
        if separator?.isEmpty == true {
            diagnostics.append(file.diagnostic(
                .error, "'bank-separator' must not be empty", line: at("bank-separator").line,
                characterColumn: at("bank-separator").column, hint: "the default is '|'; for commas write bank-separator: \",\""))
        }

        var levels = Levels(
            points: Dictionary(pointsMap.compactMap { entry in entry.value.map { (entry.name, $0) } }, uniquingKeysWith: { a, _ in a }),
            unpriced: Set(pointsMap.filter { $0.value == nil }.map(\.name)))
        var questions: [TriviaQuiz.Question] = []
        questions.reserveCapacity(outline.items.count)
        var scratch = ChoiceScratch()
        for item in outline.items {
            let (question, problems) = parseQuestion(item, levels: &levels, scratch: &scratch, file: file)
            diagnostics += problems
            if let question { questions.append(question) }
        }
        var bankSize = outline.items.count
        var files = [file.path: file]
        var bankFailed = false
        if let bank {
            let location = at("bank")
            switch loadBank(bank, from: file, at: location, readSibling: readSibling) {
            case .failure(let problem):
                diagnostics.append(problem)
                bankFailed = true
            case .success(let (path, text)):
                let result = TriviaBank.parse(
                    text, path: path, separator: separator.flatMap { $0.isEmpty ? nil : $0 } ?? "|", delimiter: delimiter,
                    levels: &levels)
                diagnostics += result.diagnostics
                questions += result.questions
                files[path] = result.file
                if let rows = result.rowCount { bankSize += rows } else { bankFailed = true }
            }
        }

        if bankSize == 0 && !bankFailed {
            diagnostics.append(file.error(
                "this trivia quiz has no questions", line: kindLine,
                hint: bank == nil
                    ? "each '##' heading is a question, with its choices as a list: '- [x] right' and '- [ ] wrong'"
                    : "the bank has no rows, and there is no '##' question in the Markdown"))
        }
        if let pick, pick > bankSize, !bankFailed, bankSize > 0 {
            diagnostics.append(file.diagnostic(
                .error, "'pick' is \(pick), but the bank has only \(bankSize) question\(bankSize == 1 ? "" : "s")",
                line: at("pick").line, characterColumn: at("pick").column,
                hint: "each play draws 'pick' different questions; lower it to at most \(bankSize), or add questions"))
        }
        diagnostics += duplicateQuestions(questions, files: files)
        guard !diagnostics.hasErrors else { return (nil, diagnostics) }
        return (TriviaQuiz(
            questions: questions, pick: pick, time: time, shuffleAnswers: shuffleAnswers,
            shuffleQuestions: shuffleQuestions, onWrong: onWrong, pass: pass, bank: bank, messages: messages), diagnostics)
    }

    /// `bank-delimiter`: what separates a bank's fields, when telling it from the header is
    /// not wanted. `tab` names the tab.
    static func bankDelimiter(
        _ reader: inout FrontMatterReader, file: SourceFile, bank: String?, diagnostics: inout [Diagnostic]
    ) -> Character? {
        guard let written = reader.string("bank-delimiter"), let entry = reader.frontMatter["bank-delimiter"] else { return nil }
        if bank == nil {
            diagnostics.append(file.diagnostic(
                .warning, "'bank-delimiter' has no effect without 'bank'", line: entry.line, characterColumn: entry.column))
        }
        let value: Character? = written.lowercased() == "tab" ? "\t" : written.count == 1 ? written.first : nil
        guard let value, value != "\"", value != "\n", value != "\r" else {
            diagnostics.append(file.diagnostic(
                .error, "'bank-delimiter' must be one character, or tab", line: entry.valueLine,
                characterColumn: entry.valueColumn,
                hint: "for example bank-delimiter: \";\"; without it the delimiter (comma, semicolon or tab) is told from the header"))
            return nil
        }
        return value
    }

    // MARK: Levels

    /// The level names a question may carry (`easy`, `medium`, `hard` and every key of the
    /// front-matter `points` map) and their points; warns once per level that has no points.
    struct Levels {
        var points: [String: Int]
        /// Names the map gives a wrong value (an error of its own): levels still, with no
        /// warning that the map lacks them.
        var unpriced: Set<String> = []
        var warned: Set<String> = []

        var names: [String] {
            standardLevels + Set(points.keys).union(unpriced).filter { !standardLevels.contains($0) }.sorted()
        }

        func isLevel(_ name: String) -> Bool { standardLevels.contains(name) || points[name] != nil || unpriced.contains(name) }

        /// The points of a level; a warning the first time a level without points is used
        /// while the quiz does map some levels to points.
        mutating func points(of level: String, warn: (String, String) -> Void) -> Int {
            if let value = points[level] { return value }
            if !points.isEmpty, !unpriced.contains(level), warned.insert(level).inserted {
                warn("level '\(level)' has no entry in the front-matter 'points' map, so its questions are worth 1 point",
                     "add it to the map, e.g. points: {\(points.keys.sorted().map { "\($0): \(points[$0]!)" }.joined(separator: ", ")), \(level): N}")
            }
            return 1
        }
    }

    // MARK: Markdown questions

    static func parseQuestion(
        _ item: Outline.Item, levels: inout Levels, scratch: inout ChoiceScratch, file: SourceFile
    ) -> (TriviaQuiz.Question?, [Diagnostic]) {
        var diagnostics = item.attributes.repeatedSettings(of: ["points"], in: file)
        var types: [(String, Attributes.Token)] = []
        var levelTokens: [(String, Attributes.Token)] = []
        var points: Int?
        for token in item.attributes.tokens {
            switch token.kind {
            case .flag(let flag) where typeFlags.contains(flag):
                types.append((flag, token))
            case .flag(let flag) where levels.isLevel(flag):
                levelTokens.append((flag, token))
            case .flag(let flag):
                let known = typeFlags + levels.names
                diagnostics.append(file.warning(
                    "unknown flag '.\(flag)'", line: token.line, byteColumn: token.column,
                    hint: NearestMatch.hint(flag, in: known, prefix: ".")
                        ?? "known flags: \(known.map { ".\($0)" }.joined(separator: ", ")); a level of your own "
                        + "is one the front matter gives points, e.g. points: {\(flag): 3}"))
            case .pair(let key, let value) where key == "points":
                guard let n = Int(value), pointsRange.contains(n) else {
                    diagnostics.append(file.error(
                        "'points' must be a whole number from \(pointsRange.lowerBound) to \(pointsRange.upperBound)",
                        line: token.line, byteColumn: token.column,
                        hint: NumberSlip(value, quoted: false)?.hint { "points=\($0)" } ?? "for example points=3"))
                    continue
                }
                points = n
            case .pair(let key, _):
                diagnostics.append(file.warning(
                    "unknown setting '\(key)' on a question", line: token.line, byteColumn: token.column,
                    hint: NearestMatch.hint(key, in: ["points"]) ?? "a question takes points=N"))
            case .name(let name):
                diagnostics.append(file.warning(
                    "'\(name)' on a question heading is ignored", line: token.line, byteColumn: token.column,
                    hint: levels.isLevel(name) || typeFlags.contains(name) ? "flags start with a dot: .\(name)" : Attributes.bracesAsTextHint))
            case .id:
                break
            }
        }
        if types.count > 1 {
            diagnostics.append(file.error(
                "a question is .single or .multiple, but this one is marked \(types.map { ".\($0.0)" }.joined(separator: " and "))",
                line: types[1].1.line, byteColumn: types[1].1.column))
        }
        if levelTokens.count > 1 {
            diagnostics.append(file.error(
                "a question has one level, but this one is marked \(levelTokens.map { ".\($0.0)" }.joined(separator: " and "))",
                line: levelTokens[1].1.line, byteColumn: levelTokens[1].1.column))
        }
        let multiple = types.first?.0 == "multiple"
        let level = levelTokens.first?.0
        let resolvedPoints = points ?? level.map { level in
            levels.points(of: level) { message, hint in
                let token = levelTokens[0].1
                diagnostics.append(file.warning(message, line: token.line, byteColumn: token.column, hint: hint))
            }
        } ?? 1
        // The heading's inlines as an array, made once: they are the question's text.
        let text = item.heading.children
        if item.heading.isBlank {
            diagnostics.append(file.error(
                "this question has no text", line: item.line, byteColumn: item.column,
                hint: "write the question after '## '"))
        }

        // Blocks before the choices are shown with the question; a blockquote after them is
        // the explanation.
        var body: [Node] = []
        var explanation: [Node] = []
        var list: Node?
        for block in item.body {
            if list == nil {
                if block.isList { list = block } else { body.append(block) }
            } else if block.kind == .blockQuote {
                explanation += block.children
            } else if block.isList, block.childNodes.contains(where: { marker($0, head: &scratch.head) != nil }) {
                // A change of list marker, or text between, starts a new list.
                diagnostics.append(file.error(
                    "these items are marked as choices, but a question's choices are its first list only",
                    line: block.range.start.line, byteColumn: block.range.start.column,
                    hint: "write all the choices as one list: one kind of list marker (-, * or +), nothing between them"))
            } else {
                diagnostics.append(file.warning(
                    "Markdown after the choices is shown with the question, above them",
                    line: block.range.start.line, byteColumn: block.range.start.column,
                    hint: "to show it once the question is answered, put it in the explanation blockquote ('> …')"))
                body.append(block)
            }
        }
        guard let list else {
            if let block = IndentedList.codeBlock(in: item.body, file: file) {
                diagnostics.append(IndentedList.error(block, items: "choices", example: "- [x] Canberra", file: file))
                return (nil, diagnostics)
            }
            diagnostics.append(file.error(
                "this question has no choices", line: item.line, byteColumn: item.titleColumn,
                hint: "write the choices as a list below the heading: '- [x] right' and '- [ ] wrong'"))
            return (nil, diagnostics)
        }
        let stray = IndentedList.strayItem(in: body, file: file, isItem: { ["[x]", "[X]", "[ ]"].contains($0.prefix(3)) })
        if let stray {
            diagnostics.append(IndentedList.strayError(stray, item: "choice", file: file))
        }

        let (choices, problems) = parseChoices(list, scratch: &scratch, file: file)
        diagnostics += problems
        if list.childNodes.count < 2 {
            diagnostics.append(file.error(
                "this question has only one choice", line: item.line, byteColumn: item.titleColumn,
                hint: "a question needs at least 2 choices"))
        }
        // A choice with an error of its own (empty, a duplicate, indented away) is not
        // counted: one slip is one error, not also "no correct choice".
        if let choices, !problems.hasErrors, stray == nil {
            diagnostics += checkCorrectCount(choices.count { $0.correct }, multiple: multiple) { message, hint in
                file.error(message, line: item.line, byteColumn: item.titleColumn, hint: hint)
            }
        }
        guard let choices, !diagnostics.hasErrors else { return (nil, diagnostics) }
        return (TriviaQuiz.Question(
            text: text, body: body, choices: choices, multiple: multiple, points: resolvedPoints,
            level: level, explanation: explanation, source: .init(file: file.path, line: item.line)), diagnostics)
    }

    /// Whether the nodes' plain text is white space only. A byte of ASCII that is not white
    /// space starts a Character that is not, so most texts are told on their bytes, without
    /// a string of them.
    static func isBlank(_ nodes: [Node]) -> Bool {
        nodes.withPlainTextBytes { bytes in
            if bytes.contains(where: { $0 < 0x80 && $0 != 0x20 && !(0x09...0x0D).contains($0) }) { return false }
            return String(decoding: bytes, as: UTF8.self).trimmingWhitespace.isEmpty
        }
    }

    /// The byte column where a choice's text begins: past its `[x]` marker and the spaces
    /// after it, however many.
    static func textColumn(afterMarkerAt column: Int, line: Int, in file: SourceFile) -> Int {
        guard let range = file.byteRange(ofLine: line) else { return column + 4 }
        let bytes = file.text.utf8.dropFirst(range.lowerBound).prefix(range.count)
        var at = column + 3
        while at - 1 < bytes.count, [0x20, 0x09].contains(bytes[bytes.index(bytes.startIndex, offsetBy: at - 1)]) { at += 1 }
        return at
    }

    /// The choices of one list; nil when a choice has no marker (the count of correct
    /// choices would then mean nothing).
    static func parseChoices(_ list: Node, scratch: inout ChoiceScratch, file: SourceFile) -> ([TriviaQuiz.Choice]?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var choices: [TriviaQuiz.Choice] = []
        choices.reserveCapacity(list.childNodes.count)
        scratch.keys.removeAll()
        var unmarked: [Node] = []
        for node in list.childNodes {
            if let nested = IndentedList.nested(in: node) {
                diagnostics.append(IndentedList.nestedError(nested, item: "choice", file: file))
            }
            var item = node
            let contentStart = node.childNodes.first?.range.start ?? node.range.start
            if let block = node.attributes {
                diagnostics.append(file.warning(
                    "a choice takes no attribute block; '{\(block.text)}' is left out", line: block.brace.line,
                    byteColumn: block.brace.column, hint: "to show a brace at the end of a choice, write \\{"))
                item = node.strippingAttributes() ?? node
            }
            guard let (correct, content) = marker(item, head: &scratch.head) else {
                unmarked.append(node)
                continue
            }
            if content.isEmpty {
                diagnostics.append(file.error(
                    "this choice is empty", line: contentStart.line, byteColumn: contentStart.column,
                    hint: "write the choice's text after its marker: '- [ ] Paris'"))
                continue
            }
            if case .seen(let line) = scratch.keys.insert(content, contentStart.line) {
                diagnostics.append(file.error(
                    "duplicate choice '\(content.plainText.trimmingWhitespace)'", line: contentStart.line,
                    byteColumn: textColumn(afterMarkerAt: contentStart.column, line: contentStart.line, in: file),
                    hint: line == contentStart.line ? nil : "the same as the choice on line \(line)"))
                continue
            }
            choices.append(.init(content: content, correct: correct))
        }
        if unmarked.count == list.childNodes.count, let first = unmarked.first {
            let start = first.childNodes.first?.range.start ?? first.range.start
            diagnostics.append(file.error(
                "the choices have no [x] or [ ] markers", line: start.line, byteColumn: start.column,
                hint: "start the right choice with [x] and the others with [ ]: '- [x] Canberra', '- [ ] Sydney'"))
        } else {
            for node in unmarked {
                let start = node.childNodes.first?.range.start ?? node.range.start
                diagnostics.append(file.error(
                    "this choice has no [x] or [ ] marker", line: start.line, byteColumn: start.column,
                    hint: "start it with [x] if it is right, [ ] if it is wrong"))
            }
        }
        return (unmarked.isEmpty ? choices : nil, diagnostics)
    }

    /// What reading a list's choices writes into and starts anew for each list: made once
    /// per quiz, as making it for every question cost more than its use.
    struct ChoiceScratch {
        /// The keys of the list's choices, each with its line.
        var keys = TextKeySet<Int>(capacity: 8)
        /// The bytes a choice's marker is read from.
        var head: [UInt8] = []
    }

    /// `[x] `, `[X] ` or `[ ] ` at the start of a list item. cmark has no task lists, so the
    /// marker arrives as literal text, often split over several text nodes ("[", "x", "] Paris").
    /// Returns whether it marks a correct choice, and the item's content without it. `head`
    /// is room for the bytes read, lent by the caller for every item of the quiz.
    static func marker(_ item: Node, head: inout [UInt8]) -> (Bool, [Node])? {
        guard let first = item.childNodes.first, first.isParagraph else { return nil }
        // Only the first four bytes matter. When they are ASCII each byte is a Character, and
        // they are read on the records; otherwise as Characters, as the format defines it.
        first.readLeadingText(limit: 4, total: 3, into: &head)
        let correct: Bool
        if head.allSatisfy({ $0 < 0x80 }) {
            guard head.count >= 3, head[0] == UInt8(ascii: "["), head[2] == UInt8(ascii: "]") else { return nil }
            switch head[1] {
            case UInt8(ascii: "x"), UInt8(ascii: "X"): correct = true
            case UInt8(ascii: " "): correct = false
            default: return nil
            }
            if head.count > 3, head[3] != UInt8(ascii: " "), head[3] != UInt8(ascii: "\t") { return nil }
        } else {
            guard let marked = markedAsCharacters(first) else { return nil }
            correct = marked
        }
        // The marker is ASCII: the cut falls between characters.
        guard let content = item.childrenDroppingLeadingText(3) else { return nil }
        return (correct, content)
    }

    /// The marker read as Characters, over the text nodes' first four bytes each: for a head
    /// with bytes outside ASCII, where a byte is not a Character.
    static func markedAsCharacters(_ paragraph: Node) -> Bool? {
        var head = ""
        for node in paragraph.children {
            guard case .text(let text) = node.kind else { break }
            head += text.utf8.count > 4 ? String(decoding: text.utf8.prefix(4), as: UTF8.self) : text
            if head.utf8.count > 3 { break }
        }
        let correct: Bool
        switch head.prefix(3) {
        case "[x]", "[X]": correct = true
        case "[ ]": correct = false
        default: return nil
        }
        if let after = head.dropFirst(3).first, after != " " && after != "\t" { return nil }
        return correct
    }

    /// Choices that read the same to a reader are duplicates: spacing aside, not case.
    static func choiceKey(_ text: String) -> String {
        TriviaQuiz.choiceKey(text)
    }

    /// The rule of FORMAT.md: a single question has exactly one correct choice, a multiple
    /// question at least one.
    static func checkCorrectCount(
        _ count: Int, multiple: Bool, error: (String, String) -> Diagnostic
    ) -> [Diagnostic] {
        if multiple && count == 0 {
            return [error("this .multiple question has no correct choice", "mark each right choice with [x]")]
        }
        if !multiple && count == 0 {
            return [error("this question has no correct choice", "mark the right choice with [x]")]
        }
        if !multiple && count > 1 {
            return [error(
                "a single question has exactly one correct choice, but this one has \(count)",
                "if several choices are right, mark the heading .multiple: '## … {.multiple}'")]
        }
        return []
    }

    // MARK: The bank file

    enum BankPathProblem: Error { case empty, outside }

    /// The bank's path relative to the Markdown file's folder, unless it names no file there
    /// or below (absolute, or climbing out with `..`).
    static func bankPath(_ bank: String) -> Result<String, BankPathProblem> {
        var relative = bank
        while relative.hasPrefix("./") { relative.removeFirst(2) }
        if relative.isEmpty { return .failure(.empty) }
        if relative.hasPrefix("/") || relative.split(separator: "/").contains("..") { return .failure(.outside) }
        return .success(relative)
    }

    static func loadBank(
        _ bank: String, from file: SourceFile, at location: (line: Int, column: Int),
        readSibling: (String) -> Result<String, ContentParser.SiblingError>
    ) -> Result<(String, String), Diagnostic> {
        func fail(_ message: String, hint: String? = nil) -> Result<(String, String), Diagnostic> {
            .failure(file.diagnostic(.error, message, line: location.line, characterColumn: location.column, hint: hint))
        }
        let folder = file.path.lastIndex(of: "/").map { String(file.path[..<$0]) } ?? ""
        let relative: String
        switch bankPath(bank) {
        case .success(let path):
            relative = path
        case .failure(.empty):
            return fail("'bank' names no file", hint: "for example bank: questions.csv")
        case .failure(.outside):
            return fail(
                "the bank must be a file beside this Markdown file or in a folder below it",
                hint: "move '\(bank)' into \(folder)/ and write its path from there")
        }
        let display = folder.isEmpty ? relative : folder + "/" + relative
        // A workbook reads as bytes that are not UTF-8 at all.
        if let dot = relative.lastIndex(of: "."), ["xlsx", "xlsm", "xls", "ods", "numbers"].contains(relative[relative.index(after: dot)...].lowercased()) {
            return fail(
                "'\(bank)' is a spreadsheet workbook, and a bank is a CSV file",
                hint: "save the sheet as CSV (in Excel: Save As, CSV UTF-8; in LibreOffice: Save As, Text CSV) and name that file here")
        }
        switch readSibling(relative) {
        case .success(let text):
            return .success((display, text))
        case .failure(.notFound):
            return fail("bank file '\(bank)' not found", hint: "the path is relative to this file's folder: \(display) does not exist")
        case .failure(.notFoundNear(let name)):
            // Letter case most of all: the build runs, and hosts serve, on systems where it counts.
            let near = String(bank.dropLast(bank.split(separator: "/").last?.count ?? 0)) + name
            return fail("bank file '\(bank)' not found", hint: "did you mean '\(near)'?")
        case .failure(.outsideSite(let target)):
            return fail(
                "the bank file '\(bank)' is a link to \(target), outside the content folder or hidden: it is not read",
                hint: "copy the bank into the content folder; links may only point to files inside it whose names do not start with '.'")
        case .failure(.unreadable(let reason)):
            return fail("cannot read the bank file '\(bank)': \(reason)")
        case .failure(.notUTF8(let line, let column, let text, let encoding)):
            return .failure(.error(
                ByteOrderMark.notUTF8("the bank file", encoding: encoding), file: display, line: line, column: column,
                hint: TriviaBank.saveAsUTF8, sourceLine: text))
        }
    }

    // MARK: The whole bank

    /// The same question twice in a bank makes a draw show it twice: a warning at the second.
    static func duplicateQuestions(_ questions: [TriviaQuiz.Question], files: [String: SourceFile]) -> [Diagnostic] {
        var seen = TextKeySet<TriviaQuiz.Source>(capacity: questions.count)
        var diagnostics: [Diagnostic] = []
        for question in questions {
            guard case .seen(let first) = seen.insert(question.text, question.source) else { continue }
            let place = first.file == question.source.file ? "line \(first.line)" : "\(first.file), line \(first.line)"
            let message = "the same question as on \(place)"
            if let file = files[question.source.file] {
                diagnostics.append(file.warning(message, line: question.source.line, hint: "a play could ask it twice"))
            }
        }
        return diagnostics
    }
}
