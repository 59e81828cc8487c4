/// HTML text from other tools (Open Trivia DB's answers, GIFT's `[html]` questions) as the
/// plain text a reader sees: character references decoded, tags left out.
enum HTMLText {
    /// HTML 4's Latin-1 entities, U+00A0 to U+00FF in order.
    static let latin1 = """
        nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 \
        acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde \
        Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc \
        Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml \
        aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc \
        otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml
        """
    /// Greek letters, from U+0391 (capitals) and U+03B1 (small); U+03A2 is unassigned.
    static let greek = "Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho - Sigma Tau Upsilon Phi Chi Psi Omega"

    static let entities: [String: Unicode.Scalar] = {
        var table: [String: UInt32] = [
            "amp": 0x26, "lt": 0x3C, "gt": 0x3E, "quot": 0x22, "apos": 0x27,
            "OElig": 0x152, "oelig": 0x153, "Scaron": 0x160, "scaron": 0x161, "Yuml": 0x178, "fnof": 0x192,
            "circ": 0x2C6, "tilde": 0x2DC, "sigmaf": 0x3C2, "ndash": 0x2013, "mdash": 0x2014, "lsquo": 0x2018,
            "rsquo": 0x2019, "sbquo": 0x201A, "ldquo": 0x201C, "rdquo": 0x201D, "bdquo": 0x201E, "dagger": 0x2020,
            "Dagger": 0x2021, "bull": 0x2022, "hellip": 0x2026, "permil": 0x2030, "prime": 0x2032, "Prime": 0x2033,
            "lsaquo": 0x2039, "rsaquo": 0x203A, "euro": 0x20AC, "trade": 0x2122, "larr": 0x2190, "rarr": 0x2192,
            "minus": 0x2212, "infin": 0x221E, "ne": 0x2260, "le": 0x2264, "ge": 0x2265, "radic": 0x221A,
        ]
        for (i, name) in latin1.split(separator: " ").enumerated() { table[String(name)] = 0xA0 + UInt32(i) }
        for (i, name) in greek.split(separator: " ").enumerated() where name != "-" {
            table[String(name)] = 0x391 + UInt32(i)
            table[name.lowercased()] = 0x3B1 + UInt32(i)
        }
        return table.compactMapValues(Unicode.Scalar.init)
    }()

    /// Decodes `&name;`, `&#39;` and `&#x27;`; anything else stays as written.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semicolon = after.prefix(32).firstIndex(of: ";"), let scalar = scalar(for: after[..<semicolon]) {
                out.unicodeScalars.append(scalar)
                rest = after[after.index(after: semicolon)...]
            } else {
                out += "&"
                rest = after
            }
        }
        return out + rest
    }

    static func scalar(for name: Substring) -> Unicode.Scalar? {
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        }
        if name.hasPrefix("#") { return UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init) }
        return entities[String(name)]
    }

    /// Whether the text holds something that reads as an HTML tag.
    static func hasTags(_ text: String) -> Bool {
        var previous: Character?
        for character in text {
            if previous == "<", character.isLetter || character == "/" || character == "!" { return true }
            previous = character
        }
        return false
    }

    /// Where the text after a comment's `<` goes on: after its `-->` (tags inside it are
    /// comment too), or at the end when it is never closed, as a browser reads it; nil when
    /// no comment starts there.
    static func afterComment(_ afterOpen: Substring) -> Substring.Index? {
        guard afterOpen.hasPrefix("!--") else { return nil }
        // From the `--` of `<!--`: `<!-->` is a whole (empty) comment, as in HTML.
        let body = afterOpen.dropFirst()
        guard let close = body.firstRange(of: "-->") else { return afterOpen.endIndex }
        return close.upperBound
    }

    /// The text without its tags, `<br>` and block ends as line breaks, entities decoded.
    static func plainText(_ html: String) -> String {
        var out = ""
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let end = afterComment(after) {
                rest = after[end...]
                continue
            }
            guard let first = after.first, first.isLetter || first == "/" || first == "!",
                  let close = after.firstIndex(of: ">") else {
                out += "<"
                rest = after
                continue
            }
            let name = after[..<close].drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
            if ["br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6"].contains(name) { out += "\n" }
            rest = after[after.index(after: close)...]
        }
        return decodeEntities(out + rest)
    }
}
