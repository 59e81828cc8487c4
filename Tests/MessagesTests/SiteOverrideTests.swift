import Diagnostics
import Foundation
import Testing
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

    /// `zh-Hant-TW` says no more than `zh-TW` (Taiwan writes Traditional Chinese): a site's
    /// `zh-TW.yaml` serves it. `zh-Hans-TW` says more, and is not served by it.
    @Test func aScriptTheRegionImpliesFindsTheRegionsCatalog() {
        let (merged, found) = library.merging(siteYAML: "story.the_end: 完\n", path: "i18n/zh-TW.yaml")
        #expect(found == [])
        #expect(merged.resolve("zh-Hant-TW").catalog.text("story.the_end") == "完")
        #expect(merged.resolve("zh-Hans-TW").catalog.language == "zh-Hans")
        #expect(merged.resolve("zh-Hant-HK").catalog.language == "zh-Hant")
    }

    /// Cantonese starts from Traditional Chinese, not from English.
    @Test func cantoneseStartsFromTraditionalChinese() {
        #expect(library.resolve("yue").catalog.language == "zh-Hant")
        #expect(!library.resolve("yue-Hant-HK").isFallback)
        #expect(library.resolve("yue-CN").catalog.language == "zh-Hans")
        let (merged, found) = library.merging(siteYAML: "story.the_end: 完\n", path: "i18n/yue.yaml")
        #expect(found == [])
        let yue = merged.resolve("yue-HK").catalog
        #expect(yue.text("story.the_end") == "完")
        #expect(yue.text("trivia.submit") == library.resolve("zh-Hant").catalog.text("trivia.submit"))
    }
}
