/// The full-width forms of ASCII (U+FF01–U+FF5E: `＃`, `．`, `＝`, `ｍ`, `２`) that a Chinese,
/// Japanese or Korean input method types where ASCII was meant, for hints that name them.
public enum FullWidth {
    /// The ASCII character a full-width one stands for, nil for any other character.
    public static func ascii(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        (0xFF01...0xFF5E).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0xFEE0) : nil
    }

    /// The text with its full-width characters made ASCII; nil when it has none.
    public static func folded(_ text: some StringProtocol) -> String? {
        guard text.unicodeScalars.contains(where: { ascii($0) != nil }) else { return nil }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: text.unicodeScalars.lazy.map { ascii($0) ?? $0 })
        return String(out)
    }

    /// "'＃' is a full-width character" or "'ｍ', 'ｕ', … are full-width characters": the
    /// distinct ones in the text, in order, for a hint that goes on to say what to write.
    public static func named(in text: some StringProtocol) -> String? {
        var seen: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where ascii(scalar) != nil && !seen.contains(scalar) { seen.append(scalar) }
        guard let first = seen.first else { return nil }
        if seen.count == 1 { return "'\(first)' is a full-width character" }
        let shown = seen.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (seen.count > 3 ? ", …" : "")
        return shown + " are full-width characters"
    }
}
