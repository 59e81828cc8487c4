/// The CLDR cardinal plural rules of the built-in languages (CLDR 46 `plurals.xml`), named
/// after one language that uses each, and of the other languages whose rule is one of these
/// for every count quizgen shows, so that a site may add them in `i18n/`. Operands: i the integer digits, v how many fraction
/// digits are shown, n the value; e (compact exponent) is always 0 here.
public enum PluralRule: String, Sendable, Hashable, CaseIterable {
    /// ja, ko, zh: one form for every number.
    case japanese
    /// en, de: one: i = 1 and v = 0.
    case english
    /// it, pt-PT: one: i = 1 and v = 0; many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0.
    case italian
    /// es: one: n = 1; many: as Italian.
    case spanish
    /// fr, pt: one: i = 0,1; many: as Italian.
    case french
    /// ru: one: v = 0 and i % 10 = 1 and i % 100 != 11; few: v = 0 and i % 10 = 2..4 and
    /// i % 100 != 12..14; many: v = 0 and (i % 10 = 0 or i % 10 = 5..9 or i % 100 = 11..14).
    case russian
    /// ar: zero: n = 0; one: n = 1; two: n = 2; few: n % 100 = 3..10; many: n % 100 = 11..99.
    case arabic

    /// The rule of a language tag ("pt-PT" differs from "pt"); nil for a language quizgen
    /// has no rule for.
    public init?(language tag: String) {
        let parsed = LanguageTag(tag)
        switch parsed.language {
        case "ja", "ko", "zh", "yue", "id", "ms", "th", "vi", "lo", "my", "km", "jv", "yo", "wo", "to", "bo", "dz":
            self = .japanese
        // "i = 1 and v = 0", and "n = 1", which differs only for "1.0", a count quizgen never
        // writes with a fraction.
        case "en", "de", "nl", "sv", "fi", "et", "ur", "gl", "fy", "ia", "yi",
             "el", "hu", "tr", "bg", "nb", "no", "nn", "eu", "sw", "az", "ka", "kk", "ky", "mn", "sq", "uz",
             "ta", "te", "ml", "ne", "ps", "so", "tk", "ug", "af", "ee", "fo", "lb", "ha", "rm":
            self = .english
        case "it", "ca": self = .italian
        case "es": self = .spanish
        case "fr": self = .french
        case "pt": self = parsed.region == "PT" ? .italian : .french
        case "ru", "uk": self = .russian
        case "ar": self = .arabic
        default: return nil
        }
    }

    /// The categories this rule can give, `other` last.
    public var categories: [PluralCategory] {
        switch self {
        case .japanese: [.other]
        case .english: [.one, .other]
        case .italian, .spanish, .french: [.one, .many, .other]
        case .russian: [.one, .few, .many, .other]
        case .arabic: [.zero, .one, .two, .few, .many, .other]
        }
    }

    public func category(_ count: Int) -> PluralCategory { category(PluralOperands(count)) }

    public func category(_ count: Double) -> PluralCategory { category(PluralOperands(count)) }

    public func category(_ n: PluralOperands) -> PluralCategory {
        let millions = n.v == 0 && n.integerDigits != "0" && n.i(mod: 1_000_000) == 0
        switch self {
        case .japanese:
            return .other
        case .english:
            return n.i == 1 && n.v == 0 ? .one : .other
        case .italian:
            return n.i == 1 && n.v == 0 ? .one : millions ? .many : .other
        case .spanish:
            return n.n(is: 1) ? .one : millions ? .many : .other
        case .french:
            return n.i == 0 || n.i == 1 ? .one : millions ? .many : .other
        case .russian:
            guard n.v == 0 else { return .other }
            let (units, hundreds) = (n.i(mod: 10), n.i(mod: 100))
            if units == 1 && hundreds != 11 { return .one }
            if (2...4).contains(units) && !(12...14).contains(hundreds) { return .few }
            return .many
        case .arabic:
            guard n.isWhole else { return .other }
            switch (n.i, n.i(mod: 100)) {
            case (0?, _): return .zero
            case (1?, _): return .one
            case (2?, _): return .two
            case (_, 3...10): return .few
            case (_, 11...99): return .many
            default: return .other
            }
        }
    }
}
