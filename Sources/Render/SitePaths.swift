import Markdown

/// Paths and relative links inside the generated site. Every link is relative so that the
/// site works from any base path and straight from disk, which is also why links name
/// `index.html` explicitly: a browser opening files does not add it.
public enum SitePaths {
    /// `../` once per folder of a page folder: the way back to the site root.
    public static func toRoot(from folder: String) -> String {
        // Folders are counted on the bytes when they are ASCII: splitting into Characters
        // cost more than the rest of a page's paths. Elsewhere a `/` followed by a combining
        // mark is one Character, and no separator, so such paths are split as ever.
        var path = folder
        let folders = path.withUTF8 { bytes -> Int? in
            var count = 0
            var inName = false
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                if byte == UInt8(ascii: "/") {
                    inName = false
                } else if !inName {
                    inName = true
                    count += 1
                }
            }
            return count
        }
        return String(repeating: "../", count: folders ?? folder.split(separator: "/").count)
    }

    /// A site path as a URL path: every byte outside the unreserved set percent-encoded
    /// per segment, so that a file named `c#sharp.md`, `what?.md` or `a:b.md` links to its
    /// own folder rather than to a fragment, a query or a scheme.
    public static func urlPath(_ path: String) -> String {
        func isSafe(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                return true
            default:
                return false
            }
        }
        // Most paths need no encoding; the rest are built as bytes (appending scalars to a
        // String one at a time cost more than the rest of a page's paths).
        var text = path
        guard !text.withUTF8({ $0.allSatisfy(isSafe) }) else { return path }
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count * 3)
        for byte in path.utf8 {
            if isSafe(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// True for a URL with a scheme (`https:`, `mailto:`), a host (`//`), a site-absolute
    /// path (`/x`) or a fragment only (`#x`): such URLs are written as they are.
    public static func isAbsoluteOrFragment(_ url: String) -> Bool {
        // On the bytes: every character that can start a scheme or stand in one is ASCII, and
        // the first byte of any other ends the scheme as its scalar did.
        var url = url
        return url.withUTF8 { bytes in
            guard let first = bytes.first else { return false }
            if first == UInt8(ascii: "/") || first == UInt8(ascii: "#") || first == UInt8(ascii: "?") { return true }
            // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
            for (i, byte) in bytes.enumerated() {
                let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                if byte == UInt8(ascii: ":") { return i > 0 }
                let isOther = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                if !(isLetter || i > 0 && isOther) { return false }
            }
            return false
        }
    }

    /// A URL written in `Content/a/b.md` as seen from the page folder `a/b/`: relative URLs
    /// gain a `../`, and links to other Markdown files lead to the page they become.
    public static func fromPageFolder(_ url: String) -> String {
        guard !url.isEmpty, !isAbsoluteOrFragment(url) else { return url }
        let fragmentStart = url.firstIndex(where: { $0 == "#" || $0 == "?" }) ?? url.endIndex
        let path = url[..<fragmentStart]
        let rest = url[fragmentStart...]
        if path.hasSuffix(".md") {
            return "../" + path.dropLast(3) + "/index.html" + rest
        }
        return "../" + url
    }

    /// The renderer for Markdown shown on a content file's pages.
    public static func markdownRenderer(allowRawHTML: Bool) -> HTMLRenderer {
        HTMLRenderer(allowRawHTML: allowRawHTML) { url, _ in fromPageFolder(url) }
    }

    /// A file name for an item page: the id itself when it is short, plain ASCII and not
    /// taken (in any letter case, for case-insensitive disks), else `prefix-N`.
    public static func fileName(for id: String, number: Int, prefix: String, used: inout Set<String>) -> String {
        // Bytes, not scalars: every allowed character is ASCII, and no byte of a non-ASCII
        // scalar is in these ranges.
        // Read in place: walking the UTF-8 view byte by byte cost more than the rest.
        var text = id
        let plain = id.utf8.count <= 64 && text.withUTF8 {
            $0.allSatisfy {
                switch $0 {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
                default: false
                }
            }
        }
        var name = plain && !id.isEmpty ? id : "\(prefix)-\(number)"
        var key = lowercased(name)
        var suffix = 2
        // A name is taken by inserting it: one hash of it, not a look-up and then an insert.
        while key == "index" || key == "map" || key == "story" || !used.insert(key).inserted {
            name = "\(prefix)-\(number)" + (suffix > 2 ? "-\(suffix)" : "")
            key = lowercased(name)
            suffix += 1
        }
        return name + ".html"
    }

    /// `lowercased()`, which most names (ids written in lower case) need not pay for: a name
    /// with no byte outside ASCII and no capital is returned as it is.
    static func lowercased(_ name: String) -> String {
        var name = name
        let lower = name.withUTF8 { !$0.contains { $0 >= 0x80 || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) } }
        return lower ? name : name.lowercased()
    }

    /// Three strings as one, written once into a string of their size: `a + b + c` made
    /// and grew a string twice, and reserving room in an empty one cost as much.
    static func joined(_ a: String, _ b: String, _ c: String) -> String {
        var a = a, b = b, c = c
        return a.withUTF8 { a in
            b.withUTF8 { b in
                c.withUTF8 { c in
                    String(unsafeUninitializedCapacity: a.count + b.count + c.count) { out in
                        var end = 0
                        func copy(_ part: UnsafeBufferPointer<UInt8>) {
                            guard let from = part.baseAddress, let to = out.baseAddress else { return }
                            (to + end).initialize(from: from, count: part.count)
                            end += part.count
                        }
                        copy(a)
                        copy(b)
                        copy(c)
                        return end
                    }
                }
            }
        }
    }
}
