@testable import Templating
import Testing

/// A template handed over still to render (`TemplateLibrary.deferred`) shows exactly what
/// its output would, given as bytes, wherever it is shown.
@Suite struct DeferredRenderingTests {
    /// Shown unescaped, escaped, tested by sections and pushed as `.` by one.
    static let outer = "[{{{c}}}]({{c}})<{{& c}}>{{#c}}yes:{{{.}}}{{/c}}{{^c}}no{{/c}}{{#o}}[{{{c}}}]{{/o}}"

    func library(_ spec: SpecCase) throws -> TemplateLibrary {
        var library = TemplateLibrary()
        for (name, text) in (spec.partials ?? [:]).sorted(by: { $0.key < $1.key }) { try library.register(text, named: name) }
        try library.register(spec.template, named: "t")
        try library.register(Self.outer, named: "outer")
        return library
    }

    /// Every spec case, its template deferred with none and with all of its names fixed.
    @Test(arguments: SpecFiles.cases)
    func specCase(_ spec: SpecCase) throws {
        let library = try library(spec)
        guard case .object(let fields) = spec.data.templateValue else { return }
        let output = Array(library.render("t", spec.data.templateValue).utf8)
        let expected = library.render("outer", ["c": .utf8(output), "o": ["x": true]])
        for fixed in [[], fields] {
            let prepared = library.prepare("t", fixed: fixed)
            let rest: TemplateValue = .object(fields: fixed.isEmpty ? fields : [])
            let deferred = library.deferred(prepared, rest)
            #expect(library.render("outer", ["c": deferred, "o": ["x": true]]) == expected, "template: \(spec.template.debugDescription)")
            // Into bytes that already hold some, as a page's layout does.
            var out = Array("head|".utf8)
            library.render(library.prepare("outer", fixed: []), ["c": deferred, "o": ["x": true]], into: &out)
            #expect(String(decoding: out, as: UTF8.self) == "head|" + expected)
        }
    }

    @Test func deferredContentIsRenderedInPlace() throws {
        var library = TemplateLibrary()
        try library.register("<body>{{{content}}}</body>{{#content}}!{{/content}}", named: "layout")
        try library.register("<p>{{x}} {{>part}}</p>", named: "page")
        try library.register("{{t.word}}", named: "part")
        let page = library.prepare("page", fixed: [("t", ["word": "<hi>"])])
        let content = library.deferred(page, ["x": .utf8(Array("é&".utf8))])
        #expect(library.render("layout", ["content": content]) == "<body><p>é&amp; &lt;hi&gt;</p></body>!")
        // Empty output is falsy, as empty bytes are.
        let empty = library.deferred(library.prepare("missing", fixed: []), [:])
        #expect(library.render("layout", ["content": empty]) == "<body></body>")
        #expect(empty == empty)
        #expect(library.deferred(page, ["x": "a"]) == library.deferred(page, ["x": "a"]))
        #expect(library.deferred(page, ["x": "a"]) != library.deferred(page, ["x": "b"]))
    }

    @Test func roomIsMadeForTheDeferredContent() throws {
        var library = TemplateLibrary()
        try library.register("{{{html}}}", named: "page")
        let html = TemplateValue.utf8([UInt8](repeating: 0x61, count: 10_000))
        let content = library.deferred(library.prepare("page", fixed: []), ["html": html])
        #expect(TemplateLibrary.utf8Count(of: ["content": content, "other": html]) == 4096 + 10_000 + 10_000)
        #expect(TemplateLibrary.utf8Count(of: ["content": "text"]) == 0)
    }
}
