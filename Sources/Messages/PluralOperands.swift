/// A number as CLDR plural rules see it (UTS #35, "Plural Operand Meanings"), taken from the
/// digits a reader sees: 5 and "5" have no visible fraction, "7.50" has two (v = 2, t = 5).
///
/// Only what the rules of the built-in languages ask for is kept: the integer digits, as
/// text so that a count of any size keeps its last digits, and the fraction digits.
public struct PluralOperands: Sendable, Hashable {
    /// The integer digits without leading zeros ("0" for zero).
    public let integerDigits: String
    /// The visible fraction digits, trailing zeros included ("50" for 7.50).
    public let fractionDigits: String

    public init(_ count: Int) {
        integerDigits = String(count.magnitude)
        fractionDigits = ""
    }

    /// A number as it is displayed, e.g. "7.5", "-3", "1.00"; nil if it is not one.
    public init?(_ text: String) {
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard parts.count == 1 || !fraction.isEmpty, fraction.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
        let trimmed = whole.drop { $0 == "0" }
        integerDigits = trimmed.isEmpty ? "0" : String(trimmed)
        fractionDigits = String(fraction)
    }

    /// A number such as a time in seconds: shown without a fraction when it is whole (5.0
    /// reads "5", as `MessageCatalog` formats it), else with its shortest digits (7.5).
    public init(_ count: Double) {
        self.init(MessageCatalog.format(count))!
    }

    /// v: how many fraction digits are shown.
    public var v: Int { fractionDigits.count }
    /// Whether t, the fraction without trailing zeros, is 0: the number is whole (1.0 is).
    public var isWhole: Bool { fractionDigits.allSatisfy { $0 == "0" } }

    /// i % modulus, from the last digits (any size of count).
    public func i(mod modulus: Int) -> Int {
        let width = String(modulus).count - 1
        return Int(integerDigits.suffix(width))! % modulus
    }

    /// i itself, or nil when it is larger than any rule asks about.
    public var i: Int? { integerDigits.count <= 9 ? Int(integerDigits) : nil }

    /// n = value, for a whole value asked about (n = 1); false for anything with a fraction.
    public func n(is value: Int) -> Bool { isWhole && i == value }
}

extension Character {
    var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
