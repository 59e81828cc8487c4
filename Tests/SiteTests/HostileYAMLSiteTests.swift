import Diagnostics
import Site
import Testing

/// `quizgen check` and `build` of a site whose YAML and Markdown come from someone else.
@Suite struct HostileYAMLSiteTests {
    /// 24 levels of 10 aliases stand for 10^24 values, which nothing can compose: a result
    /// that comes back at all was refused before composing (the time limit stops a hang).
    static func bomb(levels: Int) -> String {
        var lines = ["a0: &a0 [" + Array(repeating: "x", count: 10).joined(separator: ",") + "]"]
        for level in 1..<levels {
            lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ",") + "]")
        }
        return lines.joined(separator: "\n") + "\n? *a\(levels - 1)\n: v\n"
    }

    @Test(.timeLimit(.minutes(1))) func aliasBombsAndNULBytesAreLocatedErrorsAndTheCheckComesBackAtOnce() {
        let story = "---\nkind: story\n---\n## A\n"
        let files: [String: [UInt8]] = [
            // CRLF line ends: the loader makes them LF, and the positions stay the same.
            "/site/quizgen.yml": Array(("title: T\r\n" + Self.bomb(levels: 24)).utf8),
            "/site/Content/a.md": Array(("---\nkind: story\n" + Self.bomb(levels: 24) + "---\n## A\n").utf8),
            "/site/Content/b.md": Array("---\nkind: story\n---\n## A\nText \0 {#x}\n".utf8),
            "/site/Content/c.md": Array(story.utf8),
        ]
        let location = SiteLocation(root: "/site", content: "/site/Content", contentDisplay: "Content", rootDisplay: "")
        for render in [false, true] {
            let result = Pipeline(options: BuildOptions(render: render)).collect(SiteLoader.load(location, fileSystem: FileSystem.memory(files).0))
            // The a4 line's 8th alias takes the repeated values past 100,000 (see ContentTests).
            #expect(result.diagnostics.sorted().map { "\($0.file):\($0.line):\($0.column): \($0.message)" } == [
                "Content/a.md:7:38: YAML aliases repeat more than 100,000 values",
                "Content/b.md:5:6: the file contains a NUL byte",
                "quizgen.yml:6:38: YAML aliases repeat more than 100,000 values",
            ])
        }
    }
}
