extension String {
    /// A run of decimal digits with a comma before every third from the right: 1,234,567.
    public var withThousandsSeparators: String {
        let digits = count
        var out = ""
        for (i, c) in enumerated() {
            if i > 0, (digits - i) % 3 == 0 { out += "," }
            out.append(c)
        }
        return out
    }
}
