import Templating

/// A content template prepared for the pages of one root and one language.
struct PreparedContentKey: Hashable, Sendable {
    var template: String
    var root: String
    var lang: String
}

extension SiteContext {
    /// A page's content template with the names that depend only on its root and language
    /// fixed (the way back to the root, the site's title, the language's words): prepared
    /// once per build for each, where preparing it per quiz cost more than rendering them.
    /// The page's own view model must not name `root`, `siteTitle` or `t`.
    func prepared(_ template: String, root: String, lang: String) -> PreparedTemplate {
        preparedContent.value(PreparedContentKey(template: template, root: root, lang: lang)) {
            templates.prepare(template, fixed: [
                ("root", .string(root)),
                ("siteTitle", .string(siteTitle)),
                ("t", words(lang).templateValue),
            ])
        }
    }
}

/// What a quiz page says about its number of questions: the count ("5 questions") and the
/// progress line around the question's number (`<span id="qn">1</span>`), as HTML.
struct QuestionWords: Sendable {
    var count: String
    var questionOf: String
}

struct QuestionWordsKey: Hashable, Sendable {
    var lang: String
    var count: Int
}

extension SiteContext {
    /// A quiz's words for its number of questions: the same for every quiz of the language
    /// with as many, so filled once per build for each.
    func questionWords(_ count: Int, lang: String) -> QuestionWords {
        questionWordsByCount.value(QuestionWordsKey(lang: lang, count: count)) {
            let words = words(lang)
            return QuestionWords(
                count: words.plural("quiz.question_count", count: count),
                questionOf: words.html("quiz.question_of", ["n": "<span id=\"qn\">1</span>", "total": String(count)]))
        }
    }
}
