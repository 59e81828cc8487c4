import Analysis
import Content
import Markdown
import Messages
import Support
import Synchronization
import Templating

/// A story as static pages joined by plain links, so that reading and choosing need no
/// script: a cover (`index.html`), one page per story page, the graph (`story.dot`) and,
/// when Graphviz drew it, the map (`story.svg` shown by `map.html`).
public enum StoryRenderer {
    /// - Parameters:
    ///   - files: the pages' file names, when the caller has made them already (for the
    ///     DOT); else they are made here.
    ///   - drawing: the map is being drawn (serve draws it while the pages are served): its
    ///     page says so, without the SVG.
    public static func render(
        _ meta: ContentMeta, _ story: Story, analysis: StoryAnalysis, dot: String, svg: [UInt8]?, drawing: Bool = false,
        files: [String]? = nil, site: SiteContext
    ) -> [OutputFile] {
        let story = renderAwaitingMap(
            meta, story, analysis: analysis, dot: dot, drawsMap: svg != nil || drawing, drawing: drawing, files: files, site: site)
        let finished = story.finished(svg: svg, site: site)
        return [finished[0]] + story.files + finished.dropFirst()
    }

    /// A story's files while its map is still being drawn: the pages and the DOT are done;
    /// the cover (which links to the map only when there is one), the map page and the SVG
    /// wait for the drawing. It holds rendered text, not the story.
    public struct AwaitingMap: Sendable {
        /// The story's pages and `story.dot`.
        public var files: [OutputFile]
        let folder: String
        let cover: [String: TemplateValue]
        let coverShell: PageShell
        /// Rendered only when a map is being drawn.
        let mapPage: OutputFile?
        /// The story's language, which its map's words are in.
        let lang: String
        /// The map page says the map is being drawn: it is finished without one.
        let drawing: Bool

        /// The rest of the story's files: the cover, and with a map the SVG and its page
        /// (while the map is being drawn, the page alone).
        public func finished(svg: [UInt8]?, site: SiteContext) -> [OutputFile] {
            var values = cover
            values["hasMap"] = .bool(svg != nil || drawing)
            // The root's and the language's names are folded into the template once.
            let template = site.prepared("story", root: coverShell.root, lang: lang)
            var output = [OutputFile(path: folder + "/index.html", contents: coverShell.render(
                content: site.templates.renderUTF8(template, .object(values)), site: site))]
            if let svg, let mapPage {
                output += [OutputFile(path: folder + "/story.svg", contents: StoryMapSVG.forReaders(svg, lang: lang)), mapPage]
            } else if drawing, let mapPage {
                output.append(mapPage)
            }
            return output
        }
    }

    /// One file of a story, rendered alone: `serve` renders what it is asked for, and a
    /// story of 16,000 pages took 125 ms a page when every page was rendered to pick one.
    /// - Parameter dot: the story's DOT text, made only when `story.dot` is asked for.
    public static func file(
        _ path: String, of meta: ContentMeta, _ story: Story, analysis: StoryAnalysis, dot: () -> String, svg: [UInt8]?,
        drawing: Bool = false, files: [String]? = nil, site: SiteContext
    ) -> OutputFile? {
        let prefix = meta.sitePath + "/"
        guard path.hasPrefix(prefix) else { return nil }
        let name = path.dropFirst(prefix.count)
        if name == "story.dot" { return OutputFile(path: path, text: dot()) }
        let files = files ?? fileNames(story)
        let page = files.firstIndex { $0.utf8.elementsEqual(name.utf8) }
        let awaiting = renderAwaitingMap(
            // The map page only when it (or the SVG, which comes with it) is asked for.
            meta, story, analysis: analysis, dot: "", drawsMap: (name == "map.html" || name == "story.svg") && (svg != nil || drawing),
            drawing: drawing,
            files: files, pages: page.map { $0..<($0 + 1) } ?? 0..<0, site: site)
        if page != nil { return awaiting.files.first }
        return awaiting.finished(svg: svg, site: site).first { $0.path == path }
    }

    /// - Parameters:
    ///   - drawsMap: whether a map is being drawn, so that its page is worth rendering.
    ///   - drawing: whether its page is to say so, rather than show the SVG to come.
    ///   - files: the pages' file names (`fileNames`), when the caller has them.
    ///   - pages: the pages to render (all by default; `file` asks for one, or none).
    public static func renderAwaitingMap(
        _ meta: ContentMeta, _ story: Story, analysis: StoryAnalysis, dot: String, drawsMap: Bool, drawing: Bool = false,
        files: [String]? = nil, pages: Range<Int>? = nil, site: SiteContext
    ) -> AwaitingMap {
        let folder = meta.sitePath
        let root = SitePaths.toRoot(from: folder)
        let files = files ?? fileNames(story)
        let startURL = files[story.start]
        let pageLinks: @Sendable (String) -> String? = { url in story.page(forLink: url).map { files[$0] } }
        let base = site.markdown
        let markdown = HTMLRenderer(allowRawHTML: base.allowRawHTML) { url, use in
            // Only a fragment (`#id`) names a page: other links skip the lookup.
            if use == .link, url.utf8.first == UInt8(ascii: "#"), let file = pageLinks(url) { return file }
            return base.resolveURL(url, use)
        }
        var output: [OutputFile] = []
        let words = site.words(meta.lang)
        let t = words.templateValue
        let siteTitle = site.siteTitle

        let endings = story.pages.count(where: \.isEnding)
        let cover: [String: TemplateValue] = [
            "title": .string(meta.title),
            "intro": .utf8(markdown.utf8(blocks: meta.introduction.belowPageTitle)),
            "summary": .string(words.text("story.summary", [
                "pages": words.plural("story.summary_pages", count: story.pages.count),
                "endings": words.plural("story.summary_endings", count: endings)])),
            "startURL": .string(startURL),
        ]
        let coverShell = PageShell(
            title: meta.title, description: meta.description, lang: meta.lang, root: root,
            url: site.absoluteURL(folder + "/index.html"),
            image: meta.introduction.firstImageSource.flatMap { site.previewImageURL($0, pageFolder: folder) })

        // What is the same on every page of the story is rendered once, into the page
        // template and into the layout.
        let pageTemplate = site.templates.prepare("story-page", fixed: [
            ("root", .string(root)),
            ("siteTitle", .string(siteTitle)),
            ("siteLangAttributes", .string(site.siteNameAttributes(on: meta.lang))),
            ("storyTitle", .string(meta.title)),
            ("startURL", .string(startURL)),
            ("t", t),
        ], unshadowed: ["t"])
        let layout = site.layout(for: coverShell)
        // Which page a resolved link leads to, for the links in the text that a button repeats.
        let fileIndex = Dictionary(files.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        // URL paths are encoded byte by byte, so the folder's part is encoded once.
        let pagePrefix = folder + "/"
        let urlPrefix = site.absoluteURL(pagePrefix)
        // What a button says of the page it leads to, worded once per page of the story.
        var targetNames = [String?](repeating: nil, count: story.pages.count)
        for i in pages ?? story.pages.indices {
            let page = story.pages[i]
            let plainTitle = page.title.plainText
            let untitled = plainTitle.allSatisfy(\.isWhitespace)
            let pageNumber = words.text("story.page", n: i + 1)
            var choices: [TemplateValue] = []
            for choice in buttons(page) {
                let target = targetNames[choice.target] ?? words.text("story.choice_target", n: choice.target + 1)
                targetNames[choice.target] = target
                choices.append([
                    "url": .string(files[choice.target]),
                    "text": .utf8(markdown.utf8Phrasing(choice.label)),
                    "target": .string(target),
                    // A link in the text is the choice's one tab stop; its button is for pointers.
                    "inProse": .bool(choice.inProse),
                ])
            }
            // A link in the text to a page a listed button also leads to is the same choice
            // (the button is its tab stop), and so is a second link to one page.
            // Pages are told apart by number (file names are distinct); a page has a few
            // choices, so plain lists are searched rather than sets made.
            // Made only for a page with choices (an ending has none), in one pass.
            let text = page.choices.isEmpty ? markdown : {
                let (listed, targets) = choiceTargets(page)
                let seen = Mutex(NumberSet())
                // Each target's words as its button has them, escaped once per page.
                var written: [Int: [UInt8]] = [:]
                for choice in page.choices where choice.inProse && written[choice.target] == nil {
                    let said = targetNames[choice.target] ?? words.text("story.choice_target", n: choice.target + 1)
                    written[choice.target] = Array(HTMLEscaping.escape(said).utf8)
                }
                let notes = written
                // A screen reader hears where a link in the text leads, as the button beside
                // it (hidden from it) shows.
                return HTMLRenderer(
                    allowRawHTML: markdown.allowRawHTML, resolveURL: markdown.resolveURL,
                    linkRole: { url in
                        guard let target = fileIndex[url], targets.contains(target) else { return nil }
                        return .init(
                            leavesTabOrder: listed.contains(target) || !seen.withLock { $0.insert(target) },
                            hiddenNote: notes[target] ?? [])
                    })
            }()
            let content = site.templates.deferred(pageTemplate, [
                "pageNumber": .string(pageNumber),
                "title": untitled ? .string(HTMLEscaping.escape(pageNumber)) : .utf8(markdown.utf8(inlines: page.title)),
                "text": .utf8(text.utf8(blocks: page.body.belowPageTitle)),
                "choices": .list(choices),
                "hasChoices": .bool(!page.choices.isEmpty),
                "isEnding": .bool(page.isEnding),
            ] as TemplateValue)
            let title = untitled ? pageNumber : plainTitle
            let summary = page.body.summary(limit: 200)
            let shell = PageShell(
                title: SitePaths.joined(title, " · ", meta.title), ogTitle: title, description: summary.isEmpty ? meta.description : summary,
                lang: meta.lang, root: root, url: urlPrefix.map { $0 + SitePaths.urlPath(files[i]) })
            output.append(OutputFile(path: SitePaths.joined(pagePrefix, files[i], ""), contents: shell.render(content: content, layout: layout, site: site)))
        }

        output.append(OutputFile(path: folder + "/story.dot", text: dot))
        var mapPage: OutputFile?
        if drawsMap {
            let map = site.templates.renderUTF8(site.prepared("story-map", root: root, lang: meta.lang), [
                "title": .string(meta.title),
                "mapTitle": .string(words.text("map.title", ["title": meta.title])),
                // While the map is drawn, what stands for it says so: a site's own template
                // from before `drawing` shows it in place of the map still missing.
                "imageAlt": .string(drawing ? words.text("map.drawing") : words.text("map.image_alt", [
                    "title": meta.title, "pages": words.plural("map.image_pages", count: story.pages.count),
                    "choices": words.plural("map.image_choices", count: story.choiceCount)])),
                "dotNote": .string(words.html("map.dot_note", ["link": "<a href=\"story.dot\">story.dot</a>"])),
                "pages": .list(mapPages(story, analysis: analysis, files: files, words: words)),
                // Bare arrows: the legend says where their words are.
                "choicesOnHover": .bool(site.settings.mapChoices(for: story) == .tooltips),
                "drawing": .bool(drawing),
            ] as TemplateValue)
            let shell = PageShell(
                title: words.text("map.page_title", ["title": meta.title]), description: meta.description, lang: meta.lang,
                root: root, url: site.absoluteURL(folder + "/map.html"), embedsSVG: true)
            mapPage = OutputFile(path: folder + "/map.html", contents: shell.render(content: map, site: site))
        }
        return AwaitingMap(
            files: output, folder: folder, cover: cover, coverShell: coverShell, mapPage: mapPage, lang: meta.lang, drawing: drawing)
    }

    /// The map's text alternative: every page in order, linked, with what kind of page it
    /// is and where each of its choices leads, in the words the map's boxes use.
    static func mapPages(_ story: Story, analysis: StoryAnalysis, files: [String], words: PageMessages) -> [TemplateValue] {
        let traps = Set(analysis.traps)
        // Made once per map, not once per choice: the message with its own words escaped
        // (as `words.html` does) and cut at its placeholders, and the link to each page as
        // choices name it. Each choice's line is then written as bytes.
        let leads = Message.parts(HTMLEscaping.escape(words.text("map.choice_leads")), names: ["choice", "page"])
        let links = files.indices.map {
            Array("<a href=\"\(files[$0])\">\(HTMLEscaping.escape(words.text("story.choice_target", n: $0 + 1)))</a>".utf8)
        }
        var scratch = ByteBuffer(capacity: 256)
        return story.pages.enumerated().map { i, page in
            let title = page.title.plainText.collapsingWhitespace
            var notes: [String] = []
            if i == story.start { notes.append(words.text("map.start")) }
            if page.isEnding { notes.append(words.text(page.ending.map { "map.\($0.rawValue)_ending" } ?? "map.ending")) }
            if !analysis.reachable[i] { notes.append(words.text("map.unreachable")) } else if traps.contains(i) { notes.append(words.text("map.trap")) }
            let choices: [TemplateValue] = page.choices.map { choice in
                ["leads": .utf8(ByteBuffer.array(capacity: 160) { out in
                    for part in leads {
                        switch part {
                        case .text(let bytes): out.append(bytes)
                        case .value("choice"): choice.label.withPlainLine(scratch: &scratch) { HTMLEscaping.escape($0, into: &out) }
                        case .value: out.append(links[choice.target])
                        }
                    }
                })]
            }
            return [
                "url": .string(files[i]),
                "title": .string(title.isEmpty ? words.text("story.page", n: i + 1) : title),
                "note": notes.isEmpty ? .bool(false) : .string(notes.joined(separator: " ")),
                "hasChoices": .bool(!choices.isEmpty),
                "choices": .list(choices),
            ]
        }
    }

    /// One file per page: the page's id when it makes a safe file name, else `page-N.html`.
    /// `index`, `map` and `story` are never used, so the cover, map and graph keep their names.
    public static func fileNames(_ story: Story) -> [String] {
        // Room for every name at once, and each page's id read where it is, not the page copied.
        var used = Set<String>(minimumCapacity: story.pages.count)
        return story.pages.indices.map { i in
            SitePaths.fileName(for: story.pages[i].id, number: i + 1, prefix: "page", used: &used)
        }
    }

    /// The pages a page's listed choices lead to, and those all its choices lead to.
    static func choiceTargets(_ page: Story.Page) -> (listed: NumberSet, all: NumberSet) {
        var listed = NumberSet(), all = NumberSet()
        for choice in page.choices {
            all.insert(choice.target)
            if !choice.inProse { listed.insert(choice.target) }
        }
        return (listed, all)
    }

    /// The choices shown as buttons: every item of a list of choices, and each link in the
    /// text to a page that no earlier button already leads to.
    static func buttons(_ page: Story.Page) -> [Story.Choice] {
        // Without links in the text, every choice is a listed one and shown.
        guard page.choices.contains(where: \.inProse) else { return page.choices }
        let listed = NumberSet(page.choices.lazy.filter { !$0.inProse }.map(\.target))
        var shown = NumberSet()
        return page.choices.filter { choice in
            if !choice.inProse { return true }
            guard !listed.contains(choice.target) else { return false }
            return shown.insert(choice.target)
        }
    }
}
