import Foundation
import Render
import Serve
import Testing

@Suite struct RouteTests {
    let pages: Set<String> = ["index.html", "a/index.html", "a/map.html", "a/story.svg", "é t/index.html"]
    let assets: Set<String> = ["a/cat.png", "bank.csv"]

    func route(_ path: String) -> Route {
        Route.resolve(path, page: pages.contains, asset: assets.contains)
    }

    @Test func foldersPagesAndAssets() {
        #expect(route("/") == .page("index.html"))
        #expect(route("/a/") == .page("a/index.html"))
        #expect(route("/a/map.html") == .page("a/map.html"))
        #expect(route("/a/story.svg") == .page("a/story.svg"))
        #expect(route("/a/cat.png") == .asset("a/cat.png"))
        #expect(route("/%C3%A9%20t/") == .page("é t/index.html"))
        #expect(route("/__quizgen/events") == .events)
    }

    @Test func aFolderWithoutItsSlashIsRedirected() {
        #expect(route("/a") == .redirect("/a/"))
        #expect(route("/%C3%A9%20t") == .redirect("/%C3%A9%20t/"))
    }

    @Test func nothingOutsideTheSite() {
        for path in ["/../etc/passwd", "/a/../../etc/passwd", "/%2e%2e/etc/passwd", "/a%2F..%2F..%2Fetc", "/a/%00",
                     "/..%5C..%5Cetc", "//etc/passwd", "/b", "/a/nope.html", "relative", "/a//map.html"] {
            #expect(route(path) == .notFound, "\(path)")
        }
    }
}

@Suite struct ContentTypeTests {
    @Test func theSitesKinds() {
        #expect(ContentType.of("a/index.html") == "text/html; charset=utf-8")
        #expect(ContentType.of("a/story.svg") == "image/svg+xml")
        #expect(ContentType.of("a/story.dot") == "text/plain; charset=utf-8")
        #expect(ContentType.of("bank.CSV") == "text/csv; charset=utf-8")
        #expect(ContentType.of("a/cat.jpeg") == "image/jpeg")
        #expect(ContentType.of("style.css") == "text/css; charset=utf-8")
        #expect(ContentType.of("clip.mp4") == "video/mp4")
        #expect(ContentType.of("README") == "application/octet-stream")
    }
}

@Suite struct LiveReloadTests {
    let page = """
        <!DOCTYPE html>
        <html><head>
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'sha256-x'; script-src 'none'; img-src 'self' data:">
        </head>
        <body>
        <p>Hi</p>
        </body>
        </html>
        """

    /// In the head, right after the policy, before the page's own scripts (whose errors it
    /// shows), with the page's version.
    @Test func theScriptGoesAfterThePolicyAndThePolicyAllowsIt() {
        let version = LiveReload.version(of: Array(page.utf8))
        let served = String(decoding: LiveReload.inject(into: Array(page.utf8), version: version), as: UTF8.self)
        #expect(served.contains("data:; connect-src 'self'\">\n<meta name=\"quizgen-version\" content=\"\(version)\">\n<script>"
            + LiveReload.script + "</script>\n</head>"))
        let hash = SHA256.cspSource(LiveReload.script)
        #expect(served.contains(
            "content=\"default-src 'none'; style-src 'sha256-x'; script-src \(hash); img-src 'self' data:; connect-src 'self'\""))
    }

    @Test func aPageScriptKeepsItsHash() {
        let withScript = page.replacingOccurrences(of: "script-src 'none'", with: "script-src 'sha256-page'")
        let served = String(decoding: LiveReload.inject(into: Array(withScript.utf8), version: ""), as: UTF8.self)
        #expect(served.contains("script-src 'sha256-page' 'sha256-"))
    }

    /// The same bytes give the same version in every run of serve; other bytes another.
    @Test func versionsAreHashesOfTheBytes() {
        #expect(LiveReload.version(of: Array("a".utf8)) == "af63dc4c8601ec8c")
        #expect(LiveReload.version(of: Array("b".utf8)) != LiveReload.version(of: Array("a".utf8)))
        #expect(LiveReload.version(of: nil) == "")
    }
}

/// A page elsewhere whose name was pointed at 127.0.0.1 (DNS rebinding) reaches `serve`
/// with its own name as the Host: only this computer's names are answered.
@Suite struct LocalHostTests {
    @Test func thisComputersNamesWithAnyPort() {
        for host in [nil, "", "localhost", "LOCALHOST:8400", "localhost.", "app.localhost:8401", "127.0.0.1", "127.0.0.1:8400",
                     "127.1.2.3:80", "[::1]", "[::1]:8400"] {
            #expect(SiteResponder.isLocal(host: host), "\(host ?? "nil")")
        }
    }

    @Test func anyOtherNameIsRefused() {
        for host in ["evil.example", "evil.example:8400", "localhost.evil.example", "127.0.0.1.evil.example", "127.0.0.1:x",
                     "128.0.0.1", "127.0.0", "127.0.0.256", "[::2]", "[::1]x", "0.0.0.0:8400", "192.168.1.2"] {
            #expect(!SiteResponder.isLocal(host: host), "\(host)")
        }
    }
}
