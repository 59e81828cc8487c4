/// Punycode (RFC 3492): a label of any Unicode scalars written with ASCII letters, digits
/// and hyphens, as IDNA writes a host name's non-ASCII labels (after `xn--`). Only encoding:
/// quizgen writes such hosts and never reads them back.
public enum Punycode {
    // The parameters RFC 3492 fixes for IDNA (section 5).
    static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700, initialBias = 72, initialN = 128

    /// The label's Punycode, without the `xn--` prefix; nil only when a count overflows,
    /// which takes a label far longer than any host name may have.
    public static func encode(_ text: some StringProtocol) -> String? {
        encode(text.unicodeScalars.map(\.value))
    }

    /// The encoding of RFC 3492 section 6.3: the basic (ASCII) code points first, as they
    /// are, then each other code point as a variable-length number that says where it goes.
    static func encode(_ input: [UInt32]) -> String? {
        var output = input.filter { $0 < 0x80 }.map { UInt8($0) }
        let basicCount = output.count
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n = initialN, delta = 0, bias = initialBias, handled = basicCount
        while handled < input.count {
            // The smallest code point not yet handled, ≥ n since the ones below it are.
            guard let next = input.lazy.map({ Int($0) }).filter({ $0 >= n }).min() else { return nil }
            let (step, stepOverflow) = (next - n).multipliedReportingOverflow(by: handled + 1)
            guard !stepOverflow, step <= Int(Int32.max) - delta else { return nil }
            delta += step
            n = next
            for value in input.lazy.map({ Int($0) }) {
                if value < n {
                    delta += 1
                    guard delta <= Int(Int32.max) else { return nil }
                }
                guard value == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, points: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Section 6.1: scales the bias to the deltas seen so far.
    static func adapt(_ delta: Int, points: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / points
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    /// 0…25 are `a`…`z`, 26…35 are `0`…`9`: lower case, as host names are written.
    static func digit(_ value: Int) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
    }
}
