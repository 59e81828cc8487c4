import Diagnostics
import Markdown
import Support

/// Builds a `Story` from an outline: every `##` heading is a page, and every link to `#id`
/// in a page is a choice. Checks that each link names a page and that no two pages share an id.
/// A story with errors is still returned, as written (a link to no page is no choice, and is
/// counted on its page), so that its graph can be checked too: it must never be built.
enum StoryParser {
    static let flags = ["ending"]
    static let settings = ["ending"]

    static func parse(
        _ outline: Outline, reader: inout FrontMatterReader, file: SourceFile, kindLine: Int
    ) -> (Story?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        // Read first, so that a story without pages is not also told the key is unknown.
        let mapChoices = reader.choice("map-choices", as: Story.MapChoices.self)
        guard !outline.items.isEmpty else {
            _ = reader.string("start")
            return (nil, [file.error(
                "this story has no pages", line: kindLine,
                hint: "each '##' heading opens a page, e.g. '## The entrance', with its text and choices below it")])
        }

        // Checked before anything is made of the pages, so that a story of a million
        // one-line pages costs no more than its Markdown.
        if outline.items.count > Story.maximumPages {
            let first = outline.items[Story.maximumPages]
            _ = reader.string("start")
            return (nil, [file.error(
                "this story has \(String(outline.items.count).withThousandsSeparators) pages, and a story may have at most "
                    + "\(String(Story.maximumPages).withThousandsSeparators): this is page \(String(Story.maximumPages + 1).withThousandsSeparators)",
                line: first.line, byteColumn: first.heading.range.start.column,
                hint: "split the story into several files, each a story of its own")])
        }

        // Ids first: a choice may lead to a page further down.
        var pages: [Story.Page] = []
        pages.reserveCapacity(outline.items.count)
        // Each id to its first page: the story's own index too.
        var index = [String: Int](minimumCapacity: outline.items.count)
        for (i, item) in outline.items.enumerated() {
            let (page, problems) = pageHead(item, number: i + 1, file: file)
            diagnostics += problems
            if let first = index[page.id] {
                let token = item.attributes.idToken
                diagnostics.append(file.error(
                    "two pages have the id '\(page.id)'",
                    line: token?.line ?? item.line, byteColumn: token?.column ?? item.titleColumn,
                    hint: "'\(page.id)' is already the id of page \(first + 1) on line \(pages[first].line)"
                        + (token == nil ? "; give this page an id of its own, e.g. {#\(page.id)-2}" : "")))
            } else {
                index[page.id] = i
            }
            pages.append(page)
        }

        var links = ChoiceFinder(index: index, file: file)
        let mayHoldFullWidth = ChoiceFinder.mayHoldFullWidthChoices(file.text)
        for (i, item) in outline.items.enumerated() {
            if mayHoldFullWidth {
                links.fullWidthChoices(in: item.heading.childNodes)
                links.fullWidthChoices(in: item.body)
            }
            var choices: [Story.Choice] = []
            let broken = links.brokenLinks
            let meant = links.meant.count
            links.collect(in: item.heading.children, into: &choices)
            pages[i].body = links.body(item.body, choices: &choices)
            pages[i].choices = choices
            pages[i].brokenLinks = links.brokenLinks - broken
            pages[i].meant = Array(links.meant[meant...])
        }
        for item in outline.items {
            diagnostics += IndentedList.choiceLinksInCode(item.body, pages: index, file: file)
        }
        // Links in the introduction are no choices, but they must lead somewhere too.
        var introductionLinks: [Story.Choice] = []
        links.collect(in: outline.introduction, into: &introductionLinks)
        if mayHoldFullWidth { links.fullWidthChoices(in: outline.introduction) }
        diagnostics += links.diagnostics

        for (i, item) in outline.items.enumerated() where !pages[i].choices.isEmpty {
            for token in item.attributes.tokens {
                switch token.kind {
                case .flag("ending"), .pair("ending", _):
                    var written = ".ending"
                    if case .pair(_, let value) = token.kind { written = "ending=\(value)" }
                    diagnostics.append(file.warning(
                        "'\(written)' is ignored: this page has choices, so it is not an ending", line: token.line,
                        byteColumn: token.column, hint: "a page is an ending when it has no choices"))
                default:
                    break
                }
            }
        }

        let start = startPage(&reader, index: index, pages: pages, file: file, diagnostics: &diagnostics)
        var story = Story(pages: pages, start: start, pageIndex: index)
        story.mapChoices = mapChoices
        return (story, diagnostics)
    }

    /// A page's id, title and ending kind, from its heading.
    static func pageHead(_ item: Outline.Item, number: Int, file: SourceFile) -> (Story.Page, [Diagnostic]) {
        var diagnostics = item.attributes.repeatedSettings(of: settings, in: file)
        var ending: Story.Ending?
        for token in item.attributes.tokens {
            switch token.kind {
            case .id:
                break
            case .flag(let flag) where !flags.contains(flag):
                diagnostics.append(file.warning(
                    "unknown flag '.\(flag)' on a story page", line: token.line, byteColumn: token.column,
                    hint: NearestMatch.hint(flag, in: flags, prefix: ".") ?? "the only flag of a page is .ending"))
            case .flag:
                break
            case .pair("ending", let value):
                guard let kind = Story.Ending(rawValue: value) else {
                    let kinds = Story.Ending.allCases.map(\.rawValue)
                    diagnostics.append(file.error(
                        "'\(value)' is not a kind of ending", line: token.line, byteColumn: token.column,
                        hint: NearestMatch.hint(value, in: kinds) ?? "an ending is good, bad or neutral"))
                    continue
                }
                ending = kind
            case .pair(let key, _):
                diagnostics.append(file.warning(
                    "unknown setting '\(key)' on a story page", line: token.line, byteColumn: token.column,
                    hint: NearestMatch.hint(key, in: settings) ?? "the only setting of a page is ending=good, bad or neutral"))
            case .name(let name):
                diagnostics.append(file.warning(
                    "'\(name)' has no meaning on a story page and is ignored", line: token.line, byteColumn: token.column,
                    hint: "a page's id is written '#\(name)'; choices are links in the page, e.g. [Go on](#\(name)); braces meant as text are written \\{"))
            }
        }
        let title = item.heading.children
        // The slug of the title only when there is no id to take instead.
        let id = item.attributes.id ?? {
            let slug = Story.slug(title.plainText)
            return slug.isEmpty ? "page-\(number)" : slug
        }()
        return (Story.Page(id: id, title: title, ending: ending, line: item.line, column: item.titleColumn), diagnostics)
    }

    /// What an empty `start:` line most likely meant: `start: #cave` is `start:` and a
    /// comment in YAML, so the hint names the id written in the comment, when there is one.
    static func emptyStartHint(_ line: String, ids: [String]) -> String {
        let comment = line.firstIndex(of: "#").map { line[line.index(after: $0)...] } ?? ""
        let written = comment.prefix { !$0.isWhitespace }
        guard !written.isEmpty else {
            return "write the id of the first page, e.g. start: \(ids.first ?? "the-id")"
        }
        let id = Story.percentDecoded(String(written))
        return "in YAML '#' begins a comment: write start: \(id), without '#'"
            + (ids.contains(id) ? "" : NearestMatch.hint(id, in: ids).map { " (\($0))" } ?? "")
    }

    /// `start:` names the first page; without it the reader starts on page 1.
    static func startPage(
        _ reader: inout FrontMatterReader, index: [String: Int], pages: [Story.Page], file: SourceFile,
        diagnostics: inout [Diagnostic]
    ) -> Int {
        let written = reader.string("start")
        guard let entry = reader.frontMatter["start"] else { return 0 }
        guard let written else {
            if entry.value.isNull {
                diagnostics.append(file.diagnostic(
                    .warning, "'start' is empty, so the story starts on page 1", line: entry.line,
                    characterColumn: entry.column, hint: emptyStartHint(file.line(entry.line), ids: pages.map(\.id))))
            }
            return 0
        }
        let id = written.hasPrefix("#") ? Story.percentDecoded(String(written.dropFirst())) : written
        if let start = index[id] { return start }
        var hint = NearestMatch.hint(id, in: pages.map(\.id))
        if hint == nil, let number = Int(id), number >= 1, number <= pages.count {
            hint = "'start' takes a page id, not a number: page \(number) is '\(pages[number - 1].id)'"
        }
        diagnostics.append(file.diagnostic(
            .error, "'start' names no page: there is no page '\(id)'", line: entry.valueLine,
            characterColumn: entry.valueColumn, hint: hint ?? knownIDs(pages.map(\.id))))
        return 0
    }

    /// "page ids: a, b, c" for short stories, each id once (two pages may share one, which
    /// is an error of its own); nothing when the list would be long.
    static func knownIDs(_ ids: [String]) -> String? {
        var seen = Set<String>()
        let distinct = ids.filter { seen.insert($0).inserted }
        return distinct.count <= 12 ? "page ids: " + distinct.joined(separator: ", ") : nil
    }
}
