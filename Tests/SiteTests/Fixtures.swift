import Diagnostics
import Foundation
import Site
import TestSupport
import Testing

/// A site folder on disk for a test, removed when the test is done with it.
final class TemporarySite {
    let root: URL

    init(files: [String: String] = [:]) {
        root = Repository.temporaryFolder("quizgen-site")
        for (path, text) in files { write(path, text) }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func write(_ path: String, _ text: String) {
        let url = root.appendingPathComponent(path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? text.write(to: url, atomically: true, encoding: .utf8)
    }

    func writeBytes(_ path: String, _ bytes: [UInt8]) {
        let url = root.appendingPathComponent(path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(bytes).write(to: url)
    }

    func remove(_ path: String) {
        try? FileManager.default.removeItem(at: root.appendingPathComponent(path))
    }

    func read(_ path: String) -> String? {
        try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    var location: SiteLocation {
        SiteLocation(root: root.path, content: root.path + "/Content", contentDisplay: "Content", rootDisplay: "")
    }

    var output: String { root.path + "/public" }

    /// The text of the stylesheet the site's index links (nil without one).
    func linkedStylesheet() -> String? {
        guard let index = read("public/index.html"),
              let href = index.firstMatch(of: /<link rel="stylesheet" href="([^"]+)">/)?.1 else { return nil }
        return read("public/" + href)
    }

    /// Every file under a folder with its bytes, for comparing whole trees.
    func tree(_ folder: String = "public") -> [String: Data] {
        let base = root.appendingPathComponent(folder)
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
                result[String(url.path.dropFirst(base.path.count + 1))] = try? Data(contentsOf: url)
            }
        }
        return result
    }

    /// What `check` says of the site, after expecting that a build and `serve` say the same.
    func checkedAlike(sourceLocation: SourceLocation = #_sourceLocation) -> [Diagnostic] {
        let checked = Pipeline(options: BuildOptions(render: false)).collect(SiteLoader.load(location, fileSystem: .disk))
        let built = Pipeline(options: BuildOptions(graphviz: fakeGraphviz)).collect(SiteLoader.load(location, fileSystem: .disk))
        #expect(built.diagnostics == checked.diagnostics, "build", sourceLocation: sourceLocation)
        var live = LiveSite(location: location, options: BuildOptions(graphviz: fakeGraphviz))
        _ = live.update(SiteLoader.load(location, fileSystem: .disk), changed: .all)
        #expect(live.diagnostics == checked.diagnostics, "serve", sourceLocation: sourceLocation)
        return checked.diagnostics
    }

    /// Loads, builds and writes, as `quizgen build` does.
    @discardableResult
    func build(_ options: BuildOptions = BuildOptions()) -> BuildOutput {
        let loaded = SiteLoader.load(location, fileSystem: .disk)
        let pipeline = Pipeline(options: options, cache: MapCache.previousOutput(output, fileSystem: .disk))
        var (build, written) = pipeline.publish(loaded, to: output, fileSystem: .disk)
        build.diagnostics += written?.problems ?? []
        return build
    }
}

let quiz = """
    ---
    kind: personality
    title: Tiny
    ---
    ## Pick one
    - A {a}
    - B {b}
    ## Outcome A {#a .outcome}
    ## Outcome B {#b .outcome}

    """
