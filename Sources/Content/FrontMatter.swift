import Diagnostics
import YAMLReading
import Yams

/// The YAML between two `---` lines at the very start of a content file, composed so that
/// every key keeps the line it was written on.
public struct FrontMatter {
    public struct Entry {
        public var key: String
        public var value: YAMLNode
        /// File position of the key (1-based line, character column).
        public var line: Int
        public var column: Int
        public var valueLine: Int
        public var valueColumn: Int
    }

    public var entries: [Entry] = []
    /// The first line of the body, after the closing `---` (1 when there is no front matter).
    public var bodyStartLine = 1
    /// Byte offset of the body in the file text.
    public var bodyOffset = 0
    /// True when the file starts with front matter at all.
    public var isPresent = false
    /// True when a closing `---` line ends it (else the whole file was taken for it).
    public var isClosed = false

    public subscript(key: String) -> Entry? {
        entries.first { $0.key == key }
    }

    /// Splits the file and composes the YAML. Problems come back as diagnostics; the body
    /// is still usable for parsing whatever follows.
    public static func split(_ file: SourceFile) -> (FrontMatter, [Diagnostic]) {
        var result = FrontMatter()
        let utf8 = file.text.utf8
        guard file.lineCount >= 1, isFence(file, line: 1) else { return (result, []) }
        result.isPresent = true
        var closing: Int?
        var line = 2
        while line <= file.lineCount {
            if isFence(file, line: line) {
                closing = line
                break
            }
            line += 1
        }
        guard let closing else {
            result.bodyStartLine = file.lineCount + 1
            result.bodyOffset = utf8.count
            return (result, [file.error(
                "front matter is not closed", line: 1, byteColumn: 1,
                hint: "end it with a line that is exactly '---'")])
        }
        result.isClosed = true
        result.bodyStartLine = closing + 1
        result.bodyOffset = closing < file.lineCount ? file.lineStarts[closing] : utf8.count
        let yamlStart = file.lineStarts[1]
        let yamlEnd = file.lineStarts[closing - 1]
        let startIndex = utf8.index(utf8.startIndex, offsetBy: yamlStart)
        let endIndex = utf8.index(utf8.startIndex, offsetBy: yamlEnd)
        let yaml = String(file.text[startIndex..<endIndex])
        // The YAML's line 1 is the file's line 2.
        let (entries, diagnostics) = compose(yaml, in: file, lineOffset: 1)
        result.entries = entries
        return (result, diagnostics)
    }

    /// Whether a line is exactly `---` (before a CR LF too), compared in bytes: making a
    /// String of every line of the front matter cost more than reading its YAML.
    static func isFence(_ file: SourceFile, line: Int) -> Bool {
        guard let range = file.byteRange(ofLine: line), range.count == 3 else { return false }
        return file.text.utf8.dropFirst(range.lowerBound).prefix(3).elementsEqual("---".utf8)
    }

    /// Composes a YAML mapping (front matter, or all of quizgen.yml) into located entries.
    public static func compose(_ yaml: String, in file: SourceFile, lineOffset: Int) -> ([Entry], [Diagnostic]) {
        var entries: [Entry] = []
        var diagnostics: [Diagnostic] = []
        do {
            let node: YAMLNode
            // A key or value that comes from an alias has the anchor's mark, which may be
            // anywhere above; the measured tree has the alias's own.
            var shape: YAMLNode?
            if let plain = PlainYAML.read(yaml) {
                node = plain
            } else {
                // Aliases are measured first: composing an alias bomb would not come back. The
                // measured tree has the real one's shape, with each alias at its own mark.
                shape = try YAMLAliases.measure(yaml)
                guard let composed = try YAMLNode.composeWithYams(yaml) else { return ([], []) }
                node = composed
            }
            guard case .mapping(let mapping) = node.content else {
                // `kind trivia` alone is a text: most likely a key without its colon.
                let fix = node.style == .plain ? YAMLSlip.colonFix(file.line(node.line + lineOffset)) : nil
                return ([], [file.diagnostic(
                    .error, "expected a list of 'key: value' lines",
                    line: node.line + lineOffset, characterColumn: fix?.column ?? node.column,
                    hint: fix.map { "write a colon and a space after the key: \($0.line)" })])
            }
            var places = mapping
            if case .mapping(let measured)? = shape?.content, measured.count == mapping.count { places = measured }
            var seen: [String: Int] = [:]
            for (pair, place) in zip(mapping, places) {
                let keyLine = place.key.line + lineOffset
                let keyColumn = place.key.column
                guard let name = pair.key.string else {
                    diagnostics.append(file.diagnostic(
                        .error, "a key must be a plain word", line: keyLine, characterColumn: keyColumn))
                    continue
                }
                if let first = seen[name] {
                    diagnostics.append(file.diagnostic(
                        .error, "'\(name)' is set twice", line: keyLine, characterColumn: keyColumn,
                        hint: "the first is on line \(first)"))
                    continue
                }
                seen[name] = keyLine
                entries.append(Entry(
                    key: name, value: pair.value, line: keyLine, column: keyColumn,
                    valueLine: place.value.line + lineOffset, valueColumn: place.value.column))
            }
        } catch let refusal as YAMLAliases.Refusal {
            diagnostics.append(file.diagnostic(
                .error, refusal.message, line: refusal.line + lineOffset, characterColumn: refusal.column,
                hint: refusal.hint))
        } catch let error as YamlError {
            let yamlLines = yaml.utf8.count { $0 == UInt8(ascii: "\n") } + (yaml.hasSuffix("\n") ? 0 : 1)
            diagnostics.append(.yaml(error, in: file, lineOffset: lineOffset, lastLine: max(yamlLines, 1)))
        } catch {
            diagnostics.append(file.error("not valid YAML: \(error)", line: 1 + lineOffset))
        }
        return (entries, diagnostics)
    }
}
