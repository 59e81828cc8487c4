import YAMLReading

/// Typing of YAML scalars, done here rather than by Yams' default resolver, which runs a
/// regular expression per scalar and was most of the cost of reading front matter. The
/// rules are YAML's for plain (unquoted) scalars; a quoted scalar is always text.
extension YAMLNode {
    private var plainText: String? {
        guard case .scalar(let text, .plain) = content else { return nil }
        return text
    }

    /// `key:` with nothing after it, `~` or `null`.
    var isNull: Bool {
        guard let text = plainText else { return false }
        return text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    /// true/false, and yes/no and on/off as older YAML (and authors) write them.
    var boolValue: Bool? {
        switch plainText?.lowercased() {
        case "true"?, "yes"?, "on"?: true
        case "false"?, "no"?, "off"?: false
        default: nil
        }
    }

    var intValue: Int? {
        guard let text = plainText else { return nil }
        var digits = Substring(text)
        if digits.hasPrefix("+") { digits = digits.dropFirst() }
        return Int(digits)
    }

    var doubleValue: Double? {
        if let int = intValue { return Double(int) }
        guard let text = plainText, !text.isEmpty, text.unicodeScalars.allSatisfy({ "+-.0123456789eE".unicodeScalars.contains($0) }) else {
            return nil
        }
        return Double(text)
    }
}
