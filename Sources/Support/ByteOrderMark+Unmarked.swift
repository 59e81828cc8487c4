extension ByteOrderMark {
    /// "UTF-16 (little-endian) without a byte-order mark", … for text saved so, as its first
    /// bytes show: read as that encoding, at least half of its first characters are ASCII
    /// (each with a NUL beside it, the rest of its wider code unit) and none is a NUL or a
    /// control character that text does not hold. A UTF-8 file with stray NULs, or a binary
    /// one, falls short of that. nil otherwise.
    public static func unmarked(_ bytes: some Sequence<UInt8>) -> String? {
        let first = Array(bytes.prefix(256))
        // Without a NUL, no ASCII letter is wider than a byte.
        guard first.contains(0) else { return nil }
        // UTF-32 first: its ASCII reads in UTF-16 as a character and a NUL by turns.
        for (width, name) in [(4, "UTF-32"), (2, "UTF-16")] {
            let units = first.count / width
            guard units >= 2 else { continue }
            for (littleEndian, order) in [(true, "little-endian"), (false, "big-endian")] {
                var ascii = 0
                var plausible = true
                for start in stride(from: 0, to: units * width, by: width) {
                    var value: UInt32 = 0
                    for k in 0..<width {
                        value = value << 8 | UInt32(first[start + (littleEndian ? width - 1 - k : k)])
                    }
                    switch value {
                    case 0x20..<0x7F, 0x09, 0x0A, 0x0D: ascii += 1
                    case 0..<0x20, 0x7F, 0x11_0000...: plausible = false
                    default: break
                    }
                    if !plausible { break }
                }
                if plausible && ascii * 2 >= units { return "\(name) (\(order)) without a byte-order mark" }
            }
        }
        return nil
    }
}
