import Diagnostics

/// What authors write for a language that is not its tag: a country's code (`jp`, `cn`,
/// `kr` are countries; the languages are `ja`, `zh`, `ko`), the language's name in English
/// or in itself, or the POSIX spelling `zh_TW`. Read once where `lang:` or `language:` is set.
public enum LanguageSlips {
    /// Lowercase slip → the tag it plainly means.
    static let meant: [String: String] = [
        "jp": "ja", "jpn": "ja", "japanese": "ja", "日本語": "ja", "にほんご": "ja",
        "cn": "zh-Hans", "chs": "zh-Hans", "tw": "zh-Hant", "hk": "zh-Hant", "cht": "zh-Hant",
        "chinese": "zh", "中文": "zh", "汉语": "zh-Hans", "简体中文": "zh-Hans", "简体": "zh-Hans", "簡體中文": "zh-Hans",
        "繁體中文": "zh-Hant", "繁体中文": "zh-Hant", "繁體": "zh-Hant", "漢語": "zh-Hant", "國語": "zh-Hant",
        "kr": "ko", "kor": "ko", "korean": "ko", "한국어": "ko", "한국말": "ko",
        "english": "en", "us": "en", "gb": "en", "french": "fr", "français": "fr", "german": "de", "deutsch": "de",
        "spanish": "es", "español": "es", "portuguese": "pt", "português": "pt",
        "italian": "it", "italiano": "it", "russian": "ru", "русский": "ru", "arabic": "ar", "العربية": "ar",
    ]

    /// "did you mean 'ja'?" for a slip quizgen knows (`jp-JP` → `ja-JP` too), else nil.
    public static func hint(_ written: String) -> String? {
        suggestion(written).map { "did you mean '\($0)'?" }
    }

    static func suggestion(_ written: String) -> String? {
        let lower = written.lowercased()
        if let tag = meant[lower] { return tag }
        // `jp-JP`: a country code for the language, a region after it.
        let parts = lower.split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard parts.count > 1, let language = meant[String(parts[0])], !language.contains("-") else { return nil }
        return ([language] + parts.dropFirst().map { $0.count == 2 ? $0.uppercased() : String($0) }).joined(separator: "-")
    }

    /// The tag to use for `written` (nil: none, the default stands) and the warning to give
    /// at its value: `zh_TW` is read as `zh-TW`, with a word to write that; text that is no
    /// tag at all is left out, with the nearest tag when it is a slip quizgen knows.
    static func read(
        _ written: String, using fallback: String, at entry: FrontMatter.Entry, in file: SourceFile
    ) -> (tag: String?, warning: Diagnostic?) {
        if ContentParser.isLanguageTag(written) { return (written, nil) }
        let dashed = String(written.map { $0 == "_" ? "-" : $0 })
        if dashed != written, ContentParser.isLanguageTag(dashed) {
            return (dashed, file.diagnostic(
                .warning, "'\(written)' is read as '\(dashed)'", line: entry.valueLine, characterColumn: entry.valueColumn,
                hint: "a language tag joins its parts with '-', not '_': write \(dashed)"))
        }
        return (nil, file.diagnostic(
            .warning, "'\(written)' is not a language tag; using '\(fallback)'", line: entry.valueLine,
            characterColumn: entry.valueColumn, hint: hint(written) ?? "write a tag such as en, fr or pt-BR"))
    }
}
