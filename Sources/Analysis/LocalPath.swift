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

    /// The path of `candidates` (paths in the site) nearest to a `path` that names none, or
    /// nil: one that differs only in letter case first, as a web host tells `Cat.PNG` from
    /// `cat.png` where the author's disk may not; then a typo of its name among those beside
    /// it (judged by the name, so that a long folder does not make another name look close);
    /// then the same name in another folder (a slip in the folder), the nearest such path.
    static func nearest(_ path: String, in candidates: some Sequence<String>) -> String? {
        let lower = path.lowercased()
        let parent = parentFolder(path)
        let lowerName = name(lower)
        var sameLetters: String?
        var beside: [String] = []
        var moved: [String] = []
        for candidate in candidates {
            let candidateLower = candidate.lowercased()
            if candidateLower == lower, sameLetters.map({ candidate < $0 }) ?? true { sameLetters = candidate }
            if parentFolder(candidate) == parent {
                beside.append(name(candidate))
            } else if name(candidateLower) == lowerName {
                moved.append(candidate)
            }
        }
        if let sameLetters { return sameLetters }
        if let near = NearestMatch.find(name(path), in: beside.sorted()) { return parent.isEmpty ? near : parent + "/" + near }
        return NearestMatch.nearest(path, in: moved.sorted())
    }

    /// "did you mean 'Cat.PNG'?" for `near`, as a link or image written in `folder` names it,
    /// and why, when only letter case tells it from `path`, the author's own disk may show
    /// the page right.
    /// - Parameter suffix: what the written form adds to both (`.md` for a page, `/` for a folder).
    static func didYouMean(_ near: String, for path: String, from folder: String, suffix: String = "") -> String {
        "did you mean '\(relative(near + suffix, from: folder))'?"
            + (near != path && near.lowercased() == path.lowercased() ? " Letter case counts on a web host, even where your computer ignores it" : "")
    }

    /// A site path as a link written in `folder` names it.
    static func relative(_ path: String, from folder: String) -> String {
        var from = folder.split(separator: "/")[...]
        var to = path.split(separator: "/", omittingEmptySubsequences: false)[...]
        while let a = from.first, let b = to.first, to.count > 1, a == b {
            from.removeFirst()
            to.removeFirst()
        }
        return String(repeating: "../", count: from.count) + to.joined(separator: "/")
    }

    /// The folder of a site path ("" at the top).
    static func parentFolder(_ path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }

    /// A site path's last part.
    static func name(_ path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
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
