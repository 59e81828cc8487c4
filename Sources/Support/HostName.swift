/// A host name as a URL must carry it: ASCII. A label written in another script goes into
/// its IDNA form, lower-cased, NFC-normalised and Punycode-encoded behind `xn--`
/// (`bücher.example` → `xn--bcher-kva.example`): the form DNS and link previews expect.
public enum HostName {
    public enum Problem: Error, Equatable {
        /// Two dots in a row, or a dot at the start.
        case emptyLabel
        /// A label longer than DNS allows (63 bytes), as encoded.
        case labelTooLong(String)
        /// A character no host name holds: punctuation, a symbol, an invisible one.
        case badCharacter(Character)
    }

    /// The longest label DNS carries (RFC 1035, section 2.3.4).
    public static let labelLimit = 63

    /// The host in ASCII. A host already in ASCII comes back exactly as written (letter case
    /// included: hosts have none, and pages keep what the author wrote); one final dot (the
    /// root, `example.org.`) is a label of its own and may be empty.
    public static func ascii(_ host: some StringProtocol) -> Result<String, Problem> {
        let isASCII = host.utf8.allSatisfy { $0 < 0x80 }
        // UTS 46 maps the ideographic and full-width full stops to dots before splitting,
        // and full-width ASCII to ASCII (`Ａｂｃ` is `abc`), as browsers do.
        let text = isASCII ? String(host) : nfc(String(String.UnicodeScalarView(host.unicodeScalars.map { scalar in
            "。．｡".unicodeScalars.contains(scalar) ? "." : (0xFF01...0xFF5E).contains(scalar.value)
                ? Unicode.Scalar(scalar.value - 0xFEE0)! : scalar
        })).lowercased())
        // Letters and digits of any script, their marks, `-` and `_` (which browsers take);
        // anything else (`<`, a zero-width space) names no host a browser would reach.
        if let bad = text.first(where: { character in
            character != "." && character != "-" && character != "_" && !character.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                    || [.nonspacingMark, .spacingMark, .enclosingMark].contains(scalar.properties.generalCategory)
            }
        }) {
            return .failure(.badCharacter(bad))
        }
        var labels = text.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count > 1, labels.last?.isEmpty == true { labels.removeLast() }
        var encoded: [String] = []
        for label in labels {
            guard !label.isEmpty else { return .failure(.emptyLabel) }
            if label.utf8.allSatisfy({ $0 < 0x80 }) {
                guard label.utf8.count <= labelLimit else { return .failure(.labelTooLong(String(label))) }
                encoded.append(String(label))
                continue
            }
            // Punycode writes at least one byte per scalar: a label with more scalars than
            // fit cannot be encoded short enough, and is not encoded (the cost grows with
            // the square of the length).
            let room = labelLimit - 4
            guard label.unicodeScalars.count <= room, let code = Punycode.encode(label), code.utf8.count <= room else {
                return .failure(.labelTooLong(String(label)))
            }
            encoded.append("xn--" + code)
        }
        return .success(isASCII ? text : encoded.joined(separator: ".") + (text.hasSuffix(".") ? "." : ""))
    }

    /// Canonical composition (NFC), as IDNA requires: `u` followed by a combining diaeresis
    /// is `ü`, one scalar. The standard library's own normaliser, which it uses to compare
    /// strings; Foundation's `precomposedStringWithCanonicalMapping` wraps the same.
    static func nfc(_ text: String) -> String {
        String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }
}
