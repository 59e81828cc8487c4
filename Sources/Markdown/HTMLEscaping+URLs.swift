import Support

/// Links and images: URLs escaped and checked the way cmark does.
extension HTMLEscaping {
    /// Percent-encodes what may not stand in a URL and escapes what may not stand in an
    /// attribute, like cmark's `houdini_escape_href`.
    public static func escapeHref(_ url: String) -> String { encodeHref(url, entities: true) }

    /// Percent-encodes what may not stand in a URL (an escape already there, `%20`, is kept),
    /// as `escapeHref` does, for a URL that a template escapes as an attribute itself.
    public static func percentEncodeHref(_ url: String) -> String { encodeHref(url, entities: false) }

    private static func encodeHref(_ url: String, entities: Bool) -> String {
        // Most URLs are already safe as they are. Read through a pointer: walking the UTF-8
        // view byte by byte cost more than the rest of a link.
        var text = url
        guard text.withUTF8({ $0.contains(where: { !isHrefSafe($0) || entities && ($0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "'")) }) }) else {
            return url
        }
        var out: [UInt8] = []
        out.reserveCapacity(url.utf8.count + 16)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in url.utf8 {
            switch byte {
            case UInt8(ascii: "&") where entities: out += Array("&amp;".utf8)
            case UInt8(ascii: "'") where entities: out += Array("&#x27;".utf8)
            default:
                if isHrefSafe(byte) {
                    out.append(byte)
                } else {
                    out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func isHrefSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "!"), UInt8(ascii: "*"),
             UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","), UInt8(ascii: "%"), UInt8(ascii: "#"), UInt8(ascii: "@"),
             UInt8(ascii: "?"), UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "$"),
             UInt8(ascii: "~"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "&"), UInt8(ascii: "'"):
            return true
        default:
            return false
        }
    }

    /// URLs that would run code or reach the local disk when followed: never made into links.
    /// Mirrors cmark's safe mode: images may use a few `data:` image types.
    public static func isDangerousURL(_ url: String, isImage: Bool = false) -> Bool {
        // Browsers ignore leading blanks and control characters and tabs or newlines inside
        // the scheme ("java\tscript:"), so compare the URL as a browser reads it: the first
        // visible bytes, lower-cased. Only ASCII can spell a scheme.
        // At most 16 bytes are compared, kept in a fixed buffer: this runs for every link
        // and image, and an array and a string per URL cost more than the rest of the check.
        var head: (UInt64, UInt64) = (0, 0)
        var count = 0
        var text = url
        // Every scheme below starts with j, v, f or d: most URLs (`#page`, `https:`, `../`)
        // are decided by their first visible byte, before the rest is read.
        let mayBeScheme = text.withUTF8 { bytes in
            withUnsafeMutableBytes(of: &head) { buffer in
                for byte in bytes where byte > 0x20 && byte != 0x7F {
                    let lower = byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte
                    if count == 0, lower != UInt8(ascii: "j"), lower != UInt8(ascii: "v"), lower != UInt8(ascii: "f"),
                       lower != UInt8(ascii: "d") {
                        return false
                    }
                    buffer[count] = lower
                    count += 1
                    if count == 16 { break }
                }
                return count > 0
            }
        }
        guard mayBeScheme else { return false }
        func hasPrefix(_ prefix: StaticString) -> Bool {
            guard prefix.utf8CodeUnitCount <= count else { return false }
            return withUnsafeBytes(of: head) { buffer in
                let length = prefix.utf8CodeUnitCount
                guard prefix.withUTF8Buffer({ $0.elementsEqual(buffer.prefix(length)) }) else { return false }
                // A non-ASCII byte right after may join the last character (a combining mark):
                // then the comparison is by characters, as it always was.
                guard length < count, buffer[length] >= 0x80 else { return true }
                return String(decoding: buffer.prefix(count), as: UTF8.self).hasPrefix(prefix.description)
            }
        }
        for scheme: StaticString in ["javascript:", "vbscript:", "file:", "data:"] where hasPrefix(scheme) {
            if isImage, scheme.utf8CodeUnitCount == 5, hasPrefix("data:") {
                for allowed: StaticString in ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"]
                where hasPrefix(allowed) {
                    return false
                }
            }
            return true
        }
        return false
    }
}
