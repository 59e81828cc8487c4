/// Names in the order people number them: `week2` before `week10`, `Week3` between them,
/// as a file manager lists them; runs of ASCII digits compare by value, ASCII letters
/// without their case, everything else byte by byte (and names equal so, byte by byte).
public enum NaturalOrder {
    public static func precedes(_ a: String, _ b: String) -> Bool {
        precedes(Array(a.utf8), Array(b.utf8))
    }

    /// The same on UTF-8 bytes, for a sort that makes each name's bytes once.
    public static func precedes(_ x: [UInt8], _ y: [UInt8]) -> Bool {
        switch compare(x, y) {
        case .some(let less): less
        case nil: x.lexicographicallyPrecedes(y)
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
