import Diagnostics
import Support
import YAMLReading

/// `media-origins`: the hosts besides the site itself that pages may show images, audio and
/// video from. Each value goes into the Content-Security-Policy as it stands, so only plain
/// `scheme://host[:port]` passes: a space, quote or `;` could otherwise add a directive.
extension SiteSettings {
    static let mediaOriginsExample = "for example [https://images.example.org, https://*.cdn.example.net]"

    static func mediaOrigins(_ entry: FrontMatter.Entry, in file: SourceFile, diagnostics: inout [Diagnostic]) -> [String] {
        let items: [YAMLNode]
        switch entry.value.content {
        case .sequence(let sequence): items = sequence
        case .scalar where entry.value.isNull: items = []
        case .scalar: items = [entry.value]
        case .mapping:
            diagnostics.append(file.diagnostic(
                .error, "'media-origins' must be a list of origins", line: entry.valueLine,
                characterColumn: entry.valueColumn, hint: mediaOriginsExample))
            return []
        }
        var origins: [String] = []
        for item in items {
            let line = item.line
            let column = item.column
            guard let text = item.string else {
                diagnostics.append(file.diagnostic(
                    .error, "each of 'media-origins' must be an origin such as https://images.example.org",
                    line: line, characterColumn: column))
                continue
            }
            switch mediaOrigin(text) {
            case .success(let origin) where origins.contains(origin):
                diagnostics.append(file.diagnostic(
                    .warning, "'\(origin)' is listed twice in 'media-origins'", line: line, characterColumn: column))
            case .success(let origin):
                origins.append(origin)
            case .failure(let problem):
                diagnostics.append(file.diagnostic(
                    .error, "'\(text)' is not an origin: \(problem.reason)", line: line, characterColumn: column,
                    hint: problem.hint))
            }
        }
        return origins
    }

    struct OriginProblem: Error {
        var reason: String
        var hint: String
    }

    /// `https://Images.Example.org/` → `https://images.example.org`; a leading `*.` stands for
    /// any subdomain, as in the policy itself.
    static func mediaOrigin(_ text: String) -> Result<String, OriginProblem> {
        let lowered = text.lowercased()
        guard let scheme = ["https", "http"].first(where: { lowered.hasPrefix($0 + "://") }) else {
            return .failure(OriginProblem(reason: "it must start with https:// or http://", hint: mediaOriginsExample))
        }
        var rest = lowered.dropFirst(scheme.count + 3)
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        if rest.contains(where: { "/?#".contains($0) }) {
            return .failure(OriginProblem(
                reason: "an origin has no path, query or fragment",
                hint: "write only the scheme and the host, such as https://images.example.org"))
        }
        // The policy's grammar has host names and IPv4 addresses only: Chromium ignores a
        // source such as `https://[::1]` (and says so in the console), so it would allow nothing.
        if rest.hasPrefix("[") {
            return .failure(OriginProblem(
                reason: "a Content-Security-Policy cannot name an IPv6 address (browsers ignore such a source)",
                hint: "name the host by a host name, such as media.example.org, or by an IPv4 address"))
        }
        var host = rest
        var port = ""
        if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            port = String(rest[rest.index(after: colon)...])
            guard let number = Int(port), (1...65535).contains(number), port.allSatisfy(\.isASCII) else {
                return .failure(OriginProblem(reason: "'\(port)' is not a port", hint: "a port is a number from 1 to 65535"))
            }
        }
        // A name in another script goes into the policy in its IDNA form, as browsers compare
        // it (`bücher.example` is `xn--bcher-kva.example`), as `base-url`'s host does.
        let wildcard = host.hasPrefix("*.")
        if !host.unicodeScalars.allSatisfy(\.isASCII), case .success(let ascii) = HostName.ascii(wildcard ? host.dropFirst(2) : host) {
            host = (wildcard ? "*." : "") + ascii[...]
        }
        let labels = (wildcard ? host.dropFirst(2) : host).split(separator: ".", omittingEmptySubsequences: false)
        let valid = labels.allSatisfy { label in
            !label.isEmpty && label.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
            }
        }
        guard valid else {
            let ascii = host.unicodeScalars.allSatisfy(\.isASCII)
            return .failure(OriginProblem(
                reason: "'\(host)' is not a host name",
                hint: ascii ? "a host is made of letters, digits, '-' and dots, such as images.example.org"
                    : "a host is made of letters, digits, '-' and dots, in any script"))
        }
        return .success("\(scheme)://\(host)" + (port.isEmpty ? "" : ":\(port)"))
    }
}
