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
    /// The page's own view model must not name `root`, `siteTitle`, `siteLangAttributes` or `t`,
    /// and nothing in it names `t`, which is folded inside its lists too.
    func prepared(_ template: String, root: String, lang: String) -> PreparedTemplate {
        preparedContent.value(PreparedContentKey(template: template, root: root, lang: lang)) {
            templates.prepare(template, fixed: [
                ("root", .string(root)),
                ("siteTitle", .string(siteTitle)),
                ("siteLangAttributes", .string(siteNameAttributes(on: lang))),
                ("t", words(lang).templateValue),
            ], unshadowed: ["t"])
        }
    }
}
