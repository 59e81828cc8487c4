import Support

/// Writes a `TriviaDraft` as a quizgen trivia file: every question under its `##` heading,
/// or, for a large bank of plain-text questions, a CSV bank beside a short Markdown file.
enum TriviaWriter {
    /// From this many questions on, plain ones go to a CSV bank: a page of thousands of
    /// headings is hard to edit, and a spreadsheet is the natural place for them.
    static let bankThreshold = 200

    /// What was written: the Markdown, perhaps a CSV bank, and when a bank was due but could
    /// not be written, the question that kept it out and why.
    struct Written {
        var markdown: String
        var bank: String?
        var noBank: Refusal?
    }

    /// A CSV bank and the separator of its choices, or why there is none.
    enum CSV {
        case bank(String, separator: String)
        case refused(Refusal)
    }

    /// Why the questions cannot go to a CSV bank: the first that cannot be said there.
    struct Refusal {
        var question: TriviaDraft.Question
        var reason: String
    }

    /// - Parameter bankName: the CSV file's name beside the Markdown, should one be written.
    static func write(_ draft: TriviaDraft, bankName: String) -> Written {
        var front = "---\nkind: trivia\n"
        if let title = draft.title { front += "title: \(MarkdownText.yamlString(title))\n" }
        if !draft.points.isEmpty {
            front += "points: {" + draft.points.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}\n"
        }
        var refusal: Refusal?
        if draft.questions.count >= bankThreshold {
            switch csv(draft.questions) {
            case .bank(let bank, let separator):
                front += "bank: \(MarkdownText.yamlString(bankName))\n"
                if separator != "|" { front += "bank-separator: \(MarkdownText.yamlString(separator))\n" }
                return Written(markdown: front + "---\n", bank: bank)
            case .refused(let why):
                refusal = why
            }
        }
        var out = front + "---\n"
        for question in draft.questions {
            out += "\n" + markdown(question)
        }
        return Written(markdown: out, noBank: refusal)
    }

    static func markdown(_ question: TriviaDraft.Question) -> String {
        var heading: String
        var body: [String] = []
        switch question.text {
        case .plain(let text):
            // The first paragraph is the question; the others are shown with it.
            let paragraphs = text.split(separator: "\n\n", omittingEmptySubsequences: true).map(String.init)
            heading = MarkdownText.line(paragraphs.first ?? text)
            body = paragraphs.dropFirst().flatMap(MarkdownText.paragraphs)
        case .markdown(let text):
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let first = lines.firstIndex { !$0.allSatisfy(\.isWhitespace) } ?? 0
            heading = lines[first].trimmingWhitespace
            if first + 1 < lines.count { heading = withoutLineBreak(heading) }
            let rest = lines[(first + 1)...].joined(separator: "\n").trimmingWhitespace
            if !rest.isEmpty { body.append(rest) }
        }
        var flags: [String] = []
        if let id = question.id { flags.append("#" + id) }
        if question.multiple { flags.append(".multiple") }
        if let level = question.level { flags.append("." + level) }
        if let points = question.points { flags.append("points=\(points)") }
        if !flags.isEmpty { heading += " {" + flags.joined(separator: " ") + "}" }
        var out = "## \(heading)\n"
        for block in body { out += "\n\(block)\n" }
        if !body.isEmpty { out += "\n" }
        for choice in question.choices {
            out += "- [\(choice.correct ? "x" : " ")] \(inline(choice.text))\n"
        }
        let explanation = question.explanation.flatMap(paragraphs)
        if !explanation.isEmpty {
            // A blank line inside Markdown text (between its paragraphs) stays one in the quote.
            out += "\n" + explanation.map {
                $0.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? ">" : "> " + $0 }.joined(separator: "\n")
            }.joined(separator: "\n>\n") + "\n"
        }
        return out
    }

    static func inline(_ text: TriviaDraft.Text) -> String {
        switch text {
        case .plain(let text): return MarkdownText.line(text)
        case .markdown(let text):
            let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace }
            return lines.indices.map { $0 + 1 < lines.count ? withoutLineBreak(lines[$0]) : lines[$0] }.joined(separator: " ")
        }
    }

    /// A line of Markdown, followed by another, without the `\` that ends it in a hard line
    /// break: on one line (a heading, a choice) it would show.
    static func withoutLineBreak(_ line: String) -> String {
        let backslashes = line.reversed().prefix { $0 == "\\" }.count
        return backslashes % 2 == 1 ? String(line.dropLast()).trimmingWhitespace : line
    }

    static func paragraphs(_ text: TriviaDraft.Text) -> [String] {
        switch text {
        case .plain(let text): MarkdownText.paragraphs(text)
        case .markdown(let text): [text.trimmingWhitespace].filter { !$0.isEmpty }
        }
    }

    /// What may separate the choices in a bank's `choices` field (`bank-separator`), in the
    /// order tried: `|`, the default, unless a choice holds one. Never the field delimiter.
    static let separators = ["|", ";", "^", "¦", "~", "/"]

    /// The questions as quizgen's CSV bank, and the separator of its choices; the first
    /// question that cannot be said there (Markdown text, an id, every separator in its
    /// choices) when it cannot be written. A question's own points go in a `points` column,
    /// which wins over its level as `points=N` does; only a bank that needs one has it.
    static func csv(_ questions: [TriviaDraft.Question]) -> CSV {
        for question in questions {
            let reason: String? =
                if !question.text.isPlain { "its text has formatting" }
                else if let id = question.id { "it has an id ({#\(id)})" }
                else if !question.explanation.allSatisfy(\.isPlain) { "its explanation has formatting" }
                else if !question.choices.allSatisfy(\.text.isPlain) { "a choice of it has formatting" }
                else { nil }
            if let reason { return .refused(Refusal(question: question, reason: reason + ", which a CSV bank cannot hold")) }
        }
        let choices = questions.map { $0.choices.map { $0.text.readable.trimmingWhitespace } }
        guard let separator = separators.first(where: { separator in choices.allSatisfy { $0.allSatisfy { !$0.contains(separator) } } }) else {
            let question = questions.first { $0.choices.contains { $0.text.readable.contains(separators[0]) } } ?? questions[0]
            return .refused(Refusal(
                question: question,
                reason: "every separator a bank can have between its choices (\(separators.joined(separator: " "))) is in some question's choices, this one's '\(separators[0])' among them"))
        }
        let pointsColumn = questions.contains { $0.points != nil }
        var out = "question,choices,answer,level," + (pointsColumn ? "points," : "") + "explanation\n"
        for (question, choices) in zip(questions, choices) {
            let answers = question.choices.filter(\.correct).map { $0.text.readable.trimmingWhitespace }
            var fields: [String] = [
                question.text.readable.trimmingWhitespace, choices.joined(separator: separator), answers.joined(separator: separator),
                question.level ?? "",
            ]
            if pointsColumn { fields.append(question.points.map(String.init) ?? "") }
            fields.append(question.explanation.map(\.readable).joined(separator: "\n\n"))
            out += fields.map(csvField).joined(separator: ",") + "\n"
        }
        return .bank(out, separator: separator)
    }

    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingAll("\"", with: "\"\"") + "\""
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
