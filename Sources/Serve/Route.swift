import Foundation
import Render

/// What a request path asks for. Only names the site has are answered: pages from memory,
/// assets the loader found; `..`, `.` and encoded slashes or NULs never reach a file.
public enum Route: Equatable, Sendable {
    case events
    /// A generated file, by its path in the site.
    case page(String)
    /// A file of the content folder, by its path there.
    case asset(String)
    /// A folder asked for without its `/`: relative links need it.
    case redirect(String)
    case notFound

    public static func resolve(_ requestPath: String, page: (String) -> Bool, asset: (String) -> Bool) -> Route {
        if requestPath == LiveReload.eventsPath { return .events }
        guard requestPath.hasPrefix("/") else { return .notFound }
        var segments: [String] = []
        for raw in requestPath.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let segment = String(raw).removingPercentEncoding,
                  segment != "..", segment != ".", !segment.contains("/"), !segment.contains("\0"), !segment.contains("\\")
            else { return .notFound }
            segments.append(segment)
        }
        let folder = requestPath.hasSuffix("/")
        if folder { segments.removeLast() }
        guard !segments.contains(where: \.isEmpty) else { return .notFound }
        let path = segments.joined(separator: "/")
        if folder || path.isEmpty {
            let index = path.isEmpty ? "index.html" : path + "/index.html"
            return page(index) ? .page(index) : .notFound
        }
        if page(path) { return .page(path) }
        if asset(path) { return .asset(path) }
        if page(path + "/index.html") { return .redirect("/" + SitePaths.urlPath(path) + "/") }
        return .notFound
    }
}
