import Markdown
import Support
import Testing

@Suite struct HTMLRendererTests {
    func html(_ markdown: String, raw: Bool = false) -> String {
        HTMLRenderer(allowRawHTML: raw).render(blocks: MarkdownParser.parse(markdown).document.children)
    }

    @Test func rendersLikeCmark() {
        #expect(html("Hello *world* & `<code>`\n") == "<p>Hello <em>world</em> &amp; <code>&lt;code&gt;</code></p>\n")
        #expect(html("- a\n- b\n") == "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n")
        #expect(html("- a\n\n- b\n") == "<ul>\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n</ul>\n")
        #expect(html("3. x\n") == "<ol start=\"3\">\n<li>x</li>\n</ol>\n")
        #expect(html("> q\n") == "<blockquote>\n<p>q</p>\n</blockquote>\n")
        #expect(html("```swift\nlet x = 1 < 2\n```\n") == "<pre><code class=\"language-swift\">let x = 1 &lt; 2\n</code></pre>\n")
        #expect(html("![a *cat*](cat.png \"Tom\")\n") == "<p><img src=\"cat.png\" alt=\"a cat\" title=\"Tom\"></p>\n")
    }

    @Test func dropsRawHTMLUnlessAllowed() {
        #expect(html("<script>alert(1)</script>\n") == "<!-- raw HTML omitted -->\n")
        #expect(html("a <b onclick=x>b</b>\n") == "<p>a <!-- raw HTML omitted -->b<!-- raw HTML omitted --></p>\n")
        #expect(html("<div>ok</div>\n", raw: true) == "<div>ok</div>\n")
    }

    /// Raw HTML is the author's and passed as written, as the README says: only Markdown's
    /// own links drop script URLs (the page's policy keeps a raw one from running).
    @Test func rawHTMLKeepsItsOwnURLs() {
        #expect(html("<a href=\"javascript:alert(1)\">x</a> [y](javascript:alert(1))\n", raw: true)
            == "<p><a href=\"javascript:alert(1)\">x</a> y</p>\n")
    }

    @Test func neverLinksDangerousURLs() {
        #expect(html("[x](javascript:alert(1))\n") == "<p>x</p>\n")
        #expect(html("[x](JaVaScRiPt:alert(1))\n") == "<p>x</p>\n")
        #expect(html("[x](<java\tscript:alert(1)>)\n") == "<p>x</p>\n")
        #expect(html("[x](vbscript:x) [y](file:///etc/passwd) [z](data:text/html,x)\n") == "<p>x y z</p>\n")
        #expect(html("![i](data:image/png;base64,AAAA)\n") == "<p><img src=\"data:image/png;base64,AAAA\" alt=\"i\"></p>\n")
        #expect(html("![i](javascript:x)\n") == "<p>i</p>\n")
    }

    /// The scheme is read from the first 16 visible bytes, compared by bytes; where a byte
    /// outside ASCII follows the prefix, by characters as before.
    @Test func dangerousSchemesByTheirFirstBytes() {
        #expect(HTMLEscaping.isDangerousURL(" \u{01}JAVA\nSCRIPT:x"))
        #expect(HTMLEscaping.isDangerousURL("file:"))
        #expect(!HTMLEscaping.isDangerousURL("file"))
        #expect(!HTMLEscaping.isDangerousURL("https://javascript:x"))
        #expect(HTMLEscaping.isDangerousURL("data:image/png", isImage: false))
        #expect(!HTMLEscaping.isDangerousURL("data:image/webp;x", isImage: true))
        #expect(HTMLEscaping.isDangerousURL("data:image/svg+xml,x", isImage: true))
        // A combining mark joins the colon: no longer the character ':' (as it always was).
        #expect(!HTMLEscaping.isDangerousURL("file:\u{301}x"))
        #expect(HTMLEscaping.isDangerousURL("file:é"))
        // Decided by the first visible byte, in either case, or read on.
        for url in ["VBScript:x", "\tData:text/html,x", "FILE:x", " j\navascript:x"] { #expect(HTMLEscaping.isDangerousURL(url), "\(url)") }
        for url in ["", " \u{01} ", "#javascript:x", "../file:x", "https:x", "é:x", "d", "javascript"] {
            #expect(!HTMLEscaping.isDangerousURL(url), "\(url)")
        }
    }

    @Test func escapesAttributesAndURLs() {
        #expect(html("[x](a\"b 'it&s')\n") == "<p><a href=\"a%22b\" title=\"it&amp;s\">x</a></p>\n")
        #expect(html("[x](<a b>)\n") == "<p><a href=\"a%20b\">x</a></p>\n")
        #expect(html("[森](#森の中)\n") == "<p><a href=\"#%E6%A3%AE%E3%81%AE%E4%B8%AD\">森</a></p>\n")
    }

    /// The scan that lets most URLs through untouched agrees with the escaping itself, for
    /// every byte, alone and between others.
    @Test func hrefsNeedingNoEscapingAreKeptAsTheyAre() {
        let safe = Set(Array("-_.+!*(),%#@?=;:/$~[]".utf8) + Array(UInt8(ascii: "a")...UInt8(ascii: "z"))
            + Array(UInt8(ascii: "A")...UInt8(ascii: "Z")) + Array(UInt8(ascii: "0")...UInt8(ascii: "9")))
        for byte in UInt8(0)..<128 {
            let text = String(decoding: [byte], as: UTF8.self)
            for url in [text, "a" + text + "z", "page-3.html#" + text] {
                let escaped = HTMLEscaping.escapeHref(url)
                if safe.contains(byte) {
                    #expect(escaped == url, "\(url.debugDescription)")
                } else {
                    #expect(escaped != url, "\(url.debugDescription)")
                }
            }
        }
        #expect(HTMLEscaping.escapeHref("a&b'c") == "a&amp;b&#x27;c")
        #expect(HTMLEscaping.escapeHref("é") == "%C3%A9")
        #expect(HTMLEscaping.escapeHref("caf%C3%A9.html") == "caf%C3%A9.html")
    }

    @Test func resolverRewritesAndDrops() {
        let renderer = HTMLRenderer { url, use in use == .image ? "../" + url : (url == "drop" ? nil : url) }
        let doc = MarkdownParser.parse("[a](drop) [b](keep) ![c](c.png)\n").document
        #expect(renderer.render(blocks: doc.children) == "<p>a <a href=\"keep\">b</a> <img src=\"../c.png\" alt=\"c\"></p>\n")
    }

    @Test func phrasingHasNoLinksOrBlocks() {
        let doc = MarkdownParser.parse("- [Go](#x) *now*\n").document
        let item = doc.children[0].children[0]
        #expect(HTMLRenderer().renderPhrasing(item.children) == "Go <em>now</em>")
    }
}
