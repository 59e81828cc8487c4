import Analysis
import Content
import Markdown

/// The quiz page (the whole flow on one page, with its scoring script and outcome table)
/// and one static page per outcome.
public enum PersonalityRenderer {
    public static func render(_ meta: ContentMeta, _ quiz: PersonalityQuiz, table: OutcomeTable, site: SiteContext) -> [OutputFile] {
        let markdown = site.markdown
        let folder = meta.sitePath
        let root = SitePaths.toRoot(from: folder)
        var used = Set<String>()
        let outcomeFiles = quiz.outcomes.enumerated().map { i, outcome in
            SitePaths.fileName(for: outcome.id, number: i + 1, prefix: "outcome", used: &used)
        }

        let questions: [[String: Any]] = quiz.questions.enumerated().map { q, question in
            let answers: [[String: Any]] = question.answers.enumerated().map { a, answer in
                [
                    "index": a,
                    "html": markdown.renderPhrasing(answer.content),
                    "selected": a == OutcomeTable.rangedAnswer(value: 0.5, answers: question.answers.count),
                ]
            }
            let n = question.answers.count
            return [
                "number": q + 1,
                "text": markdown.render(inlines: question.text),
                "body": markdown.render(blocks: question.body),
                "single": question.type == .single,
                "multiple": question.type == .multiple,
                "ranged": question.type == .ranged,
                "answers": answers,
                // The slider moves in half answers so that its middle is a real position.
                "max": 2 * (n - 1),
                "mid": n - 1,
                "first": markdown.renderPhrasing(question.answers.first?.content ?? []),
                "last": markdown.renderPhrasing(question.answers.last?.content ?? []),
            ]
        }
        let outcomes: [[String: Any]] = quiz.outcomes.enumerated().map { i, outcome in
            [
                "title": markdown.render(inlines: outcome.title),
                "text": markdown.render(blocks: outcome.body),
                "url": outcomeFiles[i],
            ]
        }
        let data = ScriptJSON.object([
            ("n", .int(table.outcomeCount)),
            ("w", .array(table.weights.map { .array($0.map { .array($0.map(ScriptJSON.int)) }) })),
            ("sq", .bool(quiz.shuffleQuestions)),
            ("sa", .bool(quiz.shuffleAnswers)),
        ])
        let script = site.templates.text("personality.js")
        let content = site.templates.render("personality", [
            "root": root,
            "siteTitle": site.settings.title,
            "title": meta.title,
            "intro": markdown.render(blocks: meta.introduction),
            "questionCount": quiz.questions.count,
            "oneQuestion": quiz.questions.count == 1,
            "questions": questions,
            "outcomes": outcomes,
            "data": data.encoded,
            "script": script,
        ])
        let shell = PageShell(
            title: meta.title, description: meta.description, lang: meta.lang,
            url: site.absoluteURL(folder + "/index.html"), scripts: [script])
        var files = [OutputFile(path: folder + "/index.html", text: shell.render(content: content, site: site))]

        for (i, outcome) in quiz.outcomes.enumerated() {
            let title = outcome.title.plainText
            let page = site.templates.render("outcome", [
                "root": root,
                "siteTitle": site.settings.title,
                "quizTitle": meta.title,
                "title": markdown.render(inlines: outcome.title),
                "text": markdown.render(blocks: outcome.body),
            ])
            let shell = PageShell(
                title: "\(title) · \(meta.title)", ogTitle: title, description: outcome.body.summary(limit: 200),
                lang: meta.lang, url: site.absoluteURL(folder + "/" + outcomeFiles[i]),
                image: firstImage(outcome.body).flatMap { imageURL($0, folder: folder, site: site) })
            files.append(OutputFile(path: folder + "/" + outcomeFiles[i], text: shell.render(content: page, site: site)))
        }
        return files
    }

    static func firstImage(_ nodes: [Node]) -> String? {
        for node in nodes {
            if case .image(let source, _) = node.kind { return source }
            if let found = firstImage(node.children) { return found }
        }
        return nil
    }

    /// An absolute URL for an image in an outcome's text, for link previews: as written
    /// when absolute, else from the site's base URL (none without one).
    static func imageURL(_ source: String, folder: String, site: SiteContext) -> String? {
        if source.hasPrefix("https://") || source.hasPrefix("http://") { return source }
        guard !SitePaths.isAbsoluteOrFragment(source) else { return nil }
        var parts = folder.split(separator: "/").dropLast().map(String.init)
        for part in source.split(separator: "/") {
            if part == ".." { if parts.popLast() == nil { return nil } } else if part != "." { parts.append(String(part)) }
        }
        return site.absoluteURL(parts.joined(separator: "/"))
    }
}
