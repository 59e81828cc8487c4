@testable import Templating
import Testing

/// A template prepared with some names fixed renders, with the rest of the view model,
/// exactly what the whole view model renders.
@Suite struct PreparedTemplateTests {
    func library(_ template: String, partials: [String: String] = [:]) throws -> TemplateLibrary {
        var library = TemplateLibrary()
        for (name, text) in partials.sorted(by: { $0.key < $1.key }) { try library.register(text, named: name) }
        try library.register(template, named: "t")
        return library
    }

    func prepared(_ library: TemplateLibrary, _ fields: [(String, TemplateValue)], fixing fixed: Set<String>) -> String {
        let prepared = library.prepare("t", fixed: fields.filter { fixed.contains($0.0) })
        var out: [UInt8] = []
        library.render(prepared, .object(fields: fields.filter { !fixed.contains($0.0) }), into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Every spec case, with none, all, each one and every other of its names fixed.
    @Test(arguments: SpecFiles.cases)
    func specCase(_ spec: SpecCase) throws {
        let library = try library(spec.template, partials: spec.partials ?? [:])
        guard case .object(let fields) = spec.data.templateValue else { return }
        let names = fields.map(\.0)
        var splits: [Set<String>] = [[], Set(names), Set(names.enumerated().filter { $0.offset % 2 == 0 }.map(\.element))]
        splits += names.map { [$0] }
        let whole = library.render("t", spec.data.templateValue)
        for fixed in splits {
            #expect(prepared(library, fields, fixing: fixed) == whole, "fixed \(fixed.sorted()); template: \(spec.template.debugDescription)")
        }
    }

    @Test func fixedNamesAreRenderedWhenPrepared() throws {
        let library = try library("<p lang=\"{{lang}}\"{{#rtl}} dir=\"rtl\"{{/rtl}}>{{^rtl}}ltr {{t.hi}}{{/rtl}}{{{css}}}</p>{{title}}")
        let prepared = library.prepare("t", fixed: [("lang", "he"), ("rtl", true), ("t", ["hi": "<hi>"]), ("css", "a>b")])
        // Everything up to the page's own title is one piece of text.
        #expect(prepared.nodes.count == 2)
        guard case .text(let text) = prepared.nodes[0] else { Issue.record("not text: \(prepared.nodes[0])"); return }
        #expect(String(decoding: text, as: UTF8.self) == "<p lang=\"he\" dir=\"rtl\">a>b</p>")
        var out: [UInt8] = []
        library.render(prepared, ["title": "A & B"], into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "<p lang=\"he\" dir=\"rtl\">a>b</p>A &amp; B")
        let ltr = library.prepare("t", fixed: [("lang", "en"), ("rtl", false), ("t", ["hi": "<hi>"]), ("css", "")])
        out = []
        library.render(ltr, ["title": "x"], into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "<p lang=\"en\">ltr &lt;hi&gt;</p>x")
    }

    /// A section whose value is only known at render time may hide a fixed name: its body is
    /// left as it is, and a fixed list or object is still found at render time.
    @Test func sectionsDecidedAtRenderTimeStillSeeTheFixedNames() throws {
        let library = try library("{{#o}}{{name}}{{/o}}|{{#items}}{{.}}{{name}}{{/items}}|{{^none}}{{name}}{{/none}}")
        let prepared = library.prepare("t", fixed: [("name", "fixed"), ("items", ["a", "b"])])
        var out: [UInt8] = []
        library.render(prepared, ["o": ["name": "inner"], "none": false], into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "inner|afixedbfixed|fixed")
        out = []
        library.render(prepared, ["o": true, "none": true], into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "fixed|afixedbfixed|")
    }

    /// A partial inside a fixed section reads `.` as the section's value, so that section is
    /// left to render time; a missing template prepares to nothing.
    @Test func partialsAndMissingTemplates() throws {
        let library = try library("{{#word}}[{{>dot}}]{{/word}}{{#word}}({{.}}){{/word}}", partials: ["dot": "{{.}}"])
        let prepared = library.prepare("t", fixed: [("word", "w")])
        var out: [UInt8] = []
        library.render(prepared, [:], into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "[w](w)")
        out = []
        library.render(library.prepare("missing", fixed: [("a", "b")]), ["c": "d"], into: &out)
        #expect(out.isEmpty)
    }

    /// A name the view model never holds (the language's words, `t`) is folded inside
    /// sections decided at render time too: each item no longer looks it up.
    @Test func unshadowedNamesAreFoldedInsideListsAndObjects() throws {
        let library = try library("{{#items}}<b{{{t.attr}}}>{{t.next}}{{name}}</b>{{#more}}{{t.next}}{{/more}}{{/items}}{{#o}}{{t.next}}{{/o}}")
        let fixed: [(String, TemplateValue)] = [("t", ["next": "N&", "attr": " lang=\"en\""])]
        let prepared = library.prepare("t", fixed: fixed, unshadowed: ["t"])
        let view: TemplateValue = ["items": [["name": "a", "more": true], ["name": "b"]], "o": ["x": 1]]
        var out: [UInt8] = []
        library.render(prepared, view, into: &out)
        #expect(String(decoding: out, as: UTF8.self) == library.render("t", .object(fields: fixed + [("items", view.child("items")!), ("o", view.child("o")!)])))
        #expect(String(decoding: out, as: UTF8.self) == "<b lang=\"en\">N&amp;a</b>N&amp;<b lang=\"en\">N&amp;b</b>N&amp;")
        // No variable is left to look up but each item's own name.
        func variables(_ nodes: [Template.Node]) -> [[String]] {
            nodes.flatMap { node -> [[String]] in
                switch node {
                case .variable(let path, _): [path]
                case .section(_, let body, _): variables(body)
                default: []
                }
            }
        }
        #expect(variables(prepared.nodes) == [["name"]])
        // Without the promise, the body is left as it stands.
        #expect(variables(library.prepare("t", fixed: fixed).nodes).count == 5)
    }
}
