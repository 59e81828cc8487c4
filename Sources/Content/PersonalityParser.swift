import Diagnostics
import Markdown
import Support

/// Reads a personality quiz from an outline: `.outcome` headings are outcomes, every other
/// `##` heading is a question whose first list holds the answers.
enum PersonalityParser {
    static let keys = ["shuffle-questions", "shuffle-answers"]
    static let headingFlags = PersonalityQuiz.QuestionType.allCases.map(\.rawValue) + ["outcome"]
    /// Weights stay small enough that any sum is exact in the page script's numbers.
    static let weightLimit = 1_000_000

    /// An outcome's heading: `.outcome`, or an id with `outcome` missing its dot
    /// (`{#cat outcome}`). That slip is an error of its own, and read as the outcome it
    /// meant it spares the cascade that followed: "this question has no answers", and an
    /// "unknown outcome 'cat'" at every answer that names it.
    static func isOutcome(_ item: Outline.Item) -> Bool {
        item.attributes.has(flag: "outcome")
            || (item.attributes.id != nil && item.attributes.tokens.contains { $0.kind == .name("outcome") })
    }

    static func parse(
        _ outline: Outline, reader: inout FrontMatterReader, file: SourceFile, kindLine: Int
    ) -> (PersonalityQuiz?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let shuffleQuestions = reader.bool("shuffle-questions") ?? false
        let shuffleAnswers = reader.bool("shuffle-answers") ?? false

        // Outcomes first: answers may name outcomes declared after them.
        var outcomes: [PersonalityQuiz.Outcome] = []
        var outcomeIndex: [String: Int] = [:]
        for item in outline.items where isOutcome(item) {
            for token in item.attributes.tokens {
                switch token.kind {
                case .name("outcome") where !item.attributes.has(flag: "outcome"):
                    diagnostics.append(file.error(
                        "'outcome' without its dot makes no outcome", line: token.line, byteColumn: token.column,
                        hint: "did you mean '.outcome'?"))
                case .flag(let flag) where !headingFlags.contains(flag):
                    diagnostics.append(unknownFlag(flag, token: token, file: file))
                case .flag(let flag) where flag != "outcome":
                    diagnostics.append(file.error(
                        "'.\(flag)' is a question type, but this heading is an outcome",
                        line: token.line, byteColumn: token.column))
                case .name(let name), .pair(let name, _):
                    diagnostics.append(file.warning(
                        "'\(name)' has no meaning on an outcome heading and is ignored",
                        line: token.line, byteColumn: token.column, hint: "outcomes are scored by the answers that name them"))
                default:
                    break
                }
            }
            guard let idToken = item.attributes.idToken, case .id(let id) = idToken.kind else {
                // A malformed id has its own error; this would only repeat it.
                if !item.attributes.hasMalformedID {
                    diagnostics.append(file.error(
                        "an outcome needs an id", line: item.line, byteColumn: item.titleColumn,
                        hint: "add one to the heading, e.g. {#dog .outcome}"))
                }
                continue
            }
            if let first = outcomeIndex[id] {
                diagnostics.append(file.error(
                    "duplicate outcome id '\(id)'", line: idToken.line, byteColumn: idToken.column,
                    hint: "'\(id)' is already the id of the outcome on line \(outcomes[first].line)"))
                continue
            }
            if item.heading.isBlank {
                diagnostics.append(file.warning(
                    "this outcome has no title", line: item.line, byteColumn: item.column,
                    hint: "write it after '## ', e.g. '## You are a dog! {#dog .outcome}': it is the result's heading"))
            }
            outcomeIndex[id] = outcomes.count
            outcomes.append(PersonalityQuiz.Outcome(
                id: id, title: item.heading.children, body: item.body, line: item.line, column: item.titleColumn))
        }

        let ids = outcomes.map(\.id)
        var hints = NearestMatch.Hints(
            candidates: ids, fallback: ids.count <= 12 ? "declared outcomes: \(ids.joined(separator: ", "))" : nil)
        var questions: [PersonalityQuiz.Question] = []
        questions.reserveCapacity(outline.items.count - outcomes.count)
        for item in outline.items where !isOutcome(item) {
            let (question, problems) = parseQuestion(item, outcomes: outcomeIndex, hints: &hints, file: file)
            diagnostics += problems
            if let question { questions.append(question) }
        }

        if outcomes.isEmpty && !outline.items.contains(where: isOutcome) {
            diagnostics.append(file.error(
                "this personality quiz has no outcome", line: kindLine,
                hint: "declare each outcome with a heading such as '## You are a dog! {#dog .outcome}'"))
        }
        if outline.items.allSatisfy(isOutcome) {
            diagnostics.append(file.error(
                "this personality quiz has no question", line: kindLine,
                hint: "each '##' heading without .outcome is a question, with its answers as a list below it"))
        }
        guard !diagnostics.hasErrors else { return (nil, diagnostics) }
        return (PersonalityQuiz(
            questions: questions, outcomes: outcomes,
            shuffleQuestions: shuffleQuestions, shuffleAnswers: shuffleAnswers), diagnostics)
    }

    static func parseQuestion(
        _ item: Outline.Item, outcomes: [String: Int], hints: inout NearestMatch.Hints, file: SourceFile
    ) -> (PersonalityQuiz.Question?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var types: [(PersonalityQuiz.QuestionType, Attributes.Token)] = []
        for token in item.attributes.tokens {
            switch token.kind {
            case .flag(let flag):
                if let type = PersonalityQuiz.QuestionType(rawValue: flag) {
                    types.append((type, token))
                } else {
                    diagnostics.append(unknownFlag(flag, token: token, file: file))
                }
            case .name(let name):
                diagnostics.append(file.warning(
                    "'\(name)' on a question heading is ignored", line: token.line, byteColumn: token.column,
                    hint: outcomes[name] != nil ? "outcome references go at the end of each answer, e.g. '- Steak {\(name)}'"
                        : headingFlags.contains(name) ? "did you mean '.\(name)'?" : Attributes.bracesAsTextHint))
            case .pair(let key, _):
                diagnostics.append(file.warning(
                    "unknown setting '\(key)' on a question", line: token.line, byteColumn: token.column,
                    hint: outcomes[key] != nil ? "outcome references go at the end of each answer" : nil))
            case .id:
                break
            }
        }
        if types.count > 1 {
            let second = types[1].1
            diagnostics.append(file.error(
                "a question has one type, but this one is marked \(types.map { ".\($0.0.rawValue)" }.joined(separator: " and "))",
                line: second.line, byteColumn: second.column))
        }
        let type = types.first?.0 ?? .single
        if item.heading.isBlank {
            diagnostics.append(file.warning(
                "this question has no text", line: item.line, byteColumn: item.column,
                hint: "write the question after '## '"))
        }

        let listIndex = item.body.firstIndex(where: \.isList)
        var body = item.body
        var answers: [PersonalityQuiz.Answer] = []
        if let listIndex {
            let list = body.remove(at: listIndex)
            answers.reserveCapacity(list.childNodes.count)
            for node in list.childNodes {
                // Its attribute block would be searched for at the end of the nested list.
                if let nested = IndentedList.nested(in: node) {
                    diagnostics.append(IndentedList.nestedError(nested, item: "answer", file: file))
                    continue
                }
                let (answer, problems) = parseAnswer(node, outcomes: outcomes, hints: &hints, file: file)
                diagnostics += problems
                if let answer { answers.append(answer) }
            }
        }
        // What follows the answers is shown above them; a list there whose items score
        // outcomes was meant as more answers (a change of list marker starts a new list).
        for block in item.body[((listIndex ?? item.body.count - 1) + 1)...] {
            let start = block.range.start
            if block.isList, block.childNodes.contains(where: { $0.attributes != nil }) {
                diagnostics.append(file.error(
                    "these items score outcomes, but a question's answers are its first list only",
                    line: start.line, byteColumn: start.column,
                    hint: "write all the answers as one list: one kind of list marker (-, * or +), nothing between them"))
            } else {
                diagnostics.append(file.warning(
                    "Markdown after the answers is shown with the question, above them",
                    line: start.line, byteColumn: start.column,
                    hint: "write it between the heading and the answers"))
            }
        }
        let answerCount = listIndex.map { item.body[$0].childNodes.count } ?? 0
        if listIndex == nil, let block = IndentedList.codeBlock(in: item.body, file: file) {
            diagnostics.append(IndentedList.error(block, items: "answers", example: "- Steak {dog}", file: file))
        } else if let listIndex, let stray = IndentedList.strayItem(
            in: item.body[..<listIndex], file: file, isItem: { $0.hasSuffix("}") && $0.contains("{") }) {
            diagnostics.append(IndentedList.strayError(stray, item: "answer", file: file))
        } else if answerCount < 2 {
            diagnostics.append(file.error(
                answerCount == 0 ? "this question has no answers" : "this question has only one answer",
                line: item.line, byteColumn: item.titleColumn,
                hint: "a question needs at least 2 answers, written as a list below its heading"))
        }
        guard !diagnostics.hasErrors else { return (nil, diagnostics) }
        return (PersonalityQuiz.Question(
            type: type, text: item.heading.children, body: body, answers: answers, line: item.line), diagnostics)
    }

    static func parseAnswer(
        _ node: Node, outcomes: [String: Int], hints: inout NearestMatch.Hints, file: SourceFile
    ) -> (PersonalityQuiz.Answer?, [Diagnostic]) {
        let (item, attributes, problems) = Outline.item(node, file: file)
        var diagnostics = problems
        if attributes == nil, let braces = Outline.fullWidthBraces(node, file: file, isHeading: false) { diagnostics.append(braces) }
        let contentColumn = node.childNodes.first?.range.start.column ?? node.range.start.column
        // Only for hints: computed when one is needed.
        var example: String { outcomes.min { $0.value < $1.value }?.key ?? "outcome" }
        let tokens = attributes?.tokens ?? []
        // Room for every reference at once: from empty it grew at the first and second.
        var scores = PersonalityQuiz.Scores()
        scores.reserveCapacity(tokens.count)
        var references = 0
        for (position, token) in tokens.enumerated() {
            let name: String
            var weight = 1
            switch token.kind {
            case .name(let n):
                name = n
            case .pair(let key, let value):
                name = key
                guard let w = Int(value), (-weightLimit...weightLimit).contains(w) else {
                    // A whole number too large even for an Int is still out of range, not malformed.
                    let limit = String(weightLimit).withThousandsSeparators
                    diagnostics.append(isWholeNumber(value)
                        ? file.error(
                            "the weight of '\(key)' must be from -\(limit) to \(limit)", line: token.line,
                            byteColumn: token.column)
                        : file.error(
                            "the weight of '\(key)' must be a whole number", line: token.line, byteColumn: token.column,
                            hint: weightHint(key: key, value: value)))
                    continue
                }
                weight = w
            case .flag(let flag):
                diagnostics.append(file.warning(
                    "unknown flag '.\(flag)' on an answer", line: token.line, byteColumn: token.column,
                    hint: "answers take outcome references such as {\(example)} or {\(example)=2}"))
                continue
            case .id(let id):
                diagnostics.append(file.warning(
                    "an answer has no id; '#\(id)' is ignored", line: token.line, byteColumn: token.column))
                continue
            }
            references += 1
            // With no outcome declared at all, the quiz-level error says it once.
            if outcomes.isEmpty { continue }
            guard let index = outcomes[name] else {
                diagnostics.append(file.error(
                    "unknown outcome '\(name)'", line: token.line, byteColumn: token.column,
                    hint: hints.hint(name)))
                continue
            }
            // An outcome already scored was named before: the line of its last mention is
            // looked for among the tokens, only then (nothing is kept per answer for it).
            if scores[index] != nil, let line = lastMention(of: name, before: position, in: tokens) {
                diagnostics.append(file.warning(
                    "'\(name)' is named twice in this answer; the weights are added", line: token.line,
                    byteColumn: token.column, hint: line == token.line ? nil : "first on line \(line)"))
            }
            scores.add(weight, to: index)
        }
        if item.isBlank {
            diagnostics.append(file.warning(
                "this answer has no text", line: node.range.start.line, byteColumn: contentColumn,
                hint: "write the answer before its outcomes, e.g. '- Steak {\(example)}'"))
        }
        if references == 0 && !diagnostics.hasErrors {
            // A block at the end of an earlier paragraph is text: only the item's last line counts.
            let blocks = node.childNodes.count
            diagnostics.append(file.error(
                "this answer scores no outcome", line: node.range.start.line, byteColumn: contentColumn,
                hint: blocks > 1
                    ? "its outcomes go at the end of its last line, after all \(blocks) of its blocks, e.g. {\(example)}"
                    : "end it with the outcomes it counts for, e.g. {\(example)} or {\(example)=2}"))
        }
        guard !diagnostics.hasErrors else { return (nil, diagnostics) }
        return (PersonalityQuiz.Answer(content: item.children, scores: scores, line: node.range.start.line), diagnostics)
    }

    /// Digits, with an optional sign: what `Int` reads, of any length.
    static func isWholeNumber(_ text: String) -> Bool {
        let digits = text.utf8.first.map { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") } == true
            ? text.utf8.dropFirst() : text.utf8[...]
        return !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// Dashes a word processor or a paste puts where a minus was meant (`cat=−2`).
    static let dashes: Set<Unicode.Scalar> = ["\u{2212}", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{FE63}", "\u{FF0D}"]

    /// What to write for a weight that is not a whole number: a minus sign that is some
    /// other dash is named, and a comma between two references is a list of the wrong syntax.
    static func weightHint(key: String, value: String) -> String {
        if let hint = Attributes.commaHint("\(key)=\(value)") { return hint }
        let scalars = value.unicodeScalars
        if let dash = scalars.first, dashes.contains(dash), case let digits = String(scalars.dropFirst()),
           isWholeNumber(digits), digits.first?.isNumber == true {
            let name = dash.properties.name.map { " (U+\(String(dash.value, radix: 16, uppercase: true)) \($0))" } ?? ""
            return "'\(dash)'\(name) is not a minus sign here: write '-' (ASCII hyphen-minus), \(key)=-\(digits)"
        }
        return "write \(key)=2 or \(key)=-1"
    }

    /// The line of the last token before `position` that scored `name`: a name, or a pair
    /// with a valid weight.
    static func lastMention(of name: String, before position: Int, in tokens: [Attributes.Token]) -> Int? {
        for token in tokens[..<position].reversed() {
            switch token.kind {
            case .name(name):
                return token.line
            case .pair(name, let value):
                if let weight = Int(value), (-weightLimit...weightLimit).contains(weight) { return token.line }
            default:
                continue
            }
        }
        return nil
    }

    static func unknownFlag(_ flag: String, token: Attributes.Token, file: SourceFile) -> Diagnostic {
        file.warning(
            "unknown flag '.\(flag)'", line: token.line, byteColumn: token.column,
            hint: NearestMatch.hint(flag, in: headingFlags, prefix: ".")
                ?? "known flags: \(headingFlags.map { ".\($0)" }.joined(separator: ", "))")
    }
}
