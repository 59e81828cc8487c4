import Content
import Markdown
import Support
import Templating

/// The trivia page: intro, play and result screens on one page, with the whole bank as
/// prerendered HTML in a JSON block and the script that draws, times and scores.
public enum TriviaRenderer {
    public static func render(_ meta: ContentMeta, _ quiz: TriviaQuiz, site: SiteContext) -> [OutputFile] {
        let folder = meta.sitePath
        let root = SitePaths.toRoot(from: folder)
        let path = folder + "/index.html"
        let script = site.templates.text("trivia.js")
        let draw = quiz.drawSize
        let bank = quiz.questions.count
        let words = site.words(meta.lang)
        // The words depend on the language and a few numbers that most quizzes share: each
        // set is filled once.
        let counts = words.texts("trivia.counts", [Double(draw), Double(bank)]) {
            [
                draw < bank
                    ? words.plural("trivia.draw", count: draw, ["total": bank])
                    : words.plural("quiz.question_count", count: bank),
                words.html("quiz.question_of", ["n": "<span id=\"qn\">1</span>", "total": "<span id=\"qt\">\(words.number(draw))</span>"]),
            ]
        }
        // The reader may play with the author's time, ten times as much, or none (WCAG 2.2.1).
        let times = words.texts("trivia.time", [quiz.time]) {
            guard let time = quiz.time else { return [] }
            let author = words.plural("common.seconds", count: time)
            let more = words.plural("common.seconds", count: time * Self.moreTime)
            return [
                words.text("trivia.time_per_question", ["time": author]), words.text("trivia.time_per_question", ["time": more]),
                words.text("trivia.time_author", ["time": author]), words.text("trivia.time_more", ["time": more]),
            ]
        }
        let marks = words.texts("trivia.pass", [quiz.pass]) {
            let mark = quiz.pass.map(words.percent) ?? ""
            return [
                quiz.pass == nil ? "" : words.text("trivia.pass_mark", ["mark": mark]),
                words.text("trivia.pass_message", ["mark": mark]), words.text("trivia.fail_message", ["mark": mark]),
            ]
        }
        let fixed = words.texts("trivia.fixed", []) { [words.percent(0), words.text("trivia.perfect_message")] }
        // The names that depend only on the root and the language are folded in once.
        let content = site.templates.renderUTF8(site.prepared("trivia", root: root, lang: meta.lang), [
            "title": .string(meta.title),
            "intro": .utf8(site.markdown.utf8(blocks: meta.introduction.belowPageTitle)),
            "drawSize": .int(draw),
            "questionOf": .string(counts[1]),
            "zeroPercent": .string(fixed[0]),
            "draw": .string(counts[0]),
            "time": times.isEmpty ? .bool(false) : .string(times[0]),
            "moreTimePlayed": times.isEmpty ? .bool(false) : .string(times[1]),
            "authorTime": .string(times.isEmpty ? "" : times[2]),
            "moreTime": .string(times.isEmpty ? "" : times[3]),
            "suddenDeath": .bool(quiz.onWrong == .end),
            "pass": quiz.pass == nil ? .bool(false) : .string(marks[0]),
            "passMessage": .string(quiz.messages.pass ?? marks[1]),
            "failMessage": .string(quiz.messages.fail ?? marks[2]),
            "perfectMessage": .string(quiz.messages.perfect ?? fixed[1]),
            // An author's own message is in the page's language; quizgen's may not be.
            "passLang": .string(quiz.messages.pass == nil ? words.interfaceAttributes : ""),
            "failLang": .string(quiz.messages.fail == nil ? words.interfaceAttributes : ""),
            "perfectLang": .string(quiz.messages.perfect == nil ? words.interfaceAttributes : ""),
            "data": .utf8(data(quiz, markdown: site.markdown, words: words)),
            "script": .string(script),
        ] as TemplateValue)
        let shell = PageShell(
            title: meta.title, description: meta.description, lang: meta.lang,
            root: root, url: site.absoluteURL(path),
            image: meta.introduction.firstImageSource.flatMap { site.previewImageURL($0, pageFolder: folder) }, scripts: [script])
        return [OutputFile(path: path, contents: shell.render(content: content, site: site))]
    }

    /// How many times the author's time a reader who asks for more time gets.
    public static let moreTime = 10.0

    /// Everything the script needs, resolved at build time: HTML of each question, choice
    /// and explanation, the indices of the correct choices and the points.
    ///
    ///     {"n": questions per play, "t": milliseconds per question (0: no limit),
    ///      "sa": shuffle answers, "sq": shuffle questions, "e": end at the first wrong answer,
    ///      "pass": pass mark in percent or null,
    ///      "q": [{"h": question, "b": body, "c": [choices], "k": [correct], "m": 1 if multiple,
    ///             "p": points, "x": explanation}],
    ///      "m": the words of `scriptWords`, "p": their plural table (`PageMessages.script`),
    ///      "v": a hash of all the above, so that a play kept in the page's history entry
    ///           resumes only on the quiz it was dealt from, not on one edited since}
    public static func data(_ quiz: TriviaQuiz, markdown: HTMLRenderer, words: PageMessages = .builtIn("en")) -> [UInt8] {
        // The question HTML is most of it; the rest is a few bytes per question.
        var json = ScriptJSONWriter(capacity: 4096)
        json.beginObject()
        json.key("n")
        json.int(quiz.drawSize)
        json.key("t")
        json.int(quiz.time.map { Int(($0 * 1000).rounded()) } ?? 0)
        json.key("sa")
        json.bool(quiz.shuffleAnswers)
        json.key("sq")
        json.bool(quiz.shuffleQuestions)
        json.key("e")
        json.bool(quiz.onWrong == .end)
        json.key("pass")
        json.value(quiz.pass.map(ScriptJSON.number) ?? .null)
        json.key("q")
        json.beginArray()
        for question in quiz.questions {
            json.beginObject()
            json.key("h")
            json.utf8(markdown.utf8(inlines: question.text))
            if !question.body.isEmpty {
                json.key("b")
                json.utf8(markdown.utf8(blocks: question.body.belowPageTitle))
            }
            json.key("c")
            json.beginArray()
            for choice in question.choices { json.utf8(markdown.utf8Phrasing(choice.content)) }
            json.endArray()
            json.key("k")
            json.beginArray()
            for (i, choice) in question.choices.enumerated() where choice.correct { json.int(i) }
            json.endArray()
            if question.multiple {
                json.key("m")
                json.int(1)
            }
            json.key("p")
            json.int(question.points)
            if !question.explanation.isEmpty {
                json.key("x")
                json.utf8(markdown.utf8(blocks: question.explanation.belowPageTitle))
            }
            json.endObject()
        }
        json.endArray()
        json.members(words.scriptMembers(named: "trivia") { scriptWords(words) })
        json.key("v")
        json.int(Int(FNV1a.hash32(json.bytes)))
        json.endObject()
        return json.bytes
    }

    /// What trivia.js says, by the short names it uses, with the order of its values.
    static func scriptWords(_ words: PageMessages) -> [PageMessages.ScriptWord] {
        let percent = words.text("common.percent", ["value": "{2}"])
        return [
            .init("points", "common.points", ["count": "{0}"]),
            .init("right", "trivia.right", ["points": "{0}"], html: true),
            .init("wrong", "trivia.wrong", ["answer": "{0}"], html: true),
            .init("late", "trivia.time_up", ["answer": "{0}"], html: true),
            .init("sep", "common.list_separator", html: true),
            .init("next", "trivia.next_question"),
            .init("last", "trivia.see_score"),
            .init("pct", "common.percent", ["value": "{0}"]),
            .init("score", "trivia.score", ["count": "{0}", "score": "{1}"]),
            // Named as the review item's class, so the script reads both with one expression.
            .init("ok", "trivia.review_right", html: true),
            .init("no", "trivia.review_wrong", html: true),
            .init("yours", "trivia.your_answer", ["answer": "{0}"], html: true),
            .init("none", "trivia.no_answer", html: true),
            .init("out", "trivia.timed_out", html: true),
            .init("key", "trivia.correct_answer", ["answer": "{0}", "score": "{1}", "max": "{2}"], html: true),
            .init("share", "trivia.share_text", ["count": "{0}", "score": "{1}", "percent": percent, "title": "{3}"]),
            .init("copied", "common.copied", ["text": "{0}"]),
            .init("copy", "common.copy_this", ["text": "{0}"]),
            .init("secs", "common.seconds", ["count": "{0}"]),
            .init("left", "trivia.seconds_left", ["count": "{0}"]),
        ]
    }
}
