@testable import Templating
import Testing

@Suite struct TemplateTests {
    func render(_ template: String, _ context: TemplateValue = [:], partials: [String: String] = [:]) throws -> String {
        var library = TemplateLibrary()
        for (name, text) in partials { try library.register(text, named: name) }
        try library.register(template, named: "t")
        return library.render("t", context)
    }

    @Test func variablesAreEscapedUnlessTripleOrAmpersand() throws {
        let context: TemplateValue = ["x": "<a href=\"#\">Tom & 'Jerry'</a>"]
        #expect(try render("{{x}}", context) == "&lt;a href=&quot;#&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;")
        #expect(try render("{{{x}}}|{{& x}}", context) == "<a href=\"#\">Tom & 'Jerry'</a>|<a href=\"#\">Tom & 'Jerry'</a>")
        #expect(try render("{{x}}", ["x": "é<😀>&'\"x\u{301}"]) == "é&lt;😀&gt;&amp;&#39;&quot;x\u{301}")
        #expect(try render("[{{missing}}]") == "[]")
        #expect(try render("{{ n }} {{d}} {{b}}", ["n": 42, "d": 1.5, "b": true]) == "42 1.5 true")
    }

    @Test func dottedNamesAndTheImplicitIterator() throws {
        let context: TemplateValue = ["a": ["b": ["c": "deep"]], "c": "top", "list": ["x", "y"]]
        #expect(try render("{{a.b.c}}", context) == "deep")
        // After the first name, lookup does not climb: a.b has no 'top'.
        #expect(try render("[{{a.b.top}}]", context) == "[]")
        #expect(try render("{{#list}}<{{.}}>{{/list}}", context) == "<x><y>")
        #expect(try render("{{#a}}{{b.c}}{{/a}}", context) == "deep")
    }

    @Test func sectionsSkipFalsyValuesAndIterateLists() throws {
        let context: TemplateValue = [
            "no": false, "yes": true, "empty": [], "blank": "", "items": [["n": 1], ["n": 2]], "obj": ["n": 9], "n": 0,
        ]
        #expect(try render("{{#no}}A{{/no}}{{#yes}}B{{/yes}}{{#empty}}C{{/empty}}{{#blank}}D{{/blank}}{{#missing}}E{{/missing}}", context) == "B")
        #expect(try render("{{#items}}{{n}},{{/items}}", context) == "1,2,")
        #expect(try render("{{#obj}}{{n}}{{/obj}}", context) == "9")
        // Names not found in the inner context are looked up outwards.
        #expect(try render("{{#items}}{{yes}}{{/items}}", context) == "truetrue")
        #expect(try render("{{^no}}A{{/no}}{{^yes}}B{{/yes}}{{^empty}}C{{/empty}}{{^missing}}D{{/missing}}", context) == "ACD")
    }

    @Test func commentsAndStandaloneLinesLeaveNoTrace() throws {
        #expect(try render("a{{! note }}b") == "ab")
        #expect(try render("a\n  {{! a standalone\ncomment }}\nb\n") == "a\nb\n")
        #expect(try render("<ul>\n  {{#items}}\n  <li>{{.}}</li>\n  {{/items}}\n</ul>\n", ["items": ["x", "y"]])
            == "<ul>\n  <li>x</li>\n  <li>y</li>\n</ul>\n")
        #expect(try render("{{#yes}}\r\nin\r\n{{/yes}}\r\n", ["yes": true]) == "in\r\n")
        // Two tags on a line, or a tag beside text, are not standalone.
        #expect(try render(" {{#yes}}{{/yes}} \n", ["yes": true]) == "  \n")
        #expect(try render("x {{#yes}}\n{{/yes}}", ["yes": true]) == "x \n")
        #expect(try render("{{#yes}}\nend{{/yes}}", ["yes": true]) == "end")
    }

    @Test func partialsWithIndentation() throws {
        let partials = ["item": "<li>{{name}}</li>\n<li>again</li>\n", "self": "[{{>self}}]"]
        #expect(try render("<ul>\n  {{>item}}\n</ul>\n", ["name": "x"], partials: partials)
            == "<ul>\n  <li>x</li>\n  <li>again</li>\n</ul>\n")
        #expect(try render("a{{>item}}b", ["name": "x"], partials: partials) == "a<li>x</li>\n<li>again</li>\nb")
        #expect(try render("({{>nothing}})") == "()")
        // A partial that includes itself stops rather than crashing.
        #expect(try render("{{>self}}", partials: partials).hasPrefix("[[[["))
    }

    @Test func nestedStandalonePartialsAddTheirIndentation() throws {
        let partials = ["outer": "<div>\n  {{>inner}}\n</div>\n", "inner": "<p>\n{{{html}}}\n</p>\n"]
        // Each line of a partial's source takes the indentation; interpolated text does not.
        #expect(try render("<main>\n  {{>outer}}\n</main>\n", ["html": "a\nb"], partials: partials)
            == "<main>\n  <div>\n    <p>\n    a\nb\n    </p>\n  </div>\n</main>\n")
        #expect(try render("\t{{>inner}}\r\n", ["html": "x"], partials: partials) == "\t<p>\n\tx\n\t</p>\n")
        // A partial that includes itself standalone goes deeper at each level, and still stops.
        let nested = try render("{{>tree}}", ["kids": [["kids": [["kids": []]]]]], partials: ["tree": "-\n{{#kids}}\n  {{>tree}}\n{{/kids}}\n"])
        #expect(nested == "-\n  -\n    -\n")
        let endless = try render("{{>loop}}", partials: ["loop": "x\n {{>loop}}\n"])
        #expect(endless.hasPrefix("x\n x\n  x\n   x\n"))
    }

    /// Cases of the current specification (v1.4.2) that its copy fetched for SpecTests, an
    /// older one, lacks.
    @Test func specCasesNewerThanTheFetchedCopy() throws {
        #expect(try render("{{template}}: {{planet}}", ["template": "{{planet}}", "planet": "Earth"]) == "{{planet}}: Earth")
        #expect(try render("{{a.b}}", ["a.b": "c"]) == "")
        #expect(try render("{{a.b}}", ["a.b": "c", "a": ["b": "d"]]) == "d")
    }

    @Test func setDelimiters() throws {
        #expect(try render("{{=<% %>=}}<% x %> {{x}} <%={{ }}=%>{{x}}", ["x": "1"]) == "1 {{x}} 1")
        #expect(try render("{{=| |=}}\n|x|\n", ["x": "y"]) == "y\n")
    }

    @Test func errorsAreLocated() {
        #expect(throws: TemplateError(message: "'a' is opened but never closed", line: 2, column: 3)) {
            try Template("x\n  {{#a}}\n")
        }
        #expect(throws: TemplateError(message: "'a' (opened on line 1) is closed as 'b'", line: 1, column: 7)) {
            try Template("{{#a}}{{/b}}")
        }
        #expect(throws: TemplateError(message: "'b' is closed but was never opened", line: 1, column: 1)) {
            try Template("{{/b}}")
        }
        #expect(throws: TemplateError(message: "a tag is not closed", line: 1, column: 3)) {
            try Template("é {{x")
        }
        #expect(throws: TemplateError(message: "a tag has no name", line: 1, column: 1)) {
            try Template("{{}}")
        }
    }

    /// `{{title}</title>` ran on to the next `}}`, many lines on, and its page came out
    /// blank with no word said: a name never holds white space, braces or angle brackets.
    @Test func aTagClosedWithOneBraceIsAnErrorWhereItStarts() {
        #expect(throws: TemplateError(
            message: "'title}</title>…' is not a name: a name has no '}'; is the tag closed with '}}'?", line: 2, column: 8)) {
            try Template("<head>\n<title>{{title}</title>\n<link href=\"{{stylesheet}}\">\n")
        }
        #expect(throws: TemplateError(
            message: "'list items' is not a name: a name has no white space; is the tag closed with '%>'?", line: 1, column: 23)) {
            try Template("{{=<% %>=}}<%# list %><%#list items%><%/list%>")
        }
        // Spaces around a name are no part of it; a comment may hold anything.
        #expect((try? Template("{{ title }}{{! a <b>note</b> }}")) != nil)
    }

    /// Deeper sections would overflow the stack when parsed, prepared or rendered.
    @Test func sectionsNestAtMost64Deep() throws {
        let deepest = String(repeating: "{{#a}}", count: 64) + "x" + String(repeating: "{{/a}}", count: 64)
        #expect(try render(deepest, ["a": true]) == "x")
        let tooDeep = "<main>\n" + String(repeating: "{{#a}}", count: 5000) + String(repeating: "{{/a}}", count: 5000)
        #expect(throws: TemplateError(message: "sections are nested more than 64 deep", line: 2, column: 64 * 6 + 1)) {
            try Template(tooDeep)
        }
        #expect(throws: TemplateError(message: "sections are nested more than 64 deep", line: 1, column: 64 * 6 + 1)) {
            try Template(String(repeating: "{{^a}}", count: 65) + String(repeating: "{{/a}}", count: 65))
        }
    }

    /// Columns are counted from the tag before on the same line (linear in the line's length),
    /// and must still be the characters from the line's start.
    @Test func columnsCountCharactersAfterEarlierTagsOnTheLine() {
        #expect(throws: TemplateError(message: "'b' is closed but was never opened", line: 1, column: 14)) {
            try Template("é{{x}}😀x\u{301}{{y}}{{/b}}")
        }
        #expect(throws: TemplateError(message: "'b' is closed but was never opened", line: 2, column: 7)) {
            try Template("{{x}}é\né{{y}}{{/b}}")
        }
        // A tag that spans lines: the next line's columns start after its last line break.
        #expect(throws: TemplateError(message: "'b' is closed but was never opened", line: 2, column: 5)) {
            try Template("é{{! a\nb }}{{/b}}")
        }
    }

    /// The lines of a long text, cut apart for the standalone rule, are one text node again.
    @Test func aLongTextIsOneNode() throws {
        let template = try Template(String(repeating: "line\n", count: 1000) + "{{x}}" + String(repeating: "é\n", count: 1000))
        #expect(template.nodes.count == 3)
    }

    @Test func findsIncludeCycles() throws {
        var library = TemplateLibrary()
        try library.register("{{>a}}", named: "page")
        try library.register("x{{>b}}", named: "a")
        try library.register("{{#list}}{{>c}}{{/list}}\n {{>a}}", named: "b")
        try library.register("{{>c}}{{>missing}}", named: "c")
        try library.register("{{>a}}{{>c}}", named: "d")
        #expect(library.includeCycles.map { "\($0.template) \($0.use.line):\($0.use.column) \($0.cycle)" } == [
            "c 1:1 [\"c\", \"c\"]", "b 2:2 [\"b\", \"a\", \"b\"]",
        ])
    }

    /// However the partials include each other, one rendering includes at most 100,000.
    @Test func includesAreBoundedInAll() throws {
        var library = TemplateLibrary()
        try library.register("<{{>t}}{{>t}}>", named: "t")
        let output = library.render("t", [:])
        #expect(output.count(where: { $0 == "<" }) == TemplateLibrary.maxIncludes + 1)
    }

    @Test func reportsMissingPartials() throws {
        var library = TemplateLibrary()
        try library.register("{{>header}}{{>footer}}", named: "page")
        try library.register("h", named: "header")
        try library.register("a\n {{>footer}}", named: "second")
        #expect(library.missingPartials.map { "\($0.template) \($0.use.name) \($0.use.line):\($0.use.column)" } == [
            "page footer 1:12", "second footer 2:2",
        ])
        #expect(library.isIncluded("header") && !library.isIncluded("page"))
        #expect(library.includers(of: "footer") == ["page", "second"] && library.includers(of: "page") == [])
    }

    /// Each name with the sections it is looked up in first, innermost last: an inverted
    /// section pushes nothing, a closed one no longer counts.
    @Test func namesKnowTheSectionsAroundThem() {
        let uses = Template.names(in: "{{a}}{{#b}}{{^c}}{{#d.e}}{{f}}{{/d.e}}{{g}}{{/c}}{{/b}}{{h}}")
        #expect(uses.map { "\($0.name) \($0.sections.joined(separator: ","))" } == [
            "a ", "b ", "c b", "d.e b", "f b,d.e", "g b", "h ",
        ])
    }
}
