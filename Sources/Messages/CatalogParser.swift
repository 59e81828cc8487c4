import Diagnostics
import YAMLReading
import Yams

/// Reads the YAML of one catalog into messages, with located diagnostics.
///
/// The format (Hugo's `i18n/<lang>.yaml`): a mapping of message id to text, or, for a
/// message with a count, to a mapping of CLDR plural category to text:
///
///     trivia.next_question: Next question
///     trivia.question_of: "Question {n} of {total}"
///     common.points:
///       one: "{count} point"
///       other: "{count} points"
///
/// Checked against the reference (English; none when English itself is read): an id the
/// reference lacks is a warning, a text where the reference has forms (or the reverse) and
/// a placeholder the reference lacks are errors; a placeholder left out is a warning, since
/// translators leave a value out on purpose (the page's scripts do without it).
public struct CatalogParser: Sendable {
    public let file: SourceFile
    /// The canonical tag of the catalog being read, for messages.
    public let language: String
    public let pluralRule: PluralRule
    public let reference: MessageCatalog?

    public init(path: String, text: String, language: String, pluralRule: PluralRule, reference: MessageCatalog?) {
        file = SourceFile(path: path, text: text)
        self.language = language
        self.pluralRule = pluralRule
        self.reference = reference
    }

    public func parse() -> (messages: [String: Message], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var messages: [String: Message] = [:]
        // A plain catalog (all the built-in ones) is read without Yams. For Yams, aliases are
        // written out as plain placeholder text before composing (the text stays the same
        // width), so that no alias is ever expanded: a catalog has no use for them, and an
        // alias bomb could not come back. Each one is then reported where it stands.
        let root: YAMLNode?
        do {
            root = try PlainYAML.read(file.text)
                ?? YAMLNode.composeWithYams(YAMLAliases.substitutingAliases(file.text) ?? file.text)
        } catch let error as YamlError {
            return ([:], [.yaml(error, in: file, lastLine: Diagnostic.lastLine(of: file.text))])
        } catch {
            return ([:], [file.error("not valid YAML: \(error)", line: 1)])
        }
        guard let root else { return ([:], []) }
        guard case .mapping(let mapping) = root.content else {
            return ([:], [error("expected a list of 'message.id: text' lines", at: root)])
        }
        var hints = NearestMatch.Hints(candidates: reference?.ids ?? [], fallback: nil)
        var seen: [String: Int] = [:]
        for pair in mapping {
            let (key, value) = (pair.key, pair.value)
            if let alias = alias(key) ?? alias(value) {
                diagnostics.append(error("a message catalog cannot use YAML aliases", at: alias,
                    hint: "write the text out in full"))
                continue
            }
            guard let id = key.string, !id.isEmpty else {
                diagnostics.append(error("a message id must be a plain word such as 'trivia.next_question'", at: key))
                continue
            }
            let line = key.line
            if let first = seen[id] {
                diagnostics.append(error("'\(id)' is set twice", at: key, hint: "the first is on line \(first)"))
                continue
            }
            seen[id] = line
            let expected = reference?.messages[id]
            if let reference, expected == nil {
                diagnostics.append(file.diagnostic(
                    .warning, "unknown message id '\(id)'", line: line, characterColumn: key.column,
                    hint: hints.hint(id)
                        ?? "\(reference.language).yaml has no such message; no built-in template shows it"))
            }
            guard let message = read(value, id: id, expected: expected, diagnostics: &diagnostics) else { continue }
            messages[id] = message
        }
        return (messages, diagnostics)
    }

    private func read(_ value: YAMLNode, id: String, expected: Message?, diagnostics: inout [Diagnostic]) -> Message? {
        switch value.content {
        case .scalar(let string, let style) where style != .plain || !string.isEmpty:
            if let expected, expected.isPlural {
                diagnostics.append(error(
                    "'\(id)' needs plural forms, as in \(referenceName)", at: value,
                    hint: "write one line per form under the id, e.g. 'one: …' and 'other: …'"))
                return nil
            }
            let text = YAMLAliases.restoringStars(string)
            if let expected, let problem = placeholderProblem(text, expected: expected.texts.first ?? "", of: "'\(id)'", at: value) {
                diagnostics.append(problem)
                if problem.isError { return nil }
            }
            return .text(text)
        case .mapping(let mapping):
            if let expected, !expected.isPlural {
                diagnostics.append(error(
                    "'\(id)' has no count in \(referenceName): it takes one text, not plural forms", at: value))
                return nil
            }
            var forms: [PluralCategory: String] = [:]
            var nodes: [PluralCategory: YAMLNode] = [:]
            var failed = false
            for pair in mapping {
                let (key, form) = (pair.key, pair.value)
                if let alias = alias(key) ?? alias(form) {
                    diagnostics.append(error("a message catalog cannot use YAML aliases", at: alias, hint: "write the text out in full"))
                    failed = true
                    continue
                }
                let name = key.string ?? ""
                guard let category = PluralCategory(rawValue: name) else {
                    diagnostics.append(error(
                        "unknown plural category '\(name)' in '\(id)'", at: key,
                        hint: NearestMatch.hint(name, in: PluralCategory.allCases.map(\.rawValue))
                            ?? "the categories are zero, one, two, few, many and other"))
                    failed = true
                    continue
                }
                guard let text = form.string, form.style != .plain || !text.isEmpty else {
                    diagnostics.append(error("the '\(name)' form of '\(id)' must be text", at: form))
                    failed = true
                    continue
                }
                if !pluralRule.categories.contains(category) {
                    diagnostics.append(warning(
                        "\(languageName) has no '\(name)' form: it is never shown", at: key,
                        hint: "\(languageName) uses \(Self.list(pluralRule.categories.map(\.rawValue)))"))
                }
                forms[category] = YAMLAliases.restoringStars(text)
                nodes[category] = form
            }
            if failed { return nil }
            guard forms[.other] != nil else {
                diagnostics.append(error(
                    "'\(id)' needs an 'other' form", at: value,
                    hint: "'other' is shown for every number the other forms do not take"))
                return nil
            }
            for category in pluralRule.categories where forms[category] == nil {
                diagnostics.append(warning(
                    "'\(id)' has no '\(category.rawValue)' form: 'other' is shown where \(languageName) uses it", at: value))
            }
            if case .plural(let reference)? = expected {
                let allowed = Set(reference.values.flatMap(Message.placeholders(in:)))
                // Only `other` is held to the reference's placeholders: "one point" has no {count}.
                for (category, text) in forms.sorted(by: { $0.key < $1.key })
                where category == .other || !Set(Message.placeholders(in: text)).isSubset(of: allowed) {
                    let of = "the '\(category.rawValue)' form of '\(id)'"
                    guard let problem = placeholderProblem(text, expected: reference[.other] ?? "", of: of, at: nodes[category]!)
                    else { continue }
                    diagnostics.append(problem)
                    if problem.isError { return nil }
                }
            }
            return .plural(forms)
        default:
            diagnostics.append(error("'\(id)' must be a text, or plural forms such as 'one: …' and 'other: …'", at: value))
            return nil
        }
    }

    /// When a text's placeholders are not the reference's: an error for one the reference
    /// lacks (nothing would fill it), with the nearest reference name for a misspelt one; a
    /// warning naming those left out, whose values the reader then does not see.
    private func placeholderProblem(_ text: String, expected: String, of what: String, at node: YAMLNode) -> Diagnostic? {
        let names = Message.placeholders(in: text)
        let wanted = Message.placeholders(in: expected)
        let stray = names.filter { !wanted.contains($0) }
        guard stray.isEmpty else {
            let hint = stray.lazy.compactMap { NearestMatch.find($0, in: wanted) }.first.map { "did you mean '{\($0)}'?" }
            return error("\(what) has placeholders \(Self.braced(names)), but \(referenceName) has \(Self.braced(wanted))",
                         at: node, hint: hint ?? "the placeholders are filled in by quizgen; keep those of \(referenceName)")
        }
        let missing = wanted.filter { !names.contains($0) }
        guard !missing.isEmpty else { return nil }
        let them = missing.count == 1 ? "that value" : "those values"
        return warning("\(what) leaves out \(Self.braced(missing)) of \(referenceName): \(them) will not be shown", at: node,
                       hint: "if that is meant, nothing breaks; else put \(Self.braced(missing)) back in the text")
    }

    private var referenceName: String { reference.map { Self.name(of: $0.language) } ?? "English" }
    private var languageName: String { Self.name(of: language) }

    /// The name of a built-in language in English, for messages; else its tag.
    static func name(of tag: String) -> String {
        let names = ["en": "English", "de": "German", "es": "Spanish", "fr": "French", "it": "Italian", "pt": "Portuguese",
                     "ru": "Russian", "ar": "Arabic", "ja": "Japanese", "ko": "Korean", "zh-Hans": "Simplified Chinese",
                     "zh-Hant": "Traditional Chinese"]
        return names[tag] ?? "'\(tag)'"
    }

    static func braced(_ names: [String]) -> String {
        names.isEmpty ? "none" : Array(Set(names)).sorted().map { "{\($0)}" }.joined(separator: ", ")
    }

    static func list(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + words.last!
    }

    private func error(_ message: String, at node: YAMLNode, hint: String? = nil) -> Diagnostic {
        file.diagnostic(.error, message, line: node.line, characterColumn: node.column, hint: hint)
    }

    private func warning(_ message: String, at node: YAMLNode, hint: String? = nil) -> Diagnostic {
        file.diagnostic(.warning, message, line: node.line, characterColumn: node.column, hint: hint)
    }

    // MARK: YAML

    /// The node itself when it was an alias in the text: a plain scalar starting with the
    /// placeholder (a plain scalar cannot start with `*`, so there it was an alias).
    private func alias(_ node: YAMLNode) -> YAMLNode? {
        guard node.style == .plain, node.string?.unicodeScalars.first == YAMLAliases.placeholder else { return nil }
        return node
    }
}
