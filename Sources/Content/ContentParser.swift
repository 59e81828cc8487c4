import Diagnostics
import Markdown
import Support

/// Turns the text of one content file into a typed piece of content and the problems found
/// in it. Pure: the loader hands it the text and the sibling files it names (CSV banks),
/// which `siblings(of:)` tells the loader to read.
public enum ContentParser {
    /// The files beside one content file that parsing it needs, read by the loader.
    public typealias Siblings = [String: Result<String, SiblingError>]
    public struct Options: Sendable {
        public var defaultLanguage: String
        public var includeDrafts: Bool
        public var allowRawHTML: Bool

        public init(defaultLanguage: String = "en", includeDrafts: Bool = false, allowRawHTML: Bool = false) {
            self.defaultLanguage = defaultLanguage
            self.includeDrafts = includeDrafts
            self.allowRawHTML = allowRawHTML
        }
    }

    public static let commonKeys = ["kind", "title", "description", "lang", "draft"]

    /// Front matter that is there but not where it counts: an opening line with spaces
    /// after `---` or before it, or blank lines above it. Said as such, where "missing front
    /// matter" sent the author looking for a mistake they could not see.
    static func misplacedFrontMatter(_ file: SourceFile) -> Diagnostic? {
        for number in 1...min(file.lineCount, 20) {
            let line = file.line(number)
            let trimmed = line.trimmingWhitespace
            if trimmed.isEmpty { continue }
            guard trimmed == "---" else { return nil }
            let indent = line.prefix { $0 == " " || $0 == "\t" }.count
            if indent > 0 {
                return file.error(
                    "the front matter's first line must be exactly '---', with no spaces before it", line: number,
                    hint: "start the line with '---'")
            }
            if number > 1 {
                return file.error(
                    "front matter must start on the file's first line, but this file starts with \(number - 1) blank line\(number == 2 ? "" : "s")",
                    line: number, hint: "remove the blank lines above '---'")
            }
            // An opening line that is exactly `---` has another problem, told elsewhere.
            guard line.trimmingCharacters(in: ["\r"]) != "---" else { return nil }
            return file.error(
                "the front matter's first line must be exactly '---', with nothing after it", line: number,
                byteColumn: 4, hint: "remove the spaces after '---'")
        }
        return nil
    }

    /// - Parameters:
    ///   - file: the file's text, with its path as the author knows it (`Content/a/b.md`).
    ///   - sitePath: the page folder it becomes (`a/b`).
    ///   - siblings: the files beside this one that `siblings(of:)` named, by relative path.
    /// - Returns: nil for the piece when the file is a skipped draft or too broken to use. A
    ///   story with errors is still returned, as written, so that its graph is checked too:
    ///   a piece whose diagnostics hold an error is never rendered.
    public static func parse(
        _ file: SourceFile, sitePath: String, options: Options = Options(), siblings: Siblings = [:]
    ) -> (ContentPiece?, [Diagnostic]) {
        let read = read(file, sitePath: sitePath, options: options, siblings: siblings)
        return (read.piece, read.diagnostics)
    }

    /// One file read: its piece, and what is known of the file without one.
    public struct Parsed: Sendable {
        public var piece: ContentPiece?
        /// Set whenever the kind was read, piece or not: a quiz with errors has no piece, yet
        /// its links and images are checked as they will be once it is fixed (a story with
        /// errors keeps its piece, so they always were), and it is a page others may link to.
        public var meta: ContentMeta?
        public var diagnostics: [Diagnostic]

        public init(piece: ContentPiece? = nil, meta: ContentMeta? = nil, diagnostics: [Diagnostic]) {
            self.piece = piece
            self.meta = meta
            self.diagnostics = diagnostics
        }
    }

    /// `parse`, with the file's meta even when it has no piece.
    public static func read(
        _ file: SourceFile, sitePath: String, options: Options = Options(), siblings: Siblings = [:]
    ) -> Parsed {
        let readSibling: (String) -> Result<String, SiblingError> = { siblings[$0] ?? .failure(.notFound) }
        if let nul = file.nulByteError() { return Parsed(diagnostics: [nul]) }
        var (frontMatter, diagnostics) = FrontMatter.split(file)
        var reader = FrontMatterReader(frontMatter, file: file)

        let draft = reader.bool("draft") ?? false
        if draft && !options.includeDrafts { return Parsed(diagnostics: []) }

        let kind = readKind(&reader, frontMatter: frontMatter)
        // A front matter that is not YAML at all has its own error; "missing kind" adds nothing.
        if frontMatter["kind"] == nil && !(frontMatter.isPresent && diagnostics.hasErrors) {
            let kinds = FrontMatterReader.list(ContentKind.allCases.map(\.rawValue), or: true)
            if !frontMatter.isPresent, let misplaced = misplacedFrontMatter(file) {
                diagnostics.append(misplaced)
            } else {
                diagnostics.append(file.error(
                    frontMatter.isPresent ? "missing 'kind' in the front matter" : "missing front matter with a 'kind'",
                    line: 1, hint: "kind must be \(kinds); start the file with '---', 'kind: personality', '---'"))
            }
        }

        let parsed = MarkdownParser.parse(
            file.text, from: frontMatter.bodyOffset, lineStarts: file.lineStarts, firstLine: frontMatter.bodyStartLine)
        if let position = parsed.flattenedAt {
            diagnostics.append(file.warning(
                "Markdown nested more than \(MarkdownParser.maximumDepth) levels deep is shown as plain text",
                line: position.line, byteColumn: position.column))
        }
        diagnostics += SpacedAddresses.warnings(in: file, bodyOffset: frontMatter.bodyOffset, document: parsed.document)
        if !options.allowRawHTML, let html = parsed.rawHTMLAt {
            diagnostics.append(file.warning(
                "raw HTML is left out of the page", line: html.line, byteColumn: html.column,
                hint: "set 'raw-html: true' in quizgen.yml to keep it"))
        }
        var (outline, outlineProblems) = Outline.make(from: parsed.document, file: file)
        diagnostics += outlineProblems

        let headingTitle = outline.titleHeading.map { $0.plainText.trimmingWhitespace }
        let writtenTitle = reader.prose("title")
        let title = writtenTitle ?? headingTitle.flatMap { $0.isEmpty ? nil : $0 } ?? fileName(of: file.path)
        // A `#` heading that is not the title (the front matter names another) is the
        // author's words, kept in the introduction where it stands.
        if let heading = outline.titleHeading, let headingTitle, !headingTitle.isEmpty, headingTitle != title.trimmingWhitespace {
            outline.introduction.insert(heading, at: outline.titleIndex)
        }
        let description = reader.prose("description") ?? outline.introduction.summary(limit: 160)
        var lang = options.defaultLanguage
        var langPosition: ValuePosition?
        if let given = reader.string("lang"), let entry = frontMatter["lang"] {
            let (tag, warning) = LanguageSlips.read(given, using: lang, at: entry, in: file)
            if let warning { diagnostics.append(warning) }
            if let tag {
                lang = tag
                langPosition = ValuePosition(line: entry.valueLine, column: entry.valueColumn)
            }
        }
        reader.allow(commonKeys)

        guard let kind else {
            diagnostics += reader.diagnostics
            // Front matter that is not YAML hides the kind, and with it the body's problems:
            // read from its own `kind:` line, the body is still checked, for its errors only
            // (a warning could come from a setting that was not read, such as `start`).
            if frontMatter.isClosed, frontMatter.entries.isEmpty, diagnostics.hasErrors,
               let written = kindWrittenOnItsLine(file, frontMatter: frontMatter) {
                var empty = FrontMatterReader(FrontMatter(), file: file)
                let problems: [Diagnostic] = switch written.kind {
                case .personality: PersonalityParser.parse(outline, reader: &empty, file: file, kindLine: written.line).1
                case .trivia: TriviaParser.parse(outline, reader: &empty, file: file, kindLine: written.line, readSibling: readSibling).1
                case .story: StoryParser.parse(outline, reader: &empty, file: file, kindLine: written.line).1
                }
                // Only the body's own errors: one about the whole quiz ("no questions") may
                // come from a setting that was not read (its questions in a `bank:`).
                diagnostics += problems.filter { $0.severity == .error && $0.line >= frontMatter.bodyStartLine }
            }
            return Parsed(diagnostics: diagnostics)
        }
        var meta = ContentMeta(
            kind: kind, title: title, description: description, lang: lang, sitePath: sitePath,
            sourcePath: file.path, introduction: outline.introduction, draft: draft)
        meta.langPosition = langPosition
        meta.kindPosition = frontMatter["kind"].map { ValuePosition(line: $0.valueLine, column: $0.valueColumn) }
        if writtenTitle != nil, let entry = frontMatter["title"] {
            meta.titlePosition = ValuePosition(line: entry.valueLine, column: entry.valueColumn)
        } else if let heading = outline.titleHeading, headingTitle?.isEmpty == false {
            let start = heading.childNodes.first?.range.start ?? heading.range.start
            meta.titlePosition = ValuePosition(line: start.line, column: file.characterColumn(line: start.line, byteColumn: start.column))
        }
        meta.images = parsed.images.map { ImageReference(source: $0.source, line: $0.at.line, column: $0.at.column) }
        meta.links = parsed.relativeLinks.map { LinkReference(destination: $0.destination, line: $0.at.line, column: $0.at.column) }

        var piece: ContentPiece?
        switch kind {
        case .personality:
            let (quiz, problems) = PersonalityParser.parse(outline, reader: &reader, file: file, kindLine: frontMatter["kind"]?.line ?? 1)
            diagnostics += problems
            piece = quiz.map { ContentPiece(meta: meta, body: .personality($0)) }
        case .trivia:
            let (quiz, problems) = TriviaParser.parse(
                outline, reader: &reader, file: file, kindLine: frontMatter["kind"]?.line ?? 1, readSibling: readSibling)
            diagnostics += problems
            piece = quiz.map { ContentPiece(meta: meta, body: .trivia($0)) }
        case .story:
            let (story, problems) = StoryParser.parse(outline, reader: &reader, file: file, kindLine: frontMatter["kind"]?.line ?? 1)
            diagnostics += problems
            piece = story.map { ContentPiece(meta: meta, body: .story($0)) }
        }
        reader.warnAboutUnknownKeys()
        diagnostics += reader.diagnostics
        return Parsed(piece: piece, meta: meta, diagnostics: diagnostics)
    }

    /// The files beside `file` (relative to its folder) that parsing it will ask for: a trivia
    /// quiz's bank. Front matter is composed only when it mentions one, so that the loader's
    /// look ahead costs nothing for the other files.
    public static func siblings(of file: SourceFile) -> [String] {
        guard mentionsBank(file.text.utf8) else { return [] }
        let (frontMatter, _) = FrontMatter.split(file)
        guard let bank = frontMatter["bank"]?.value.string, case .success(let relative) = TriviaParser.bankPath(bank) else {
            return []
        }
        return [relative]
    }

    /// Whether the front matter (the lines between a first `---` line and the next) has
    /// `bank:` in it: a byte search, so files without it cost next to nothing.
    static func mentionsBank(_ utf8: String.UTF8View) -> Bool {
        // Read through a pointer: walking the view's slices cost about 9,000 instructions a file.
        utf8.withContiguousStorageIfAvailable(mentionsBank(in:)) ?? Array(utf8).withUnsafeBufferPointer(mentionsBank(in:))
    }

    static let bankKey = Array("bank:".utf8)

    static func mentionsBank(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let dash = UInt8(ascii: "-"), newline = UInt8(ascii: "\n")
        guard bytes.count >= 4, bytes[0] == dash, bytes[1] == dash, bytes[2] == dash, bytes[3] == newline else { return false }
        let key = bankKey
        var start = 4
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != newline { end += 1 }
            if end - start == 3, bytes[start] == dash, bytes[start + 1] == dash, bytes[start + 2] == dash { return false }
            var at = start
            while at + key.count <= end {
                if bytes[at] == key[0], (1..<key.count).allSatisfy({ bytes[at + $0] == key[$0] }) { return true }
                at += 1
            }
            start = end + 1
        }
        return false
    }

    public enum SiblingError: Error, Sendable, Equatable {
        case notFound
        /// Not found, but the folder has a file of a name this near (`bank.csv` for `Bank.csv`).
        case notFoundNear(String)
        case unreadable(String)
        /// Where the first byte that is not UTF-8 is (line, character column), and its line
        /// with each bad byte as U+FFFD.
        case notUTF8(line: Int, column: Int, text: String, encoding: String? = nil)
        /// Read through a link that leads out of the site (to this resolved path): refused.
        case outsideSite(String)
    }

    static func readKind(_ reader: inout FrontMatterReader, frontMatter: FrontMatter) -> ContentKind? {
        reader.choice("kind", as: ContentKind.self)
    }

    /// The kind on a plain `kind: story` line of front matter that YAML could not read.
    static func kindWrittenOnItsLine(_ file: SourceFile, frontMatter: FrontMatter) -> (kind: ContentKind, line: Int)? {
        for line in 2..<max(2, frontMatter.bodyStartLine - 1) {
            let text = file.line(line)
            guard text.hasPrefix("kind:") else { continue }
            var value = text.dropFirst(5)
            if let comment = value.range(of: " #") { value = value[..<comment.lowerBound] }
            var word = String(value).trimmingWhitespace
            if word.count >= 2, let quote = word.first, quote == "'" || quote == "\"", word.last == quote { word = String(word.dropFirst().dropLast()) }
            return ContentKind(rawValue: word).map { ($0, line) }
        }
        return nil
    }

    static func fileName(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".md") ? String(name.dropLast(3)) : name
    }

    /// A BCP 47 tag in its common shape: `en`, `pt-BR`, `zh-Hant-TW`.
    static func isLanguageTag(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.count <= 8 && parts.allSatisfy { part in
            (1...8).contains(part.count) && part.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        } && parts[0].unicodeScalars.allSatisfy { $0.properties.isAlphabetic }
    }
}
