import Render

/// Story maps drawn by an earlier build, keyed by content: a story whose DOT text is the
/// same gets the same SVG without running Graphviz again. It is a value the map stage reads,
/// handed in by whoever runs the pipeline: `build` takes the maps of the output it is about
/// to replace, `serve` will keep the last build's in memory.
public struct MapCache: Sendable {
    /// The SVG drawn from exactly this DOT text for the story at this page folder, if known.
    let lookup: @Sendable (_ sitePath: String, _ dot: String) -> [UInt8]?
    /// Why Graphviz could not draw exactly this DOT text, if it was tried: not tried again.
    let failed: @Sendable (_ dot: String) -> Graphviz.Failure?

    public init(
        lookup: @escaping @Sendable (_ sitePath: String, _ dot: String) -> [UInt8]?,
        failed: @escaping @Sendable (_ dot: String) -> Graphviz.Failure? = { _ in nil }
    ) {
        self.lookup = lookup
        self.failed = failed
    }

    public func svg(for dot: String, at sitePath: String) -> [UInt8]? { lookup(sitePath, dot) }
    public func failure(for dot: String) -> Graphviz.Failure? { failed(dot) }

    /// No maps kept: every map is drawn.
    public static let empty = MapCache { _, _ in nil }

    /// Maps in memory, by DOT text, and the DOT texts Graphviz failed on (serve keeps both:
    /// a graph `dot` stopped after 30 seconds would otherwise hold up every rebuild as long).
    public static func memory(_ maps: [String: [UInt8]], failed: [String: Graphviz.Failure] = [:]) -> MapCache {
        MapCache(lookup: { _, dot in maps[dot] }, failed: { failed[$0] })
    }

    /// The maps of an output folder that quizgen wrote: a story's `story.svg` is used when the
    /// `story.dot` beside it is the same text, and when it is the very file quizgen wrote there
    /// (the marker keeps a hash of each, `writtenLines`): one edited by hand or by another
    /// tool, or cut short (a full disk), is drawn again rather than published build after
    /// build. Files are read only when asked for, and only in a folder with quizgen's marker,
    /// so a folder of someone else's is never trusted.
    public static func previousOutput(_ folder: String, fileSystem fs: FileSystem) -> MapCache {
        guard fs.kind(folder + "/" + SiteWriter.marker) == .file else { return .empty }
        let marker = (try? fs.read(folder + "/" + SiteWriter.marker)) ?? []
        let failures = Self.failures(inMarker: marker)
        let written = Self.written(inMarker: marker)
        return MapCache(lookup: { sitePath, dot in
            guard !written.isEmpty, !sitePath.split(separator: "/").contains("..") else { return nil }
            let path = sitePath + "/" + mapName
            guard fs.kind(folder + "/" + path) == .file, (try? fs.read(folder + "/" + sitePath + "/story.dot")) == Array(dot.utf8),
                  let svg = try? fs.read(folder + "/" + path), written.contains(writtenKey(path, svg))
            else { return nil }
            return svg
        }, failed: { failures[key($0)] })
    }

    /// The name of a story's map in its page folder.
    static let mapName = "story.svg"

    /// Whether an output file is a story's map, whose hash the marker keeps.
    static func isMap(_ path: String) -> Bool { path.hasSuffix("/" + mapName) }

    static let writtenPrefix = "map written: "

    /// A map file's name in the marker: the SHA-256, in hex, of its path in the output and
    /// its bytes, so that a map moved to another story's folder is no longer that story's.
    static func writtenKey(_ path: String, _ svg: [UInt8]) -> String {
        SHA256.hex(Array(path.utf8) + [0] + svg, bytes: 32)
    }

    /// The marker's lines for the maps written, in key order (the same maps, the same lines).
    static func writtenLines(_ keys: some Sequence<String>) -> String {
        keys.sorted().map { writtenPrefix + $0 + "\n" }.joined()
    }

    static func written(inMarker bytes: [UInt8]) -> Set<String> {
        Set(String(decoding: bytes, as: UTF8.self).split(separator: "\n")
            .filter { $0.hasPrefix(writtenPrefix) }.map { String($0.dropFirst(writtenPrefix.count)) })
    }

    /// A DOT text's name in the marker: its SHA-256, in hex.
    static func key(_ dot: String) -> String { SHA256.hex(Array(dot.utf8), bytes: 32) }

    static let failurePrefix = "map not drawn: "

    /// The marker's lines for the graphs Graphviz could not draw, in key order.
    static func markerLines(_ failures: [String: Graphviz.Failure]) -> String {
        failures.sorted { $0.key < $1.key }.compactMap { key, failure in
            failure.record.map { failurePrefix + key + " " + $0 + "\n" }
        }.joined()
    }

    static func failures(inMarker bytes: [UInt8]) -> [String: Graphviz.Failure] {
        var failures: [String: Graphviz.Failure] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix(failurePrefix) {
            let rest = line.dropFirst(failurePrefix.count)
            guard let space = rest.firstIndex(of: " "), let failure = Graphviz.Failure(record: rest[rest.index(after: space)...])
            else { continue }
            failures[String(rest[..<space])] = failure
        }
        return failures
    }
}
