import Markdown
import Testing

/// The parser notes the links to relative paths as it converts, for the check that the
/// site has what they name; links with a scheme, a host, `/` first or a fragment alone are
/// not noted, nor images.
@Suite struct RelativeLinksTests {
    func links(_ markdown: String) -> [String] {
        MarkdownParser.parse(markdown, firstLine: 3).relativeLinks.map { "\($0.at.line):\($0.at.column) \($0.destination)" }
    }

    @Test func onlyRelativePathsWithWhereTheLinkStarts() {
        #expect(links("[a](notes.pdf) [b](https://x.org) [c](mailto:a@b.org) [d](#frag)\n") == ["3:1 notes.pdf"])
        #expect(links("x [a](//host/p) [b](/root) [c](?q) ![i](pic.png) [e](../q2/#top)\n") == ["3:50 ../q2/#top"])
        #expect(links("- *[a](a%20b.md)*\n\n> [b][ref]\n\n[ref]: ＃id\n") == ["3:4 a%20b.md", "5:3 ＃id"])
        #expect(links("[a](c:d) [b](:x) [c](3d:x)\n") == ["3:10 :x", "3:18 3d:x"])
        #expect(links("no links\n").isEmpty)
    }
}
