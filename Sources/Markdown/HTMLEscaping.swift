/// Escaping for HTML text and double-quoted attribute values.
public enum HTMLEscaping {
    /// Escapes `&`, `<`, `>`, `"` and `'`, which is enough for text and for attribute values
    /// in either kind of quotes.
    public static func escape(_ text: String) -> String {
        var out = ""
        escape(text, into: &out)
        return out
    }

    public static func escape(_ text: String, into out: inout String) {
        // Most text needs no escaping; appending it whole is much faster.
        guard needsEscaping(text) else {
            out += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
    }

    /// Whether any of `& < > " '` occurs, scanning the bytes directly.
    static func needsEscaping(_ text: String) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 {
                return true
            }
            return false
        }
        return found ?? text.utf8.contains { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }
    }

    /// Percent-encodes what may not stand in a URL and escapes what may not stand in an
    /// attribute, like cmark's `houdini_escape_href`.
    public static func escapeHref(_ url: String) -> String {
        var out = ""
        out.reserveCapacity(url.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in url.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out += "&amp;"
            case UInt8(ascii: "'"): out += "&#x27;"
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                if "-_.+!*(),%#@?=;:/$~[]".utf8.contains(byte) {
                    out.unicodeScalars.append(Unicode.Scalar(byte))
                } else {
                    out.unicodeScalars.append("%")
                    out.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
                    out.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 0xF)]))
                }
            }
        }
        return out
    }

    /// URLs that would run code or reach the local disk when followed: never made into links.
    /// Mirrors cmark's safe mode: images may use a few `data:` image types.
    public static func isDangerousURL(_ url: String, isImage: Bool = false) -> Bool {
        // Browsers ignore leading blanks and control characters and tabs or newlines inside
        // the scheme ("java\tscript:"), so compare the URL as a browser reads it.
        let significant = url.unicodeScalars.filter { $0.value > 0x20 && $0 != "\u{7F}" }
        let lowered = String(String.UnicodeScalarView(significant.prefix(32))).lowercased()
        for scheme in ["javascript:", "vbscript:", "file:", "data:"] where lowered.hasPrefix(scheme) {
            if scheme == "data:", isImage {
                for allowed in ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"]
                where lowered.hasPrefix(allowed) {
                    return false
                }
            }
            return true
        }
        return false
    }
}
