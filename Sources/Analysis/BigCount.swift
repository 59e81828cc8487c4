/// A non-negative whole number of any size, for counting paths through a story: they
/// double with every two-way choice, so 2^64 is only 64 choices deep. Only what counting
/// needs: addition, comparison and decimal digits.
public struct BigCount: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Base 2^64 digits, least significant first, with no trailing zeros (zero is empty).
    private var limbs: [UInt64]

    public init(_ value: UInt64 = 0) {
        limbs = value == 0 ? [] : [value]
    }

    public static let zero = BigCount()
    public static let one = BigCount(1)

    public var isZero: Bool { limbs.isEmpty }

    /// The value when it fits in an Int.
    public var intValue: Int? {
        switch limbs.count {
        case 0: 0
        case 1 where limbs[0] <= UInt64(Int.max): Int(limbs[0])
        default: nil
        }
    }

    public static func += (a: inout BigCount, b: BigCount) {
        if a.limbs.count < b.limbs.count {
            a.limbs.append(contentsOf: repeatElement(0, count: b.limbs.count - a.limbs.count))
        }
        var carry: UInt64 = 0
        for i in a.limbs.indices {
            guard i < b.limbs.count || carry != 0 else { break }
            let (sum1, overflow1) = a.limbs[i].addingReportingOverflow(i < b.limbs.count ? b.limbs[i] : 0)
            let (sum2, overflow2) = sum1.addingReportingOverflow(carry)
            a.limbs[i] = sum2
            carry = (overflow1 ? 1 : 0) + (overflow2 ? 1 : 0)
        }
        if carry != 0 { a.limbs.append(carry) }
    }

    public static func + (a: BigCount, b: BigCount) -> BigCount {
        var sum = a
        sum += b
        return sum
    }

    public static func < (a: BigCount, b: BigCount) -> Bool {
        if a.limbs.count != b.limbs.count { return a.limbs.count < b.limbs.count }
        for i in a.limbs.indices.reversed() where a.limbs[i] != b.limbs[i] {
            return a.limbs[i] < b.limbs[i]
        }
        return false
    }

    /// 2^exponent, for tests and bounds.
    public static func power(ofTwo exponent: Int) -> BigCount {
        var result = BigCount()
        result.limbs = [UInt64](repeating: 0, count: exponent / 64) + [1 << UInt64(exponent % 64)]
        return result
    }

    /// The decimal digits.
    public var description: String {
        guard !isZero else { return "0" }
        // Peel off 19 decimal digits at a time, the most a UInt64 holds.
        let chunk: UInt64 = 10_000_000_000_000_000_000
        var rest = limbs
        var groups: [UInt64] = []
        while !rest.isEmpty {
            var remainder: UInt64 = 0
            for i in rest.indices.reversed() {
                let (quotient, r) = chunk.dividingFullWidth((high: remainder, low: rest[i]))
                rest[i] = quotient
                remainder = r
            }
            groups.append(remainder)
            while rest.last == 0 { rest.removeLast() }
        }
        var text = String(groups.removeLast())
        for group in groups.reversed() {
            let digits = String(group)
            text += String(repeating: "0", count: 19 - digits.count) + digits
        }
        return text
    }
}
