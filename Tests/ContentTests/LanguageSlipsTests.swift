import Content
import Diagnostics
import Testing

/// The tags authors write for a language that are not its tag.
@Suite struct LanguageSlipsTests {
    let story = "## A\nend\n"

    func lang(_ written: String) -> (lang: String?, problems: [Diagnostic]) {
        let (piece, problems) = parse("---\nkind: story\ntitle: t\nlang: \(written)\n---\n" + story)
        return (piece?.meta.lang, problems)
    }

    /// `zh_TW` is POSIX's and Java's spelling: read as `zh-TW`, with a word to write that.
    @Test func anUnderscoreIsReadAsADash() {
        let (tag, problems) = lang("zh_TW")
        #expect(tag == "zh-TW")
        #expect(located(problems) == ["4:7: warning: 'zh_TW' is read as 'zh-TW'"])
        #expect(problems.first?.hint == "a language tag joins its parts with '-', not '_': write zh-TW")
        #expect(lang("zh-TW").problems.isEmpty)
    }

    @Test func aLanguagesNameGetsItsTag() {
        let (tag, problems) = lang("日本語")
        #expect(tag == "en")
        #expect(located(problems) == ["4:7: warning: '日本語' is not a language tag; using 'en'"])
        #expect(problems.first?.hint == "did you mean 'ja'?")
        #expect(lang("x y").problems.first?.hint == "write a tag such as en, fr or pt-BR")
    }

    @Test(arguments: [
        ("jp", "ja"), ("JP", "ja"), ("japanese", "ja"), ("cn", "zh-Hans"), ("tw", "zh-Hant"), ("kr", "ko"),
        ("jp-JP", "ja-JP"), ("kr_kr", "ko-KR"), ("繁體中文", "zh-Hant"), ("한국어", "ko"),
    ])
    func countryCodesAndNamesMeanTheirLanguage(_ written: String, _ meant: String) {
        #expect(LanguageSlips.hint(written) == "did you mean '\(meant)'?")
    }

    @Test func realTagsAreNoSlips() {
        for tag in ["ja", "nl", "zh-TW", "yue", "he"] { #expect(LanguageSlips.hint(tag) == nil, "\(tag)") }
    }

    @Test func theSitesLanguageIsReadAlike() {
        let (settings, problems) = SiteSettings.parse(SourceFile(path: "quizgen.yml", text: "language: zh_Hant\n"))
        #expect(settings.language == "zh-Hant")
        #expect(located(problems) == ["1:11: warning: 'zh_Hant' is read as 'zh-Hant'"])
        let (named, warned) = SiteSettings.parse(SourceFile(path: "quizgen.yml", text: "language: 中文\n"))
        #expect(named.language == "en")
        #expect(warned.first?.hint == "did you mean 'zh'?")
    }
}
