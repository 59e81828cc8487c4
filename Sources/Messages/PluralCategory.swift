/// The CLDR plural categories: the names of the forms a message with a count may have.
/// Which of them a language uses, and for which numbers, is its `PluralRule`.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable, Comparable, Codable {
    case zero, one, two, few, many, other

    public static func < (a: PluralCategory, b: PluralCategory) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
