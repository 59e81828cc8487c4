import Content
import Diagnostics
import Support

/// Moodle's GIFT format (https://docs.moodle.org/en/GIFT_format). Questions are separated by
/// blank lines; `//` starts a comment line; `$CATEGORY:` names a category.
///
///     ::Grant::Who is buried in Grant's tomb? {=Grant #Right! ~Jefferson ~no one ####History.}
///     Grant was born in 1822. {TRUE}
///     ::Primes::[markdown]Which are **prime**? {~%50%2 ~%50%3 ~%-100%4}
///
/// Multiple choice (one `=` right answer, or weighted `~%n%` answers: a `.multiple` question)
/// and true/false become questions; short answer, numerical, matching, essay and description
/// questions have no quizgen equivalent and are skipped, each with a warning.
enum GIFTImporter {
    /// One character of a question, after escapes: `escaped` ones are never markup.
    struct Char {
        var character: Character
        var escaped: Bool
        /// Byte offset in the file, for locating problems.
        var offset: Int
    }

    /// A question's characters and the comment line right above its first line, if any.
    struct Block {
        var chars: [Char]
        var comment: String?
    }

    static func importing(_ file: SourceFile, name: String) -> Imported {
        var draft = TriviaDraft(title: name)
        var diagnostics: [Diagnostic] = []
        var categories: [String] = []
        let exported = GIFTExporter.isExport(file.text)
        for block in blocks(file) {
            // `$CATEGORY\:` is text, as in Moodle, which reads escapes first.
            let leading = block.chars.drop { $0.character.isWhitespace }
            if leading.prefix(10).map(\.character) == Array("$CATEGORY:"), leading.prefix(10).allSatisfy({ !$0.escaped }) {
                let category = string(leading.dropFirst(10))
                let shown = category.split(separator: "/").last.map(String.init) ?? category
                if categories.isEmpty {
                    draft.title = shown.isEmpty ? name : shown
                } else if !categories.contains(category) {
                    diagnostics.append(file.diagnostic(
                        .warning, "quizgen has no categories: the questions of '\(shown)' join the same quiz",
                        byteOffset: block.chars[0].offset, hint: "to keep them apart, split the file by category and import each part"))
                }
                categories.append(category)
                continue
            }
            switch question(block.chars, file: file, exported: exported, warnings: &diagnostics) {
            case .success(var question?):
                if let problem = TriviaDraft.problem(with: question, file: file) {
                    diagnostics.append(problem)
                } else {
                    if let note = block.comment.flatMap(GIFTLevelNote.init(comment:)) { note.apply(to: &question, in: &draft) }
                    draft.questions.append(question)
                }
            case .success(nil):
                break
            case .failure(let problem):
                diagnostics.append(problem)
            }
        }
        if draft.questions.isEmpty && !diagnostics.hasErrors {
            diagnostics.append(file.error(
                "no multiple-choice or true/false GIFT question in this file", line: 1,
                hint: "a question is its text and its answers in braces: What is 2+2? {=4 ~3 ~5}"))
        }
        return TriviaImport.finish(draft, diagnostics: diagnostics, name: name, file: file)
    }

    /// The questions' characters, blank-line separated, without comment lines, escapes
    /// resolved (`\~ \= \# \{ \} \:` are literal, `\n` a line break, `\\` a backslash);
    /// each with the comment line right above it, where quizgen's export keeps levels and points.
    static func blocks(_ file: SourceFile) -> [Block] {
        var blocks: [Block] = []
        var current = Block(chars: [])
        var comment: String?
        var offset = 0
        for line in file.text.split(separator: "\n", omittingEmptySubsequences: false) {
            defer { offset += line.utf8.count + 1 }
            let trimmed = line.trimmingWhitespace
            if trimmed.hasPrefix("//") {
                comment = trimmed
                continue
            }
            // Only the comment on the line right above a question's first line is that question's.
            let above = comment
            comment = nil
            if trimmed.isEmpty {
                if !current.chars.isEmpty { blocks.append(current) }
                current = Block(chars: [])
                continue
            }
            if current.chars.isEmpty {
                current.comment = above
            } else {
                current.chars.append(Char(character: "\n", escaped: false, offset: offset - 1))
            }
            var byte = offset
            let characters = Array(line)
            var i = 0
            while i < characters.count {
                let character = characters[i]
                if character == "\\", i + 1 < characters.count, "~=#{}:\\n".contains(characters[i + 1]) {
                    let next = characters[i + 1]
                    current.chars.append(Char(character: next == "n" ? "\n" : next, escaped: true, offset: byte))
                    byte += 1 + next.utf8.count
                    i += 2
                    continue
                }
                current.chars.append(Char(character: character, escaped: false, offset: byte))
                byte += character.utf8.count
                i += 1
            }
        }
        if !current.chars.isEmpty { blocks.append(current) }
        return blocks
    }

    static func string(_ chars: some Collection<Char>) -> String {
        String(chars.map(\.character)).trimmingWhitespace
    }

    /// The index of the first unescaped `character` from `start`.
    static func find(_ character: Character, in chars: [Char], from start: Int = 0) -> Int? {
        guard start < chars.count else { return nil }
        return chars[start...].firstIndex { $0.character == character && !$0.escaped }
    }

    /// Splits on unescaped `separator` characters, keeping each part's separator first.
    static func split(_ chars: ArraySlice<Char>, on separators: Set<Character>) -> [ArraySlice<Char>] {
        var parts: [ArraySlice<Char>] = []
        var start = chars.startIndex
        for i in chars.indices where separators.contains(chars[i].character) && !chars[i].escaped && i > start {
            parts.append(chars[start..<i])
            start = i
        }
        if start < chars.endIndex { parts.append(chars[start...]) }
        return parts
    }

    /// One question; nil for a kind quizgen does not have (with a warning in `warnings`).
    static func question(
        _ block: [Char], file: SourceFile, exported: Bool = false, warnings: inout [Diagnostic]
    ) -> Result<TriviaDraft.Question?, Diagnostic> {
        func located(_ severity: Diagnostic.Severity, _ message: String, at offset: Int, hint: String? = nil) -> Diagnostic {
            file.diagnostic(severity, message, byteOffset: offset, hint: hint)
        }
        var chars = block[...]
        let start = block[0].offset
        var id: String?
        // ::name::
        if chars.count >= 2, chars.prefix(2).allSatisfy({ $0.character == ":" && !$0.escaped }) {
            let rest = Array(chars.dropFirst(2))
            var end: Int?
            for i in 0..<max(rest.count - 1, 0) where rest[i].character == ":" && !rest[i].escaped && rest[i + 1].character == ":" && !rest[i + 1].escaped {
                end = i
                break
            }
            guard let end else {
                return .failure(located(.error, "this question's name is never closed with '::'", at: start,
                                        hint: "write ::name:: before the question, or \\: for a literal colon"))
            }
            let slug = Story.slug(string(rest[..<end]))
            id = slug.isEmpty ? nil : slug
            chars = rest[(end + 2)...]
        }
        // [format]
        var format = "moodle"
        let leading = chars.drop { $0.character.isWhitespace }
        if leading.first?.character == "[", let close = leading.firstIndex(where: { $0.character == "]" }) {
            // As written, as Moodle reads it: `[ html ]` is text.
            let name = String(leading[leading.index(after: leading.startIndex)..<close].map(\.character)).lowercased()
            if formats.contains(name) {
                format = name
                chars = leading[(close + 1)...]
            }
        }
        let all = Array(chars)
        let open = find("{", in: all)
        let close = open.flatMap { find("}", in: all, from: $0) } ?? find("}", in: all)
        guard let open else {
            if let close {
                return .failure(located(.error, "a '}' without the '{' that opens the answers", at: all[close].offset,
                                        hint: "write \\} for a literal brace"))
            }
            warnings.append(located(.warning, "a GIFT description (text without answers) has no quizgen equivalent and is skipped", at: start))
            return .success(nil)
        }
        guard let close, close > open else {
            return .failure(located(.error, "the answers that start here are never closed with '}'", at: all[open].offset,
                                    hint: "is the file cut short? Write \\{ for a literal brace"))
        }
        var questionChars = Array(all[..<open])
        let after = all[(close + 1)...]
        if let second = secondQuestion(in: all[..<open], answersClosed: false) ?? secondQuestion(in: after, answersClosed: true) {
            return .failure(located(.error, "a second question starts here: GIFT questions are separated by a blank line", at: second,
                                    hint: "leave a blank line before it"))
        }
        if !string(after).isEmpty {
            // Missing word: the answers stand for a blank in the sentence.
            let blank = (string(questionChars).isEmpty ? "_____ " : " _____ ").map { Char(character: $0, escaped: true, offset: all[open].offset) }
            questionChars = Array(questionChars.reversed().drop { $0.character.isWhitespace }.reversed())
                + blank + after.drop { $0.character.isWhitespace }
        }
        var answerChars = all[(open + 1)..<close]
        var general: String?
        // General feedback follows the last `####`.
        let marks = answerChars.map { $0.escaped ? "\u{FFFC}" : $0.character }
        if let marker = lastRange(of: ["#", "#", "#", "#"], in: marks) {
            general = string(answerChars[(answerChars.startIndex + marker.upperBound)...])
            answerChars = answerChars[..<(answerChars.startIndex + marker.lowerBound)]
        }
        // Its `[format]` is read: what follows is text (`[plain][html]…` starts with `[html]`).
        let questionText = text(String(questionChars.map(\.character)).trimmingWhitespace, in: format)
        let answerString = string(answerChars)
        let (line, column) = file.position(ofByte: start)
        var question = TriviaDraft.Question(text: questionText, choices: [], id: id, line: line, column: column)
        if let general, !general.isEmpty { question.explanation.append(text(general, format: format)) }

        let unescaped = answerChars.filter { !$0.escaped }.map(\.character)
        func skip(_ kind: String, warnings: inout [Diagnostic]) -> Result<TriviaDraft.Question?, Diagnostic> {
            warnings.append(located(.warning, "a GIFT \(kind) question has no quizgen equivalent and is skipped", at: start,
                                   hint: "quizgen asks multiple-choice and true/false questions"))
            return .success(nil)
        }
        if answerString.isEmpty { return skip("essay", warnings: &warnings) }
        if let first = answerChars.first(where: { !$0.character.isWhitespace }), first.character == "#", !first.escaped {
            return skip("numerical", warnings: &warnings)
        }
        if unescaped.contains("~") {
            return multipleChoice(answerChars, into: question, format: format, file: file, exported: exported, warnings: &warnings)
                .map { $0 }
        }
        if unescaped.contains("=") && String(unescaped).contains("->") { return skip("matching", warnings: &warnings) }
        let parts = split(answerChars, on: ["#"])
        let value = string(parts.first ?? answerChars[...]).uppercased()
        guard ["T", "TRUE", "F", "FALSE"].contains(value) else {
            return skip("short-answer", warnings: &warnings)
        }
        let right = value.hasPrefix("T")
        question.choices = [.init(text: .plain("True"), correct: right), .init(text: .plain("False"), correct: !right)]
        // {T#feedback when wrong#feedback when right}: quizgen shows one explanation whatever
        // the answer, so each feedback is labelled with the answer it is for.
        let feedback = [parts.dropFirst().first.map { string($0.dropFirst()) } ?? "", string(parts.dropFirst(2).joined().dropFirst())]
        for choice in question.choices {
            let note = feedback.dropFirst(choice.correct ? 1 : 0).first ?? ""
            if !note.isEmpty { question.explanation.append(labelled(text(note, format: format), by: choice.text)) }
        }
        return .success(question)
    }

    /// One answer of a multiple-choice question, as written.
    struct Answer {
        /// Marked `=`: a right answer (worth 100%) of a single-answer question.
        var equals: Bool
        /// `%N%`, in percent.
        var weight: Double?
        var text: TriviaDraft.Text
        var feedback: TriviaDraft.Text?
        /// The byte offset of its `=` or `~`.
        var offset: Int
        /// The byte offset of its text.
        var textOffset: Int

        var isPartial: Bool { !equals && (weight ?? 0) > 0 && (weight ?? 0) < 100 }
    }

    /// `{=right #feedback ~wrong ~%50%half}`: each answer starts with `=` or `~`.
    ///
    /// Moodle reads it as a single-answer question when any answer is `=`: the `=` answers
    /// (and any worth 100%) are right, and `~%N%` weights only give partial credit for a wrong
    /// one. Without `=`, it is a multiple-answer question: its right answers are those worth
    /// points, and their weights add up to 100%. In a file quizgen exported (`exported`), the
    /// export's own weights (equal shares, wrong ones -100%) stand for a `.multiple` question,
    /// so nothing is lost and nothing is warned of.
    static func multipleChoice(
        _ chars: ArraySlice<Char>, into question: TriviaDraft.Question, format: String, file: SourceFile,
        exported: Bool = false, warnings: inout [Diagnostic]
    ) -> Result<TriviaDraft.Question, Diagnostic> {
        var question = question
        var answers: [Answer] = []
        let parts = split(chars, on: ["=", "~"]).filter { !string($0).isEmpty }
        for part in parts {
            guard let marker = part.first, !marker.escaped, marker.character == "=" || marker.character == "~" else {
                return .failure(file.diagnostic(
                    .error, "an answer must start with '=' (right) or '~' (wrong)", byteOffset: part.first?.offset ?? 0,
                    hint: "write \\= or \\~ for a literal sign"))
            }
            var body = part.dropFirst()
            var weight: Double?
            let trimmed = body.drop { $0.character.isWhitespace }
            // As in Moodle, only a '~' answer has a weight: '=%50%x' is the right answer '%50%x'.
            if marker.character == "~", trimmed.first?.character == "%",
               let end = trimmed.dropFirst().firstIndex(where: { $0.character == "%" }) {
                let number = string(trimmed[trimmed.index(after: trimmed.startIndex)..<end])
                guard let value = Double(number), value.isFinite, abs(value) <= 100 else {
                    return .failure(file.diagnostic(
                        .error, "'\(number)' is not a weight in percent", byteOffset: trimmed.first!.offset,
                        hint: "a weight is written %50% or %-100%, from -100 to 100"))
                }
                weight = value
                body = trimmed[(end + 1)...]
            }
            // The feedback is all that follows the first '#' ('\#' is text, even at the start).
            let hash = find("#", in: Array(body)).map { body.startIndex + $0 } ?? body.endIndex
            let answer = string(body[..<hash])
            let note = hash < body.endIndex ? string(body[(hash + 1)...]) : ""
            guard !answer.isEmpty else {
                // `{~=making~to make}`: Moodle reads a blank answer before '=making', and leaves it out.
                warnings.append(file.diagnostic(
                    .warning, "this answer is blank: it is left out, as Moodle leaves it out", byteOffset: marker.offset,
                    hint: "write its text after the '\(marker.character)', or remove the '\(marker.character)'"))
                continue
            }
            let first = body.first(where: { !$0.character.isWhitespace })?.offset ?? marker.offset
            answers.append(Answer(
                equals: marker.character == "=", weight: weight, text: text(answer, format: format),
                feedback: note.isEmpty ? nil : text(note, format: format), offset: marker.offset, textOffset: first))
        }
        let start = chars.first?.offset ?? 0
        let right: [Bool]
        if answers.contains(where: \.equals) {
            right = answers.map { $0.equals || ($0.weight ?? 0) >= 100 }
            let partial = answers.filter(\.isPartial)
            if let first = partial.first {
                let names = partial.map { "'\($0.text.readable.trimmingWhitespace)' (\(GIFTExporter.weight($0.weight ?? 0))%)" }
                let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
                warnings.append(file.diagnostic(
                    .warning,
                    "partial credit has no quizgen equivalent: \(list) count\(names.count == 1 ? "s" : "") as wrong, as every answer not worth 100% does",
                    byteOffset: first.offset, hint: "quizgen scores an answer right or wrong"))
            }
            if right.count(where: { $0 }) > 1 {
                question.multiple = true
                warnings.append(file.diagnostic(
                    .warning, "several right answers (Moodle accepts any one of them): this becomes a .multiple question, right only when all of them are ticked",
                    byteOffset: start, hint: "to keep one right answer, mark the others with '~'"))
            }
        } else {
            right = answers.map { ($0.weight ?? 0) > 0 }
            let total = answers.compactMap(\.weight).filter { $0 > 0 }.reduce(0, +)
            if let first = answers.first(where: { ($0.weight ?? 0) > 0 }) {
                guard abs(total - 100) < 0.01 else {
                    return .failure(file.diagnostic(
                        .error, "the answers worth points add up to \(GIFTExporter.weight(total))%, not 100%", byteOffset: first.offset,
                        hint: "mark the one right answer with '=' (its partial credit is then dropped), or make the weights of the right answers add up to 100%"))
                }
                // One answer worth all the points is a single-answer question: nothing is partial.
                guard right.count(where: { $0 }) > 1 else { return finish() }
                question.multiple = true
                let shares = answers.map { ($0.weight ?? 0) > 0 ? GIFTExporter.weight(100 / Double(right.count(where: { $0 }))) : "-100" }
                if !exported || answers.map({ GIFTExporter.weight($0.weight ?? 0) }) != shares {
                    warnings.append(file.diagnostic(
                        .warning, "partial credit has no quizgen equivalent: this becomes a .multiple question, right only when every answer worth points is ticked",
                        byteOffset: start))
                }
            }
        }
        return finish()

        func finish() -> Result<TriviaDraft.Question, Diagnostic> {
            for (answer, correct) in zip(answers, right) {
                let (line, column) = file.position(ofByte: answer.textOffset)
                question.choices.append(.init(text: answer.text, correct: correct, line: line, column: column))
            }
            for answer in answers {
                if let note = answer.feedback { question.explanation.append(labelled(note, by: answer.text)) }
            }
            return .success(question)
        }
    }

    /// Feedback for one answer, as a paragraph of the explanation that names the answer.
    static func labelled(_ note: TriviaDraft.Text, by answer: TriviaDraft.Text) -> TriviaDraft.Text {
        .markdown("*" + TriviaWriter.inline(answer) + "*: " + TriviaWriter.inline(note))
    }

    /// Where a line of `chars` that is not their first starts another question (it opens with
    /// a `::name::` or, after the answers, holds answers of its own), as Moodle would run two
    /// questions together when no blank line parts them.
    static func secondQuestion(in chars: ArraySlice<Char>, answersClosed: Bool) -> Int? {
        var index = chars.startIndex
        while let newline = chars[index...].firstIndex(where: { $0.character == "\n" && !$0.escaped }) {
            let lineEnd = chars[(newline + 1)...].firstIndex { $0.character == "\n" && !$0.escaped } ?? chars.endIndex
            let line = chars[(newline + 1)..<lineEnd].drop { $0.character.isWhitespace }
            let named = line.count >= 2 && line.prefix(2).allSatisfy { $0.character == ":" && !$0.escaped }
            if let first = line.first, named || (answersClosed && line.contains { $0.character == "{" && !$0.escaped }) {
                return first.offset
            }
            index = lineEnd
        }
        return nil
    }

    static func lastRange(of needle: [Character], in haystack: [Character]) -> Range<Int>? {
        guard haystack.count >= needle.count else { return nil }
        for start in stride(from: haystack.count - needle.count, through: 0, by: -1)
        where Array(haystack[start..<start + needle.count]) == needle {
            return start..<start + needle.count
        }
        return nil
    }

    /// Text in a GIFT format: HTML is read with its formatting made Markdown (as plain text
    /// when it has none), Markdown kept, plain kept as it is, and Moodle's own format (the
    /// default) read as HTML when it has tags.
    /// Every text (answers and feedback too) may start with its own `[format]`.
    static func text(_ raw: String, format: String) -> TriviaDraft.Text {
        if let (marked, rest) = formatMarker(raw) { return text(rest, in: marked) }
        return text(raw, in: format)
    }

    /// The `[format]` a text starts with, and the text after it.
    static func formatMarker(_ raw: String) -> (format: String, text: String)? {
        guard raw.hasPrefix("["), let close = raw.firstIndex(of: "]") else { return nil }
        let name = raw[raw.index(after: raw.startIndex)..<close].lowercased()
        guard formats.contains(name) else { return nil }
        return (name, String(raw[raw.index(after: close)...]).trimmingWhitespace)
    }

    static let formats: Set<String> = ["html", "markdown", "plain", "moodle"]

    /// Text in `format`, whatever it starts with.
    static func text(_ raw: String, in format: String) -> TriviaDraft.Text {
        switch format {
        case "markdown": return .markdown(raw)
        case "html": return html(raw)
        // Plain is plain: `<` stays a sign even before a letter.
        case "plain": return .plain(raw)
        default: return HTMLText.hasTags(raw) ? html(raw) : .plain(raw)
        }
    }

    static func html(_ raw: String) -> TriviaDraft.Text {
        HTMLText.markdown(raw).map(TriviaDraft.Text.markdown) ?? .plain(HTMLText.plainText(raw).trimmingWhitespace)
    }
}
