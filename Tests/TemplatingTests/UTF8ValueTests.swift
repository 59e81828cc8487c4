import Templating
import Testing

/// Text handed over as UTF-8 bytes renders exactly as the same text given as a string.
@Suite struct UTF8ValueTests {
    func render(_ template: String, _ context: TemplateValue) throws -> String {
        var library = TemplateLibrary()
        try library.register(template, named: "t")
        return library.render("t", context)
    }

    @Test func bytesRenderLikeTheStringTheyHold() throws {
        for text in ["plain", "", "<b>Tom & 'Jerry'</b>", "é›😀\u{301}\"", "a\nb"] {
            let bytes = Array(text.utf8)
            for template in ["[{{x}}]", "[{{{x}}}]", "[{{& x}}]", "{{#x}}yes{{/x}}{{^x}}no{{/x}}", "{{#o}}{{x}}{{/o}}"] {
                let asString = try render(template, ["x": .string(text), "o": ["x": .string(text)]])
                let asBytes = try render(template, ["x": .utf8(bytes), "o": ["x": .utf8(bytes)]])
                #expect(asBytes == asString, "\(template) with \(text.debugDescription)")
            }
        }
        #expect(try render("{{x}}", ["x": .utf8(Array("<&>".utf8))]) == "&lt;&amp;&gt;")
        #expect(TemplateValue.utf8([0x61]) == .utf8([0x61]))
        #expect(TemplateValue.utf8([0x61]) != .string("a"))
    }

    @Test func renderingIntoBytesAppends() throws {
        var library = TemplateLibrary()
        try library.register("<p>{{x}}</p>{{{html}}}", named: "t")
        var out = Array("before|".utf8)
        let context: TemplateValue = ["x": "a<b", "html": .utf8(Array("<i>é</i>".utf8))]
        library.render("t", context, into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "before|<p>a&lt;b</p><i>é</i>")
        #expect(library.render("t", context) == "<p>a&lt;b</p><i>é</i>")
        // A missing template appends nothing.
        library.render("missing", context, into: &out)
        #expect(String(decoding: out, as: UTF8.self) == "before|<p>a&lt;b</p><i>é</i>")
    }

    @Test func objectsCompareByTheirFieldsInOrder() {
        #expect(TemplateValue.object(["a": 1, "b": "x"]) == ["a": 1, "b": "x"])
        #expect(TemplateValue.object(["a": 1, "b": "x"]) != ["b": "x", "a": 1])
        #expect(["a": ["b": true]] as TemplateValue != ["a": ["b": false]])
        #expect(["a": 1] as TemplateValue != ["a": 1, "b": 2])
    }
}
