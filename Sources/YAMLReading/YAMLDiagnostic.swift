import Diagnostics
import Yams

extension Diagnostic {
    /// A YAML error from Yams as a located diagnostic in `file`, for YAML that starts
    /// `lineOffset` lines into it (front matter after its `---`) and ends at `lastLine`
    /// (1-based, in the YAML's own lines). The text was composed with aliases substituted
    /// (`YAMLAliases`), so keys in messages get their `*` back.
    public static func yaml(_ error: YamlError, in file: SourceFile, lineOffset: Int = 0, lastLine: Int) -> Diagnostic {
        switch error {
        case .scanner(let context, let problem, let mark, let yaml),
             .parser(let context, let problem, let mark, let yaml),
             .composer(let context, let problem, let mark, let yaml):
            // libyaml also breaks lines at U+0085, U+2028 and U+2029, which the file does not:
            // its places are counted again on the file's lines.
            let breaks = LibyamlLines(yaml)
            var message = "not valid YAML: \(problem)"
            if let context { message += " (\(context.text) on line \(breaks.place(context.mark).line + lineOffset))" }
            // libyaml often notices a missing bracket or quote only at the end of the input;
            // the construct it was reading is the better place to point at.
            let mark = breaks.place(mark)
            // So does a line separator: what it cut off is read as a key of its own (the context).
            let place = mark.line > lastLine || breaks.hasOthers ? context.map { breaks.place($0.mark) } ?? mark : mark
            if !breaks.hasOthers, let slip = YAMLSlip.find(
                problem: problem, context: context?.text, place: place, contextPlace: context.map { breaks.place($0.mark) },
                lines: (1...max(lastLine, 1)).map { file.line($0 + lineOffset) }) {
                return file.diagnostic(.error, slip.message, line: slip.line + lineOffset, characterColumn: slip.column, hint: slip.hint)
            }
            if let context, context.text.hasPrefix("while scanning an a"),
               let name = nonASCIIAnchor(in: file.line(place.line + lineOffset), at: place.column) {
                let sign = context.text.hasSuffix("alias") ? "*" : "&"
                return file.diagnostic(
                    .error, "YAML anchor and alias names must be ASCII letters, digits, '_' or '-' here: '\(sign)\(name)' is not",
                    line: place.line + lineOffset, characterColumn: place.column,
                    hint: "rename the anchor and its aliases, e.g. &title and *title")
            }
            return file.diagnostic(
                .error, message, line: place.line + lineOffset, characterColumn: place.column,
                hint: breaks.hasOthers ? "a line separator (U+2028, U+2029 or U+0085) ends a line for YAML: quote the value that holds it" : nil)
        case .duplicatedKeysInMapping(let duplicates, let context):
            // libyaml marks the mapping (its first key); the second setting is the one to fix.
            let first = context.mark.line + lineOffset
            let second = duplicates.first.flatMap { key in
                secondKeyLine(YAMLAliases.restoringStars(key), in: file, from: first, to: lastLine + lineOffset, column: context.mark.column)
            }
            return file.diagnostic(
                .error, "\(duplicates.map { "'\(YAMLAliases.restoringStars($0))'" }.joined(separator: ", ")) set twice",
                line: second ?? first, characterColumn: context.mark.column)
        case .reader(let problem, let offset, _, let yaml):
            // The offset counts characters into the text that was read; the substituted text
            // has the same characters on the same lines.
            guard let offset, let index = yaml.index(yaml.startIndex, offsetBy: offset, limitedBy: yaml.endIndex) else {
                return file.error("cannot be read as YAML: \(problem)", line: 1 + lineOffset)
            }
            let before = yaml[..<index]
            let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
            let line = before.utf8.count { $0 == UInt8(ascii: "\n") } + 1
            return file.diagnostic(
                .error, "cannot be read as YAML: \(problem)", line: line + lineOffset,
                characterColumn: before[lineStart...].count + 1)
        default:
            return file.error("not valid YAML: \(error)", line: 1 + lineOffset)
        }
    }

    /// The name of an anchor or alias that starts at `column` (a character column) with a
    /// character outside ASCII, which libyaml does not take in a name (YAML 1.2 does: any
    /// character but spaces and `,[]{}`); nil when the character there is ASCII.
    static func nonASCIIAnchor(in line: String, at column: Int) -> String? {
        let name = line.dropFirst(column - 1).prefix { !$0.isWhitespace && !",[]{}".contains($0) }
        guard let first = name.first, !first.isASCII else { return nil }
        return String(name)
    }

    /// The line of a block mapping's second `key:` at `column` (a character column), from
    /// the mapping's first line; nil when it is not written so (a flow mapping, quotes).
    static func secondKeyLine(_ key: String, in file: SourceFile, from start: Int, to end: Int, column: Int) -> Int? {
        var seen = 0
        for line in start...max(start, min(end, file.lineCount)) {
            let text = file.line(line)
            let indent = text.prefix(column - 1)
            guard indent.allSatisfy({ $0 == " " }), indent.count == column - 1 else { continue }
            let rest = text.dropFirst(column - 1)
            guard rest.hasPrefix(key), rest.dropFirst(key.count).drop(while: { $0 == " " }).first == ":" else { continue }
            seen += 1
            if seen == 2 { return line }
        }
        return nil
    }

    /// The last line of a YAML text, 1-based (at least 1), for `yaml(_:in:lineOffset:lastLine:)`.
    public static func lastLine(of yaml: String) -> Int {
        max(yaml.utf8.count { $0 == UInt8(ascii: "\n") } + (yaml.hasSuffix("\n") || yaml.isEmpty ? 0 : 1), 1)
    }
}

/// Where libyaml's lines fall in a text whose lines end only at `\n`: libyaml counts U+0085,
/// U+2028 and U+2029 (and a lone `\r`) as line breaks too.
struct LibyamlLines {
    /// Where each of libyaml's lines starts: the file's line (1-based, counting `\n` only)
    /// and the character column there.
    private var starts: [(line: Int, column: Int)] = [(1, 1)]
    private(set) var hasOthers = false

    init(_ text: String) {
        var line = 1, column = 1
        for character in text {
            switch character {
            case "\n", "\r\n":
                line += 1
                column = 1
                starts.append((line, 1))
            case "\u{85}", "\u{2028}", "\u{2029}", "\r":
                hasOthers = true
                column += 1
                starts.append((line, column))
            default:
                column += 1
            }
        }
    }

    /// A libyaml place (1-based line and column) as the file's line and column.
    func place(_ mark: Mark) -> (line: Int, column: Int) {
        guard hasOthers, mark.line >= 1, mark.line <= starts.count else { return (mark.line, mark.column) }
        let start = starts[mark.line - 1]
        return (start.line, start.column + mark.column - 1)
    }
}
