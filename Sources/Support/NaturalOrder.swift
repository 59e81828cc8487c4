@_spi(_Unicode) import Swift

/// Names in the order people number them: `week2` before `week10`, `Week3` between them,
/// as a file manager lists them; runs of ASCII digits compare by value, letters without
/// their case or accents (`école` beside `ecole`, `Ärger` among the a's), everything else
/// byte by byte (and names equal so, byte by byte). Scripts without case or accents, CJK
/// among them, stay in code-point order.
public enum NaturalOrder {
    /// What a name is compared by, made once per name: a sort compares each many times, and
    /// folding at every comparison cost 3 % of a build.
    public struct Key: Equatable, Sendable {
        /// The name's UTF-8 bytes, which break ties.
        public let bytes: [UInt8]
        /// The name decomposed (NFD), its combining marks dropped, in lower case.
        let folded: [UInt8]

        public init(_ name: String) {
            bytes = Array(name.utf8)
            folded = bytes.allSatisfy { $0 < 0x80 } ? bytes : Self.fold(name)
        }

        public static func == (a: Key, b: Key) -> Bool { a.bytes == b.bytes }

        static func fold(_ name: String) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(name.utf8.count)
            // A scalar that combines (canonical combining class not 0) is an accent on the
            // letter before it; case is ASCII's only once `compare` folds it, so all of it here.
            for scalar in name._nfd where scalar.properties.canonicalCombiningClass == .notReordered {
                if scalar.isASCII {
                    out.append(UInt8(scalar.value))
                } else {
                    for lower in scalar.properties.lowercaseMapping.unicodeScalars { out += UTF8.encode(lower)! }
                }
            }
            return out
        }
    }

    public static func precedes(_ a: String, _ b: String) -> Bool {
        precedes(Key(a), Key(b))
    }

    /// The same on keys, for a sort that makes each name's key once.
    public static func precedes(_ x: Key, _ y: Key) -> Bool {
        switch compare(x.folded, y.folded) {
        case .some(let less): less
        case nil: x.bytes.lexicographicallyPrecedes(y.bytes)
        }
    }

    /// Whether `x` comes first, or nil when the two are equal but for letter case and zeros.
    static func compare(_ x: [UInt8], _ y: [UInt8]) -> Bool? {
        func fold(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
        var i = 0, j = 0
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        while i < x.count, j < y.count {
            if isDigit(x[i]), isDigit(y[j]) {
                let (startX, startY) = (i, j)
                while i < x.count, isDigit(x[i]) { i += 1 }
                while j < y.count, isDigit(y[j]) { j += 1 }
                // By value: fewer significant digits is smaller, then digit by digit.
                let runX = x[startX..<i].drop { $0 == 0x30 }, runY = y[startY..<j].drop { $0 == 0x30 }
                if runX.count != runY.count { return runX.count < runY.count }
                if !runX.elementsEqual(runY) { return runX.lexicographicallyPrecedes(runY) }
            } else {
                if fold(x[i]) != fold(y[j]) { return fold(x[i]) < fold(y[j]) }
                i += 1
                j += 1
            }
        }
        let (restX, restY) = (x.count - i, y.count - j)
        return restX == restY ? nil : restX < restY
    }
}
