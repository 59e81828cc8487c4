import Render
import Testing

@Suite struct SitePathsTests {
    /// Counting folders on the bytes gives what splitting into Characters gives, for ASCII
    /// paths and for the others it leaves to the split.
    @Test func theWayBackToTheRootHasOneStepPerFolder() {
        for folder in ["", "a", "a/b", "a//b", "/a/", "a/b/c", "//", "quiz/caf-1", "é/x", "a/\u{301}b", "日本/語/"] {
            #expect(SitePaths.toRoot(from: folder) == String(repeating: "../", count: folder.split(separator: "/").count), "\(folder.debugDescription)")
        }
        #expect(SitePaths.toRoot(from: "a/b") == "../../")
        #expect(SitePaths.toRoot(from: "a/\u{301}b") == "../")
    }
}
