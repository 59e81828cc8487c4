import Support

/// Writes a `TriviaDraft` as a quizgen trivia file: every question under its `##` heading,
/// or, for a large bank of plain-text questions, a CSV bank beside a short Markdown file.
enum TriviaWriter {
    /// From this many questions on, plain ones go to a CSV bank: a page of thousands of
    /// headings is hard to edit, and a spreadsheet is the natural place for them.
    static let bankThreshold = 200

    /// - Parameter bankName: the CSV file's name beside the Markdown, should one be written.
    static func write(_ draft: TriviaDraft, bankName: String) -> (markdown: String, bank: String?) {
        var front = "---\nkind: trivia\n"
        if let title = draft.title { front += "title: \(MarkdownText.yamlString(title))\n" }
        if !draft.points.isEmpty {
            front += "points: {" + draft.points.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}\n"
        }
        if draft.questions.count >= bankThreshold, let bank = csv(draft.questions) {
            return (front + "bank: \(MarkdownText.yamlString(bankName))\n---\n", bank)
        }
        var out = front + "---\n"
        for question in draft.questions {
            out += "\n" + markdown(question)
        }
        return (out, nil)
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

    /// The questions as quizgen's CSV bank; nil when one of them cannot be said there (Markdown
    /// text, an id, a choice with the choice separator in it). A question's own points go in a
    /// `points` column, which wins over its level as `points=N` does; only a bank that needs
    /// one has it.
    static func csv(_ questions: [TriviaDraft.Question]) -> String? {
        let pointsColumn = questions.contains { $0.points != nil }
        var out = "question,choices,answer,level," + (pointsColumn ? "points," : "") + "explanation\n"
        for question in questions {
            guard question.text.isPlain, question.id == nil, question.explanation.allSatisfy(\.isPlain),
                  question.choices.allSatisfy({ $0.text.isPlain && !$0.text.readable.contains("|") })
            else { return nil }
            let choices = question.choices.map { $0.text.readable.trimmingWhitespace }
            let answers = question.choices.filter(\.correct).map { $0.text.readable.trimmingWhitespace }
            var fields: [String] = [
                question.text.readable.trimmingWhitespace, choices.joined(separator: "|"), answers.joined(separator: "|"),
                question.level ?? "",
            ]
            if pointsColumn { fields.append(question.points.map(String.init) ?? "") }
            fields.append(question.explanation.map(\.readable).joined(separator: "\n\n"))
            out += fields.map(csvField).joined(separator: ",") + "\n"
        }
        return out
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
