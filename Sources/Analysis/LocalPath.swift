import Content
import Diagnostics

/// Where a link or image written in a Markdown file leads in the site, read as the pages'
/// resolver writes it: the one reading that the link check and the image check share.
public enum LocalPath {
    public enum Resolved: Equatable, Sendable {
        /// Above the content folder.
        case outside
        /// A path inside it ("" its top), and whether it was written as a folder (`x/`,
        /// `.`, `..`).
        case inside(String, isFolder: Bool)
    }

    /// - Parameter folder: the Markdown file's folder inside the content folder ("" at its top).
    /// - Returns: nil for what names no local file: empty, `/`, `//host`, `#` or `?` first,
    ///   or a scheme (`https:`, `data:`, `C:`). The path is percent-decoded; its `?query`
    ///   and `#fragment` are set aside.
    public static func resolve(_ url: String, folder: String) -> Resolved? {
        guard let first = url.utf8.first,
              first != UInt8(ascii: "/"), first != UInt8(ascii: "#"), first != UInt8(ascii: "?") else { return nil }
        let end = url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        let path = url[..<end]
        if hasScheme(path) { return nil }
        let decoded = Story.percentDecoded(String(path))
        var parts = folder.split(separator: "/").map(String.init)
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: false)
        for part in segments {
            switch part {
            case ".", "": continue
            case "..":
                guard !parts.isEmpty else { return .outside }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        let isFolder = decoded.hasSuffix("/") || segments.last == "." || segments.last == ".."
        return .inside(parts.joined(separator: "/"), isFolder: isFolder)
    }

    /// An address typed with an input method's full-width letters or colon (`ｈｔｔｐｓ://…`,
    /// `https：//…`), which has no scheme and so is a path: what the author meant, in ASCII,
    /// and which characters are full-width; nil for any other URL. Only the schemes of
    /// addresses count: `ｃａｔ：ｌａｒｇｅ.png` is taken for the file name it may be.
    public static func fullWidthAddress(_ url: String) -> (meant: String, named: String)? {
        guard !hasScheme(url[...]), let folded = FullWidth.folded(url), hasScheme(folded[...]),
              let colon = folded.firstIndex(of: ":"), addressSchemes.contains(folded[..<colon].lowercased()),
              let named = FullWidth.named(in: url) else { return nil }
        return (folded, named)
    }

    static let addressSchemes: Set<String> = ["http", "https", "mailto", "tel", "data", "ftp"]

    /// Whether a URL starts with a scheme as a browser (and the pages' resolver) reads one:
    /// an ASCII letter, then letters, digits, `+`, `-` or `.`, then `:`. Anything else before
    /// the colon (`ｈｔｔｐｓ:`, `1x:`, `a/b:`) makes a relative path, which the page
    /// writes as one and the browser looks for beside it.
    static func hasScheme(_ url: Substring) -> Bool {
        for (i, scalar) in url.unicodeScalars.enumerated() {
            if scalar == ":" { return i > 0 }
            let isLetter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            guard isLetter || i > 0 && (("0"..."9").contains(scalar) || "+-.".unicodeScalars.contains(scalar)) else { return false }
        }
        return false
    }
}
