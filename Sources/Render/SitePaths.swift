import Markdown

/// Paths and relative links inside the generated site. Every link is relative so that the
/// site works from any base path and straight from disk, which is also why links name
/// `index.html` explicitly: a browser opening files does not add it.
public enum SitePaths {
    /// `../` once per folder of a page folder: the way back to the site root.
    public static func toRoot(from folder: String) -> String {
        // Folders counted over the bytes: `split` made an array of substrings per page.
        var folders = 0
        var previous = UInt8(ascii: "/")
        for byte in folder.utf8 {
            if previous == UInt8(ascii: "/") && byte != UInt8(ascii: "/") { folders += 1 }
            previous = byte
        }
        return String(repeating: "../", count: folders)
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
        if url.hasPrefix("/") || url.hasPrefix("#") || url.hasPrefix("?") { return true }
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
        for (i, scalar) in url.unicodeScalars.enumerated() {
            let isLetter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            if scalar == ":" { return i > 0 }
            if !(isLetter || i > 0 && (("0"..."9").contains(scalar) || "+-.".unicodeScalars.contains(scalar))) {
                return false
            }
        }
        return false
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
        let plain = id.utf8.count <= 64 && id.utf8.allSatisfy {
            switch $0 {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
            default: false
            }
        }
        var name = plain && !id.isEmpty ? id : "\(prefix)-\(number)"
        var key = name.lowercased()
        var suffix = 2
        while used.contains(key) || key == "index" || key == "map" || key == "story" {
            name = "\(prefix)-\(number)" + (suffix > 2 ? "-\(suffix)" : "")
            key = name.lowercased()
            suffix += 1
        }
        used.insert(key)
        return name + ".html"
    }
}
