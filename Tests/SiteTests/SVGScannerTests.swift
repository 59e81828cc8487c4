import Site
import Testing

/// What in an SVG runs script when the picture is opened on its own: vectors from the
/// OWASP and PortSwigger XSS cheat sheets, DOMPurify's SVG tests and the SMIL animation
/// tricks, each written as the well-formed XML a browser would run.
@Suite struct SVGScannerTests {
    static let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">"##

    /// What the scan finds, or nil.
    func found(_ text: String) -> String? {
        SVGScanner.activeContent(in: Array(text.utf8))?.what
    }

    static let active: [(String, String)] = [
        (svg + "<script>alert(1)</script></svg>", "a <script> element"),
        (svg + "<script/></svg>", "a <script> element"),
        (svg + ##"<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script></svg>"##, "a <svg:script> element"),
        (svg + ##"<html:script xmlns:html="http://www.w3.org/1999/xhtml">alert(1)</html:script></svg>"##, "a <html:script> element"),
        (svg + ##"<SCRIPT>alert(1)</SCRIPT></svg>"##, "a <SCRIPT> element"),
        (svg + ##"<script xlink:href="data:,alert(1)"/></svg>"##, "a <script> element"),
        (svg + ##"<foreignObject width="100" height="100"><body xmlns="http://www.w3.org/1999/xhtml"><p>hi</p></body></foreignObject></svg>"##,
         "a <foreignObject> element"),
        (svg + ##"<iframe xmlns="http://www.w3.org/1999/xhtml" srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"/></svg>"##,
         "a <iframe> element"),
        (svg + ##"<embed xmlns="http://www.w3.org/1999/xhtml" src="evil.swf"/></svg>"##, "a <embed> element"),
        (svg + ##"<object xmlns="http://www.w3.org/1999/xhtml" data="evil.html"/></svg>"##, "a <object> element"),
        (svg + ##"<handler type="application/ecmascript">alert(1)</handler></svg>"##, "a <handler> element"),
        (svg + ##"<h:base xmlns:h="http://www.w3.org/1999/xhtml" href="https://evil.example/"/></svg>"##, "a <h:base> element"),
        (svg + ##"<h:meta xmlns:h="http://www.w3.org/1999/xhtml" http-equiv="refresh" content="0;url=x"/></svg>"##, "a <h:meta> element"),
        // Event handlers, on any element, in any case, after a value holding `>`.
        (##"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>"##, "an event handler attribute onload="),
        (svg + ##"<rect width="10" height="10" ONCLICK='alert(1)'/></svg>"##, "an event handler attribute ONCLICK="),
        (svg + ##"<image href="x" onerror="alert(1)"/></svg>"##, "an event handler attribute onerror="),
        (svg + ##"<rect title="a > b" onmouseover="alert(1)"/></svg>"##, "an event handler attribute onmouseover="),
        (svg + ##"<animate onbegin="alert(1)" attributeName="x" dur="1s"/></svg>"##, "an event handler attribute onbegin="),
        (svg + "<g\n  onfocusin\n  =\n  'alert(1)'/></svg>", "an event handler attribute onfocusin="),
        // Script URLs, encoded and split as URL parsers still read them.
        (svg + ##"<a xlink:href="javascript:alert(1)"><text>x</text></a></svg>"##, "a javascript URL in xlink:href="),
        (svg + ##"<a href="  JaVaScRiPt:alert(1)"><text>x</text></a></svg>"##, "a javascript URL in href="),
        (svg + ##"<a href='javascript:alert(1)'><text>x</text></a></svg>"##, "a javascript URL in href="),
        (svg + ##"<a href="&#106;avascript:alert(1)"><text>x</text></a></svg>"##, "a javascript URL in href="),
        (svg + ##"<a href="&#x6A;&#X61;vascript&#58;alert(1)"><text>x</text></a></svg>"##, "a javascript URL in href="),
        (svg + ##"<a href="&#0000106avascript:alert(1)"><text>x</text></a></svg>"##, "a javascript URL in href="),
        (svg + ##"<a href="java&#9;script:alert(1)"><text>x</text></a></svg>"##, "a javascript URL in href="),
        (svg + ##"<a href="java&#x0A;script&#x3A;alert(1)"><text>x</text></a></svg>"##, "a javascript URL in href="),
        (svg + "<a href=\"java\nscript:alert(1)\"><text>x</text></a></svg>", "a javascript URL in href="),
        (svg + "<a href=\"\u{1}javascript:alert(1)\"><text>x</text></a></svg>", "a javascript URL in href="),
        (svg + ##"<a href="vbscript:msgbox(1)"><text>x</text></a></svg>"##, "a vbscript URL in href="),
        (svg + ##"<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"><text>x</text></a></svg>"##, "a data URL in href="),
        (svg + ##"<use href="data:image/svg+xml;base64,PHN2ZyBpZD0neCc+PC9zdmc+#x"/></svg>"##, "a data URL in href="),
        (svg + ##"<feImage xlink:href="javascript:alert(1)"/></svg>"##, "a javascript URL in xlink:href="),
        (svg + ##"<g xml:base="javascript:alert(1)//"><a href="x"><text>x</text></a></g></svg>"##, "a javascript URL in xml:base="),
        (svg + ##"<form xmlns="http://www.w3.org/1999/xhtml" action="javascript:alert(1)"/></svg>"##, "a javascript URL in action="),
        // SMIL: an animation that makes a link's target script, or targets a link at all.
        (svg + ##"<a><text>x</text><animate attributeName="href" values="javascript:alert(1)"/></a></svg>"##,
         "a javascript URL in values="),
        (svg + ##"<a><text>x</text><animate attributeName="xlink:href" values="#a;javascript:alert(1)" begin="0s" fill="freeze"/></a></svg>"##,
         "a javascript URL in values="),
        (svg + ##"<a><text>x</text><set attributeName="href" to="&#106;avascript:alert(1)"/></a></svg>"##, "a javascript URL in to="),
        (svg + ##"<a><text>x</text><animate attributeName="href" from="javascript:alert(1)" to="#x"/></a></svg>"##,
         "a javascript URL in from="),
        (svg + ##"<a><text>x</text><set attributeName="href" to="#x"/></a></svg>"##,
         "an animation of href (<set>), which can make a link run script"),
        (svg + ##"<a><text>x</text><set to="#x" attributeName=" xlink:HREF "/></a></svg>"##,
         "an animation of href (<set>), which can make a link run script"),
        (svg + ##"<a><text>x</text><set attributeName="onmouseover" to="alert(1)"/></a></svg>"##,
         "an animation of onmouseover (<set>), which can make a link run script"),
        // Markup that hides markup from a scan, or brings in a stylesheet that writes script.
        ("<?xml version=\"1.0\"?>\n<?xml-stylesheet type=\"text/xsl\" href=\"x.xsl\"?>\n" + svg + "</svg>",
         "a processing instruction <?xml-stylesheet"),
        (##"<!DOCTYPE svg [<!ENTITY x "&#60;script&#62;alert(1)&#60;/script&#62;">]>"## + svg + "&x;</svg>",
         "a DOCTYPE with declarations of its own ([…], where entities can hide markup)"),
        (##"<!doctype svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd" [ ]>"## + svg + "</svg>",
         "a DOCTYPE with declarations of its own ([…], where entities can hide markup)"),
        (svg + ##"<!ENTITY x "y"></svg>"##, "a markup declaration (<!…)"),
        // Encodings in which the bytes of `<script` are not what the browser reads.
        (##"<?xml version="1.0" encoding="ISO-2022-JP"?>"## + svg + "</svg>",
         "the encoding \"ISO-2022-JP\" (the check reads UTF-8 and ASCII-based encodings only)"),
        (##"<?xml version="1.0" encoding='UTF-16'?>"## + svg + "</svg>",
         "the encoding \"UTF-16\" (the check reads UTF-8 and ASCII-based encodings only)"),
        ("<svg>\u{0}<script>alert(1)</script></svg>", "a NUL byte (the file is not UTF-8 text)"),
    ]

    @Test(arguments: active) func activeContentIsFound(_ text: String, _ what: String) {
        #expect(found(text) == what)
    }

    @Test func utf16IsNotRead() {
        let text = Self.svg + "<script>alert(1)</script></svg>"
        let le: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let be: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        #expect(SVGScanner.activeContent(in: le) == .init(what: "a byte-order mark of UTF-16", offset: 0))
        #expect(SVGScanner.activeContent(in: be) == .init(what: "a byte-order mark of UTF-16", offset: 0))
        #expect(SVGScanner.activeContent(in: [0xFF, 0xFE, 0, 0] + Array("<svg/>".utf8))?.what == "a byte-order mark of UTF-32")
        // UTF-8's mark is read past.
        #expect(SVGScanner.activeContent(in: [0xEF, 0xBB, 0xBF] + Array((Self.svg + "</svg>").utf8)) == nil)
        #expect(SVGScanner.activeContent(in: [0xEF, 0xBB, 0xBF] + Array("<script/>".utf8)) == .init(what: "a <script> element", offset: 3))
    }

    /// What pictures drawn in Inkscape, Illustrator and the like hold, none of it active.
    static let inkscape = """
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <!-- Created with Inkscape (http://www.inkscape.org/): <script> in a comment runs nothing -->
        <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
        <svg
           xmlns:dc="http://purl.org/dc/elements/1.1/"
           xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns##"
           xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
           xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
           xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
           width="210mm" height="297mm" viewBox="0 0 210 297" version="1.1" sodipodi:docname="drawing.svg">
          <title>A map &amp; a key — ©</title>
          <desc>Turn on = power; data: none; see javascript: the good parts</desc>
          <style><![CDATA[ .a { fill: url(#grad); } /* <script> in CDATA is text */ ]]></style>
          <defs>
            <linearGradient id="grad" x1="0" x2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#000"/></linearGradient>
            <radialGradient id="r" xlink:href="#grad" gradientUnits="userSpaceOnUse"/>
            <filter id="f"><feGaussianBlur stdDeviation="2"/><feImage href="#grad"/></filter>
            <clipPath id="c"><circle r="5"/></clipPath>
          </defs>
          <metadata><rdf:RDF><dc:title>Map</dc:title></rdf:RDF></metadata>
          <sodipodi:namedview inkscape:zoom="0.35" inkscape:current-layer="layer1" />
          <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1" style="opacity:0.5">
            <path d="M 10,10 L 20,20 Z" class="a" sodipodi:nodetypes="cc"/>
            <text x="1" y="2" font-family="serif">Once upon a time, x &lt; y <tspan>online=yes</tspan></text>
            <a href="https://example.org/a?b=c&amp;d=e" target="_blank"><text>Visit</text></a>
            <a xlink:href="#layer1"><text>Top</text></a>
            <a href="../story/index.html"><text>Story</text></a>
            <use href="#c" x="3"/>
            <image width="4" height="4" xlink:href="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk"/>
            <image width="4" height="4" href="data:image/jpeg;base64,/9j/4AAQSkZJRg=="/>
            <animate href="#layer1" attributeName="opacity" values="0;1" dur="4s" fill="freeze"/>
            <animateTransform attributeName="transform" type="rotate" from="0" to="360" dur="9s"/>
            <set attributeName="visibility" to="hidden" begin="2s"/>
            <animateMotion dur="10s" path="M20,30 h60 z"><mpath href="#c"/></animateMotion>
          </g>
          <g aria-label="metadata: not a URL" data-name="x"><rect fill="red" width="1" height="1"/></g>
        </svg>
        """

    @Test func picturesWithNothingActiveArePublished() {
        #expect(found(Self.inkscape) == nil)
        #expect(found(##"<?xml version='1.0' encoding='iso-8859-1'?><svg/>"##) == nil)
        #expect(found("") == nil)
        // Not XML (a browser stops at it): read on as text, so what follows is still found.
        #expect(found("<svg>a < b</svg>") == nil)
        #expect(found("<svg>a < b <script/></svg>") == "a <script> element")
        #expect(found("<svg><g x=1 onload='y'/></svg><script/>") == "a <script> element")
    }

    /// The place is the start of what was found, for the caret under it.
    @Test func theOffsetIsWhereItStarts() {
        let bytes = Array((Self.svg + "\n  <rect x=\"1\" onclick=\"alert(1)\"/>\n</svg>").utf8)
        let handler = bytes.indices.first { bytes[$0...].starts(with: "onclick".utf8) }
        #expect(SVGScanner.activeContent(in: bytes)?.offset == handler)
        let script = Array("<svg>\n<g><script/></g></svg>".utf8)
        #expect(SVGScanner.activeContent(in: script)?.offset == 9)
    }
}
