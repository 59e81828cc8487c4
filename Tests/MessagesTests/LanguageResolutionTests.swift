import Testing
@testable import Messages

@Suite struct LanguageResolutionTests {
    let library = MessageLibrary.builtIn

    @Test(arguments: [
        ("en", "en"), ("EN-us", "en"), ("pt-BR", "pt"), ("pt", "pt"), ("pt-PT", "pt"), ("de-AT", "de"), ("de_CH", "de"),
        ("zh-TW", "zh-Hant"), ("zh-HK", "zh-Hant"), ("zh-MO", "zh-Hant"), ("zh-Hant", "zh-Hant"), ("zh-hant-tw", "zh-Hant"),
        ("zh-CN", "zh-Hans"), ("zh-SG", "zh-Hans"), ("zh", "zh-Hans"), ("zh-Hans-CN", "zh-Hans"), ("ZH_hans", "zh-Hans"),
        ("ja-JP", "ja"), ("ko", "ko"), ("es-419", "es"), ("fr-CA", "fr"), ("it", "it"), ("ru-RU", "ru"), ("ar-EG", "ar"),
    ])
    func resolves(_ tag: String, _ language: String) {
        let resolution = library.resolve(tag)
        #expect(resolution.catalog.language == language)
        #expect(!resolution.isFallback)
        #expect(resolution.requested == tag)
    }

    @Test(arguments: ["nl", "sv-SE", "", "x", "he"])
    func unknownFallsBackToEnglish(_ tag: String) {
        let resolution = library.resolve(tag)
        #expect(resolution.catalog.language == "en")
        #expect(resolution.isFallback)
    }

    @Test func regionKeepsItsPluralRule() {
        #expect(library.resolve("pt-PT").catalog.pluralRule == .italian)
        #expect(library.resolve("pt-BR").catalog.pluralRule == .french)
        #expect(library.resolve("pt-PT").catalog.plural("common.points", count: 0) == "0 pontos")
        #expect(library.resolve("pt-BR").catalog.plural("common.points", count: 0) == "0 ponto")
    }

    @Test func rightToLeft() {
        for tag in ["ar", "ar-EG", "he", "fa-IR", "ur", "ps", "az-Arab"] { #expect(LanguageTag(tag).isRightToLeft, "\(tag)") }
        for tag in ["en", "ja", "zh-Hant", "ru", "ku-Latn", "uz"] { #expect(!LanguageTag(tag).isRightToLeft, "\(tag)") }
        #expect(library.resolve("ar").catalog.isRightToLeft)
    }

    @Test func tagsAreCanonical() {
        #expect(LanguageTag("zh_hant_tw").description == "zh-Hant-TW")
        #expect(LanguageTag("ES-419").description == "es-419")
        #expect(LanguageTag("zh-TW").candidates == ["zh-TW", "zh-Hant", "zh"])
        #expect(LanguageTag("zh").candidates == ["zh", "zh-Hans"])
        #expect(LanguageTag("pt-BR").candidates == ["pt-BR", "pt"])
        #expect(LanguageTag("zh-Hant-TW").candidates == ["zh-Hant-TW", "zh-TW", "zh-Hant", "zh"])
        #expect(LanguageTag("zh-Hans-TW").candidates == ["zh-Hans-TW", "zh-Hans", "zh"])
        #expect(LanguageTag("yue").candidates == ["yue", "yue-Hant", "zh-Hant"])
    }
}
