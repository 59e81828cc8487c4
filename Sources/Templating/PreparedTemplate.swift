import Support

/// A template with some names of its view model fixed in advance (a layout's stylesheet,
/// language and policy, the same for every page of a story): what depends only on them is
/// rendered once, when it is prepared, and each page renders only the rest.
///
/// Rendering it with a view model gives what the template gives with that view model and
/// the fixed names together, provided the view model does not name any of them itself.
public struct PreparedTemplate: Sendable {
    /// The template's name (without `.mustache`).
    public let name: String
    let nodes: [Template.Node]
    /// The fixed names with their values: under the page's view model on the stack, so that
    /// what is left for render time (a list, a partial) still finds them.
    let fixed: TemplateValue

    /// - Parameter unshadowed: fixed names that no value of the view model holds either, at
    ///   any depth (the language's words, `t`): these are folded inside lists and objects
    ///   given at render time too, where every item otherwise looked them up in turn.
    init(_ template: Template?, named name: String, fixed fields: [(String, TemplateValue)], unshadowed: Set<String> = []) {
        self.name = name
        fixed = .object(fields: fields)
        let sure = fields.filter { unshadowed.contains($0.0) }
        var nodes: [Template.Node] = []
        if let template {
            Self.fold(template.nodes, fixed: fixed, current: nil, unshadowed: sure.isEmpty ? nil : .object(fields: sure), into: &nodes)
        }
        self.nodes = nodes
    }

    /// Renders now what depends only on fixed names, and keeps the rest as nodes.
    ///
    /// Folding never looks inside a section it cannot decide: that section pushes a value
    /// only known at render time, which may hold names that hide fixed ones. A fixed section
    /// that holds a plain value (`true`, a string) hides no name and is folded in place.
    /// - Parameter current: what `.` names here when it is fixed (inside such a section);
    ///   nil where it is the view model given at render time.
    /// - Parameter unshadowed: the fixed names no render-time value hides, as an object: what
    ///   a section decided only at render time is folded with (nil for none).
    static func fold(
        _ nodes: [Template.Node], fixed: TemplateValue, current: TemplateValue?, unshadowed: TemplateValue? = nil,
        into out: inout [Template.Node]
    ) {
        /// A section whose value is known only at render time, its body folded with the
        /// names nothing hides.
        func keep(_ path: [String], _ body: [Template.Node], inverted: Bool, _ node: Template.Node) {
            guard let unshadowed else {
                out.append(node)
                return
            }
            var folded: [Template.Node] = []
            fold(body, fixed: unshadowed, current: nil, unshadowed: unshadowed, into: &folded)
            out.append(.section(path: path, body: folded, inverted: inverted))
        }
        for node in nodes {
            switch node {
            case .text(let bytes):
                appendText(bytes, to: &out)
            case .variable(let path, let escaped):
                guard let resolved = resolve(path, fixed: fixed, current: current) else {
                    out.append(node)
                    continue
                }
                var bytes: [UInt8] = []
                resolved?.append(to: &bytes, escaped: escaped)
                appendText(bytes, to: &out)
            case .section(let path, let body, let inverted):
                guard let resolved = resolve(path, fixed: fixed, current: current) else {
                    // An inverted section pushes nothing, so its body is folded as it stands.
                    if inverted {
                        var folded: [Template.Node] = []
                        fold(body, fixed: fixed, current: current, unshadowed: unshadowed, into: &folded)
                        out.append(.section(path: path, body: folded, inverted: true))
                    } else {
                        keep(path, body, inverted: false, node)
                    }
                    continue
                }
                let value = resolved ?? .null
                if inverted {
                    if value.isFalsy { fold(body, fixed: fixed, current: current, unshadowed: unshadowed, into: &out) }
                    continue
                }
                if value.isFalsy { continue }
                switch value {
                case .list, .object:
                    out.append(node)
                default:
                    // A partial inside reads `.` from the stack, where this value would no
                    // longer be: such a section is left to render time.
                    if hasPartial(body) {
                        out.append(node)
                    } else {
                        fold(body, fixed: fixed, current: value, unshadowed: unshadowed, into: &out)
                    }
                }
            case .partial:
                out.append(node)
            }
        }
    }

    /// The value of a name when the fixed names decide it (`.some(nil)` for one that names
    /// nothing), or nil when only the view model given at render time can.
    private static func resolve(_ path: [String], fixed: TemplateValue, current: TemplateValue?) -> TemplateValue?? {
        guard let first = path.first else { return current.map { .some($0) } }
        guard var value = fixed.child(first) else { return nil }
        for name in path.dropFirst() {
            guard let child = value.child(name) else { return .some(nil) }
            value = child
        }
        return .some(value)
    }

    private static func appendText(_ bytes: [UInt8], to out: inout [Template.Node]) {
        guard !bytes.isEmpty else { return }
        guard case .text(var previous)? = out.last else { return out.append(.text(bytes)) }
        // The node lets go of its bytes first, so that they grow in place: a copy of all the
        // text before for every fixed name made preparing quadratic.
        out[out.count - 1] = .text([])
        previous += bytes
        out[out.count - 1] = .text(previous)
    }

    private static func hasPartial(_ nodes: [Template.Node]) -> Bool {
        nodes.contains { node in
            switch node {
            case .partial: true
            case .section(_, let body, _): hasPartial(body)
            default: false
            }
        }
    }
}

extension TemplateLibrary {
    /// A template with these names fixed (a missing template renders as nothing).
    /// - Parameter unshadowed: fixed names no value of the view model holds at any depth
    ///   (see `PreparedTemplate.init`).
    public func prepare(_ name: String, fixed: [(String, TemplateValue)], unshadowed: Set<String> = []) -> PreparedTemplate {
        PreparedTemplate(template(named: name), named: name, fixed: fixed, unshadowed: unshadowed)
    }

    /// Renders a prepared template with the rest of its view model, appended to `out`.
    public func render(_ prepared: PreparedTemplate, _ context: TemplateValue, into out: inout [UInt8]) {
        Self.reserve(for: context, in: &out)
        renderWithoutReserving(prepared, context, into: &out)
    }

    /// A prepared template with the rest of its view model as a value that renders where it
    /// is shown (`{{{content}}}`), as if it were its output.
    public func deferred(_ prepared: PreparedTemplate, _ context: TemplateValue) -> TemplateValue {
        .deferred(DeferredRendering(library: self, prepared: prepared, context: context))
    }

    /// The same without room made first: a deferred rendering's room is made by the
    /// template it is shown in (`reserve(for:in:)`).
    func renderWithoutReserving(_ prepared: PreparedTemplate, _ context: TemplateValue, into out: inout [UInt8]) {
        withUnsafePointer(to: Scope(value: prepared.fixed, parent: nil)) { fixed in
            var includes = 0
            withUnsafePointer(to: Scope(value: context, parent: fixed)) {
                render(prepared.nodes, scope: $0, into: &out, depth: 0, includes: &includes)
            }
        }
    }
}

/// A prepared template with its view model, rendered when it is shown: `.deferred`'s value.
/// A class, so that the enum's case holds one reference rather than growing every value.
public final class DeferredRendering: Sendable {
    let library: TemplateLibrary
    let prepared: PreparedTemplate
    let context: TemplateValue

    init(library: TemplateLibrary, prepared: PreparedTemplate, context: TemplateValue) {
        self.library = library
        self.prepared = prepared
        self.context = context
    }

    /// Appends the output to `out`, whose room the caller made. Never inlined, nor is
    /// `isEmpty`: rendering inside a value's `append` made the template engine's loop one
    /// recursive cycle that the optimiser no longer inlined its lookups into (+7.7 M).
    @inline(never)
    func append(to out: inout [UInt8], escaped: Bool) {
        if escaped {
            rendered().withUnsafeBufferPointer { HTMLEscaping.escape($0, into: &out) }
        } else {
            library.renderWithoutReserving(prepared, context, into: &out)
        }
    }

    /// Whether the output is empty (Mustache's falsy).
    @inline(never)
    var isEmpty: Bool { rendered().isEmpty }

    /// The output on its own, where it must be looked at (escaped, or tested by a section).
    func rendered() -> [UInt8] {
        var out: [UInt8] = []
        library.render(prepared, context, into: &out)
        return out
    }

    /// Bytes of rendered HTML the view model brings, for the room made for the output.
    var utf8Count: Int { TemplateLibrary.utf8Count(of: context) }
}
