import Diagnostics
import Messages
import Templating

/// Warnings about a site's own templates that render without an error but not as their
/// author meant: a name quizgen does not give that template (a typo, one renamed since the
/// template was written, or one only another kind of page has) shows nothing; markup the pages' Content-Security-Policy blocks
/// does nothing; a layout without the policy leaves its pages without one.
enum TemplateChecks {
    /// `t.<id>`: the messages given to templates are those with nothing to fill in.
    static func templateMessageIDs(_ catalog: MessageCatalog) -> Set<String> {
        var ids: Set<String> = ["ui_lang"]
        for id in catalog.ids {
            if case .text(let text)? = catalog.messages[id], Message.placeholders(in: text).isEmpty { ids.insert(id) }
        }
        return ids
    }

    static func firstPart(_ name: String) -> String {
        String(name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    /// The elements each quiz page's built-in script finds by id in its template (`qn` and
    /// `qt` come with the words of `{{{questionOf}}}`); without one, the script stops with an
    /// error in the reader's browser (TemplateChecksTests keeps these lists to the scripts).
    static let scriptIDs: [String: (script: String, ids: [String])] = [
        "trivia": ("trivia.js", [
            "intro", "play", "result", "pts", "tb", "timer", "secs", "warn", "qh", "qb", "as", "submit", "verdict", "fb", "why",
            "next", "rh", "sum", "arc", "pct", "score", "over", "overt", "perfect", "passed", "failed", "review", "share", "status",
            "again",
        ]),
        "personality": ("personality.js", ["intro", "play", "result", "bar", "back", "share", "status", "again"]),
    ]

    /// The problems of the site's own `.mustache` files (`own`, by template name); `ownFiles`
    /// names every file the site replaces (a quiz template's own script is not checked here),
    /// `includers` the templates that include each one.
    static func problems(own: [String: SourceFile], ownFiles: Set<String> = [], includers: [String: [String]] = [:]) -> [Diagnostic] {
        guard !own.isEmpty else { return [] }
        let english = MessageLibrary.builtIn.english
        let messageIDs = templateMessageIDs(english)
        let words = GivenNames.messages(messageIDs)
        var diagnostics: [Diagnostic] = []
        for (name, file) in own.sorted(by: { $0.key < $1.key }) {
            let uses = Template.names(in: file.text)
            let given = given(to: name, includers: includers, words: words)
            diagnostics += unknownNames(uses, in: file, template: name, given: given, messageIDs: messageIDs, english: english)
            diagnostics += blockedMarkup(in: file)
            if let (script, ids) = scriptIDs[name], !ownFiles.contains(script) {
                let missing = ids.filter { id in !["\"", "'"].contains { file.text.contains("id=\($0)\(id)\($0)") } }
                if !missing.isEmpty {
                    diagnostics.append(.warning(
                        "the built-in \(script) looks for elements this template does not have: "
                            + missing.map { "id=\"\($0)\"" }.joined(separator: ", ") + "; without them it stops with an error in the browser",
                        file: file.path, hint: "keep every id of the built-in \(name).mustache (`quizgen templates list` names it)"))
                }
            }
            if name == "layout", !uses.contains(where: { $0.name == "csp" }) {
                diagnostics.append(.warning(
                    "the layout has no {{{csp}}}, so its pages carry no Content-Security-Policy", file: file.path,
                    hint: "keep <meta http-equiv=\"Content-Security-Policy\" content=\"{{{csp}}}\"> in its <head>"))
            }
        }
        return diagnostics
    }

    /// What a template can show: the names its renderer gives it and, for one that others
    /// include (a partial of the site's own), every name those give anywhere, since it may
    /// be included in any of their sections. A partial nothing includes (warned of as
    /// unused) may show any name. The words are `t` wherever `t` is given.
    static func given(to template: String, includers: [String: [String]], words: GivenNames) -> GivenNames {
        var given = GivenNames.byTemplate[template] ?? GivenNames()
        // Those that include it, and those that include them.
        var around: Set<String> = []
        var pending = includers[template] ?? []
        while let next = pending.popLast() {
            guard next != template, around.insert(next).inserted else { continue }
            pending += includers[next] ?? []
        }
        if around.isEmpty, GivenNames.byTemplate[template] == nil { around = Set(GivenNames.byTemplate.keys) }
        for name in around { given.merge(GivenNames.byTemplate[name]?.flattened ?? GivenNames()) }
        if given.names["t"] != nil { given.names["t"] = words }
        return given
    }

    /// What a section over `path` pushes, found as Mustache finds it: the first name from the
    /// innermost section outwards, the rest inside what that found; nil where nothing is.
    static func lookup(_ path: String, in scopes: [GivenNames]) -> GivenNames? {
        guard path != "." else { return scopes.last }
        let parts = path.split(separator: ".", omittingEmptySubsequences: false)
        guard let found = scopes.reversed().lazy.compactMap({ $0.names[String(parts[0])] }).first else { return nil }
        return found.at(parts.dropFirst())
    }

    static func unknownNames(
        _ uses: [NameUse], in file: SourceFile, template: String, given: GivenNames, messageIDs: Set<String>, english: MessageCatalog
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var reported: Set<String> = []
        let label = template + ".mustache"
        for use in uses where use.name != "." && !reported.contains(use.name) {
            // What the sections around the tag push, innermost last: a name is looked up
            // there first (an entry's `title` in `{{#entries}}`), then around it.
            var scopes = [given]
            for section in use.sections { scopes.append(lookup(section, in: scopes) ?? GivenNames()) }
            let first = firstPart(use.name)
            let problem: (message: String, hint: String?)?
            if scopes.contains(where: { $0.names[first] != nil }) {
                problem = first == "t" && use.name != "t" ? messageProblem(String(use.name.dropFirst(2)), messageIDs: messageIDs, english: english) : nil
            } else if reported.count >= NearestMatch.searchLimit {
                // Past so many, the file is no few typos: no search for where the name is.
                problem = ("\(label) is given no '\(first)'", nil)
            } else {
                let hint = NearestMatch.hint(first, in: Set(scopes.flatMap(\.names.keys)).sorted())
                let others = GivenNames.allByTemplate.filter { $0.value.names[first] != nil }.keys.sorted()
                if let path = given.sections(to: first) {
                    problem = ("\(label) is given '\(first)' only inside " + path.map { "{{#\($0)}}" }.joined(), hint)
                } else if others.isEmpty {
                    problem = ("quizgen gives no template a '\(first)'", hint)
                } else if others.count == GivenNames.byTemplate.count - 1 {
                    problem = ("quizgen gives '\(first)' to every template but \(label)", hint)
                } else {
                    let names = others.map { $0 + ".mustache" }
                    let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
                    problem = ("quizgen gives '\(first)' to \(list), not to \(label)", hint)
                }
            }
            guard let problem else { continue }
            reported.insert(use.name)
            diagnostics.append(file.diagnostic(
                .warning, "\(problem.message): {{\(use.name)}} shows nothing", line: use.line, characterColumn: use.column,
                hint: problem.hint ?? "`quizgen templates export` writes the built-in templates, which show the names there are"))
        }
        return diagnostics
    }

    /// Why `{{t.<id>}}` shows nothing, if it does not show a message.
    static func messageProblem(_ id: String, messageIDs: Set<String>, english: MessageCatalog) -> (message: String, hint: String?)? {
        if messageIDs.contains(id) { return nil }
        if english.messages[id] != nil {
            return ("'\(id)' has values to fill in, which a template cannot, so templates are not given it", nil)
        }
        return ("'\(id)' is not a message id", NearestMatch.hint(id, in: messageIDs.sorted(), prefix: "t."))
    }

    /// Elements whose content HTML reads as text up to their end tag, so that
    /// `<textarea><style></textarea>` holds words, not a style element: the raw-text
    /// elements and the escapable raw-text ones (`textarea`, `title`). Inside SVG or MathML
    /// they are elements like any other, whose content is markup.
    static let textElements: Set<String> = ["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes"]

    /// Inline styles and scripts of the template's own, and event-handler attributes: the
    /// policy allows only the stylesheet file, the legacy `<style>{{{css}}}</style>` and the
    /// quiz script (`<script>{{{script}}}</script>`) by hash, and JSON data.
    static func blockedMarkup(in file: SourceFile) -> [Diagnostic] {
        let bytes = Array(file.text.utf8)
        let lower = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        var diagnostics: [Diagnostic] = []
        func starts(_ marker: String, at i: Int) -> Bool {
            let count = marker.utf8.count
            return i + count <= lower.count && lower[i..<(i + count)].elementsEqual(marker.utf8)
        }
        /// Where `marker` next starts from `i`, or the end.
        func next(_ marker: String, from i: Int) -> Int {
            var j = i
            while j < lower.count, !starts(marker, at: j) { j += 1 }
            return j
        }
        /// The tag name that starts at `i` (after `<` or `</`), as HTML ends it: `<scripts>` is
        /// not `<script>`.
        func name(at i: Int) -> String {
            var j = i
            while j < lower.count, lower[j] > 0x20, lower[j] != UInt8(ascii: "/"), lower[j] != UInt8(ascii: ">") { j += 1 }
            return String(decoding: lower[i..<j], as: UTF8.self)
        }
        /// Where the text of a `textElements` element ends: at its own end tag (`</title >`,
        /// not `</titles>`), the first the browser sees, which is not in a Mustache tag.
        func endTag(_ element: String, from i: Int) -> Int {
            var j = i
            while j < lower.count {
                if starts("{{", at: j) { j = next("}}", from: j + 2) + 2; continue }
                if starts("</", at: j), starts(element, at: j + 2), name(at: j + 2) == element { return j }
                j += 1
            }
            return lower.count
        }
        /// The opening tag from `i` (quoted values may hold `>`), with its attributes by name,
        /// values as written (quoted or not), and where the tag ends.
        func tag(at i: Int) -> (attributes: [(name: String, value: String, at: Int)], end: Int) {
            var attributes: [(name: String, value: String, at: Int)] = []
            var j = i + 1
            while j < lower.count, lower[j] > 0x20, lower[j] != UInt8(ascii: ">") { j += 1 }
            while j < lower.count, lower[j] != UInt8(ascii: ">") {
                if starts("{{", at: j) { j = next("}}", from: j) + 2; continue }
                guard lower[j] > 0x20, lower[j] != UInt8(ascii: "/") else { j += 1; continue }
                let nameStart = j
                while j < lower.count, lower[j] > 0x20, ![UInt8(ascii: "="), UInt8(ascii: ">")].contains(lower[j]) { j += 1 }
                let name = String(decoding: lower[nameStart..<j], as: UTF8.self)
                var value = ""
                if j < lower.count, lower[j] == UInt8(ascii: "=") {
                    j += 1
                    if j < lower.count, lower[j] == UInt8(ascii: "\"") || lower[j] == UInt8(ascii: "'") {
                        let quote = lower[j]
                        let close = lower[(j + 1)...].firstIndex(of: quote) ?? lower.count
                        value = String(decoding: lower[min(j + 1, lower.count)..<close], as: UTF8.self)
                        j = close + 1
                    } else {
                        let valueStart = j
                        while j < lower.count, lower[j] > 0x20, lower[j] != UInt8(ascii: ">") { j += 1 }
                        value = String(decoding: lower[valueStart..<j], as: UTF8.self)
                    }
                }
                attributes.append((name, value, nameStart))
            }
            return (attributes, min(j, lower.count))
        }
        /// What an element holds up to its end tag, trimmed.
        func body(after end: Int, of element: String) -> String {
            let start = min(end + 1, lower.count)
            return String(decoding: bytes[start..<endTag(element, from: start)], as: UTF8.self).trimmingWhitespace
        }
        var i = 0
        // How deep in <svg> or <math> the scan is, where no element holds text.
        var foreign = 0
        while i < lower.count {
            // Comments, of Mustache and of HTML, and Mustache tags say nothing to the browser.
            if starts("{{", at: i) { i = next("}}", from: i + 2) + 2; continue }
            if starts("<!--", at: i) { i = next("-->", from: i + 4) + 3; continue }
            if foreign > 0, starts("</", at: i), ["svg", "math"].contains(name(at: i + 2)) {
                foreign -= 1
                i += 2
                continue
            }
            guard lower[i] == UInt8(ascii: "<"), i + 1 < lower.count, lower[i + 1] >= 0x61 && lower[i + 1] <= 0x7A else {
                i += 1
                continue
            }
            let element = name(at: i + 1)
            let (attributes, end) = tag(at: i)
            func value(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
            if element == "style", body(after: end, of: element) != "{{{css}}}" {
                diagnostics.append(file.diagnostic(
                    .warning, "a <style> element of a template's own is blocked by the pages' Content-Security-Policy",
                    byteOffset: i, hint: "put the rules in Templates/style.css"))
            } else if element == "script", value("type") != "application/json", body(after: end, of: element) != "{{{script}}}" {
                diagnostics.append(file.diagnostic(
                    .warning, "a <script> of a template's own is blocked by the pages' Content-Security-Policy", byteOffset: i,
                    hint: "only the quiz script runs: a quiz page's is Templates/personality.js or Templates/trivia.js"))
            } else if element == "link", value("rel")?.split(separator: " ").contains("stylesheet") == true,
                      let href = value("href"), ["//", "http:", "https:", "data:"].contains(where: href.hasPrefix) {
                diagnostics.append(file.diagnostic(
                    .warning, "a stylesheet from another site is blocked by the pages' Content-Security-Policy",
                    byteOffset: i, hint: "copy it (and the fonts it names) into the content folder and link it with {{root}}"))
            }
            for attribute in attributes where attribute.name == "style" || attribute.name.hasPrefix("on") && attribute.name.count > 2 {
                let what = attribute.name == "style" ? "a style attribute" : "an event-handler attribute (\(attribute.name))"
                diagnostics.append(file.diagnostic(
                    .warning, "\(what) is blocked by the pages' Content-Security-Policy", byteOffset: attribute.at,
                    hint: attribute.name == "style" ? "give the element a class and style it in Templates/style.css" : nil))
            }
            i = end + 1
            if foreign == 0, textElements.contains(element) {
                // What it holds is text up to its end tag; the markup after that is read again.
                i = max(i, endTag(element, from: i))
            } else if foreign == 0, element == "plaintext" {
                // All that follows is text.
                break
            } else if ["svg", "math"].contains(element), end < lower.count, lower[end - 1] != UInt8(ascii: "/") {
                foreign += 1
            }
        }
        return diagnostics
    }
}
