import Content
import Diagnostics
import Foundation
import Messages
@testable import Render
@testable import Site
import Testing
import TestSupport

/// A site's own templates that render without an error but not as meant are warned of
/// where the problem is written.
@Suite struct TemplateChecksTests {
    func problems(_ files: [String: String]) -> [String] {
        let overrides = files.reduce(into: [:]) { $0[$1.key] = (path: "Templates/\($1.key)", text: $1.value) }
        return TemplateSet.make(overrides: overrides).1.map { "\($0.file):\($0.line ?? 0):\($0.column ?? 0): \($0.message) | \($0.hint ?? "")" }
    }

    /// The markup problems of a site's own `story.mustache` alone.
    func markup(_ text: String) -> [String] {
        TemplateChecks.blockedMarkup(in: SourceFile(path: "Templates/story.mustache", text: text))
            .map { "\($0.file):\($0.line ?? 0):\($0.column ?? 0): \($0.message) | \($0.hint ?? "")" }
    }

    /// Every built-in template, written out by `templates export` and left as it is, is quiet.
    @Test func theBuiltInTemplatesAsASiteOwnAreQuiet() {
        let all = TemplateSet.builtIn.filter { $0.key.hasSuffix(".mustache") }
        #expect(problems(all) == [])
    }

    @Test func namesNoTemplateIsGivenShowNothing() {
        let found = problems(["story.mustache": """
            <main><h1>{{titel}}</h1><a href="{{root}}a.css">{{#siteTitle}}{{siteTitle}}{{/siteTitle}}</a>
            {{t.common.begn}} {{t.trivia.correct_answer}} {{{t.ui_lang}}} {{titel}} {{#t}}{{common.begin}}{{/t}}</main>
            """])
        #expect(found == [
            "Templates/story.mustache:1:11: quizgen gives no template a 'titel': {{titel}} shows nothing | did you mean 'title'?",
            "Templates/story.mustache:2:1: 'common.begn' is not a message id: {{t.common.begn}} shows nothing | did you mean 't.common.begin'?",
            "Templates/story.mustache:2:19: 'trivia.correct_answer' has values to fill in, which a template cannot, so templates are not given it: "
                + "{{t.trivia.correct_answer}} shows nothing | `quizgen templates export` writes the built-in templates, which show the names there are",
        ])
    }

    /// A name only another kind of page is given, or one given only inside a section,
    /// shows nothing where it stands. Inside a section a name is found in the section's
    /// item first and then around it, as Mustache finds it; a partial of the site's own may
    /// show what the templates that include it are given.
    @Test func eachTemplateIsCheckedAgainstItsOwnNames() {
        let found = problems([
            "index.mustache": """
                <h1>{{siteTitle}}</h1>{{startURL}}{{title}}
                {{#entries}}<h2>{{folder}}</h2>{{#hasFolder}}<a href="{{root}}{{url}}" title="{{siteTitle}} {{folder}}">{{title}}</a>{{t.common.begin}}{{> card}}{{/hasFolder}}{{/entries}}
                {{#hasEntries}}{{folder}}{{/hasEntries}}{{#entries}}{{#hasDescription}}{{description}}{{/hasDescription}}{{^otherLang}}{{kind}}{{/otherLang}}{{/entries}}
                """,
            "card.mustache": "{{title}} {{hasEntries}} {{storyTitle}}",
            "layout.mustache": "<meta content=\"{{{csp}}}\">{{t.common.begin}}{{{content}}}",
            "story-page.mustache": "{{#choices}}{{target}}{{storyTitle}}{{/choices}}{{#isEnding}}{{startURL}}{{target}}{{/isEnding}}",
        ])
        let fallback = " | `quizgen templates export` writes the built-in templates, which show the names there are"
        #expect(found == [
            "Templates/card.mustache:1:26: quizgen gives 'storyTitle' to story-page.mustache, not to card.mustache: {{storyTitle}} shows nothing" + fallback,
            "Templates/index.mustache:1:23: quizgen gives 'startURL' to story.mustache and story-page.mustache, not to index.mustache: "
                + "{{startURL}} shows nothing" + fallback,
            "Templates/index.mustache:1:35: index.mustache is given 'title' only inside {{#entries}}: {{title}} shows nothing" + fallback,
            "Templates/index.mustache:3:16: index.mustache is given 'folder' only inside {{#entries}}: {{folder}} shows nothing" + fallback,
            "Templates/layout.mustache:1:27: quizgen gives 't' to every template but layout.mustache: {{t.common.begin}} shows nothing" + fallback,
            "Templates/story-page.mustache:1:74: story-page.mustache is given 'target' only inside {{#choices}}: {{target}} shows nothing" + fallback,
        ])
    }

    /// A quiz template of the site's own (from an older version, or edited) without an
    /// element its built-in script looks for would only fail in the browser.
    @Test func aQuizTemplateWithoutTheElementsItsScriptNeedsIsWarnedOf() throws {
        let trivia = try #require(TemplateSet.builtIn["trivia.mustache"])
        let stale = trivia.replacingOccurrences(of: " id=\"tb\"", with: "").replacingOccurrences(of: " id=\"secs\"", with: "")
        #expect(stale != trivia)
        #expect(problems(["trivia.mustache": stale]) == [
            "Templates/trivia.mustache:0:0: the built-in trivia.js looks for elements this template does not have: id=\"tb\", id=\"secs\"; "
                + "without them it stops with an error in the browser | keep every id of the built-in trivia.mustache (`quizgen templates list` names it)",
        ])
        // With a script of its own, the template answers to that script.
        #expect(problems(["trivia.mustache": stale, "trivia.js": "// mine\n"]) == [])
    }

    /// Each id listed is in the built-in template and named in its script.
    @Test func theScriptsIdsAreTheScriptsOwn() throws {
        for (name, (script, ids)) in TemplateChecks.scriptIDs {
            let template = try #require(TemplateSet.builtIn[name + ".mustache"])
            let code = try #require(TemplateSet.builtIn[script])
            for id in ids {
                #expect(template.contains("id=\"\(id)\""), "\(name): \(id)")
                #expect(code.contains(try Regex("(^|[^\\w-])\(id)($|[^\\w-])")), "\(script): \(id)")
            }
        }
    }

    @Test func aLayoutWithoutThePolicyLeavesItsPagesWithoutOne() {
        #expect(problems(["layout.mustache": "<title>{{title}}</title>{{{content}}}"]) == [
            "Templates/layout.mustache:0:0: the layout has no {{{csp}}}, so its pages carry no Content-Security-Policy | "
                + "keep <meta http-equiv=\"Content-Security-Policy\" content=\"{{{csp}}}\"> in its <head>",
        ])
    }

    /// What the pages' policy blocks, at the markup; what it lets through, quiet.
    @Test func inlineStylesAndScriptsOfATemplatesOwnAreBlocked() {
        let found = markup("""
            <style>{{{css}}}</style><STYLE>
            p { color: red }</style>
            <p class="x" style="color: red">{{title}}</p><button
              onclick="go()">Go</button><details open>x</details>
            <script type="application/json">{}</script><script>{{{script}}}</script><script src="x.js"></script>
            a < b, style="not in a tag"
            <link rel="stylesheet" href="{{root}}own.css"><link rel="stylesheet" href="https://fonts.example/css?f=A">
            """)
        #expect(found == [
            "Templates/story.mustache:1:25: a <style> element of a template's own is blocked by the pages' Content-Security-Policy | put the rules in Templates/style.css",
            "Templates/story.mustache:3:14: a style attribute is blocked by the pages' Content-Security-Policy | give the element a class and style it in Templates/style.css",
            "Templates/story.mustache:4:3: an event-handler attribute (onclick) is blocked by the pages' Content-Security-Policy | ",
            "Templates/story.mustache:5:73: a <script> of a template's own is blocked by the pages' Content-Security-Policy | "
                + "only the quiz script runs: a quiz page's is Templates/personality.js or Templates/trivia.js",
            "Templates/story.mustache:7:47: a stylesheet from another site is blocked by the pages' Content-Security-Policy | "
                + "copy it (and the fonts it names) into the content folder and link it with {{root}}",
        ])
    }

    /// Comments, Mustache tags and attribute values are not markup the browser runs; an
    /// unquoted link is one.
    @Test func onlyMarkupTheBrowserRunsIsWarnedOf() {
        let found = problems(["story.mustache": """
            {{! <script>x</script> style="a" }}<!-- <style>p{}</style> <p style="x"> -->
            <p title="onclick=z style=w" aria-label="has onclick=1"><img alt="<script>" src="a.png"></p>
            <scripts>no</scripts><styles></styles>
            <link rel=stylesheet href=https://x.org/a.css><link rel="stylesheet" href="data:text/css,p{}">
            <script>if (a<b) x()</script>
            """])
        #expect(found == [
            "Templates/story.mustache:4:1: a stylesheet from another site is blocked by the pages' Content-Security-Policy | "
                + "copy it (and the fonts it names) into the content folder and link it with {{root}}",
            "Templates/story.mustache:4:47: a stylesheet from another site is blocked by the pages' Content-Security-Policy | "
                + "copy it (and the fonts it names) into the content folder and link it with {{root}}",
            "Templates/story.mustache:5:1: a <script> of a template's own is blocked by the pages' Content-Security-Policy | "
                + "only the quiz script runs: a quiz page's is Templates/personality.js or Templates/trivia.js",
        ])
        // A section that only moves into the words is no unknown name.
        #expect(problems(["story.mustache": "{{#t}}{{common.begin}}{{/t}}"]) == [])
    }

    /// What a textarea, a title, a style or a script holds is text to the browser, up to its
    /// own end tag (not one in a Mustache comment, nor `</styles>`); after it, markup is
    /// markup again. In SVG a title holds markup, and `<title/>` closes itself.
    @Test func whatTextElementsHoldIsNotMarkup() {
        let found = markup("""
            <textarea name="n"><style>p{}</style><p style="x" onclick="y"></textarea ><p style="after">
            <TITLE>{{! </title> }}<script>x()</script></title><script>{{{script}}}</script><style>/* </styles> <p style="z"> */</style>
            <textareas><p onclick="q"></textareas><svg><title/><rect style="fill:red"/></svg>
            <svg><title><a onclick="w"></a></title></svg><title>a</title><b style="last"><xmp><p style="no"></xmp>
            """)
        let attribute = " is blocked by the pages' Content-Security-Policy | give the element a class and style it in Templates/style.css"
        let handler = " is blocked by the pages' Content-Security-Policy | "
        #expect(found == [
            "Templates/story.mustache:1:78: a style attribute" + attribute,
            "Templates/story.mustache:2:80: a <style> element of a template's own is blocked by the pages' Content-Security-Policy | put the rules in Templates/style.css",
            "Templates/story.mustache:3:15: an event-handler attribute (onclick)" + handler,
            "Templates/story.mustache:3:58: a style attribute" + attribute,
            "Templates/story.mustache:4:16: an event-handler attribute (onclick)" + handler,
            "Templates/story.mustache:4:65: a style attribute" + attribute,
        ])
    }

    /// Markup cut anywhere (a template being typed under `serve`) is read without a crash.
    @Test func markupCutAnywhereIsReadSafely() {
        let text = "<link rel=\"stylesheet\" href=\"https://x\"><style>a{}</style><script>x</script><p style=\"a\" onclick=\"b\">é</p>"
        let bytes = Array(text.utf8)
        for end in 0...bytes.count {
            let cut = String(decoding: bytes[..<end], as: UTF8.self)
            _ = TemplateChecks.blockedMarkup(in: SourceFile(path: "t.mustache", text: cut))
        }
        #expect(TemplateChecks.blockedMarkup(in: SourceFile(path: "t.mustache", text: text)).count == 5)
    }

    /// The names renderers give templates, read from their sources, are all known to some
    /// template, and each name a template is said to be given is set somewhere.
    @Test func everyNameARendererGivesIsKnown() throws {
        let folder = Repository.root.appendingPathComponent("Sources/Render")
        var keys: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for match in line.matches(of: /"([A-Za-z_][A-Za-z0-9_]*)"\s*:\s*[.a-z]|\(\s*"([A-Za-z_][A-Za-z0-9_]*)"\s*,\s*[.a-z]|\["([A-Za-z_][A-Za-z0-9_]*)"\]\s*=[^=]/) {
                    if let key = match.1 ?? match.2 ?? match.3 { keys.insert(String(key)) }
                }
            }
        }
        #expect(keys.count > 40)
        // Not names of a view model: the values a message is filled with, the templates'
        // own names (`render("layout", …)`) and the page script's JSON data ("m", "p", "f").
        let english = MessageLibrary.builtIn.english
        let placeholders = Set(english.ids.flatMap { id in english.messages[id]!.texts.flatMap(Message.placeholders(in:)) })
        let templates = Set(TemplateSet.builtIn.keys.map { $0.split(separator: ".")[0] }.map(String.init))
        let given = Set(GivenNames.allByTemplate.values.flatMap(\.names.keys))
        #expect(keys.subtracting(given).subtracting(placeholders).subtracting(templates).subtracting(["m", "p", "f"]).sorted() == [])
        #expect(given.subtracting(keys).sorted() == [])
    }

    /// Each template's list is what its renderer gives it, at every depth: the view models
    /// of the sample site's pages (every kind, a story's map drawn and being drawn, the
    /// index and the 404 page) as they are rendered.
    @Test func eachTemplateIsGivenTheNamesOfItsList() throws {
        let log = ViewModelLog()
        var templates = TemplateSet.make().0
        templates.viewModels = log
        let site = SiteContext(settings: SiteSettings(), templates: templates)
        var metas: [ContentMeta] = []
        for file in SampleSite.loaded.contentFiles {
            let loaded = try file.load().get()
            let piece = try #require(Pipeline.parse(loaded, relativePath: file.relativePath, options: .init()).piece)
            let item = Pipeline.check(piece, file: loaded.source, statistics: false).0
            metas.append(item.meta)
            _ = Pipeline.render(item, map: nil, site: site)
            if case .story(let story, let analysis) = item.body {
                _ = StoryRenderer.render(item.meta, story, analysis: analysis, dot: "", svg: [], site: site)
                _ = StoryRenderer.render(item.meta, story, analysis: analysis, dot: "", svg: nil, drawing: true, site: site)
            }
        }
        _ = IndexRenderer.render(metas, site: site)
        _ = NotFoundRenderer.render(site: site)
        // The words are told apart from the catalog (`GivenNames.messages`), not listed.
        let given = log.given.mapValues { names in
            var names = names
            if names.names["t"] != nil { names.names["t"] = GivenNames() }
            return names
        }
        #expect(Set(given.keys) == Set(GivenNames.byTemplate.keys))
        for (template, names) in GivenNames.byTemplate.sorted(by: { $0.key < $1.key }) {
            #expect(given[template] == names, "\(template)")
        }
    }
}
