import Markdown
import Support

/// `base-url`: where the site will live. Pages' absolute URLs (`og:url`, `og:image`) are
/// this base followed by their paths, so it must be a URL those places accept as it
/// stands: ASCII, with a host and a path only.
extension SiteSettings {
    struct BaseURLProblem: Error, Equatable {
        var message: String
        var hint: String
    }

    static let baseURLExample = "for example https://example.org/quizzes/"

    /// The base as pages write it, ending in `/`: the scheme in lower case, the host in IDNA's
    /// ASCII form (`xn--…`), the path's other non-ASCII bytes percent-encoded as UTF-8. An
    /// ASCII base keeps its letter case and escapes as written.
    static func baseURL(_ written: String) -> Result<String, BaseURLProblem> {
        var base = written
        // Schemes have no case (`HTTPS://`); written as pages' URLs have them.
        for scheme in ["https://", "http://"] where base.lowercased().hasPrefix(scheme) { base = scheme + base.dropFirst(scheme.count) }
        let scheme = base.hasPrefix("https://") ? "https://" : base.hasPrefix("http://") ? "http://" : ""
        guard !scheme.isEmpty else {
            return .failure(BaseURLProblem(message: "'base-url' must start with https:// or http://", hint: baseURLExample))
        }
        func refused(_ what: String, hint: String = baseURLExample) -> Result<String, BaseURLProblem> {
            .failure(BaseURLProblem(message: "'base-url' is the address the site lives at, and '\(base)' has \(what)", hint: hint))
        }
        // Pages' URLs are made by appending their paths, so anything after the path (a
        // query or fragment) or white space would end up inside every one of them.
        if let bad = base.unicodeScalars.first(where: { $0 == "?" || $0 == "#" || $0.properties.isWhitespace }) {
            return bad == "?" ? refused("a query ('?')") : bad == "#" ? refused("a fragment ('#')")
                : refused("white space", hint: baseURLExample + " (a space in a path is written %20)")
        }
        // The host and port: no user or password (they would be in every page's URL), a port
        // that is one.
        let afterScheme = base.dropFirst(scheme.count)
        let authority = afterScheme.prefix { $0 != "/" }
        if authority.contains("@") { return refused("a user name or password ('@')") }
        // A page's address copied from the browser (`…/class-7b/index.html`): every page's URL
        // would go on below the page.
        let lastName = afterScheme.dropFirst(authority.count).split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        if afterScheme.dropFirst(authority.count).contains("/"), [".html", ".htm"].contains(where: { lastName.lowercased().hasSuffix($0) }) {
            let folder = scheme + afterScheme.dropLast(lastName.count)
            return refused("a page's name at its end ('\(lastName)')", hint: "name the folder the site is in: \(folder)")
        }
        // The base as pages append to it: the host and port as pages write them, then the
        // path (what follows the authority as written) percent-encoded.
        func url(_ hostAndPort: String) -> Result<String, BaseURLProblem> {
            let path = HTMLEscaping.percentEncodeHref(String(afterScheme.dropFirst(authority.count)))
            return .success(scheme + hostAndPort + (path.hasSuffix("/") ? path : path + "/"))
        }
        // An IPv6 address stands in brackets, its colons no port's.
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            let address = authority[authority.index(after: authority.startIndex)..<close]
            let rest = authority[authority.index(after: close)...]
            guard !address.isEmpty, address.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                return refused("an address in brackets that is no IPv6 address")
            }
            if !rest.isEmpty, !rest.hasPrefix(":") || Int(rest.dropFirst()).map({ (1...65_535).contains($0) }) != true {
                return refused("a port that is no port")
            }
            return url(String(authority))
        }
        let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        if let port = parts.dropFirst().first, Int(port).map({ (1...65_535).contains($0) }) != true {
            return refused("a port that is no port")
        }
        guard let host = parts.first, !host.isEmpty else { return refused("no host") }
        let hostHint = "each part of a host name between dots holds 1 to \(HostName.labelLimit) bytes, in IDNA's ASCII form (xn--…) for other scripts"
        switch HostName.ascii(host) {
        case .failure(.emptyLabel):
            return refused("an empty part in its host name ('\(host)')", hint: hostHint)
        case .failure(.labelTooLong(let label)):
            return refused("a host name part that is longer than \(HostName.labelLimit) bytes ('\(label)')", hint: hostHint)
        case .failure(.badCharacter(let character)):
            // An invisible character is named by its code point.
            let visible = character.unicodeScalars.allSatisfy { $0.properties.generalCategory != .format && $0.properties.generalCategory != .control }
            let shown = visible ? String(character)
                : character.unicodeScalars.map { scalar in
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                }.joined(separator: " ")
            return refused("a character no host name holds ('\(shown)')", hint: "a host name holds letters, digits, '-' and dots")
        case .success(let asciiHost):
            return url(asciiHost + authority.dropFirst(host.count))
        }
    }
}
