import Render
import Support
import Testing

@Suite struct EscapingTests {
    @Test func cspHashesAreSHA256OfTheExactText() {
        // Known digests: SHA-256("") and SHA-256("abc"), base64.
        let csp = PageShell.contentSecurityPolicy(style: "", scripts: ["abc"])
        #expect(csp.contains("style-src 'self' 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"))
        #expect(csp.contains("script-src 'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='"))
        #expect(!csp.contains("unsafe"))
        // Longer than one 64-byte block, and exactly at the padding boundary.
        for (length, digest) in [
            (55, "n0OQ+NMMLdkuyfCVtl4rmumwqSWlJY4kHJ8ekQ9zQxg="), (56, "s1Q5pKxvCUi21vnjxq8PX1kM4g8b3nCQ73lwaG7Gc4o="),
            (64, "/+BU/nrgy23GXDr5th1SCfQ5hR20PQulmXM33xVGaOs="), (1000, "Qe3s5C1j6Nm/UVqbppMuHCDLyfWl0TRkWttdsblzfqM="),
        ] {
            let text = String(repeating: "a", count: length)
            #expect(PageShell.contentSecurityPolicy(style: text, scripts: []).contains("style-src 'self' 'sha256-\(digest)'"))
        }
        #expect(PageShell.contentSecurityPolicy(style: "", scripts: []).contains("script-src 'none'"))
    }

    @Test func scriptJSONCannotLeaveItsScriptElement() {
        let hostile = ScriptJSON.string("</script><!--\u{2028}\u{2029}\"\\&>\n\u{1}")
        #expect(hostile.encoded == #""\u003c/script\u003e\u003c!--\u2028\u2029\"\\\u0026\u003e\n\u0001""#)
        let nested = ScriptJSON.object([("a", .array([.int(-3), .bool(true), .null])), ("b", .number(1.5))])
        #expect(nested.encoded == #"{"a":[-3,true,null],"b":1.5}"#)
    }
}
