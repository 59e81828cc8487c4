import Diagnostics
import Support
import YAMLReading

/// Typed access to front matter values, reporting a located error for each value of the
/// wrong type and a warning for each key nobody asked about.
public struct FrontMatterReader {
    public let frontMatter: FrontMatter
    public let file: SourceFile
    public private(set) var diagnostics: [Diagnostic] = []
    /// The keys asked for or allowed, each once. A handful per file: looked through, not
    /// hashed (a set hashed every key asked for, and grew twice on the way).
    private var known: [String] = []
    /// What a key is called in messages: "front matter key" or "setting".
    private let noun: String

    public init(_ frontMatter: FrontMatter, file: SourceFile, noun: String = "front matter key") {
        self.frontMatter = frontMatter
        self.file = file
        self.noun = noun
        // Room for the keys a kind of content asks for: the array grew four times from empty.
        known.reserveCapacity(16)
    }

    private mutating func entry(_ key: String) -> FrontMatter.Entry? {
        know(key)
        return frontMatter[key]
    }

    private mutating func know(_ key: String) {
        if !known.contains(key) { known.append(key) }
    }

    private mutating func fail(_ entry: FrontMatter.Entry, _ message: String, hint: String? = nil) {
        diagnostics.append(file.diagnostic(
            .error, message, line: entry.valueLine, characterColumn: entry.valueColumn, hint: hint))
    }

    public mutating func string(_ key: String) -> String? {
        guard let entry = entry(key) else { return nil }
        // `title:` with nothing after it means "not set", like leaving the key out.
        if entry.value.isNull { return nil }
        if let text = entry.value.string { return text }
        fail(entry, "'\(key)' must be text")
        return nil
    }

    /// Text for readers (a title, a message): as `string`, with a warning where a YAML
    /// comment cut it short (`title: Quiz #3 for 7B` is the title "Quiz").
    /// Whether the front matter has a `#` at all: most have none, and their values are not
    /// looked at again for a comment (that walk was 13,000 instructions a file).
    var holdsHash: Bool {
        file.text.utf8.withContiguousStorageIfAvailable { bytes in
            // (`quizgen.yml` is YAML from end to end: no body.)
            bytes.prefix(frontMatter.bodyOffset > 0 ? frontMatter.bodyOffset : bytes.count).contains(UInt8(ascii: "#"))
        } ?? true
    }

    public mutating func prose(_ key: String) -> String? {
        guard let text = string(key) else { return nil }
        if let entry = frontMatter[key], holdsHash, let cut = CommentCut.find(entry, in: file) {
            diagnostics.append(file.diagnostic(
                .warning, "the rest of the line after ' #' was read as a YAML comment, so '\(key)' is only '\(text)'",
                line: cut.line, characterColumn: cut.column,
                hint: "to keep it, put the whole value in quotes: \(key): \(YAMLQuoting.quoted(cut.meant)); "
                    + "a comment goes on a line of its own"))
        }
        return text
    }

    public mutating func bool(_ key: String) -> Bool? {
        guard let entry = entry(key) else { return nil }
        if let value = entry.value.boolValue { return value }
        fail(entry, "'\(key)' must be true or false")
        return nil
    }

    /// - Parameter example: the hint for a value that is no number at all (`pick: all`).
    public mutating func int(_ key: String, in range: ClosedRange<Int>, example: String? = nil) -> Int? {
        guard let entry = entry(key) else { return nil }
        guard let value = entry.value.intValue else {
            fail(entry, "'\(key)' must be a whole number", hint: Self.numberHint(key, entry.value, seconds: false) ?? example)
            return nil
        }
        guard range.contains(value) else {
            fail(entry, "'\(key)' must be between \(range.lowerBound) and \(range.upperBound)")
            return nil
        }
        return value
    }

    /// - Parameters:
    ///   - seconds: the value counts seconds (`2 min` is told to be 120).
    ///   - example: the hint for a value that is no number at all (`time: soon`).
    public mutating func number(
        _ key: String, in range: ClosedRange<Double>, seconds: Bool = false, example: String? = nil
    ) -> Double? {
        guard let entry = entry(key) else { return nil }
        guard let value = entry.value.doubleValue, value.isFinite else {
            fail(entry, "'\(key)' must be a number", hint: Self.numberHint(key, entry.value, seconds: seconds) ?? example)
            return nil
        }
        guard range.contains(value) else {
            fail(entry, "'\(key)' must be between \(Self.format(range.lowerBound)) and \(Self.format(range.upperBound))")
            return nil
        }
        return value
    }

    /// One of a fixed set of words.
    public mutating func choice(_ key: String, among choices: [String]) -> String? {
        guard let entry = entry(key) else { return nil }
        guard let value = entry.value.string, choices.contains(value) else {
            let given = entry.value.string ?? ""
            fail(entry, "'\(key)' must be \(Self.list(choices, or: true))",
                 hint: NearestMatch.hint(given, in: choices))
            return nil
        }
        return value
    }

    /// One of an enum's cases, written as its raw value.
    public mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, as _: Choice.Type) -> Choice?
    where Choice.RawValue == String {
        choice(key, among: Choice.allCases.map(\.rawValue)).flatMap(Choice.init(rawValue:))
    }

    /// A map of names to whole numbers, e.g. `points: {easy: 3, hard: 10}`, each with its
    /// line; a name whose value is wrong (an error) comes with nil, so that what uses it can
    /// tell it from a name not written (which would be a second, misleading problem).
    public mutating func intMap(_ key: String, in range: ClosedRange<Int>) -> [(name: String, value: Int?, line: Int)]? {
        guard let entry = entry(key) else { return nil }
        guard case .mapping(let mapping) = entry.value.content else {
            fail(entry, "'\(key)' must be a map such as {easy: 3, hard: 10}")
            return nil
        }
        var result: [(name: String, value: Int?, line: Int)] = []
        for pair in mapping {
            let (name, value) = (pair.key, pair.value)
            var line = value.line + 1
            var column = value.column
            // A value from an alias keeps its anchor's mark, above the key: the key's own
            // value (the map, or the alias standing for it) is then the place to point at.
            if (line, column) < (entry.valueLine, entry.valueColumn) {
                (line, column) = (entry.valueLine, entry.valueColumn)
            }
            guard let word = name.string, let number = value.intValue, range.contains(number) else {
                diagnostics.append(file.diagnostic(
                    .error, "each value of '\(key)' must be a whole number between \(range.lowerBound) and \(range.upperBound)",
                    line: line, characterColumn: column, hint: name.string.flatMap { Self.numberHint($0, value, seconds: false) }))
                if let word = name.string { result.append((word, nil, line)) }
                continue
            }
            result.append((word, number, line))
        }
        return result
    }

    /// Marks keys as known without reading them (read elsewhere).
    public mutating func allow(_ keys: [String]) {
        for key in keys { know(key) }
    }

    /// Warnings for every key that was never read, with the known key it names under another
    /// name (`pass-mark`) or the nearest one as a hint.
    public mutating func warnAboutUnknownKeys() {
        for entry in frontMatter.entries where !known.contains(entry.key) {
            diagnostics.append(file.diagnostic(
                .warning, "unknown \(noun) '\(entry.key)'", line: entry.line, characterColumn: entry.column,
                hint: KeySynonyms.hint(entry.key, value: entry.value, known: known)
                    ?? NearestMatch.hint(entry.key, in: known.sorted()) ?? "known keys: \(known.sorted().joined(separator: ", "))"))
        }
    }

    /// The hint for a number written with more than the number (`60%`, `30s`, `"10"`).
    static func numberHint(_ key: String, _ value: YAMLNode, seconds: Bool) -> String? {
        guard let text = value.string, let style = value.style else { return nil }
        return NumberSlip(text, quoted: style != .plain, seconds: seconds)?.hint { "\(key): \($0)" }
    }

    static func list(_ words: [String], or: Bool) -> String {
        let quoted = words.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + (or ? " or " : " and ") + quoted.last!
    }

    static func format(_ value: Double) -> String {
        value.plainDescription
    }
}
