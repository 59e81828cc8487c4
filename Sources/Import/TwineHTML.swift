import Diagnostics

/// Twine 2's published or archived HTML: one `<tw-storydata name=… startnode=… format=…>`
/// element holding a `<tw-passagedata pid=… name=… tags=…>` per passage, its text
/// HTML-escaped (https://github.com/iftechfoundation/twine-specs, Twine 2 HTML Output).
/// Read into the same passages as Twee.
enum TwineHTML {
    struct Story {
        var title: String?
        var start: (name: String, line: Int, column: Int)?
        var format: TweeStoryFormat
        var passages: [TweeImporter.Passage]
        var diagnostics: [Diagnostic]
    }

    static let storyTag = "<tw-storydata"
    static let passageTag = "<tw-passagedata"

    static func holdsStory(_ text: String) -> Bool { text.contains(storyTag) }

    /// The story of the first `<tw-storydata>` element with attributes and an end; nil when
    /// the file has none (a story format's script may name the element in passing).
    static func read(_ file: SourceFile) -> Story? {
        let text = file.text[...]
        var from = text.startIndex
        while let open = text[from...].firstRange(of: storyTag) {
            from = open.upperBound
            guard let tag = TweeLine.tag(text[open.lowerBound...]), !tag.closing, tag.name == "tw-storydata",
                  let end = text[tag.end...].firstRange(of: "</tw-storydata>") else { continue }
            let attributes = Self.attributes(text[open.upperBound..<tag.end])
            guard attributes["name"] != nil || attributes["startnode"] != nil else { continue }
            return story(text[tag.end..<end.lowerBound], attributes: attributes, at: open.lowerBound, in: file)
        }
        return nil
    }

    static func story(
        _ body: Substring, attributes: [String: String], at tagStart: String.Index, in file: SourceFile
    ) -> Story {
        func position(_ index: String.Index) -> (line: Int, byteColumn: Int) {
            file.position(ofByte: file.text.utf8.distance(from: file.text.startIndex, to: index))
        }
        var story = Story(
            title: attributes["name"], format: TweeStoryFormat(name: attributes["format"]), passages: [], diagnostics: [])
        var seen: [String: Int] = [:]
        var startName: String?
        var from = body.startIndex
        while let open = body[from...].firstRange(of: passageTag) {
            from = open.upperBound
            guard let tag = TweeLine.tag(body[open.lowerBound...]), !tag.closing, tag.name == "tw-passagedata" else { continue }
            let end = body[tag.end...].firstRange(of: "</tw-passagedata>")
            let text = HTMLText.decodeEntities(String(body[tag.end..<(end?.lowerBound ?? body.endIndex)]))
            from = end?.upperBound ?? body.endIndex
            let values = Self.attributes(body[open.upperBound..<tag.end])
            let (line, column) = position(open.lowerBound)
            let name = (values["name"] ?? "").trimmingWhitespace
            guard !name.isEmpty else {
                story.diagnostics.append(file.warning(
                    "a passage with no name is not imported", line: line, byteColumn: column))
                continue
            }
            if let first = seen[name] {
                story.diagnostics.append(file.error(
                    "a second passage named '\(name)'", line: line, byteColumn: column,
                    hint: "the first is on line \(first); passage names must differ"))
            }
            seen[name] = line
            if let pid = values["pid"], pid == attributes["startnode"] { startName = name }
            // The text's lines carry the file's line numbers: entities span no line break.
            // (Columns count from the start of the decoded line, on the first line from the
            // start of the text.)
            let (first, textColumn) = position(tag.end)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { (first + $0.offset, $0.element) }
            while let last = lines.last, last.1.allSatisfy(\.isWhitespace) { lines.removeLast() }
            story.passages.append(TweeImporter.Passage(
                name: name, tags: (values["tags"] ?? "").split(separator: " ").map(String.init),
                line: line, column: column, lines: lines, textColumn: textColumn))
        }
        if let startName {
            let (line, column) = position(tagStart)
            story.start = (startName, line, column)
        }
        if story.passages.isEmpty {
            let (line, column) = position(tagStart)
            story.diagnostics.append(file.error(
                "this Twine story has no passage", line: line, byteColumn: column,
                hint: "a passage is a <tw-passagedata name=\"…\"> element inside <tw-storydata>"))
        }
        return story
    }

    /// `name="value"`, `name='value'`, `name=value` and a bare `name`, values decoded.
    static func attributes(_ text: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var i = text.startIndex
        func skipSpace() { while i < text.endIndex, text[i].isWhitespace { i = text.index(after: i) } }
        while i < text.endIndex {
            skipSpace()
            let name = text[i...].prefix { !$0.isWhitespace && $0 != "=" && $0 != ">" && $0 != "/" }
            guard !name.isEmpty else {
                i = i < text.endIndex ? text.index(after: i) : i
                continue
            }
            i = name.endIndex
            skipSpace()
            var value = ""
            if i < text.endIndex, text[i] == "=" {
                i = text.index(after: i)
                skipSpace()
                if i < text.endIndex, text[i] == "\"" || text[i] == "'" {
                    let quote = text[i]
                    let start = text.index(after: i)
                    let close = text[start...].firstIndex(of: quote) ?? text.endIndex
                    value = String(text[start..<close])
                    i = close < text.endIndex ? text.index(after: close) : close
                } else {
                    let raw = text[i...].prefix { !$0.isWhitespace && $0 != ">" }
                    value = String(raw)
                    i = raw.endIndex
                }
            }
            result[name.lowercased()] = HTMLText.decodeEntities(value)
        }
        return result
    }
}
