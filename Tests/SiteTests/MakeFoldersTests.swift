import Synchronization
@testable import Site
import Testing

@Suite struct MakeFoldersTests {
    @Test func eachMissingFolderIsMadeOnceParentsFirst() throws {
        let (memory, _) = FileSystem.memory()
        let madeHere = Mutex<[String]>([])
        var fs = memory
        fs.makeDirectory = { path throws(FileSystem.Failure) in
            madeHere.withLock { $0.append(path) }
            try memory.makeDirectory(path)
        }
        var made: Set<String> = ["a"]
        try SiteWriter.makeFolders(
            for: ["a/b/c.html", "a/b/d.html", "a/e.html", "top.html", "x/y/z/w.html", "x/v.html"],
            in: "/stage", made: &made, fs: fs)
        #expect(madeHere.withLock { $0 } == ["/stage/a/b", "/stage/x", "/stage/x/y", "/stage/x/y/z"])
        #expect(made == ["a", "a/b", "x", "x/y", "x/y/z"])
        // A later chunk makes only what is new.
        madeHere.withLock { $0 = [] }
        try SiteWriter.makeFolders(for: ["x/y/q.html", "x/n/m.html"], in: "/stage", made: &made, fs: fs)
        #expect(madeHere.withLock { $0 } == ["/stage/x/n"])
    }
}
