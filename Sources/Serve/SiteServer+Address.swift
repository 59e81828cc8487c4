import Glibc

extension SiteServer {
    /// A host as a URL writes it: an IPv6 address in brackets (`[::1]:8400`, not `::1:8400`).
    public static func urlHost(_ host: String) -> String { host.contains(":") ? "[\(host)]" : host }

    /// Whether `host` stands for every address of this computer (`0.0.0.0`, `::`): a server
    /// listens there, but no browser can go there.
    public static func isEveryAddress(_ host: String) -> Bool {
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return v4.s_addr == 0 }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, host, &v6) == 1 else { return false }
        return withUnsafeBytes(of: &v6) { $0.allSatisfy { $0 == 0 } }
    }

    /// The site's address for a browser on this computer: for every address, loopback's.
    public static func localURL(host: String, port: Int) -> String {
        guard isEveryAddress(host) else { return "http://\(urlHost(host)):\(port)/" }
        return host.contains(":") ? "http://[::1]:\(port)/" : "http://127.0.0.1:\(port)/"
    }

    /// The site's address for other computers, when serve listens on every address: this
    /// computer's name (nil when it has none).
    public static func networkURL(port: Int) -> String? {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return nil }
        let host = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return host.isEmpty ? nil : "http://\(host):\(port)/"
    }
}
