import Diagnostics
import Testing
@testable import Messages

@Suite struct BuiltInCatalogTests {
    static let languages = ["ar", "de", "en", "es", "fr", "it", "ja", "ko", "pt", "ru", "zh-Hans", "zh-Hant"]

    /// Each built-in file as written, before English fills any gap.
    static func raw(_ language: String) -> [String: Message] {
        let english = MessageLibrary.builtIn.english
        let rule = PluralRule(language: language)!
        return CatalogParser(
            path: "\(language).yaml", text: DefaultCatalogs.files["\(language).yaml"]!, language: language,
            pluralRule: rule, reference: language == "en" ? nil : english
        ).parse().messages
    }

    /// Messages a language may word exactly as English does, and why.
    static let sameAsEnglish: [String: Set<String>] = [
        // Punctuation and numbers only.
        "common.percent": ["it", "ja", "ko", "pt", "zh-Hans", "zh-Hant"],
        "common.list_separator": ["de", "es", "fr", "it", "ko", "pt", "ru"],
        // The same words in French ("page", "point", "question").
        "story.page": ["fr"],
        "story.choice_target": ["fr"],
        "story.summary_pages": ["fr"],
        "map.image_pages": ["fr"],
        "common.points": ["fr"],
        "quiz.question_count": ["fr"],
    ]

    @Test func readWithoutDiagnostics() {
        #expect(MessageLibrary.builtInDiagnostics == [])
        #expect(MessageLibrary.builtIn.languages == Self.languages)
    }

    @Test func everyCatalogHasEveryEnglishMessageAndNoOther() {
        let english = Self.raw("en")
        #expect(english.count > 60)
        for language in Self.languages {
            let messages = Self.raw(language)
            #expect(Set(messages.keys) == Set(english.keys), "\(language)")
            for (id, message) in english {
                #expect(messages[id]?.isPlural == message.isPlural, "\(language) \(id)")
            }
        }
    }

    /// Arabic is written with Latin digits, and CLDR's percent sign for those is `%` between
    /// left-to-right marks (U+066A goes with Arabic-Indic digits, which quizgen does not write).
    @Test func arabicWritesCLDRsPercentForLatinDigits() {
        #expect(Self.raw("ar")["common.percent"]?.texts == ["{value}\u{200E}%\u{200E}"])
    }

    @Test func everyMessageIsTranslated() {
        let english = Self.raw("en")
        for language in Self.languages where language != "en" {
            let messages = Self.raw(language)
            for (id, message) in english.sorted(by: { $0.key < $1.key }) {
                let same = message.texts.contains { messages[id]!.texts.contains($0) }
                let allowed = Self.sameAsEnglish[id]?.contains(language) == true
                #expect(same == allowed, "\(language) \(id): \(messages[id]!.texts)")
            }
        }
    }

    @Test func placeholdersMatchEnglish() {
        let english = Self.raw("en")
        for language in Self.languages {
            for (id, message) in Self.raw(language) {
                let wanted = Set(english[id]!.texts.flatMap(Message.placeholders(in:)))
                let other = Set(Message.placeholders(in: message.text(for: .other)))
                #expect(other == Set(Message.placeholders(in: english[id]!.text(for: .other))), "\(language) \(id)")
                for text in message.texts {
                    #expect(Set(Message.placeholders(in: text)).isSubset(of: wanted), "\(language) \(id): \(text)")
                }
            }
        }
    }

    @Test func pluralMessagesHaveTheFormsTheirLanguageUses() {
        for language in Self.languages {
            let rule = PluralRule(language: language)!
            for (id, message) in Self.raw(language) {
                guard case .plural(let forms) = message else { continue }
                #expect(Set(forms.keys) == Set(rule.categories), "\(language) \(id)")
            }
        }
    }

    /// Numbers as CLDR 48 writes them: the group sign, the decimal sign and, in Spanish,
    /// Italian and Polish, no group before five digits.
    @Test func numbersAreWrittenAsTheLanguageWritesThem() {
        let cases: [(String, Int, Double, String, String)] = [
            ("en", 2000, 7.5, "2,000", "7.5"), ("ja", 12345, 0.25, "12,345", "0.25"), ("zh-Hant", 2000, 7.5, "2,000", "7.5"),
            ("de", 2000, 7.5, "2.000", "7,5"), ("fr", 12345, 7.5, "12\u{202F}345", "7,5"), ("ru", 2000, -7.5, "2\u{A0}000", "-7,5"),
            ("es", 2000, 12345.5, "2000", "12.345,5"), ("it", 12345, 7.5, "12.345", "7,5"), ("pl", 2000, 7.5, "2000", "7,5"),
            ("pt-PT", 12345, 7.5, "12\u{A0}345", "7,5"), ("de-CH", 2000, 7.5, "2'000", "7.5"), ("ar", 2000, 7.5, "2,000", "7.5"),
            ("es-MX", 1200, 7.5, "1,200", "7.5"), ("es-419", 1200, 7.5, "1,200", "7.5"), ("it-CH", 1200, 12345.5, "1200", "12'345.5"),
            ("de-AT", 1200, 7.5, "1\u{A0}200", "7,5"), ("fr-CA", 1200, 7.5, "1\u{A0}200", "7,5"), ("fr-CH", 1200, 7.5, "1\u{202F}200", "7,5"),
            ("tlh", 1_000_000, -0.5, "1,000,000", "-0.5"),
        ]
        for (language, whole, fraction, wholeText, fractionText) in cases {
            let style = NumberStyle(language: language)
            #expect((style.format(whole), style.format(fraction)) == (wholeText, fractionText), "\(language)")
        }
        #expect(NumberStyle(language: "de").format(-1234) == "-1.234")
        #expect(NumberStyle(language: "de").format(999) == "999")
    }

    @Test func lookups() {
        let library = MessageLibrary.builtIn
        let en = library.english
        #expect(en.text("trivia.next_question") == "Next question")
        #expect(en.text("quiz.question_of", ["n": 3, "total": 10]) == "Question 3 of 10")
        #expect(en.plural("common.points", count: 1) == "1 point")
        #expect(en.plural("common.points", count: 5, ["count": 5]) == "5 points")
        #expect(en.plural("common.seconds", count: 7.5) == "7.5 seconds")
        #expect(en.plural("common.seconds", count: 1.0) == "1 second")
        #expect(en.plural("trivia.score", count: 5, ["score": 0]) == "0 of 5 points")
        #expect(en.text("no.such.message") == "no.such.message")
        #expect(en.text("quiz.question_of", ["n": 3]) == "Question 3 of {total}")

        let ru = library.resolve("ru").catalog
        #expect(ru.plural("common.points", count: 1) == "1 балл")
        #expect(ru.plural("common.points", count: 3) == "3 балла")
        #expect(ru.plural("common.points", count: 5) == "5 баллов")
        #expect(ru.plural("common.points", count: 21) == "21 балл")
        #expect(ru.plural("trivia.score", count: 21, ["score": 20]) == "20 из 21 балла")
        let ar = library.resolve("ar").catalog
        #expect(ar.plural("quiz.question_count", count: 2) == "سؤالان")
        #expect(ar.plural("quiz.question_count", count: 5) == "5 أسئلة")
        #expect(ar.plural("quiz.question_count", count: 15) == "15 سؤالًا")
        let ja = library.resolve("ja").catalog
        #expect(ja.text("quiz.question_of", ["n": 1, "total": 5]) == "第1問（全5問）")
        let fr = library.resolve("fr").catalog
        #expect(fr.plural("common.points", count: 0) == "0 point")
        #expect(fr.plural("common.points", count: 1_000_000) == "1\u{202F}000\u{202F}000 de points")
    }
}
