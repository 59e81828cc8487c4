import Diagnostics
import Mustache

/// The templates, styles and page scripts a build uses: the built-in ones from the
/// repository's `Templates/` (embedded at build time), each replaced by a site's own file
/// of the same name where there is one.
public struct TemplateSet: Sendable {
    public let files: [String: String]
    let library: MustacheLibrary
    /// CSP sources of the stylesheet and scripts, by their text: every page inlines the same
    /// few, so each is hashed once per build rather than once per page.
    let cspSources: [String: String]

    /// The built-in files, by name.
    public static var builtIn: [String: String] { DefaultTemplates.files }

    /// - Parameter overrides: the site's `Templates/` files by name, with the path to show in errors.
    public static func make(overrides: [String: (path: String, text: String)] = [:]) -> (TemplateSet, [Diagnostic]) {
        var files = DefaultTemplates.files
        var paths: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        for (name, file) in overrides.sorted(by: { $0.key < $1.key }) {
            if files[name] == nil {
                diagnostics.append(.warning(
                    "'\(name)' does not replace any built-in template and is not used", file: file.path,
                    hint: NearestMatch.hint(name, in: files.keys.sorted())
                        ?? "built-in templates: \(files.keys.sorted().joined(separator: ", "))"))
                continue
            }
            files[name] = file.text
            paths[name] = file.path
        }
        var library = MustacheLibrary()
        for (name, text) in files.sorted(by: { $0.key < $1.key }) where name.hasSuffix(".mustache") {
            do {
                library.register(try MustacheTemplate(string: text), named: String(name.dropLast(".mustache".count)))
            } catch let error as MustacheTemplate.ParserError {
                let path = paths[name] ?? "Templates/\(name)"
                let source = SourceFile(path: path, text: text)
                diagnostics.append(source.diagnostic(
                    .error, "template error: \(Self.describe(error.error))", line: error.context.lineNumber,
                    characterColumn: error.context.columnNumber + 1))
            } catch {
                diagnostics.append(.error("template error: \(error)", file: paths[name] ?? "Templates/\(name)"))
            }
        }
        var sources: [String: String] = [:]
        for (name, text) in files where !name.hasSuffix(".mustache") {
            sources[text] = SHA256.cspSource(text)
        }
        return (TemplateSet(files: files, library: library, cspSources: sources), diagnostics)
    }

    static func describe(_ error: Error) -> String {
        switch error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect?: "a section is closed with another name than it was opened with"
        case .unfinishedName?: "a tag is not finished"
        case .expectedSectionEnd?: "a section is opened but never closed"
        case .invalidSetDelimiter?: "a set-delimiter tag is malformed"
        case .transformAppliedToInheritanceSection?: "a transform cannot apply to an inherited section"
        case .illegalTokenInsideInheritSection?, .textInsideInheritSection?: "only blocks may stand inside an inherited partial"
        case .invalidConfigVariableSyntax?, .unrecognisedConfigVariable?: "a pragma is malformed or unknown"
        case nil: "\(error)"
        }
    }

    /// A Mustache template by name (without `.mustache`). A missing one renders as empty,
    /// which cannot happen with the built-in set: every name used here exists in it.
    public func render(_ name: String, _ context: [String: Any]) -> String {
        library.render(context, withTemplate: name) ?? ""
    }

    /// The `'sha256-…'` source for an inline style or script.
    public func cspSource(_ text: String) -> String {
        cspSources[text] ?? SHA256.cspSource(text)
    }

    /// A file used as is: a stylesheet or a page script.
    public func text(_ name: String) -> String {
        files[name] ?? ""
    }
}
