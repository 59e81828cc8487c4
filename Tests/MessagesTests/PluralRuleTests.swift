import Testing
@testable import Messages

/// Expected categories from the examples of CLDR 46 plurals.xml (`@integer`, `@decimal`).
@Suite struct PluralRuleTests {
    typealias Case = (number: String, category: PluralCategory)

    func check(_ tag: String, _ cases: [Case], sourceLocation: SourceLocation = #_sourceLocation) {
        let rule = PluralRule(language: tag)!
        for (number, category) in cases {
            #expect(rule.category(PluralOperands(number)!) == category, "\(tag) \(number)", sourceLocation: sourceLocation)
            if let whole = Int(number) {
                #expect(rule.category(whole) == category, "\(tag) \(number) as Int", sourceLocation: sourceLocation)
            }
        }
    }

    static let common = ["0", "1", "2", "3", "5", "11", "21", "22", "25", "100", "101", "102", "1000000"]

    @Test func englishAndGerman() {
        for tag in ["en", "de", "de-AT", "en-GB"] {
            check(tag, [("1", .one), ("0", .other), ("2", .other), ("3", .other), ("5", .other), ("11", .other),
                        ("21", .other), ("100", .other), ("101", .other), ("1000000", .other),
                        ("1.0", .other), ("0.5", .other), ("1.5", .other)])
        }
    }

    @Test func italianAndPortugalHaveManyForMillions() {
        for tag in ["it", "pt-PT"] {
            check(tag, [("1", .one), ("0", .other), ("2", .other), ("16", .other), ("100", .other), ("1000", .other),
                        ("100000", .other), ("1000000", .many), ("2000000", .many), ("1000001", .other),
                        ("1000000000", .many), ("1.0", .other), ("1000000.0", .other)])
        }
    }

    @Test func spanishOneIsTheValueOne() {
        check("es", [("1", .one), ("1.0", .one), ("1.00", .one), ("0", .other), ("2", .other), ("21", .other),
                     ("101", .other), ("1000", .other), ("1000000", .many), ("3000000", .many), ("0.9", .other), ("1.1", .other)])
    }

    @Test func frenchAndPortugueseTakeZeroAndOneTogether() {
        for tag in ["fr", "pt", "pt-BR", "fr-CA"] {
            check(tag, [("0", .one), ("1", .one), ("0.5", .one), ("1.5", .one), ("2", .other), ("3", .other),
                        ("17", .other), ("21", .other), ("100", .other), ("1000", .other), ("2.0", .other),
                        ("1000000", .many), ("5000000", .many), ("1000002", .other)])
        }
    }

    @Test func russian() {
        check("ru", [("1", .one), ("21", .one), ("31", .one), ("101", .one), ("1001", .one),
                     ("2", .few), ("3", .few), ("4", .few), ("22", .few), ("24", .few), ("102", .few), ("1002", .few),
                     ("0", .many), ("5", .many), ("11", .many), ("12", .many), ("14", .many), ("19", .many), ("25", .many),
                     ("100", .many), ("111", .many), ("112", .many), ("1000000", .many),
                     ("1.5", .other), ("0.0", .other), ("10.0", .other)])
    }

    @Test func arabic() {
        check("ar", [("0", .zero), ("1", .one), ("2", .two), ("3", .few), ("10", .few), ("103", .few), ("110", .few),
                     ("1003", .few), ("11", .many), ("26", .many), ("99", .many), ("111", .many), ("1011", .many),
                     ("100", .other), ("101", .other), ("102", .other), ("200", .other), ("1000", .other),
                     ("1000000", .other), ("0.0", .zero), ("1.0", .one), ("0.5", .other), ("3.5", .other), ("10.1", .other)])
    }

    @Test func chineseJapaneseKoreanHaveOneForm() {
        for tag in ["ja", "ko", "zh-Hans", "zh-Hant", "zh-TW"] {
            check(tag, Self.common.map { ($0, .other) } + [("1.5", .other)])
        }
    }

    /// Languages a site may add in i18n/, whose CLDR rule is one of the built-in ones.
    @Test func languagesASiteMayAddShareARule() {
        #expect(["nl", "sv", "tr", "el", "nb"].map { PluralRule(language: $0) } == Array(repeating: .english, count: 5))
        #expect(["id", "vi", "th", "yue"].map { PluralRule(language: $0) } == Array(repeating: .japanese, count: 4))
        #expect(PluralRule(language: "uk") == .russian && PluralRule(language: "ca") == .italian)
        #expect(PluralRule(language: "he") == nil && PluralRule(language: "pl") == nil)
    }

    @Test func categoriesListWhatTheRuleGives() {
        for rule in PluralRule.allCases {
            var given: Set<PluralCategory> = []
            for n in 0...2_000 { given.insert(rule.category(n)) }
            given.insert(rule.category(1_000_000))
            given.insert(rule.category(1.5))
            #expect(given == Set(rule.categories), "\(rule)")
        }
    }

    @Test func operandsReadDisplayedNumbers() {
        #expect(PluralOperands("7.50")?.v == 2)
        #expect(PluralOperands("007")?.integerDigits == "7")
        #expect(PluralOperands("-21")?.integerDigits == "21")
        #expect(PluralOperands("1.") == nil)
        #expect(PluralOperands("abc") == nil)
        #expect(PluralOperands(5.0) == PluralOperands(5))
        #expect(PluralOperands(7.5).v == 1)
        #expect(PluralOperands("123456789012345678901")?.i(mod: 100) == 1)
        #expect(PluralRule(language: "cy") == nil)
    }
}
