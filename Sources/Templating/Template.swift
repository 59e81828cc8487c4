/// A compiled Mustache template (https://mustache.github.io/mustache.5.html): variables,
/// sections, inverted sections, comments, partials and set delimiters, with the spec's
/// rules for standalone lines. Lambdas and inheritance are not supported.
public struct Template: Sendable {
    indirect enum Node: Sendable {
        /// UTF-8, as the output is built.
        case text([UInt8])
        case variable(path: [String], escaped: Bool)
        case section(path: [String], body: [Node], inverted: Bool)
        case partial(PartialUse)
    }

    let nodes: [Node]

    public init(_ text: String) throws(TemplateError) {
        nodes = try TemplateParser(text).parse()
    }

    init(nodes: [Node]) {
        self.nodes = nodes
    }

    /// The partials this template uses, in the order they appear.
    var partials: [PartialUse] {
        var found: [PartialUse] = []
        func walk(_ nodes: [Node]) {
            for node in nodes {
                switch node {
                case .partial(let use): found.append(use)
                case .section(_, let body, _): walk(body)
                default: break
                }
            }
        }
        walk(nodes)
        return found
    }
}

/// A name a template shows or tests (`{{name}}`, `{{{name}}}`, `{{#name}}`, `{{^name}}`),
/// where its tag is: for checking a site's templates against the names quizgen gives them.
public struct NameUse: Sendable, Equatable {
    /// As written: `title`, `t.common.begin`, `.`.
    public let name: String
    /// 1-based line and column of the tag.
    public let line: Int
    public let column: Int
    /// The sections the tag is inside, outermost first, as written (`entries` of
    /// `{{#entries}}`): each pushes a value in which the name is looked up before those
    /// around it. Inverted sections push nothing and are left out.
    public var sections: [String] = []
}

extension Template {
    /// Every name the text's tags show or test, in order; empty when it does not parse (its
    /// error is reported by `init`).
    public static func names(in text: String) -> [NameUse] {
        guard let tokens = try? TemplateParser(text).tokenize() else { return [] }
        var uses: [NameUse] = []
        // The sections open where a tag stands, with whether each pushes a value.
        var open: [(name: String, pushes: Bool)] = []
        for case .tag(let tag) in tokens {
            switch tag.kind {
            case .variable, .unescaped, .section, .inverted:
                uses.append(NameUse(
                    name: tag.content, line: tag.line, column: tag.column, sections: open.filter(\.pushes).map(\.name)))
                if tag.kind == .section || tag.kind == .inverted { open.append((tag.content, tag.kind == .section)) }
            case .close:
                _ = open.popLast()
            case .comment, .partial, .delimiters:
                break
            }
        }
        return uses
    }
}

/// A `{{> name}}` tag: the partial it includes, where it is, and the indentation it gives
/// the partial when it stands alone on its line.
public struct PartialUse: Sendable, Equatable {
    public let name: String
    let indent: String
    /// 1-based line and column of the tag.
    public let line: Int
    public let column: Int
}

public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// 1-based line and column of the offending tag.
    public var line: Int
    public var column: Int

    public init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column): \(message)" }
}

/// A set of named templates that can include each other as partials.
public struct TemplateLibrary: Sendable {
    private var templates: [String: Template] = [:]
    /// Partials pre-indented for each indentation they are used with (spec: every line of a
    /// standalone partial takes the indentation of its tag).
    private var indented: [String: Template] = [:]
    private var sources: [String: String] = [:]

    public init() {}

    public mutating func register(_ text: String, named name: String) throws(TemplateError) {
        templates[name] = try Template(text)
        sources[name] = text
        indented = Self.indentedPartials(templates, sources: sources)
    }

    /// Each partial once for every indentation it is used with standalone, including uses
    /// inside partials that are themselves indented (whose tags then carry both
    /// indentations). A partial that includes itself standalone is indented deeper at each
    /// level, so levels stop where rendering stops.
    private static func indentedPartials(_ templates: [String: Template], sources: [String: String]) -> [String: Template] {
        var indented: [String: Template] = [:]
        var pending = templates.values.map { (template: $0, depth: 0) }
        while let (template, depth) = pending.popLast() {
            guard depth < maxDepth else { continue }
            for use in template.partials where !use.indent.isEmpty {
                let key = use.name + "\u{0}" + use.indent
                guard let source = sources[use.name], indented[key] == nil,
                    let variant = try? Template(Self.indent(source, by: use.indent))
                else { continue }
                indented[key] = variant
                pending.append((variant, depth + 1))
            }
        }
        return indented
    }

    /// How deep partials may include partials: a partial that includes itself stops there
    /// instead of exhausting the stack.
    static let maxDepth = 32

    /// How many partials one rendering may include in all: a partial that includes itself
    /// twice doubles at every level, and 2^32 includes would never end.
    static let maxIncludes = 100_000

    public func has(_ name: String) -> Bool { templates[name] != nil }

    /// The names registered, sorted.
    public var names: [String] { templates.keys.sorted() }

    /// Where each template includes a partial that is not registered, by template name.
    public var missingPartials: [(template: String, use: PartialUse)] {
        templates.sorted { $0.key < $1.key }.flatMap { name, template in
            template.partials.filter { templates[$0.name] == nil }.map { (name, $0) }
        }
    }

    /// Includes that lead back to the template they are in, directly or through others, with
    /// the names along the way: each would include templates within each other without end
    /// unless the view model runs out (which a quizgen view model never does: it has no
    /// nesting of its own).
    public var includeCycles: [(template: String, use: PartialUse, cycle: [String])] {
        var found: [(template: String, use: PartialUse, cycle: [String])] = []
        // Depth first, with a stack of its own: a long chain of partials must not exhaust the
        // call stack. A use that reaches a template still on the path closes a cycle.
        var onPath: [String: Int] = [:]
        var done: Set<String> = []
        for root in names where !done.contains(root) {
            var path: [(name: String, uses: [PartialUse], next: Int)] = [(root, templates[root]?.partials ?? [], 0)]
            onPath[root] = 0
            while let top = path.last {
                guard top.next < top.uses.count else {
                    onPath[top.name] = nil
                    done.insert(top.name)
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let use = top.uses[top.next]
                if let start = onPath[use.name] {
                    // From this template round to itself again.
                    found.append((top.name, use, [top.name] + path[start..<(path.count - 1)].map(\.name) + [top.name]))
                } else if !done.contains(use.name), let partial = templates[use.name] {
                    onPath[use.name] = path.count
                    path.append((use.name, partial.partials, 0))
                }
            }
        }
        return found
    }

    /// Whether some template includes this one.
    public func isIncluded(_ name: String) -> Bool {
        templates.values.contains { $0.partials.contains { $0.name == name } }
    }

    /// The templates that include this one (`{{> name}}`), sorted.
    public func includers(of name: String) -> [String] {
        templates.filter { $0.value.partials.contains { $0.name == name } }.keys.sorted()
    }

    /// Renders a template with a view model. A missing template renders as nothing.
    public func render(_ name: String, _ context: TemplateValue) -> String {
        var out: [UInt8] = []
        render(name, context, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The same as UTF-8 appended to `out`: the output is built as bytes either way.
    public func render(_ name: String, _ context: TemplateValue, into out: inout [UInt8]) {
        guard let template = templates[name] else { return }
        Self.reserve(for: context, in: &out)
        var includes = 0
        withUnsafePointer(to: Scope(value: context, parent: nil)) {
            render(template.nodes, scope: $0, into: &out, depth: 0, includes: &includes)
        }
    }

    /// Room for the text and the rendered HTML the view model brings (a page's content in
    /// the layout): growing a page from a guess copies it again and again.
    static func reserve(for context: TemplateValue, in out: inout [UInt8]) {
        out.reserveCapacity(out.count + 4096 + utf8Count(of: context))
    }

    /// The bytes of the view model's UTF-8 fields, and of a deferred rendering's own with
    /// room for its template's text.
    static func utf8Count(of context: TemplateValue) -> Int {
        guard case .object(let fields) = context else { return 0 }
        // Read in place: copying each pair out retains and releases both its halves.
        return fields.withUnsafeBufferPointer { fields in
            var bytes = 0
            for i in fields.indices { bytes += fields[i].1.roomNeeded }
            return bytes
        }
    }

    func template(named name: String) -> Template? { templates[name] }

    /// One context names are looked up in, with the one it is inside: kept on the call
    /// stack, one per section being rendered, where an array of them cost an allocation
    /// and its freeing on every render.
    struct Scope {
        let value: TemplateValue
        let parent: UnsafePointer<Scope>?
    }

    /// - Parameter includes: how many partials this rendering has included so far.
    func render(_ nodes: [Template.Node], scope: UnsafePointer<Scope>, into out: inout [UInt8], depth: Int, includes: inout Int) {
        // Read in place: copying each node out retains and releases what it holds.
        nodes.withUnsafeBufferPointer { nodes in
            for node in nodes { render(node, scope: scope, into: &out, depth: depth, includes: &includes) }
        }
    }

    @inline(__always)
    private func render(
        _ node: Template.Node, scope: UnsafePointer<Scope>, into out: inout [UInt8], depth: Int, includes: inout Int
    ) {
        switch node {
        case .text(let text):
            out.append(contentsOf: text)
        case .variable(let path, let escaped):
            lookup(path, in: scope)?.append(to: &out, escaped: escaped)
        case .section(let path, let body, let inverted):
            let value = lookup(path, in: scope) ?? .null
            if inverted {
                if value.isFalsy { render(body, scope: scope, into: &out, depth: depth, includes: &includes) }
                return
            }
            if value.isFalsy { return }
            if case .list(let items) = value {
                for item in items {
                    withUnsafePointer(to: Scope(value: item, parent: scope)) {
                        render(body, scope: $0, into: &out, depth: depth, includes: &includes)
                    }
                }
            } else {
                withUnsafePointer(to: Scope(value: value, parent: scope)) {
                    render(body, scope: $0, into: &out, depth: depth, includes: &includes)
                }
            }
        case .partial(let use):
            guard depth < Self.maxDepth, includes < Self.maxIncludes else { return }
            includes += 1
            let template = use.indent.isEmpty ? templates[use.name] : indented[use.name + "\u{0}" + use.indent] ?? templates[use.name]
            if let template { render(template.nodes, scope: scope, into: &out, depth: depth + 1, includes: &includes) }
        }
    }

    /// The first name is looked up from the innermost context outwards; the rest of a
    /// dotted name only inside what the first one found.
    @inline(__always)
    private func lookup(_ path: [String], in scope: UnsafePointer<Scope>) -> TemplateValue? {
        guard let first = path.first else { return scope.pointee.value }
        // Read in place: copying each context out retains and releases its fields.
        var value: TemplateValue?
        var context: UnsafePointer<Scope>? = scope
        while let current = context {
            if let found = current.pointee.value.child(first) {
                value = found
                break
            }
            context = current.pointee.parent
        }
        // By index: a slice of the path would retain and release it on every lookup, and
        // most names have no second part.
        var i = 1
        while i < path.count, let found = value {
            value = found.child(path[i])
            i += 1
        }
        return value
    }

    static func indent(_ text: String, by indent: String) -> String {
        var out = indent
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        out += lines.joined(separator: "\n" + indent)
        if text.hasSuffix("\n") { out += "\n" }
        return out
    }
}
