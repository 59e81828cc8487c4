import Content
import Diagnostics
import Markdown
import Support

/// Twee, Twine's text format (Twee 3: https://github.com/iftechfoundation/twine-specs, and
/// Twee 1, Twine 1's): a story of passages, each a header `:: Name [tags] {metadata}` and its
/// text. Every ordinary passage becomes a page whose id comes from its name; every link
/// `[[…]]` to a passage becomes a choice; `StoryTitle` and `StoryData` (its start) become the
/// front matter. Story-format code (macros, variables, inserts) means nothing on a static
/// page: it is kept as plain text, with one warning per passage.
enum TweeImporter {
    struct Passage {
        var name: String
        var tags: [String]
        var line: Int
        var column: Int
        /// The text's lines with their line numbers, trailing blank lines left out.
        var lines: [(number: Int, text: Substring)]
        /// The byte column of the text's first line: in Twine's HTML the text starts after a tag.
        var textColumn = 1
        var text: String { lines.map { String($0.text) }.joined(separator: "\n").trimmingWhitespace }
    }

    struct Link {
        var range: Range<String.Index>
        var text: String
        var target: String
        var setter: Bool
        var isExternal: Bool
    }

    /// Passages that are the story's settings or story-format code, never pages.
    static let specialNames: Set<String> = [
        "StoryTitle", "StoryData", "StoryAuthor", "StorySubtitle", "StoryInit", "StoryMenu", "StoryBanner",
        "StoryCaption", "StorySettings", "StoryIncludes", "StoryInterface", "StoryShare", "PassageReady",
        "PassageDone", "PassageHeader", "PassageFooter",
    ]
    static let specialTags: Set<String> = [
        "script", "stylesheet", "widget", "init", "Twine.image", "Twine.private", "annotation", "header", "footer",
        "startup", "debug-header", "debug-footer", "debug-startup",
    ]

    static func importing(_ file: SourceFile, name: String) -> Imported {
        // Twine 2's HTML names its title, start and format in attributes, where Twee has passages.
        let html = TwineHTML.holdsStory(file.text) ? TwineHTML.read(file) : nil
        var (passages, diagnostics) = html.map { ($0.passages, $0.diagnostics) } ?? read(file)
        guard !diagnostics.hasErrors else { return .failed(diagnostics) }

        var title = html?.title.map { $0.collapsingWhitespace.trimmingWhitespace }.flatMap { $0.isEmpty ? nil : $0 } ?? name
        var subtitle: String?
        var author: String?
        var start = html?.start
        var format = html?.format ?? TweeStoryFormat.unknown
        var pages: [Passage] = []
        for passage in passages {
            switch passage.name {
            case "StoryTitle":
                if !passage.text.isEmpty { title = passage.text.collapsingWhitespace.trimmingWhitespace }
            case "StorySubtitle":
                subtitle = passage.text.collapsingWhitespace.trimmingWhitespace
            case "StoryAuthor":
                author = passage.text.collapsingWhitespace.trimmingWhitespace
            case "StoryData":
                (start, format) = storyData(passage, file: file, diagnostics: &diagnostics)
            default:
                if specialNames.contains(passage.name) || passage.tags.contains(where: specialTags.contains) {
                    if !passage.text.isEmpty {
                        let kind = passage.tags.first(where: specialTags.contains).map { "a '\($0)' passage" } ?? "a special passage"
                        diagnostics.append(file.warning(
                            "'\(passage.name)' is \(kind) of the story format, not a page: it is not imported",
                            line: passage.line, byteColumn: passage.column,
                            hint: "quizgen's story pages are static: no script, style or set-up runs on them"))
                    }
                } else {
                    pages.append(passage)
                }
            }
        }
        // Tags style or sort passages in Twine; a quizgen page has neither. `nobr` is honoured.
        let tagged = pages.filter { $0.tags.contains { $0 != "nobr" } }
        if let first = tagged.first {
            var tags: [String] = []
            for tag in tagged.flatMap(\.tags) where tag != "nobr" && !tags.contains(tag) { tags.append(tag) }
            let list = tags.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (tags.count > 5 ? " and \(tags.count - 5) more" : "")
            diagnostics.append(file.warning(
                "passage tags are left out (\(list), on \(tagged.count) passage\(tagged.count == 1 ? "" : "s")): a quizgen page has none",
                line: first.line, byteColumn: first.column,
                hint: "where a tag meant something to the reader, say it in the page's words"))
        }
        guard !pages.isEmpty else {
            return .failed([file.error("this Twee file has no passage that is a page", line: 1,
                                       hint: "a passage starts with a line ':: Name', its text below it")])
        }

        // The build would refuse the story (a page is a file, and a story is held whole).
        if pages.count > Story.maximumPages {
            return .failed(diagnostics + [file.error(
                "this story has \(String(pages.count).withThousandsSeparators) passages that are pages, and a quizgen story may have at most "
                    + "\(String(Story.maximumPages).withThousandsSeparators) pages: this is passage \(String(Story.maximumPages + 1).withThousandsSeparators)",
                line: pages[Story.maximumPages].line, byteColumn: pages[Story.maximumPages].column,
                hint: "split the story into several files, each a story of its own, and import each")])
        }

        // Ids: the passage name made into a slug, kept apart when two names make the same one.
        var ids: [String: String] = [:]
        var taken: Set<String> = []
        for (i, page) in pages.enumerated() {
            let base = Story.slug(page.name).isEmpty ? "passage-\(i + 1)" : Story.slug(page.name)
            var id = base
            var n = 2
            while taken.contains(id) {
                id = "\(base)-\(n)"
                n += 1
            }
            taken.insert(id)
            ids[page.name] = id
        }
        var startID = ids["Start"] ?? ids[pages[0].name]!
        if let start {
            if let id = ids[start.name] {
                startID = id
            } else {
                diagnostics.append(file.warning(
                    "StoryData's start '\(start.name)' names no passage: the story starts at '\(ids["Start"] == nil ? pages[0].name : "Start")'",
                    line: start.line, byteColumn: start.column))
            }
        }

        var out = "---\nkind: story\ntitle: \(MarkdownText.yamlString(title))\n"
        if let subtitle, !subtitle.isEmpty { out += "description: \(MarkdownText.yamlString(subtitle))\n" }
        if let author, !author.isEmpty { out += "# StoryAuthor: \(author.filter { $0 != "\n" })\n" }
        out += "start: \(startID)\n---\n"
        var choiceCount = 0
        for page in pages {
            let (body, links, problems) = convert(page, ids: ids, file: file, format: format)
            diagnostics += problems
            choiceCount += links
            out += "\n## \(MarkdownText.line(page.name)) {#\(ids[page.name]!)}\n"
            if !body.isEmpty { out += "\n" + body + "\n" }
        }
        return Imported(
            markdown: out, diagnostics: diagnostics,
            summary: "a story of \(String(pages.count).withThousandsSeparators) page\(pages.count == 1 ? "" : "s") and "
                + "\(String(choiceCount).withThousandsSeparators) choice\(choiceCount == 1 ? "" : "s")")
    }

    // MARK: Passages

    /// The passages of the file, with located problems in their headers.
    static func read(_ file: SourceFile) -> ([Passage], [Diagnostic]) {
        var passages: [Passage] = []
        var diagnostics: [Diagnostic] = []
        var seen: [String: Int] = [:]
        var textBeforeFirst: Int?
        var sawHeader = false
        for (index, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            guard line.hasPrefix("::") else {
                if passages.isEmpty && !sawHeader {
                    if textBeforeFirst == nil, !line.allSatisfy(\.isWhitespace) { textBeforeFirst = number }
                } else if !passages.isEmpty {
                    passages[passages.count - 1].lines.append((number, line))
                }
                continue
            }
            sawHeader = true
            switch header(line, number: number, file: file) {
            case .failure(let problem):
                diagnostics.append(problem)
            case .success(let (name, tags, column, warning)):
                if let warning { diagnostics.append(warning) }
                if let first = seen[name] {
                    diagnostics.append(file.error(
                        "a second passage named '\(name)'", line: number, byteColumn: column,
                        hint: "the first is on line \(first); passage names must differ"))
                }
                seen[name] = number
                passages.append(Passage(name: name, tags: tags, line: number, column: column, lines: []))
            }
        }
        if let line = textBeforeFirst {
            diagnostics.append(file.warning(
                passages.isEmpty ? "no passage header in this file" : "text before the first passage is not imported",
                line: line, hint: "a passage starts with a line ':: Name'"))
        }
        if !sawHeader && textBeforeFirst == nil {
            diagnostics.append(file.error("this Twee file is empty", line: 1, hint: "a passage starts with a line ':: Name'"))
        }
        for i in passages.indices {
            while let last = passages[i].lines.last, last.text.allSatisfy(\.isWhitespace) { passages[i].lines.removeLast() }
        }
        return (passages, diagnostics)
    }

    /// `:: Name [tag tag] {"position":"600,400"}`, with `\` escaping the metacharacters; Twee2's
    /// `<x,y>` position is accepted too. Name, tags, the name's byte column and a warning.
    static func header(
        _ line: Substring, number: Int, file: SourceFile
    ) -> Result<(String, [String], Int, Diagnostic?), Diagnostic> {
        var rest = line.dropFirst(2)
        rest = rest.drop { $0 == " " || $0 == "\t" }
        let column = line.utf8.count - rest.utf8.count + 1
        var name = ""
        /// Where in `name` the last `<` that was not escaped stands: Twee 2's `<x,y>` position
        /// may end a name that has no tags.
        var position: Int?
        var i = rest.startIndex
        while i < rest.endIndex, rest[i] != "[", rest[i] != "{" {
            if rest[i] == "\\", rest.index(after: i) < rest.endIndex {
                i = rest.index(after: i)
            } else if rest[i] == "<" {
                position = name.count
            }
            name.append(rest[i])
            i = rest.index(after: i)
        }
        if let position, isPosition(name.dropFirst(position).trimmingWhitespace) { name = String(name.prefix(position)) }
        var tags: [String] = []
        var after = rest[i...]
        if after.first == "[" {
            guard let close = unescapedIndex(of: "]", in: after) else {
                return .failure(file.error(
                    "the tag block of this passage is never closed with ']'", line: number,
                    byteColumn: line.utf8.count - after.utf8.count + 1, hint: "write \\[ for a bracket in a passage name"))
            }
            tags = after[after.index(after: after.startIndex)..<close].split(separator: " ").map(String.init)
            after = after[after.index(after: close)...].drop { $0 == " " || $0 == "\t" }
        }
        var warning: Diagnostic?
        if after.first == "{" {
            let offset = file.lineStarts[number - 1] + line.utf8.count - after.utf8.count
            if case .failure(let problem) = JSONReader.read(after.trimmingWhitespace[...], base: offset) {
                warning = file.diagnostic(.warning, "the passage's metadata is not valid JSON and is ignored: \(problem.message)",
                                          byteOffset: problem.offset)
            }
            after = ""
        }
        let leftover = after.trimmingWhitespace
        if !leftover.isEmpty, !(leftover.hasPrefix("<") && leftover.hasSuffix(">")) {
            warning = file.warning("text after the passage's tags is ignored: '\(leftover)'", line: number,
                                   byteColumn: line.utf8.count - after.utf8.count + 1)
        }
        let trimmed = name.trimmingWhitespace
        guard !trimmed.isEmpty else {
            return .failure(file.error("this passage has no name", line: number, byteColumn: column,
                                       hint: "a passage header is ':: Name', e.g. ':: The cave'"))
        }
        return .success((trimmed, tags, column, warning))
    }

    /// Twee 2's `<600,400>`.
    static func isPosition(_ text: String) -> Bool {
        guard text.hasPrefix("<"), text.hasSuffix(">") else { return false }
        let numbers = text.dropFirst().dropLast().split(separator: ",", omittingEmptySubsequences: false)
        return numbers.count == 2 && numbers.allSatisfy { number in
            !number.isEmpty && number.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
        }
    }

    static func unescapedIndex(of character: Character, in text: Substring) -> String.Index? {
        var i = text.startIndex
        while i < text.endIndex {
            if text[i] == "\\" {
                i = text.index(after: i)
                if i < text.endIndex { i = text.index(after: i) }
                continue
            }
            if text[i] == character { return i }
            i = text.index(after: i)
        }
        return nil
    }

    /// StoryData's `start` and story format, where it says so; a warning when its JSON is broken.
    static func storyData(
        _ passage: Passage, file: SourceFile, diagnostics: inout [Diagnostic]
    ) -> (start: (name: String, line: Int, column: Int)?, format: TweeStoryFormat) {
        guard let first = passage.lines.first(where: { !$0.text.allSatisfy(\.isWhitespace) }) else { return (nil, .unknown) }
        let offset = file.lineStarts[first.number - 1]
        let end = passage.lines.last.map { file.lineStarts[$0.number - 1] + $0.text.utf8.count } ?? offset
        let utf8 = file.text.utf8
        let text = Substring(file.text[utf8.index(utf8.startIndex, offsetBy: offset)..<utf8.index(utf8.startIndex, offsetBy: end)])
        switch JSONReader.read(text, base: offset) {
        case .failure(let problem):
            diagnostics.append(file.diagnostic(
                .warning, "StoryData is not valid JSON and is ignored: \(problem.message)", byteOffset: problem.offset))
            return (nil, .unknown)
        case .success(let data):
            let format = TweeStoryFormat(name: data["format"]?.string)
            guard let node = data["start"], let start = node.string else { return (nil, format) }
            let (line, column) = file.position(ofByte: node.offset)
            return ((start, line, column), format)
        }
    }
}
