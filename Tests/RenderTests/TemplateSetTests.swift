import Diagnostics
import Render
import Testing

/// How a site's own templates are checked when the set is made.
@Suite struct TemplateSetTests {
    func make(_ files: [String: String]) -> (TemplateSet, [Diagnostic]) {
        TemplateSet.make(overrides: files.reduce(into: [:]) { $0[$1.key] = (path: "site/Templates/\($1.key)", text: $1.value) })
    }

    func problems(_ files: [String: String]) -> [Diagnostic] { make(files).1 }

    @Test func anIncludeOfNoTemplateIsAWarningAtItsTag() throws {
        let found = problems(["index.mustache": "<main>\n\n   {{> nothing}}\n</main>\n"])
        let warning = try #require(found.first)
        #expect(found.count == 1)
        #expect(warning.severity == .warning)
        #expect(warning.file == "site/Templates/index.mustache")
        #expect((warning.line, warning.column) == (3, 4))
        #expect(warning.message == "'nothing' is not a template, so '{{> nothing}}' includes nothing")
        #expect(warning.hint?.contains("layout, not-found, outcome, personality") == true)
        #expect(warning.hint?.contains("NAME.mustache in the site's Templates/ folder") == true)
    }

    /// The built-in scripts reach pages without their comment-only lines and indentation; a site's own script
    /// is left as it is. No such line may be text inside a multi-line string (a template
    /// literal), where dropping it would change the script.
    @Test func builtInScriptsDropTheirCommentLines() throws {
        for name in TemplateSet.builtIn.keys.filter({ $0.hasSuffix(".js") }).sorted() {
            let whole = try #require(TemplateSet.builtIn[name])
            var inLiteral = false
            for line in whole.split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(!(inLiteral && line.drop { $0 == " " }.hasPrefix("//")), "\(name): \(line)")
                if !line.drop(while: { $0 == " " }).hasPrefix("//") {
                    inLiteral = line.filter { $0 == "`" }.count % 2 == 1 ? !inLiteral : inLiteral
                }
            }
            #expect(!inLiteral, "\(name): a template literal is left open")
            let served = make([:]).0.text(name)
            #expect(whole.contains("\n  // ") && !served.contains("\n  // ") && !served.contains("\n ") && served.count < whole.count * 9 / 10, "\(name)")
            // The same as dropping the lines one by one, and the others' indentation.
            #expect(served == whole.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.drop { $0 == " " }.hasPrefix("//") }.map { $0.drop { $0 == " " } }.joined(separator: "\n"))
            // Exported unchanged, it is still the built-in one; changed, it is the site's.
            #expect(make([name: whole]).0.text(name) == served)
            #expect(make([name: whole + "// mine\n"]).0.text(name) == whole + "// mine\n")
        }
    }

    /// A partial with an error of its own is reported once, at that error: the include of it
    /// is not also "not a template".
    @Test func anIncludeOfABrokenPartialIsNotAlsoUnknown() throws {
        let deep = String(repeating: "{{#siteTitle}}", count: 65) + String(repeating: "{{/siteTitle}}", count: 65)
        let found = problems(["index.mustache": "<main>{{> footer}}</main>", "footer.mustache": deep])
        #expect(found.map { "\($0.file): \($0.severity)" } == ["site/Templates/footer.mustache: error"], "\(found.map(\.message))")
    }

    /// A site's own `.mustache` file that is not a built-in one is a partial.
    @Test func aSitesOwnPartialIsIncluded() throws {
        let files = [
            "index.mustache": "<main>{{> footer}}</main>",
            "footer.mustache": "<footer>{{siteTitle}}</footer>",
        ]
        let (templates, found) = make(files)
        #expect(found.isEmpty, "\(found)")
        #expect(templates.render("index", ["siteTitle": "Fish"]) == "<main><footer>Fish</footer></main>")
    }

    @Test func aSitesOwnPartialThatNothingIncludesIsAWarning() throws {
        let found = problems(["extra.mustache": "x"])
        #expect(found.map(\.message) == ["'extra.mustache' is not a built-in template and no template includes it ({{> extra}}), so it is not used"])
        #expect(found.first?.file == "site/Templates/extra.mustache")
    }
}

extension TemplateSetTests {
    @Test func aTemplateThatIncludesItselfIsAnError() throws {
        let found = problems(["index.mustache": "<main>\n {{> index}}{{> index}}</main>"])
        #expect(found.map { "\($0.severity) \($0.file):\($0.line):\($0.column) \($0.message)" } == [
            "error site/Templates/index.mustache:2:2 'index' includes itself (index → index), which would never end",
            "error site/Templates/index.mustache:2:13 'index' includes itself (index → index), which would never end",
        ])
        let through = problems(["footer.mustache": "{{> index}}", "index.mustache": "<main>{{> footer}}</main>"])
        #expect(through.map { "\($0.file):\($0.line):\($0.column) \($0.message)" } == [
            "site/Templates/index.mustache:1:7 'index' includes itself (index → footer → index), which would never end",
        ])
    }
}
