import Analysis
import Content
import Diagnostics
import Support

/// What `check` prints about each piece of content: its shape, for personality quizzes how
/// the answer combinations spread over the outcomes, for trivia quizzes what a play is worth,
/// and for stories what their graph says.
public enum ReportFormatter {
    public static func text(_ reports: [AnalysedContent]) -> String {
        var out = ""
        for report in reports {
            let meta = report.meta
            out += "\(meta.sourcePath): \(meta.kind.label.lowercased()) “\(meta.title)”\n"
            switch report.body {
            case .personality(let quiz, _, let distribution): out += personality(quiz, distribution)
            case .trivia(let quiz, let summary?): out += trivia(quiz, summary)
            case .trivia(_, nil): break
            case .story(let story, let analysis): out += self.story(story, analysis)
            }
        }
        return out
    }

    /// The whole check as JSON, for authors' CI: every diagnostic and every statistic.
    public static func json(_ reports: [AnalysedContent], diagnostics: [Diagnostic]) -> String {
        let content: [ScriptJSON] = reports.map { report in
            var fields: [(String, ScriptJSON)] = [
                ("file", .string(report.meta.sourcePath)),
                ("kind", .string(report.meta.kind.rawValue)),
                ("title", .string(report.meta.title)),
                ("page", .string(report.meta.sitePath + "/index.html")),
            ]
            switch report.body {
            case .personality(let quiz, _, let distribution): fields.append(("personality", personalityJSON(quiz, distribution)))
            case .trivia(let quiz, let summary?): fields.append(("trivia", triviaJSON(quiz, summary)))
            case .trivia(_, nil): break
            case .story(let story, let analysis): fields.append(("story", storyJSON(story, analysis)))
            }
            return .object(fields)
        }
        return ScriptJSON.object([
            ("ok", .bool(!diagnostics.hasErrors)),
            ("errors", .int(diagnostics.errorCount)),
            ("warnings", .int(diagnostics.warningCount)),
            ("diagnostics", .array(diagnostics.map(diagnosticJSON))),
            ("content", .array(content)),
        ]).pretty
    }

    static func diagnosticJSON(_ d: Diagnostic) -> ScriptJSON {
        var fields: [(String, ScriptJSON)] = [("severity", .string(d.severity.rawValue)), ("file", .string(d.file))]
        // A problem with a whole file or folder has no place in it: no 0 that reads as one.
        if d.line > 0 { fields += [("line", .int(d.line)), ("column", .int(max(d.column, 1)))] }
        fields.append(("message", .string(d.message)))
        if let hint = d.hint { fields.append(("hint", .string(hint))) }
        return .object(fields)
    }

    static func personalityJSON(_ quiz: PersonalityQuiz, _ distribution: OutcomeDistribution?) -> ScriptJSON {
        guard let d = distribution else { return .object([("questions", .int(quiz.questions.count))]) }
        var method: [(String, ScriptJSON)] = []
        switch d.method {
        case .exact:
            method = [("method", .string("exact"))]
        case .sampled(let size, let seed):
            method = [("method", .string("sample")), ("sampleSize", .int(size)), ("seed", .string(String(seed)))]
        }
        return .object([
            ("questions", .int(quiz.questions.count)),
            ("combinations", d.combinations.isFinite ? .number(d.combinations) : .string(count(d.combinations))),
        ] + method + [
            ("outcomes", .array(quiz.outcomes.map(\.id).enumerated().map { k, id in
                .object([
                    ("id", .string(id)),
                    ("share", .number((d.share(k) * 10000).rounded() / 10000)),
                    ("count", .number(d.counts[k])),
                    ("reachable", d.undecided.contains(k) ? .null : .bool(!d.unreachable.contains(k))),
                ])
            })),
        ])
    }

    static func triviaJSON(_ quiz: TriviaQuiz, _ summary: TriviaSummary) -> ScriptJSON {
        var fields: [(String, ScriptJSON)] = [
            ("questions", .int(summary.questionCount)),
            ("fromMarkdown", .int(summary.markdownCount)),
            ("fromBank", .int(summary.questionCount - summary.markdownCount)),
            ("multipleAnswer", .int(summary.multipleCount)),
            ("withExplanation", .int(summary.explainedCount)),
            ("levels", .object(summary.levels.map { ($0.name.isEmpty ? "none" : $0.name, .int($0.count)) })),
            ("pointsPerQuestion", .object([("min", .int(summary.points.lowerBound)), ("max", .int(summary.points.upperBound))])),
            ("questionsPerPlay", .int(summary.drawSize)),
            ("maximumScorePerPlay", .object([
                ("min", .int(summary.maximumPerPlay.lowerBound)), ("max", .int(summary.maximumPerPlay.upperBound)),
            ])),
        ]
        fields.append(("secondsPerQuestion", quiz.time.map { .number($0) } ?? .null))
        return .object(fields)
    }

    static func storyJSON(_ story: Story, _ analysis: StoryAnalysis) -> ScriptJSON {
        func count(_ bound: StoryAnalysis.Bound<BigCount>) -> ScriptJSON {
            switch bound {
            case .exact(let n): .string(n.description)
            case .unbounded: .string("unbounded")
            }
        }
        return .object([
            ("pages", .int(story.pages.count)),
            ("choices", .int(story.choiceCount)),
            ("start", .int(story.start + 1)),
            ("reachable", .int(analysis.reachableCount)),
            ("unreachable", .array(analysis.unreachable.map { .int($0 + 1) })),
            ("traps", .array(analysis.traps.map { .int($0 + 1) })),
            ("loops", .array(analysis.loops.map { .array($0.map { .int($0 + 1) }) })),
            // A string: the count can exceed what JSON numbers hold exactly.
            ("playthroughs", count(analysis.playthroughs)),
            ("endings", .array(analysis.endings.map { endingJSON($0, story) })),
        ])
    }

    static func endingJSON(_ ending: StoryAnalysis.EndingPaths, _ story: Story) -> ScriptJSON {
        let page = story.pages[ending.page]
        var longest = ScriptJSON.null
        switch ending.longest {
        case .exact(let n)?: longest = .int(n)
        case .unbounded?: longest = .string("unbounded")
        case nil: break
        }
        let kind: ScriptJSON = page.ending.map { .string($0.rawValue) } ?? .null
        let shortest: ScriptJSON = ending.shortest.map { .int($0) } ?? .null
        return .object([
            ("page", .int(ending.page + 1)),
            ("id", .string(page.id)),
            ("title", .string(page.title.plainText)),
            ("kind", kind),
            ("shortest", shortest),
            ("longest", longest),
        ])
    }

    static func personality(_ quiz: PersonalityQuiz, _ distribution: OutcomeDistribution?) -> String {
        let questionCount = quiz.questions.count
        let outcomeIDs = quiz.outcomes.map(\.id)
        let counts = "  \(count(Double(questionCount))) question\(questionCount == 1 ? "" : "s"), "
            + "\(count(Double(outcomeIDs.count))) outcome\(outcomeIDs.count == 1 ? "" : "s")"
        guard let d = distribution else { return counts + "\n" }
        var out = counts + ", "
        out += "\(count(d.combinations)) answer combination\(d.combinations == 1 ? "" : "s")\n"
        switch d.method {
        case .exact:
            out += "  results over every combination (exact):\n"
        case .sampled(let size, let seed):
            out += "  results over a sample of \(count(Double(size))) random combinations (seed \(seed); too many to count exactly):\n"
        }
        let width = outcomeIDs.map(\.terminalWidth).max() ?? 0
        for (k, id) in outcomeIDs.enumerated() {
            let share = d.share(k) * 100
            let bar = String(repeating: "█", count: Int((share / 4).rounded()))
            var line = "    " + id.rightPadded(to: width) + "  "
            line += percent(share).leftPadded(to: 6) + "  " + bar
            if d.unreachable.contains(k) { line += " never the result" }
            if d.undecided.contains(k) { line += " not seen in the sample; could not decide whether it is reachable" }
            out += line + "\n"
        }
        return out
    }

    static func trivia(_ quiz: TriviaQuiz, _ s: TriviaSummary) -> String {
        func plural(_ n: Int, _ word: String) -> String { "\(count(Double(n))) \(word)\(n == 1 ? "" : "s")" }
        var out = "  " + plural(s.questionCount, "question")
        if let bank = quiz.bank {
            out += " (\(count(Double(s.markdownCount))) in the Markdown, \(count(Double(s.questionCount - s.markdownCount))) from \(bank))"
        }
        let levels = s.levels.map { "\(count(Double($0.count))) \($0.name.isEmpty ? "without a level" : $0.name)" }
        if s.levels.contains(where: { !$0.name.isEmpty }) { out += ": " + levels.joined(separator: ", ") }
        out += "\n"
        var kinds: [String] = []
        if s.multipleCount > 0 { kinds.append("\(count(Double(s.multipleCount))) with several right answers") }
        if s.explainedCount > 0 { kinds.append("\(count(Double(s.explainedCount))) with an explanation") }
        if !kinds.isEmpty { out += "  " + kinds.joined(separator: ", ") + "\n" }
        let points = s.points.lowerBound == s.points.upperBound
            ? plural(s.points.lowerBound, "point") + " per question"
            : "\(count(Double(s.points.lowerBound))) to \(plural(s.points.upperBound, "point")) per question"
        let perPlay = s.maximumPerPlay.lowerBound == s.maximumPerPlay.upperBound
            ? plural(s.maximumPerPlay.upperBound, "point")
            : "\(count(Double(s.maximumPerPlay.lowerBound))) to \(plural(s.maximumPerPlay.upperBound, "point")), depending on the draw"
        out += "  \(points); a play of \(plural(s.drawSize, "question")) is worth \(perPlay)\n"
        var rules: [String] = []
        if let time = quiz.time { rules.append("\(TriviaQuiz.seconds(time)) per question") }
        rules.append(quiz.shuffleQuestions ? "questions shuffled" : "questions in file order")
        rules.append(quiz.shuffleAnswers ? "answers shuffled" : "answers in file order")
        if quiz.onWrong == .end { rules.append("sudden death") }
        if let pass = quiz.pass { rules.append("pass mark \(TriviaQuiz.percent(pass))") }
        out += "  " + rules.joined(separator: ", ") + "\n"
        return out
    }

    static func percent(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }

    /// 1,234,567, or "about 1.23 × 10^24" for counts beyond what is worth spelling out (as
    /// a story's playthroughs are said).
    static func count(_ value: Double) -> String {
        // More combinations than a Double can hold: a quiz of over a thousand answers.
        guard value.isFinite else { return "more than 1.79 × 10^308" }
        guard value < 1e15 else {
            var exponent = Int(value.exponentBase10)
            var hundredths = Int((value / pow10(exponent) * 100).rounded())
            if hundredths >= 1_000 { (hundredths, exponent) = (hundredths / 10, exponent + 1) }
            return "about \(hundredths / 100).\(hundredths / 10 % 10)\(hundredths % 10) × 10^\(exponent)"
        }
        return String(Int64(value)).withThousandsSeparators
    }

    static func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { a, _ in a * 10 } }
}

extension Double {
    var exponentBase10: Double {
        var e = 0.0
        var v = self
        while v >= 10 { v /= 10; e += 1 }
        return e
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }

    /// The columns a terminal gives the text: two for each wide (East Asian, emoji) character,
    /// one for any other (a letter with its combining marks is one character).
    var terminalWidth: Int {
        reduce(0) { width, character in width + DiagnosticPrinter.cells(character) }
    }

    /// The text followed by spaces up to `width` terminal columns, never cut: Foundation's
    /// `padding(toLength:)` counts UTF-16 units and cuts an id's last combining mark off.
    func rightPadded(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - terminalWidth))
    }
}
