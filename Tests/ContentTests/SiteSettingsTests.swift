import Foundation
import Content
import Diagnostics
import Testing

@Suite struct SiteSettingsTests {
    func settings(_ text: String) -> (SiteSettings, [String]) {
        let (settings, problems) = SiteSettings.parse(SourceFile(path: "quizgen.yml", text: text))
        return (settings, located(problems))
    }

    @Test func mapChoicesAreLabelsUnlessTheSiteSaysTooltips() {
        #expect(settings("title: T\n").0.mapChoices == .labels)
        #expect(settings("map-choices: tooltips\n") == (SiteSettings(mapChoices: .tooltips), []))
        #expect(settings("map-choices: labels\n") == (SiteSettings(), []))
        let (parsed, problems) = settings("title: T\nmap-choices: [labels]\n")
        #expect(parsed.mapChoices == .labels)
        #expect(problems == ["2:14: error: 'map-choices' must be 'labels' or 'tooltips'"])
        // A story's own setting wins over the site's.
        var story = Story(pages: [Story.Page(id: "a")])
        #expect(SiteSettings(mapChoices: .tooltips).mapChoices(for: story) == .tooltips)
        story.mapChoices = .labels
        #expect(SiteSettings(mapChoices: .tooltips).mapChoices(for: story) == .labels)
    }

    /// Every page's URL is the base followed by its path, so a base with anything after its
    /// path would put it inside each of them.
    @Test func aBaseURLIsAnAddressWithAHostAndAPathOnly() {
        #expect(settings("base-url: https://example.org/q\n").0.baseURL == "https://example.org/q/")
        #expect(settings("base-url: http://example.org/q%20z/\n").0.baseURL == "http://example.org/q%20z/")
        #expect(settings("base-url: HTTPS://example.org:8443/Q\n").0.baseURL == "https://example.org:8443/Q/")
        for (value, what) in [("https://example.org/q/?x=1", "a query ('?')"), ("https://example.org/q/#top", "a fragment ('#')"),
                              ("\"https://example.org/my quizzes/\"", "white space"), ("https://", "no host"), ("https:///q/", "no host"),
                              ("https://me:pw@example.org/", "a user name or password ('@')"),
                              ("https://example.org:99999/", "a port that is no port"), ("https://example.org:x/", "a port that is no port")] {
            let (parsed, problems) = settings("base-url: \(value)\n")
            #expect(parsed.baseURL == nil)
            let shown = value.replacingOccurrences(of: "\"", with: "")
            #expect(problems == ["1:11: error: 'base-url' is the address the site lives at, and '\(shown)' has \(what)"], "\(value)")
        }
    }

    /// A page's address copied from the browser would put every page's URL below that page.
    @Test func aBaseURLNamesAFolderNotAPage() {
        let (parsed, problems) = settings("base-url: https://teacher.github.io/class-7b/index.html\n")
        #expect(parsed.baseURL == nil)
        #expect(problems == ["1:11: error: 'base-url' is the address the site lives at, and 'https://teacher.github.io/class-7b/index.html' has a page's name at its end ('index.html')"])
        let hinted = SiteSettings.parse(SourceFile(path: "quizgen.yml", text: "base-url: https://teacher.github.io/Index.HTM\n")).1
        #expect(hinted.map(\.hint) == ["name the folder the site is in: https://teacher.github.io/"])
        // A folder named like a page, or a host, is not one.
        #expect(settings("base-url: https://quiz.html.example/q.html/\n").0.baseURL == "https://quiz.html.example/q.html/")
        #expect(settings("base-url: https://example.html\n").0.baseURL == "https://example.html/")
    }

    /// Pages carry the base as a URL: a host in another script in IDNA's ASCII form
    /// (lower-cased and NFC-normalised first), a path's other bytes percent-encoded as UTF-8,
    /// and an ASCII base exactly as written.
    @Test func aBaseURLInAnotherScriptIsEncoded() {
        let cases = [
            ("https://bücher.example/quiz/übungen/", "https://xn--bcher-kva.example/quiz/%C3%BCbungen/"),
            ("https://BÜCHER.Example:8443/q", "https://xn--bcher-kva.example:8443/q/"),
            ("https://bu\u{308}cher.example/", "https://xn--bcher-kva.example/"),
            ("https://例え。テスト/", "https://xn--r8jz45g.xn--zckzah/"),
            ("https://bücher.example./", "https://xn--bcher-kva.example./"),
            ("http://example.org/été%20/", "http://example.org/%C3%A9t%C3%A9%20/"),
            ("https://Example.ORG/Q%20z/", "https://Example.ORG/Q%20z/"),
            ("https://example.org.", "https://example.org./"),
            // Full-width letters are the ASCII ones (UTS 46), and an IPv6 address stays in brackets.
            ("https://Ａｂｃ.de/", "https://abc.de/"),
            ("https://[::1]:8080/q", "https://[::1]:8080/q/"),
            ("http://[2001:db8::1]/", "http://[2001:db8::1]/"),
        ]
        for (written, url) in cases {
            #expect(settings("base-url: \(written)\n") == (SiteSettings(baseURL: url), []), "\(written)")
        }
    }

    /// A host that DNS cannot carry: an empty part, or a part longer than 63 bytes once encoded.
    @Test func aHostThatCannotBeEncodedIsALocatedError() {
        let long = String(repeating: "ü", count: 60)
        for (value, what) in [("https://bücher..example/", "an empty part in its host name ('bücher..example')"),
                              ("https://.example.org/", "an empty part in its host name ('.example.org')"),
                              ("https://\(long).example/", "a host name part that is longer than 63 bytes ('\(long)')"),
                              ("https://\(String(repeating: "a", count: 64)).org/", "a host name part that is longer than 63 bytes ('\(String(repeating: "a", count: 64))')"),
                              ("https://:8080/", "no host"),
                              ("https://a\u{200B}b.de/", "a character no host name holds ('U+200B')"),
                              ("https://ex<ample.org/", "a character no host name holds ('<')"),
                              ("https://[zz]/", "an address in brackets that is no IPv6 address"),
                              ("https://[::1]:0/", "a port that is no port")] {
            let (parsed, problems) = settings("title: T\nbase-url: \(value)\n")
            #expect(parsed.baseURL == nil)
            #expect(problems == ["2:11: error: 'base-url' is the address the site lives at, and '\(value)' has \(what)"], "\(value)")
        }
        // 59 scalars that encode within 63 bytes pass.
        let fits = String(repeating: "a", count: 50) + "ü"
        #expect(settings("base-url: https://\(fits).example/\n").1 == [])
    }

    @Test func mediaOriginsAreNoneByDefault() {
        #expect(settings("title: T\n").0.mediaOrigins == [])
        #expect(settings("media-origins:\n") == (SiteSettings(), []))
        #expect(settings("media-origins: []\n") == (SiteSettings(), []))
    }

    @Test func mediaOriginsAreNormalisedOrigins() {
        let (parsed, problems) = settings("""
            media-origins:
              - https://Images.Example.org/
              - http://localhost:8080
              - https://*.cdn.example.net
              - https://images.example.org
            """)
        #expect(parsed.mediaOrigins == ["https://images.example.org", "http://localhost:8080", "https://*.cdn.example.net"])
        #expect(problems == ["5:5: warning: 'https://images.example.org' is listed twice in 'media-origins'"])
        #expect(settings("media-origins: https://img.example.org\n").0.mediaOrigins == ["https://img.example.org"])
        #expect(settings("media-origins: [https://a.example, https://b.example]\n").0.mediaOrigins == ["https://a.example", "https://b.example"])
        // A host in another script, in its IDNA form, as browsers compare it.
        #expect(settings("media-origins: [https://Bücher.example, 'https://*.例え.テスト:8443']\n").0.mediaOrigins
            == ["https://xn--bcher-kva.example", "https://*.xn--r8jz45g.xn--zckzah:8443"])
    }

    /// Each origin goes into the Content-Security-Policy as written: nothing that could end
    /// the directive or add a source of another kind gets through.
    @Test func anythingButAnOriginIsALocatedError() {
        let (parsed, problems) = settings("""
            title: T
            media-origins:
              - images.example.org
              - https://example.org/pictures/
              - "https://example.org; script-src *"
              - https://example.org:99999
              - https://bü<cher.example
              - "'self'"
              - "*"
              - "data:"
              - https://
              - {a: 1}
            """)
        #expect(parsed.mediaOrigins == [])
        #expect(problems == [
            "3:5: error: 'images.example.org' is not an origin: it must start with https:// or http://",
            "4:5: error: 'https://example.org/pictures/' is not an origin: an origin has no path, query or fragment",
            "5:5: error: 'https://example.org; script-src *' is not an origin: 'example.org; script-src *' is not a host name",
            "6:5: error: 'https://example.org:99999' is not an origin: '99999' is not a port",
            "7:5: error: 'https://bü<cher.example' is not an origin: 'bü<cher.example' is not a host name",
            "8:5: error: ''self'' is not an origin: it must start with https:// or http://",
            "9:5: error: '*' is not an origin: it must start with https:// or http://",
            "10:5: error: 'data:' is not an origin: it must start with https:// or http://",
            "11:5: error: 'https://' is not an origin: '' is not a host name",
            "12:5: error: each of 'media-origins' must be an origin such as https://images.example.org",
        ])
    }

    /// The policy's grammar has no IPv6 address: Chromium ignores `https://[::1]` as a
    /// source (checked with Chromium 156), so it is refused for what it is, not as a port.
    @Test func anIPv6AddressIsSaidToBeOutOfThePolicysReach() {
        let (parsed, problems) = settings("media-origins: ['https://[::1]', 'http://[2001:db8::1]:8080', https://192.0.2.1:8443]\n")
        #expect(parsed.mediaOrigins == ["https://192.0.2.1:8443"])
        let reason = "a Content-Security-Policy cannot name an IPv6 address (browsers ignore such a source)"
        #expect(problems == [
            "1:17: error: 'https://[::1]' is not an origin: \(reason)",
            "1:34: error: 'http://[2001:db8::1]:8080' is not an origin: \(reason)",
        ])
    }

    @Test func mediaOriginsMustBeAList() {
        #expect(settings("media-origins: {a: https://example.org}\n").1
            == ["1:16: error: 'media-origins' must be a list of origins"])
        #expect(settings("media-origin: [https://example.org]\n").1 == ["1:1: warning: unknown setting 'media-origin'"])
    }
}
