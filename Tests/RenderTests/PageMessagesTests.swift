import Content
import Diagnostics
import Foundation
import Messages
import Render
import Support
import Testing
import TestSupport

@Suite struct PageMessagesTests {
    /// Texts are made once for each name and set of numbers, nil apart from any number;
    /// another name or other numbers make them anew.
    @Test func textsAreMadeOncePerNameAndNumbers() {
        let words = PageMessages.builtIn("en")
        var made: [String] = []
        func texts(_ name: String, _ numbers: [Double?]) -> [String] {
            words.texts(name, numbers) {
                made.append("\(name) \(numbers)")
                return [words.plural("common.seconds", count: Int(numbers.first.flatMap { $0 } ?? 0)), name]
            }
        }
        #expect(texts("a", [10]) == ["10 seconds", "a"])
        #expect(texts("a", [10]) == ["10 seconds", "a"])
        #expect(texts("a", [nil]) == ["0 seconds", "a"])
        #expect(texts("a", [0]) == ["0 seconds", "a"])
        #expect(texts("b", [10]) == ["10 seconds", "b"])
        #expect(texts("a", [10, nil]) == ["10 seconds", "a"])
        #expect(texts("a", [nil]) == ["0 seconds", "a"])
        #expect(made == ["a [Optional(10.0)]", "a [nil]", "a [Optional(0.0)]", "b [Optional(10.0)]", "a [Optional(10.0), nil]"])
    }

    /// The script's plural table (digit n below 100, digit 200 for whole millions, digit
    /// 100 + n % 100 for the rest) gives the form CLDR's rule gives, in every language: all
    /// counts to 2,000, a sample to ten billion, and whole millions, where Italian, Spanish,
    /// French and Portuguese say `many` ("1000000 di punti" but "1000100 punti").
    @Test func pluralTableAgreesWithTheRules() throws {
        for language in MessageLibrary.builtIn.languages + ["pt-PT"] {
            let words = PageMessages(MessageLibrary.builtIn.resolve(language).catalog)
            let fields = words.script([.init("points", "common.points", ["count": "{0}"])])
            guard case .string(let table)? = fields.first(where: { $0.0 == "p" })?.1 else {
                Issue.record("\(language): no table")
                continue
            }
            let digits = table.map { Int(String($0))! }
            let rule = words.catalog.pluralRule, categories = rule.categories
            try #require(digits.count == 201)
            let millions = (1...30).map { $0 * 1_000_000 } + [1_000_000_000, 7_000_000_000]
            let near = millions.flatMap { [$0 - 1, $0 + 1, $0 + 100, $0 + 1_000] }
            for n in Array(0..<2_000) + Array(stride(from: 2_000, to: 10_000_000_000, by: 7_919_111)) + millions + near {
                // As trivia.js reads it.
                let form = digits[n < 100 ? n : n % 1_000_000 != 0 ? 100 + n % 100 : 200]
                if categories[form] != rule.category(n) {
                    Issue.record("\(language) \(n): \(categories[form]) instead of \(rule.category(n))")
                    break
                }
            }
        }
    }

    /// Words shown as HTML are escaped once; values fixed at build time and numbered ones
    /// are filled as given.
    @Test func scriptWordsAreEscapedForHTMLAndNumbered() {
        var catalog = MessageLibrary.builtIn.english
        catalog.messages["trivia.right"] = .text("<b>Right</b> & +{points}")
        let fields = PageMessages(catalog).script([
            .init("right", "trivia.right", ["points": "{0}"], html: true),
            .init("share", "personality.share_text", ["result": "{0}", "title": "{1}"]),
        ])
        #expect(ScriptJSON.object(fields).encoded
            == #"{"m":{"right":"\u0026lt;b\u0026gt;Right\u0026lt;/b\u0026gt; \u0026amp; +{0}","share":"{0} ({1})"}}"#)
    }

    /// A script's words encoded once as members are the members of the same words as a tree,
    /// plural table included, and the first make of a name is kept.
    @Test func scriptMembersAreTheEncodedWords() {
        let words = PageMessages.builtIn("fr")
        let list: [PageMessages.ScriptWord] = [
            .init("points", "common.points", ["count": "{0}"]),
            .init("right", "trivia.right", ["points": "{0}"], html: true),
        ]
        let members = words.scriptMembers(named: "test") { list }
        #expect("{" + String(decoding: members, as: UTF8.self) + "}" == ScriptJSON.object(words.script(list)).encoded)
        #expect(String(decoding: members, as: UTF8.self).contains(#""p":""#))
        #expect(words.scriptMembers(named: "test") { [] } == members)
    }
}

/// Large counts as the trivia page's real script shows them (node, Tests/js/counts-check.mjs):
/// the same form as Swift gives, in every language. A question is worth at most 10,000
/// points, but a hundred of them make a score of a million, a whole number of millions,
/// which Italian, Spanish, French and Portuguese count with their `many` form.
@Suite struct ScriptCountTests {
    /// A quiz of questions worth these points, in file order.
    static func quiz(_ points: [Int], lang: String) -> String {
        "---\nkind: trivia\ntitle: Counts\nlang: \(lang)\nshuffle-answers: false\n---\n" + points.enumerated().map { i, p in
            "## Question \(i + 1) {points=\(p)}\n- [x] a\n- [ ] b\n"
        }.joined(separator: "\n")
    }

    @Test(.requires(.node)) func millionsTakeTheirOwnForm() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = SiteContext(settings: SiteSettings(), templates: TemplateSet.make().0)
        let million = Array(repeating: 10_000, count: 100)
        for language in ["it", "es", "fr", "pt", "pt-PT", "ru", "ar", "en"] {
            for points in [million, million + [100], [10_000, 1, 2, 11]] {
                let source = SourceFile(path: "Content/counts.md", text: Self.quiz(points, lang: language))
                let (piece, problems) = ContentParser.parse(source, sitePath: "counts")
                #expect(problems.isEmpty, "\(problems)")
                guard case .trivia(let quiz)? = piece?.body, let meta = piece?.meta else {
                    Issue.record("not a trivia quiz")
                    return
                }
                let url = folder.appendingPathComponent(language + ".html")
                try #require(TriviaRenderer.render(meta, quiz, site: site).first?.text).write(to: url, atomically: true, encoding: .utf8)
                let result = try ProcessResult.run(
                    URL(fileURLWithPath: "/usr/bin/env"),
                    ["node", Repository.root.appendingPathComponent("Tests/js/counts-check.mjs").path, url.path])
                try #require(result.status == 0, "\(result.stdout)\(result.stderr)")
                let shown = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
                let words = site.words(meta.lang), max = points.reduce(0, +)
                #expect(shown["score"] as? String == words.plural("trivia.score", count: max, ["score": max]), "\(language) \(max)")
                #expect(shown["points"] as? [String] == points.map { words.plural("common.points", count: $0) }, "\(language)")
                #expect(shown["verdicts"] as? [String] == points.map { words.text("trivia.right", ["points": $0]) }, "\(language)")
            }
        }
        // The question counter, which the script fills, groups as the page's own words do.
        let thousand = Array(repeating: 1, count: 1_200)
        for (language, grouped) in [("de", "1.200"), ("fr", "1\u{202F}200"), ("es", "1200"), ("ja", "1,200")] {
            let source = SourceFile(path: "Content/counts.md", text: Self.quiz(thousand, lang: language))
            let piece = try #require(ContentParser.parse(source, sitePath: "counts").0)
            guard case .trivia(let quiz) = piece.body else { return }
            let url = folder.appendingPathComponent(language + "-1200.html")
            try #require(TriviaRenderer.render(piece.meta, quiz, site: site).first?.text).write(to: url, atomically: true, encoding: .utf8)
            let result = try ProcessResult.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["node", Repository.root.appendingPathComponent("Tests/js/counts-check.mjs").path, url.path])
            try #require(result.status == 0, "\(result.stdout)\(result.stderr)")
            let shown = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect((shown["total"] as? String, shown["last"] as? String) == (grouped, grouped), "\(language)")
        }
        // What the rule says, so the test cannot pass on two wrong answers that agree.
        let italian = PageMessages.builtIn("it")
        #expect(italian.plural("trivia.score", count: 1_000_000, ["score": 1_000_000]) == "1.000.000 su 1.000.000 di punti")
        #expect(italian.plural("trivia.score", count: 1_000_100, ["score": 1_000_100]) == "1.000.100 su 1.000.100 punti")
    }
}
