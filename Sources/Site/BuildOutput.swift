import Analysis
import Content
import Diagnostics
import Render

public struct BuildOptions: Sendable {
    public var includeDrafts: Bool
    /// False only checks (`check`): templates are still read and checked, but no page is
    /// rendered and no map drawn.
    public var render: Bool
    /// Compute and keep what `check` prints (outcome shares, story statistics, in
    /// `BuildOutput.reports`), not only problems.
    public var statistics: Bool
    /// Draws story maps; `.none` leaves them out (and keeps the build a pure function).
    public var graphviz: Graphviz
    /// False skips drawing maps even with Graphviz (`build --no-maps`); story.dot is still written.
    public var maps: Bool
    /// Content files per chunk when the build streams: enough for every core to stay busy
    /// and for `dot` to draw many maps per run, few enough that memory stays small.
    public var chunkSize: Int
    /// Bytes of Markdown per chunk, at most (a bigger file is a chunk of its own): 256 files
    /// of 9 MB held 1.2 GB of text, trees and pages at once; two such files keep both cores
    /// busy.
    public var chunkBytes: Int

    public init(
        includeDrafts: Bool = false, render: Bool = true, statistics: Bool = false, graphviz: Graphviz = .none,
        maps: Bool = true, chunkSize: Int = 256, chunkBytes: Int = 2 * SiteLoader.maximumTextSize
    ) {
        self.includeDrafts = includeDrafts
        self.render = render
        self.statistics = statistics
        self.graphviz = graphviz
        self.maps = maps
        self.chunkSize = chunkSize
        self.chunkBytes = chunkBytes
    }

    /// The content files in the chunks a build streams them in: in order, each chunk at
    /// most `chunkSize` files and `chunkBytes` bytes (but at least one file).
    func chunks(_ files: [LoadedSite.ContentFile]) -> [ArraySlice<LoadedSite.ContentFile>] {
        let sizes = files.parallelMap { $0.size ?? 0 }
        var chunks: [ArraySlice<LoadedSite.ContentFile>] = []
        var start = 0
        while start < files.count {
            var end = start + 1
            var bytes = sizes[start]
            while end < files.count, end - start < chunkSize, bytes + sizes[end] <= chunkBytes {
                bytes += sizes[end]
                end += 1
            }
            chunks.append(files[start..<end])
            start = end
        }
        return chunks
    }
}

public struct BuildOutput: Sendable {
    /// Every generated file, when the build collected them (`build` without `emit`).
    public var files: [OutputFile] = []
    /// Content-relative paths of the assets to copy beside the pages.
    public var assets: [String] = []
    public var diagnostics: [Diagnostic] = []
    /// The content files that became pages: drafts (without `--drafts`) are not among them.
    public var published = 0
    /// The drafts left out (`draft: true`, without `--drafts`).
    public var drafts = 0
    /// What analysis found for each piece, when statistics were asked for (`check` prints it).
    public var reports: [AnalysedContent] = []
    public var timings: [Timing] = []
    /// How the maps drawn alongside the build went, when there were any.
    public var drawing: DrawingTime?
    /// One-line remarks that are not problems with the content (e.g. no Graphviz for maps).
    public var notes: [String] = []
    /// Graphs Graphviz could not draw, by `MapCache.key` of their DOT text: the output's
    /// marker keeps them, so the next build does not try them again.
    public var mapFailures: [String: Graphviz.Failure] = [:]

    public var hasErrors: Bool { diagnostics.hasErrors }
}

public struct Timing: Sendable {
    public var stage: String
    public var seconds: Double
}

extension Duration {
    /// As a number of seconds, for timings.
    public var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

/// Time per stage summed over chunks, in the order stages first ran.
struct StageTimes {
    private var order: [String] = []
    private var seconds: [String: Double] = [:]

    mutating func add(_ stage: String, _ time: Double) {
        if seconds[stage] == nil { order.append(stage) }
        seconds[stage, default: 0] += time
    }

    var timings: [Timing] { order.map { Timing(stage: $0, seconds: seconds[$0]!) } }
}

/// Wall-clock time per stage, for `--timings`.
struct StageClock {
    private var last = ContinuousClock.now

    mutating func lap(_ stage: String) -> Timing {
        let now = ContinuousClock.now
        defer { last = now }
        return Timing(stage: stage, seconds: (now - last).seconds)
    }
}
