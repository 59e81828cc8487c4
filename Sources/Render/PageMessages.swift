import Messages
import Support
import Templating

/// The words of one page, from the catalog of its language, in the shapes the templates
/// and page scripts take them: every message without placeholders as `{{t.<id>}}`, and
/// the others filled here (counts through the language's plural rule) by the renderers.
public struct PageMessages: Sendable {
    public let catalog: MessageCatalog

    public init(_ catalog: MessageCatalog) {
        self.catalog = catalog
    }

    /// The built-in catalog for a language, for a caller without a `SiteContext` (the
    /// story graph of `quizgen graph`).
    public static func builtIn(_ lang: String) -> PageMessages {
        PageMessages(MessageLibrary.builtIn.resolve(lang).catalog)
    }

    /// The plain texts as a nested object, so that `{{t.trivia.submit}}` reads the message
    /// `trivia.submit`. Messages with placeholders or plural forms are left out: shown
    /// unfilled they would put `{count}` on a page.
    public var templateValue: TemplateValue {
        var tree = Tree()
        for id in catalog.ids {
            guard case .text(let text)? = catalog.messages[id], Message.placeholders(in: text).isEmpty else { continue }
            tree.insert(id.split(separator: ".").map(String.init), text)
        }
        return tree.value
    }

    public func text(_ id: String, _ values: [String: any Sendable] = [:]) -> String {
        catalog.text(id, values)
    }

    public func plural(_ id: String, count: Int, _ values: [String: any Sendable] = [:]) -> String {
        catalog.plural(id, count: count, values)
    }

    public func plural(_ id: String, count: Double, _ values: [String: any Sendable] = [:]) -> String {
        catalog.plural(id, count: count, values)
    }

    /// A message as HTML, with placeholders filled by HTML (`<span id="qn">1</span>`): the
    /// catalog's text is escaped first, the values are not.
    public func html(_ id: String, _ html: [String: String]) -> String {
        Message.fill(HTMLEscaping.escape(text(id)), html)
    }

    /// A percentage as the language writes it: "70%", "62.5 %".
    public func percent(_ value: Double) -> String {
        text("common.percent", ["value": value])
    }

    /// The messages a page script shows, for the JSON it reads: `("r", rule)` and `("m",
    /// {name: text or {category: text}})`, each named by the last part of its id (the
    /// script's names stay short; the ids given must not share a last part).
    public func script(_ ids: [String]) -> [(String, ScriptJSON)] {
        let exported = catalog.scriptMessages(ids)
        let fields: [(String, ScriptJSON)] = ids.compactMap { id in
            guard let message = exported.messages[id] else { return nil }
            let name = String(id.split(separator: ".").last ?? Substring(id))
            switch message {
            case .text(let text): return (name, .string(text))
            case .plural(let forms):
                return (name, .object(forms.sorted { $0.key < $1.key }.map { ($0.key.rawValue, .string($0.value)) }))
            }
        }
        return [("r", .string(exported.rule)), ("m", .object(fields))]
    }

    /// Builds the nested object of `templateValue`.
    private struct Tree {
        var texts: [String: String] = [:]
        var children: [String: Tree] = [:]

        mutating func insert(_ path: [String], _ text: String) {
            guard let first = path.first else { return }
            if path.count == 1 { texts[first] = text } else { children[first, default: Tree()].insert(Array(path.dropFirst()), text) }
        }

        var value: TemplateValue {
            var fields: [String: TemplateValue] = texts.mapValues { .string($0) }
            for (name, child) in children { fields[name] = child.value }
            return .object(fields)
        }
    }
}
