import Render
import Testing

@Suite struct SitePathsTests {
    /// One `../` per folder, as `split(separator: "/")` counts them: empty parts are no folders.
    @Test func toRootCountsFolders() {
        let folders = ["", "a", "a/b", "quizzes/cats/x", "/a", "a/", "a//b", "//", "é/😀", "...", "a/./b"]
        for folder in folders {
            #expect(SitePaths.toRoot(from: folder) == String(repeating: "../", count: folder.split(separator: "/").count), "\(folder)")
        }
        #expect(SitePaths.toRoot(from: "a/b") == "../../")
        #expect(SitePaths.toRoot(from: "") == "")
    }
}
