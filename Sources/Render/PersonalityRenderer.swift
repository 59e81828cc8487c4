import Analysis
import Content
import Markdown
import Support
import Templating

/// The quiz page (the whole flow on one page, with its scoring script and outcome table)
/// and one static page per outcome.
public enum PersonalityRenderer {
    /// The outcomes' page file names, in the quiz's order.
    public static func outcomeFileNames(_ quiz: PersonalityQuiz) -> [String] {
        var used = Set<String>()
        return quiz.outcomes.indices.map { i in
            SitePaths.fileName(for: quiz.outcomes[i].id, number: i + 1, prefix: "outcome", used: &used)
        }
    }

    public static func render(_ meta: ContentMeta, _ quiz: PersonalityQuiz, table: OutcomeTable, site: SiteContext) -> [OutputFile] {
        let markdown = site.markdown
        let words = site.words(meta.lang)
        let folder = meta.sitePath
        let root = SitePaths.toRoot(from: folder)
        let outcomeFiles = outcomeFileNames(quiz)

        let questions: [TemplateValue] = quiz.questions.enumerated().map { q, question in
            var answers: [TemplateValue] = []
            answers.reserveCapacity(question.answers.count)
            var first: [UInt8] = [], last: [UInt8] = []
            // A slider starts in the middle, v = 0.5, on answer round(0.5 × (n − 1)) as the
            // format has it (halves up, as the script's Math.round): n / 2.
            let n = question.answers.count, middle = n / 2
            for (a, answer) in question.answers.enumerated() {
                let html = markdown.utf8Phrasing(answer.content)
                if a == 0 { first = html }
                last = html
                // Only a slider has a middle: the other questions' answers stay two names.
                answers.append(question.type == .ranged
                    ? ["index": .int(a), "html": .utf8(html), "isMiddle": .bool(a == middle)]
                    : ["index": .int(a), "html": .utf8(html)])
            }
            return [
                "number": .int(q + 1),
                "text": .utf8(markdown.utf8(inlines: question.text)),
                "body": .utf8(markdown.utf8(blocks: question.body.belowPageTitle)),
                "single": .bool(question.type == .single),
                "multiple": .bool(question.type == .multiple),
                "ranged": .bool(question.type == .ranged),
                "answers": .list(answers),
                // The slider's index and middle as templates before v in [0, 1] had them
                // (a site's own template may still use them; the script reads any ends).
                "max": .int(n - 1),
                "mid": .int(middle),
                // What the slider says it stands on before it is moved.
                "middle": .string(question.type == .ranged ? question.answers[middle].content.plainText.collapsingWhitespace : ""),
                "first": .utf8(first),
                "last": .utf8(last),
            ]
        }
        // Each outcome's HTML goes on the quiz page and on its own page: rendered once.
        let outcomeHTML = quiz.outcomes.map { (title: markdown.utf8(inlines: $0.title), text: markdown.utf8(blocks: $0.body.belowPageTitle)) }
        let outcomes: [TemplateValue] = outcomeHTML.enumerated().map { i, html in
            ["title": .utf8(html.title), "text": .utf8(html.text), "url": .string(outcomeFiles[i])]
        }
        let script = site.templates.text("personality.js")
        let indexPath = folder + "/index.html"
        let questionWords = Self.questionWords(quiz.questions.count, words: words)
        let content = site.templates.deferred(site.prepared("personality", root: root, lang: meta.lang), [
            "title": .string(meta.title),
            "intro": .utf8(markdown.utf8(blocks: meta.introduction.belowPageTitle)),
            "questionCount": .int(quiz.questions.count),
            "questionCountText": .string(questionWords.count),
            "questionOf": .string(questionWords.questionOf),
            "questions": .list(questions),
            "outcomes": .list(outcomes),
            "data": .utf8(scriptData(table, quiz, words: words)),
            "script": .string(script),
        ])
        let hasBaseURL = site.settings.baseURL != nil
        // Encoding a page's path only pays where there is a base URL to put it under.
        let shell = PageShell(
            title: meta.title, description: meta.description, lang: meta.lang,
            root: root, url: hasBaseURL ? site.absoluteURL(indexPath) : nil,
            image: meta.introduction.firstImageSource.flatMap { site.previewImageURL($0, pageFolder: folder) }, scripts: [script])
        var files = [OutputFile(path: indexPath, contents: shell.render(content: content, site: site))]

        let outcomeTemplate = site.prepared("outcome", root: root, lang: meta.lang)
        let quizTitle = TemplateValue.string(meta.title)
        let resultOf = TemplateValue.string(words.text("outcome.result_of", ["quiz": meta.title]))
        // Outcome pages share their root and language and have no script: one layout.
        var outcomeShell = PageShell(title: "", description: "", lang: meta.lang, root: root)
        let layout = site.layout(for: outcomeShell)
        for (i, outcome) in quiz.outcomes.enumerated() {
            let title = outcome.title.plainText
            let page = site.templates.deferred(outcomeTemplate, [
                "quizTitle": quizTitle,
                "resultOf": resultOf,
                "title": .utf8(outcomeHTML[i].title),
                "text": .utf8(outcomeHTML[i].text),
            ] as TemplateValue)
            let path = SitePaths.joined(folder, "/", outcomeFiles[i])
            outcomeShell.title = SitePaths.joined(title, " · ", meta.title)
            outcomeShell.ogTitle = title
            outcomeShell.description = outcome.body.summary(limit: 200)
            outcomeShell.url = hasBaseURL ? site.absoluteURL(path) : nil
            outcomeShell.image = outcome.body.firstImageSource.flatMap { site.previewImageURL($0, pageFolder: folder) }
            files.append(OutputFile(path: path, contents: outcomeShell.render(content: page, layout: layout, site: site)))
        }
        return files
    }

    /// What a quiz page says about its number of questions: the count ("5 questions") and
    /// the progress line around the question's number (`<span id="qn">1</span>`), as HTML;
    /// the same for every quiz of the language with as many, so filled once for each.
    static func questionWords(_ count: Int, words: PageMessages) -> (count: String, questionOf: String) {
        let texts = words.texts("personality.counts", [Double(count)]) {
            [
                words.plural("quiz.question_count", count: count),
                words.html("quiz.question_of", ["n": "<span id=\"qn\">1</span>", "total": words.number(count)]),
            ]
        }
        return (texts[0], texts[1])
    }

    /// The outcome table, options and words as JSON for the page script:
    /// `{"n": outcomes, "w": weights[question][answer][outcome], "sq", "sa": shuffle
    /// questions, answers, "m", "f": the words and how numbers are written
    /// (`PageMessages.script`), "v": a hash of the above and of the question types, so that
    /// a play kept in a history entry resumes only on the quiz it began on}`.
    static func scriptData(_ table: OutcomeTable, _ quiz: PersonalityQuiz, words: PageMessages) -> [UInt8] {
        var json = ScriptJSONWriter(capacity: 1024)
        json.beginObject()
        json.key("n")
        json.int(table.outcomeCount)
        json.members(weightsMember(table.weights))
        json.key("sq")
        json.bool(quiz.shuffleQuestions)
        json.key("sa")
        json.bool(quiz.shuffleAnswers)
        // "f": the question counter is written as the language writes numbers ("1.200").
        json.members(words.scriptMembers(named: "personality", numbers: true) {
            [
                .init("share", "personality.share_text", ["result": "{0}", "title": "{1}"]),
                .init("copied", "personality.link_copied"),
                .init("copy", "personality.copy_link", ["url": "{0}"]),
            ]
        })
        // The questions' types too, which the data does not carry (the page's markup does):
        // a question made `.multiple` since would be replayed with a single one's answer.
        var fingerprint = json.bytes
        for question in quiz.questions { fingerprint += Array(question.type.rawValue.utf8) + [0] }
        json.key("v")
        json.int(Int(FNV1a.hash32(fingerprint)))
        json.endObject()
        return json.bytes
    }

    /// `"w":[[[…]]]`, the weights as `ScriptJSONWriter` writes them, through a pointer: they
    /// are most of a page's data, a few thousand one-digit numbers, and an append to the
    /// writer's array for every digit and comma cost more than the rest of the data.
    static func weightsMember(_ weights: [[[Int]]]) -> [UInt8] {
        // Room for the longest number (20 bytes) and a comma for every weight.
        var capacity = 6
        for answers in weights {
            capacity += 3
            for row in answers { capacity += 3 + row.count * 21 }
        }
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, written in
            guard let base = buffer.baseAddress else { return }
            var end = base
            @inline(__always) func put(_ byte: UInt8) {
                end.initialize(to: byte)
                end += 1
            }
            for byte in "\"w\":[".utf8 { put(byte) }
            for (q, answers) in weights.enumerated() {
                if q > 0 { put(UInt8(ascii: ",")) }
                put(UInt8(ascii: "["))
                for (a, row) in answers.enumerated() {
                    if a > 0 { put(UInt8(ascii: ",")) }
                    put(UInt8(ascii: "["))
                    for (k, weight) in row.enumerated() {
                        if k > 0 { put(UInt8(ascii: ",")) }
                        if weight >= 0 && weight < 10 {
                            put(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: weight))
                        } else {
                            for byte in String(weight).utf8 { put(byte) }
                        }
                    }
                    put(UInt8(ascii: "]"))
                }
                put(UInt8(ascii: "]"))
            }
            put(UInt8(ascii: "]"))
            written = end - base
        }
    }
}
