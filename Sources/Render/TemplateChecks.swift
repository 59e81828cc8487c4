import Diagnostics
import Messages
import Templating

/// Warnings about a site's own templates that render without an error but not as their
/// author meant: a name quizgen gives no template (a typo, or one renamed since the
/// template was written) shows nothing; markup the pages' Content-Security-Policy blocks
/// does nothing; a layout without the policy leaves its pages without one.
enum TemplateChecks {
    /// Names a renderer gives a template that no built-in template uses, so that reading
    /// the built-in templates does not find them (TemplateChecksTests keeps this complete).
    static let unusedByBuiltIns: Set<String> = ["css", "root", "max", "mid", "drawSize"]

    /// Every name some template is given, read from the built-in templates (only the first
    /// part of a dotted name: `entries` of `entries.title`) with those above.
    static func givenNames(_ builtIn: [String: String]) -> Set<String> {
        var names = unusedByBuiltIns
        for (name, text) in builtIn where name.hasSuffix(".mustache") {
            for use in Template.names(in: text) { names.insert(firstPart(use.name)) }
        }
        return names
    }

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
    /// names every file the site replaces (a quiz template's own script is not checked here).
    static func problems(own: [String: SourceFile], builtIn: [String: String], ownFiles: Set<String> = []) -> [Diagnostic] {
        guard !own.isEmpty else { return [] }
        let given = givenNames(builtIn)
        let english = MessageLibrary.builtIn.english
        let messageIDs = templateMessageIDs(english)
        var diagnostics: [Diagnostic] = []
        for (name, file) in own.sorted(by: { $0.key < $1.key }) {
            let uses = Template.names(in: file.text)
            diagnostics += unknownNames(uses, in: file, given: given, messageIDs: messageIDs, english: english)
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

    static func unknownNames(
        _ uses: [NameUse], in file: SourceFile, given: Set<String>, messageIDs: Set<String>, english: MessageCatalog
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var reported: Set<String> = []
        for use in uses where use.name != "." && !reported.contains(use.name) {
            let first = firstPart(use.name)
            let problem: (message: String, hint: String?)?
            if first == "t" {
                let id = String(use.name.dropFirst(2))
                if messageIDs.contains(id) {
                    problem = nil
                } else if english.messages[id] != nil {
                    problem = ("'\(id)' has values to fill in, which a template cannot, so templates are not given it", nil)
                } else {
                    problem = ("'\(id)' is not a message id", NearestMatch.hint(id, in: messageIDs.sorted(), prefix: "t."))
                }
            } else if given.contains(first) {
                problem = nil
            } else {
                problem = ("quizgen gives no template a '\(first)'", NearestMatch.hint(first, in: given.sorted()))
            }
            guard let problem else { continue }
            reported.insert(use.name)
            diagnostics.append(file.diagnostic(
                .warning, "\(problem.message): {{\(use.name)}} shows nothing", line: use.line, characterColumn: use.column,
                hint: problem.hint ?? "`quizgen templates export` writes the built-in templates, which show the names there are"))
        }
        return diagnostics
    }

    /// Inline styles and scripts of the template's own, and event-handler attributes: the
    /// policy allows only the stylesheet file, the legacy `<style>{{{css}}}</style>` and the
    /// quiz script (`<script>{{{script}}}</script>`) by hash, and JSON data.
    static func blockedMarkup(in file: SourceFile) -> [Diagnostic] {
        let bytes = Array(file.text.utf8)
        let lower = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        var diagnostics: [Diagnostic] = []
        func starts(_ marker: String, at i: Int) -> Bool {
            let m = Array(marker.utf8)
            return i + m.count <= lower.count && Array(lower[i..<(i + m.count)]) == m
        }
        /// The element's opening tag and what follows it up to its closing tag (to the end
        /// of the text when there is none).
        func element(at i: Int, closing: String) -> (tag: String, body: String) {
            let tagEnd = lower[i...].firstIndex(of: UInt8(ascii: ">")) ?? lower.count
            let bodyStart = min(tagEnd + 1, lower.count)
            var j = bodyStart
            while j < lower.count, !starts(closing, at: j) { j += 1 }
            let body = String(decoding: bytes[bodyStart..<j], as: UTF8.self)
            return (String(decoding: lower[i..<tagEnd], as: UTF8.self), body.trimmingWhitespace)
        }
        var i = 0
        var inTag = false
        while i < lower.count {
            let byte = lower[i]
            if byte == UInt8(ascii: "<") {
                inTag = i + 1 < lower.count && (lower[i + 1] >= 0x61 && lower[i + 1] <= 0x7A)
                if starts("<style", at: i), element(at: i, closing: "</style").body != "{{{css}}}" {
                    diagnostics.append(file.diagnostic(
                        .warning, "a <style> element of a template's own is blocked by the pages' Content-Security-Policy",
                        byteOffset: i, hint: "put the rules in Templates/style.css"))
                } else if starts("<link", at: i) {
                    let tag = element(at: i, closing: "<").tag
                    if tag.contains("stylesheet"), tag.contains("href=\"//") || tag.contains("href=\"http:") || tag.contains("href=\"https:") {
                        diagnostics.append(file.diagnostic(
                            .warning, "a stylesheet from another site is blocked by the pages' Content-Security-Policy",
                            byteOffset: i, hint: "copy it (and the fonts it names) into the content folder and link it with {{root}}"))
                    }
                } else if starts("<script", at: i) {
                    let (tag, body) = element(at: i, closing: "</script")
                    if !tag.contains("application/json"), body != "{{{script}}}" {
                        diagnostics.append(file.diagnostic(
                            .warning, "a <script> of a template's own is blocked by the pages' Content-Security-Policy",
                            byteOffset: i,
                            hint: "only the quiz script runs: a quiz page's is Templates/personality.js or Templates/trivia.js"))
                    }
                }
            } else if byte == UInt8(ascii: ">") {
                inTag = false
            } else if inTag, byte == 0x20 || byte == 0x09 || byte == 0x0A {
                // An attribute starts after white space inside a tag.
                var j = i + 1
                while j < lower.count, lower[j] >= 0x61 && lower[j] <= 0x7A || lower[j] == UInt8(ascii: "-") { j += 1 }
                var k = j
                while k < lower.count, lower[k] == 0x20 { k += 1 }
                let attribute = String(decoding: lower[(i + 1)..<j], as: UTF8.self)
                if k < lower.count, lower[k] == UInt8(ascii: "="), attribute == "style" || attribute.hasPrefix("on") && attribute.count > 2 {
                    let what = attribute == "style" ? "a style attribute" : "an event-handler attribute (\(attribute))"
                    diagnostics.append(file.diagnostic(
                        .warning, "\(what) is blocked by the pages' Content-Security-Policy", byteOffset: i + 1,
                        hint: attribute == "style" ? "give the element a class and style it in Templates/style.css" : nil))
                }
            }
            i += 1
        }
        return diagnostics
    }
}
