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
    /// `story.dot` beside it is the same text. Files are read only when asked for, and only in
    /// a folder with quizgen's marker, so a folder of someone else's is never trusted.
    public static func previousOutput(_ folder: String, fileSystem fs: FileSystem) -> MapCache {
        guard fs.kind(folder + "/" + SiteWriter.marker) == .file else { return .empty }
        let failures = (try? fs.read(folder + "/" + SiteWriter.marker)).map(Self.failures(inMarker:)) ?? [:]
        return MapCache(lookup: { sitePath, dot in
            guard !sitePath.split(separator: "/").contains("..") else { return nil }
            let base = folder + "/" + sitePath
            guard fs.kind(base + "/story.svg") == .file, (try? fs.read(base + "/story.dot")) == Array(dot.utf8) else {
                return nil
            }
            // Only a whole drawing is taken: one cut short or emptied (a full disk, a hand) is
            // drawn again rather than kept build after build.
            guard let svg = try? fs.read(base + "/story.svg"), Self.looksWhole(svg) else { return nil }
            return svg
        }, failed: { failures[key($0)] })
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

    /// An SVG whole: one that starts with `<` (`dot`'s XML declaration) and ends with
    /// `</svg>`, with a line break or not.
    static func looksWhole(_ svg: [UInt8]) -> Bool {
        let end = svg.last == UInt8(ascii: "\n") ? svg.dropLast() : svg[...]
        return svg.first == UInt8(ascii: "<") && end.suffix(6).elementsEqual(Array("</svg>".utf8))
    }
}
