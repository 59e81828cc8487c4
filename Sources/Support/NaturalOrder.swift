/// Names in the order people number them: `week2` before `week10`, as a file manager lists
/// them; runs of ASCII digits compare by value, everything else byte by byte.
public enum NaturalOrder {
    public static func precedes(_ a: String, _ b: String) -> Bool {
        precedes(Array(a.utf8), Array(b.utf8))
    }

    /// The same on UTF-8 bytes, for a sort that makes each name's bytes once.
    public static func precedes(_ x: [UInt8], _ y: [UInt8]) -> Bool {
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
                // Equal values: `7` before `07`, so that the order is total.
                if i - startX != j - startY { return i - startX < j - startY }
            } else {
                if x[i] != y[j] { return x[i] < y[j] }
                i += 1
                j += 1
            }
        }
        return x.count - i < y.count - j
    }
}
