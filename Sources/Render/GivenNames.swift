import Templating

/// The names a template's view model gives it, each with the names a section over it
/// (`{{#entries}}…{{/entries}}`) looks up first: a list's items', an object's; none for a
/// plain value, inside which names are looked up around it. What a site's own template of
/// each kind can show (TemplateChecksTests keeps these lists to what the renderers give).
struct GivenNames: Sendable, Equatable {
    var names: [String: GivenNames] = [:]

    init(_ plain: [String] = [], sections: [String: GivenNames] = [:]) {
        for name in plain { names[name] = GivenNames() }
        names.merge(sections) { $1 }
    }

    /// The names a section over `value` looks up first: an object's, or those of a list's
    /// items, all together.
    init(of value: TemplateValue) {
        switch value {
        case .object(let fields): for (name, field) in fields { names[name, default: GivenNames()].merge(GivenNames(of: field)) }
        case .list(let items): for item in items { merge(GivenNames(of: item)) }
        default: break
        }
    }

    mutating func merge(_ other: GivenNames) {
        for (name, inner) in other.names { names[name, default: GivenNames()].merge(inner) }
    }

    /// Every name, at any depth, with what a section over it looks up first: what a
    /// template included somewhere in this one's sections may find.
    var flattened: GivenNames {
        var all = GivenNames()
        for (name, inner) in names {
            all.names[name, default: GivenNames()].merge(inner)
            all.merge(inner.flattened)
        }
        return all
    }

    /// The names of a path (`a.b`) from here, if there is such a path.
    func at(_ path: some Collection<Substring>) -> GivenNames? {
        var node = self
        for part in path {
            guard let inner = node.names[String(part)] else { return nil }
            node = inner
        }
        return node
    }

    /// The sections, outermost first, of the nearest place below here where `name` is given.
    func sections(to name: String) -> [String]? {
        var level: [(node: GivenNames, path: [String])] = [(self, [])]
        while !level.isEmpty {
            if let found = level.first(where: { $0.node.names[name] != nil }) { return found.path }
            level = level.flatMap { node, path in node.names.sorted { $0.key < $1.key }.map { ($0.value, path + [$0.key]) } }
        }
        return nil
    }

    /// The words, `t`: each message id made a path (`t.common.begin`).
    static func messages(_ ids: Set<String>) -> GivenNames {
        var tree = GivenNames()
        for id in ids { tree.merge(id.split(separator: ".").reversed().reduce(GivenNames()) { GivenNames(sections: [String($1): $0]) }) }
        return tree
    }

    /// Each built-in template's names at any depth (`flattened`), for saying which templates
    /// a name is given to.
    static let allByTemplate = byTemplate.mapValues(\.flattened)

    /// What every page's content template is given with its root and language
    /// (`SiteContext.prepared`).
    static let page = ["root", "siteTitle", "siteLangAttributes", "t"]

    /// Each built-in template's names, by template name.
    static let byTemplate: [String: GivenNames] = {
        let entry = GivenNames(["url", "title", "kind", "description", "hasDescription", "otherLang", "lang", "otherDir", "dir", "kindName", "folder", "hasFolder"])
        return [
            "layout": GivenNames([
                "title", "ogTitle", "description", "hasDescription", "url", "hasURL", "image", "hasImage", "content",
                "stylesheet", "root", "lang", "rtl", "siteTitle", "css", "inlineStyle", "csp",
            ]),
            "index": GivenNames(["root", "siteTitle", "siteDescription", "hasSiteDescription", "hasEntries", "t"], sections: [
                "entries": entry,
            ]),
            "not-found": GivenNames(["root", "siteTitle", "t"]),
            "personality": GivenNames(
                page + ["title", "intro", "questionCount", "questionCountText", "questionOf", "data", "script"], sections: [
                    "questions": GivenNames(
                        ["number", "text", "body", "single", "multiple", "ranged", "max", "mid", "middle", "first", "last"],
                        sections: ["answers": GivenNames(["index", "html", "isMiddle"])]),
                    "outcomes": GivenNames(["title", "text", "url"]),
                ]),
            "outcome": GivenNames(page + ["quizTitle", "resultOf", "title", "text"]),
            "trivia": GivenNames(page + [
                "title", "intro", "drawSize", "questionOf", "zeroPercent", "draw", "time", "moreTimePlayed", "authorTime",
                "moreTime", "suddenDeath", "pass", "passMessage", "failMessage", "perfectMessage", "passLang", "failLang",
                "perfectLang", "data", "script",
            ]),
            "story": GivenNames(page + ["title", "intro", "summary", "startURL", "hasMap"]),
            "story-page": GivenNames(
                page + ["storyTitle", "startURL", "pageNumber", "title", "text", "hasChoices", "isEnding"],
                sections: ["choices": GivenNames(["url", "text", "target", "inProse"])]),
            "story-map": GivenNames(page + ["title", "mapTitle", "imageAlt", "dotNote", "choicesOnHover", "drawing"], sections: [
                "pages": GivenNames(["url", "title", "note", "hasChoices"], sections: ["choices": GivenNames(["leads"])]),
            ]),
        ]
    }()
}
