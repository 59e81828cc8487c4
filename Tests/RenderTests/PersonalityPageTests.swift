import Analysis
import Content
import Diagnostics
import Foundation
import Render
import Site
import Support
import Testing
import TestSupport

@Suite struct PersonalityPageTests {
    @Test func sampleSiteBuildsWithoutProblems() {
        #expect(SampleSite.output.diagnostics.isEmpty, "\(DiagnosticPrinter().format(SampleSite.output.diagnostics))")
    }

    @Test func goldenQuizPage() throws {
        Golden.assertMatches(try #require(SampleSite.page("which-animal/index.html")), named: "which-animal/index.html")
    }

    @Test func goldenOutcomePage() throws {
        Golden.assertMatches(try #require(SampleSite.page("which-animal/dog.html")), named: "which-animal/dog.html")
    }

    @Test func goldenSiteIndex() throws {
        Golden.assertMatches(try #require(SampleSite.page("index.html")), named: "index.html")
    }

    @Test func outcomePagesHaveOpenGraphTags() throws {
        let page = try #require(SampleSite.page("which-animal/cat.html"))
        #expect(page.contains("<meta property=\"og:title\" content=\"You are a cat! 🐱\">"))
        #expect(page.contains("<meta property=\"og:description\" content=\"Mischievous, yet mild-tempered, you enjoy doing things on your own terms.\">"))
        #expect(page.contains("<title>You are a cat! 🐱 · Which Animal Are You?</title>"))
    }

    @Test func scriptAndStyleAreAllowedByHashOnly() throws {
        let page = try #require(SampleSite.page("which-animal/index.html"))
        let csp = try #require(page.firstMatch(of: /http-equiv="Content-Security-Policy" content="([^"]*)"/)?.1)
        #expect(!csp.contains("unsafe-inline"))
        let script = try #require(page.firstMatch(of: /<script>([\s\S]*?)<\/script>/)?.1)
        #expect(csp.contains(PageShell.contentSecurityPolicy(style: TemplateSet.builtIn["style.css"]!, scripts: [String(script)])))
    }

    /// The real page script, run under node on every answer combination of the sample quiz,
    /// must show the outcome the Swift analysis computes.
    @Test(.requires(.node)) func pageScriptAgreesWithSwiftOnEveryCombination() throws {
        let loaded = SampleSite.loaded.contentFiles.first { $0.relativePath == "which-animal.md" }!
        guard case .personality(let quiz)? = ContentParser.parse(loaded.source!, sitePath: "which-animal").0?.body else {
            Issue.record("the sample quiz does not parse")
            return
        }
        let table = OutcomeTable(quiz)
        let combinations = try #require(table.allCombinations())
        #expect(combinations.count == 4096)
        let expected = ScriptJSON.object([("combinations", .array(combinations.map { choices in
            .object([
                ("choices", .array(choices.map { .array($0.map(ScriptJSON.int)) })),
                ("outcome", .int(table.result(for: choices))),
            ])
        }))])
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("page.html")
        let json = folder.appendingPathComponent("expected.json")
        try SampleSite.page("which-animal/index.html")!.write(to: page, atomically: true, encoding: .utf8)
        try expected.encoded.write(to: json, atomically: true, encoding: .utf8)
        let result = try ProcessResult.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["node", Repository.root.appendingPathComponent("Tests/js/personality-check.mjs").path, page.path, json.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("4096 of 4096 combinations agree"))
    }

    /// The question counter, which the script fills, groups as the page's own words do
    /// (Tests/js/personality-counts.mjs): "Question 1,200 of 1,200", not "1200 of 1,200".
    @Test(.requires(.node)) func theQuestionCounterGroupsAsTheLanguageDoes() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = SiteContext(settings: SiteSettings(), templates: TemplateSet.make().0)
        let questions = (1...1_200).map { "## Question \($0)\n- a {x}\n- b {x}\n" }.joined(separator: "\n")
        for (language, grouped) in [("en", "1,200"), ("de", "1.200"), ("fr", "1\u{202F}200"), ("es", "1200")] {
            let text = "---\nkind: personality\ntitle: Long\nlang: \(language)\n---\n\(questions)\n## X {#x .outcome}\nYou.\n"
            let piece = try #require(ContentParser.parse(SourceFile(path: "Content/long.md", text: text), sitePath: "long").0)
            guard case .personality(let quiz) = piece.body else {
                Issue.record("not a personality quiz")
                return
            }
            let url = folder.appendingPathComponent(language + ".html")
            try #require(PersonalityRenderer.render(piece.meta, quiz, table: OutcomeTable(quiz), site: site).first?.text).write(to: url, atomically: true, encoding: .utf8)
            let result = try ProcessResult.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["node", Repository.root.appendingPathComponent("Tests/js/personality-counts.mjs").path, url.path])
            try #require(result.status == 0, "\(result.stdout)\(result.stderr)")
            let shown = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: String])
            #expect(shown["last"] == grouped, "\(language)")
            #expect(shown["line"]?.components(separatedBy: grouped).count == 3, "\(language): \(shown["line"] ?? "")")
        }
    }

    @Test func everyOutcomeIsReachableInTheSample() throws {
        let report = try #require(SampleSite.output.reports.first { $0.meta.sitePath == "which-animal" })
        guard case .personality(_, _, let distribution?) = report.body else {
            Issue.record("no distribution for the personality quiz")
            return
        }
        #expect(distribution.unreachable == [])
        #expect(distribution.method == .exact)
    }
}

/// The sample site's quiz pages stay well below the weight a build warns about.
@Suite struct SamplePageWeightTests {
    @Test func theSampleQuizPagesAreLight() throws {
        let quizzes = SampleSite.loaded.contentFiles.map { String($0.relativePath.dropLast(3)) + "/index.html" }
        for path in quizzes {
            let page = try #require(SampleSite.output.files.first { $0.path == path }, "\(path)")
            #expect(page.contents.count < PageWeight.warningSize / 4, "\(path)")
        }
        #expect(!SampleSite.output.diagnostics.contains { $0.message.contains("with its inline data") })
    }
}
