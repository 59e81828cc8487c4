import Messages
import Render
import Support
import Testing

@Suite struct PageMessagesTests {
    /// The script's plural table (digit n below 100, digit 100 + n % 100 above) gives the form
    /// CLDR's rule gives, for counts below a million (all to 2,000, then a sample), in every language.
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
            for n in Array(0..<2_000) + Array(stride(from: 2_000, to: 1_000_000, by: 7_919)) {
                let form = digits[n < 100 ? n : 100 + n % 100]
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
}
