import Diagnostics
import Foundation
import Testing
import TestSupport
@testable import Messages

@Suite struct SiteOverrideTests {
    let library = MessageLibrary.builtIn

    @Test func overrideReplacesOnlyWhatItGives() {
        let (merged, found) = library.merging(siteYAML: "trivia.submit: Envoyer\n", path: "i18n/fr.yaml")
        #expect(found == [])
        let fr = merged.resolve("fr-CA").catalog
        #expect(fr.text("trivia.submit") == "Envoyer")
        #expect(fr.text("trivia.next_question") == "Question suivante")
        #expect(library.resolve("fr").catalog.text("trivia.submit") == "Valider")
    }

    @Test func englishOverride() {
        let (merged, found) = library.merging(siteYAML: "common.begin: Start\n", path: "i18n/EN.yml")
        #expect(found == [])
        #expect(merged.english.text("common.begin") == "Start")
    }

    @Test func singleCatalogMerging() {
        let de = library.resolve("de").catalog
        let (merged, found) = de.merging(siteYAML: "kind.story: Erzählung\n", path: "i18n/de.yaml")
        #expect(found == [])
        #expect(merged.text("kind.story") == "Erzählung")
        #expect(merged.language == "de")
    }

    @Test func newLanguageStartsFromEnglish() {
        let yaml = "common.begin: Beginnen\ncommon.points:\n  one: \"{count} punt\"\n  other: \"{count} punten\"\n"
        let (merged, found) = library.merging(siteYAML: yaml, path: "i18n/nl.yaml")
        #expect(found.map(\.message) == [
            "quizgen has no plural rules for 'nl': forms are chosen as in English",
            "\(library.english.ids.count - 2) of \(library.english.ids.count) messages are not translated: English is shown for them",
        ])
        let nl = merged.resolve("nl-BE")
        #expect(!nl.isFallback)
        #expect(nl.catalog.text("common.begin") == "Beginnen")
        #expect(nl.catalog.plural("common.points", count: 2) == "2 punten")
        #expect(nl.catalog.text("trivia.submit") == "Submit")
    }

    @Test func regionalVariantStartsFromItsLanguage() {
        let (merged, found) = library.merging(siteYAML: "trivia.submit: Senden\n", path: "i18n/de-CH.yaml")
        #expect(found == [])
        #expect(merged.resolve("de-CH").catalog.text("trivia.submit") == "Senden")
        #expect(merged.resolve("de-CH").catalog.text("trivia.review") == "Auswertung")
        #expect(merged.resolve("de").catalog.text("trivia.submit") == "Antwort abgeben")
    }

    @Test func scriptExportHasTheRuleAndTheFormsOfTheLanguage() throws {
        let ru = library.resolve("ru").catalog.scriptMessages(["common.points", "quiz.question_of", "nope"])
        #expect(ru.rule == "ru")
        #expect(ru.messages.keys.sorted() == ["common.points", "quiz.question_of"])
        #expect(ru.json == #"{"m":{"common.points":{"few":"{count} балла","many":"{count} баллов","one":"{count} балл","other":"{count} балла"},"quiz.question_of":"Вопрос {n} из {total}"},"r":"ru"}"#)
        let dictionary = library.resolve("es").catalog.scriptMessages(["common.points"]).dictionary
        #expect(dictionary["r"] as? String == "it")
        #expect((dictionary["m"] as? [String: Any])?["common.points"] as? [String: String] == [
            "one": "{count} punto", "many": "{count} de puntos", "other": "{count} puntos"])
    }

    /// The page-side formatter gives what the Swift lookup gives.
    @Test(.requires(.node)) func scriptFormatterAgreesWithLookups() throws {
        var lines: [String] = []
        var expected: [String] = []
        for language in BuiltInCatalogTests.languages {
            let catalog = library.resolve(language).catalog
            let json = catalog.scriptMessages(["common.points", "trivia.score", "quiz.question_of"]).json
            for n in [0, 1, 2, 3, 5, 11, 21, 22, 100, 101, 1_000_000] {
                lines.append("out.push(say(\(json), 'trivia.score', {score: 1, count: \(n)}, \(n)))")
                expected.append(catalog.plural("trivia.score", count: n, ["score": 1]))
            }
            lines.append("out.push(say(\(json), 'quiz.question_of', {n: 2, total: 9}))")
            expected.append(catalog.text("quiz.question_of", ["n": 2, "total": 9]))
        }
        let script = PluralRule.javaScript + "\n" + MessageCatalog.scriptFormatter + "\nconst out = []\n"
            + lines.joined(separator: "\n") + "\nconsole.log(JSON.stringify(out))"
        let output = try #require(NodeRunner.run(script), "node did not run")
        let got = try? JSONDecoder().decode([String].self, from: Data(output.utf8))
        #expect(got == expected)
    }
}
