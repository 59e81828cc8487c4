extension String {
    /// The text on one line: every run of white space (line breaks included) made one
    /// space, none at either end. Reads scalars, not Characters: grapheme breaking is slow,
    /// and ASCII, most of any text, needs no Unicode lookup at all.
    public var collapsingWhitespace: String {
        // Usually there is nothing to do: ASCII with single inner spaces and none at the ends.
        let utf8 = self.utf8
        var clean = true
        var previousSpace = true
        for byte in utf8 {
            if byte >= 0x80 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0B || byte == 0x0C
                || (byte == 0x20 && previousSpace) {
                clean = false
                break
            }
            previousSpace = byte == 0x20
        }
        if clean && (!previousSpace || utf8.isEmpty) { return self }
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in unicodeScalars {
            let space = scalar.isASCII
                ? scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar == "\u{0B}" || scalar == "\u{0C}"
                : scalar.properties.isWhitespace
            if space {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(scalar)
            }
        }
        return String(out)
    }
}
