/// Whole numbers, such as a page's targets: a list searched while they are few (a page has
/// a handful of choices, and a set costs an allocation and a hash for each), a set once they
/// are many, so that a page of thousands of choices stays linear. Inlinable: it is used on
/// every page of every story, in other modules.
@frozen
public struct NumberSet: Sendable {
    @usableFromInline var few: [Int] = []
    @usableFromInline var many: Set<Int>?

    @inlinable
    public init() {}

    @inlinable
    public init(_ numbers: some Sequence<Int>) {
        for number in numbers { insert(number) }
    }

    @inlinable
    public func contains(_ number: Int) -> Bool {
        many?.contains(number) ?? few.contains(number)
    }

    /// False when the number was there already.
    @inlinable @discardableResult
    public mutating func insert(_ number: Int) -> Bool {
        if many != nil { return many!.insert(number).inserted }
        guard !few.contains(number) else { return false }
        few.append(number)
        if few.count > 16 {
            many = Set(few)
            few = []
        }
        return true
    }

    /// The numbers without repeats, in order: the kept ones are the list searched while they
    /// are few, so there is one array, not a list beside the result.
    @inlinable
    public static func distinct(_ numbers: [Int]) -> [Int] {
        if numbers.count > 16 {
            var seen = NumberSet()
            return numbers.filter { seen.insert($0) }
        }
        var kept: [Int] = []
        kept.reserveCapacity(numbers.count)
        for number in numbers where !kept.contains(number) { kept.append(number) }
        return kept
    }
}
