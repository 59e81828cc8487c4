import Diagnostics
import Foundation
import Render
import Support

/// serve's 404 page: only an author sees it, so its words are the terminal's English. It
/// names the path asked for, links to the index, and suggests the site's pages whose paths
/// are nearest to it (a typo, a page renamed). Everything it shows of the request is
/// escaped, and its policy allows nothing but the reload script `LiveReload` adds.
enum NotFoundPage {
    /// How many pages it suggests at most.
    static let suggestionLimit = 3

    /// - Parameters:
    ///   - requestPath: the path asked for, as the request has it (percent-encoded).
    ///   - files: the site's files, by their path in the site (`a/b/index.html`).
    ///   - withErrors: Markdown files with errors by their page folder (`LiveSite.foldersWithErrors`).
    ///   - withoutMaps: stories without a map by their page folder, with why (`LiveSite.foldersWithoutMaps`).
    static func html(
        for requestPath: String, files: [String], withErrors: [(folder: String, file: String)] = [],
        withoutMaps: [(folder: String, note: String)] = []
    ) -> String {
        let asked = requestPath.removingPercentEncoding ?? requestPath
        let shown = asked.utf8.count > 200 ? String(asked.prefix(200)) + "…" : asked
        // Why a page is missing, where serve knows: its Markdown file has errors, or it is the
        // map of a story `dot` could not draw.
        let trimmed = String(asked.drop { $0 == "/" })
        let cause = withErrors.first { trimmed == $0.folder || trimmed.hasPrefix($0.folder + "/") }.map {
            "<p><code>\(HTMLEscaping.escape($0.file))</code> has errors, so it has no pages until they are fixed (the terminal lists them).</p>\n"
        } ?? withoutMaps.first { [$0.folder + "/map.html", $0.folder + "/story.svg"].contains(trimmed) }.map {
            "<p>This story has no map. \(HTMLEscaping.escape($0.note))</p>\n"
        } ?? ""
        let suggested = suggestions(for: asked, files: files).map { page in
            "<li><a href=\"\(HTMLEscaping.escape("/" + SitePaths.urlPath(page)))\">\(HTMLEscaping.escape("/" + page))</a></li>\n"
        }
        let list = suggested.isEmpty ? "" : "<p>Did you mean:</p>\n<ul>\n" + suggested.joined() + "</ul>\n"
        return """
            <!DOCTYPE html>
            <html lang="en" dir="ltr">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'">
            <title>404 · Page not found</title>
            </head>
            <body>
            <h1>Page not found</h1>
            <p>The site has no page at <code>\(HTMLEscaping.escape(shown))</code>.</p>
            \(cause)\(list)<p><a href="/">The site's index</a></p>
            </body>
            </html>

            """
    }

    /// The pages (as URL paths without their `/`, a folder's page as the folder: `a/b/`)
    /// nearest to the path asked for, nearest first. The index is linked anyway.
    static func suggestions(for asked: String, files: [String]) -> [String] {
        var wanted = asked.hasPrefix("/") ? String(asked.dropFirst()) : asked
        if wanted.hasSuffix("index.html") { wanted.removeLast("index.html".count) }
        let pages = files.filter { $0.hasSuffix(".html") && $0 != "index.html" }.map { page in
            page.hasSuffix("/index.html") ? String(page.dropLast("index.html".count)) : page
        }
        return NearestMatch.closest(wanted, in: pages, limit: suggestionLimit)
    }
}
