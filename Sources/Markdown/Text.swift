extension String {
    /// The text on one line: every run of white space (line breaks included) made one
    /// space, none at either end. Reads scalars, not Characters: grapheme breaking is slow,
    /// and ASCII, most of any text, needs no Unicode lookup at all.
    public var collapsingWhitespace: String {
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
