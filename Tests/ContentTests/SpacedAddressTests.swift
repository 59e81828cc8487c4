import Content
import Diagnostics
import Testing

/// A space in a Markdown address leaves the whole link or picture as text on the page.
@Suite struct SpacedAddressTests {
    func spaced(_ body: String, kind: String = "trivia") -> [Diagnostic] {
        let question = kind == "trivia" ? "\n## Q\n- [x] a\n- [ ] b\n" : "\n## Start\n- [Go](#end)\n\n## End {#end .ending}\nBye.\n"
        return parse("---\nkind: \(kind)\n---\n" + body + "\n" + question).1.filter { $0.message.hasPrefix("a space ends") }
    }

    @Test func aSpaceInAnAddressIsWarnedAtTheSpaceWithBothFixes() {
        let found = spaced("![The keeper](keeper portrait.png) and [notes](my notes.pdf \"My notes\").")
        #expect(located(found) == [
            "4:21: warning: a space ends a picture's address, so this picture is shown as text",
            "4:50: warning: a space ends a link's address, so this link is shown as text",
        ])
        #expect(found.map(\.hint) == [
            "write the space as %20: ![The keeper](keeper%20portrait.png), or put the address in angle brackets: ![The keeper](<keeper portrait.png>)",
            "write the space as %20: [notes](my%20notes.pdf \"My notes\"), or put the address in angle brackets: [notes](<my notes.pdf> \"My notes\")",
        ])
        // In a story too, where a place's id gets its own hint; and in any script.
        let story = spaced("[日本](東京 の 地図.png)\n\n[Go](#the end)", kind: "story")
        #expect(located(story) == [
            "4:8: warning: a space ends a link's address, so this link is shown as text",
            "6:10: warning: a space ends a link's address, so this link is shown as text",
        ])
        #expect(story.last?.hint == "an id has no spaces: [Go](#the-end)")
    }

    /// What CommonMark reads as a link or picture, and code, are left alone.
    @Test func linksAsCommonMarkHasThemAndCodeAreNotWarned() {
        #expect(spaced("""
            [a](<my notes.pdf>) [b](x.pdf "title") [c](x.pdf 'title') [d](x.pdf (title)) [e]( x.pdf ) [f](x.pdf )
            `[g](h i)` and ``![j](k l)``

            ```
            [m](n o)
            ```

                [p](q r)

            [s] (t u) and ](v w) and [x](y
            z)
            """).isEmpty)
    }
}
