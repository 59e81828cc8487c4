import Diagnostics
import Templating

/// The templates, styles and page scripts a build uses: the built-in ones from the
/// repository's `Templates/` (embedded at build time), each replaced by a site's own file
/// of the same name where there is one.
public struct TemplateSet: Sendable {
    public let files: [String: String]
    let library: TemplateLibrary
    /// CSP sources of the stylesheet and scripts with their texts: every page inlines the
    /// same few, so each is hashed once per build. A list, not a dictionary: a page passes
    /// the very string stored here, which `==` recognises without reading it, where a
    /// dictionary would hash all of it.
    let cspSources: [(text: String, source: String)]
    /// Where the site's stylesheet is written, at the root: `style.<hash>.css`, named by its
    /// contents so that a host or browser caching it for long never serves a stale one, and
    /// no asset of the site (`Content/style.css`) is overwritten by it.
    public let stylesheetPath: String
    /// For tests: told every view model a template is rendered with.
    var viewModels: ViewModelLog?

    /// The built-in files, by name.
    public static var builtIn: [String: String] { DefaultTemplates.files }

    /// - Parameter overrides: the site's `Templates/` files by name, with the path to show in errors.
    ///   A `.mustache` file that is not a built-in one is a partial the others can include.
    public static func make(overrides: [String: (path: String, text: String)] = [:]) -> (TemplateSet, [Diagnostic]) {
        var files = DefaultTemplates.files
        // The built-in page scripts go to readers without the lines that are only comments:
        // they say why for whoever reads Templates/ (and `quizgen templates` writes them
        // out whole), and cost every reader a fifth of the script. A site's own script is
        // taken as it is, unless it is the built-in one unchanged (`quizgen templates export`
        // writes them all out).
        for (name, text) in files where name.hasSuffix(".js") { files[name] = withoutCommentLines(text) }
        let overrides = overrides.filter { name, file in !(name.hasSuffix(".js") && DefaultTemplates.files[name] == file.text) }
        var paths: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        for (name, file) in overrides.sorted(by: { $0.key < $1.key }) {
            if files[name] == nil && !name.hasSuffix(".mustache") {
                diagnostics.append(.warning(
                    "'\(name)' does not replace any built-in template and is not used", file: file.path,
                    hint: NearestMatch.hint(name, in: files.keys.sorted())
                        ?? "built-in templates: \(files.keys.sorted().joined(separator: ", "))"))
                continue
            }
            files[name] = file.text
            paths[name] = file.path
        }
        var library = TemplateLibrary()
        var sources: [String: SourceFile] = [:]
        for (name, text) in files.sorted(by: { $0.key < $1.key }) where name.hasSuffix(".mustache") {
            let source = SourceFile(path: paths[name] ?? "Templates/\(name)", text: text)
            let templateName = String(name.dropLast(".mustache".count))
            sources[templateName] = source
            do throws(TemplateError) {
                try library.register(text, named: templateName)
            } catch {
                diagnostics.append(source.diagnostic(
                    .error, "template error: \(error.message)", line: error.line, characterColumn: error.column))
            }
        }
        diagnostics += partialProblems(library, sources: sources, builtIn: DefaultTemplates.files)
        // The site's own templates that parsed: a broken one has its error already.
        let registered = Set(library.names)
        let own = sources.filter { paths[$0.key + ".mustache"] != nil && registered.contains($0.key) }
        let includers = Dictionary(uniqueKeysWithValues: own.keys.map { ($0, library.includers(of: $0)) })
        diagnostics += TemplateChecks.problems(own: own, ownFiles: Set(paths.keys), includers: includers)
        let styles = files.filter { !$0.key.hasSuffix(".mustache") }.sorted { $0.key < $1.key }
            .map { (text: $0.value, source: SHA256.cspSource($0.value)) }
        let stylesheet = "style." + SHA256.hex(Array((files["style.css"] ?? "").utf8), bytes: 5) + ".css"
        return (TemplateSet(files: files, library: library, cspSources: styles, stylesheetPath: stylesheet), diagnostics)
    }

    /// A script without its lines that hold only a `//` comment, and without the indentation
    /// of the others (a twentieth of the gzipped script). The built-in scripts have no
    /// multi-line string in which such a line could be text (TemplateSetTests checks it).
    /// Read as bytes: split into Characters, the scripts took 2 % of a 200-file build.
    static func withoutCommentLines(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var start = 0
            var first = true
            while start <= bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                var i = start
                while i < end, bytes[i] == UInt8(ascii: " ") { i += 1 }
                if !(end - i >= 2 && bytes[i] == UInt8(ascii: "/") && bytes[i + 1] == UInt8(ascii: "/")) {
                    if !first { out.append(UInt8(ascii: "\n")) }
                    out += bytes[i..<end]
                    first = false
                }
                start = end + 1
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Includes of templates that do not exist, at their tags, and a site's own partials
    /// that nothing includes.
    static func partialProblems(_ library: TemplateLibrary, sources: [String: SourceFile], builtIn: [String: String]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let names = library.names
        for (template, use) in library.missingPartials {
            // A template that failed to parse has its own error; its includes are not unknown.
            guard let source = sources[template], sources[use.name] == nil else { continue }
            diagnostics.append(source.diagnostic(
                .warning, "'\(use.name)' is not a template, so '{{> \(use.name)}}' includes nothing",
                line: use.line, characterColumn: use.column,
                hint: NearestMatch.hint(use.name, in: names)
                    ?? "a template can include the others by name: \(names.joined(separator: ", ")), and any NAME.mustache in the site's Templates/ folder"))
        }
        for (template, use, cycle) in library.includeCycles {
            guard let source = sources[template] else { continue }
            diagnostics.append(source.diagnostic(
                .error, "'\(template)' includes itself (\(cycle.joined(separator: " → "))), which would never end",
                line: use.line, characterColumn: use.column))
        }
        for name in names where builtIn[name + ".mustache"] == nil && !library.isIncluded(name) {
            guard let source = sources[name] else { continue }
            diagnostics.append(.warning(
                "'\(name).mustache' is not a built-in template and no template includes it ({{> \(name)}}), so it is not used",
                file: source.path,
                hint: "built-in templates: \(builtIn.keys.filter { $0.hasSuffix(".mustache") }.sorted().joined(separator: ", "))"))
        }
        return diagnostics
    }

    /// A Mustache template by name (without `.mustache`). A missing one renders as empty,
    /// which cannot happen with the built-in set: every name used here exists in it.
    public func render(_ name: String, _ context: TemplateValue) -> String {
        viewModels?.note(name, context)
        return library.render(name, context)
    }

    /// The same as UTF-8, for a page's content and the page itself, which are never made
    /// `String`s: making one reads every byte again to check it.
    public func renderUTF8(_ name: String, _ context: TemplateValue) -> [UInt8] {
        viewModels?.note(name, context)
        var out: [UInt8] = []
        library.render(name, context, into: &out)
        return out
    }

    /// A template with some names of its view model fixed, for pages that share them.
    public func prepare(_ name: String, fixed: [(String, TemplateValue)], unshadowed: Set<String> = []) -> PreparedTemplate {
        viewModels?.note(name, .object(fields: fixed))
        return library.prepare(name, fixed: fixed, unshadowed: unshadowed)
    }

    /// A prepared template with the rest of its view model, as UTF-8.
    public func renderUTF8(_ prepared: PreparedTemplate, _ context: TemplateValue) -> [UInt8] {
        viewModels?.note(prepared.name, context)
        var out: [UInt8] = []
        library.render(prepared, context, into: &out)
        return out
    }

    /// A prepared template with the rest of its view model, rendered only where it is shown:
    /// a page's content, written straight into the layout's bytes.
    public func deferred(_ prepared: PreparedTemplate, _ context: TemplateValue) -> TemplateValue {
        viewModels?.note(prepared.name, context)
        return library.deferred(prepared, context)
    }

    /// The `'sha256-…'` source for an inline style or script.
    public func cspSource(_ text: String) -> String {
        cspSources.first { $0.text == text }?.source ?? SHA256.cspSource(text)
    }

    /// A file used as is: a stylesheet or a page script.
    public func text(_ name: String) -> String {
        files[name] ?? ""
    }
}
