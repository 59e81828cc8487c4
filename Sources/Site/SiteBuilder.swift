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

    public init(
        includeDrafts: Bool = false, render: Bool = true, statistics: Bool = false, graphviz: Graphviz = .none,
        maps: Bool = true, chunkSize: Int = 256
    ) {
        self.includeDrafts = includeDrafts
        self.render = render
        self.statistics = statistics
        self.graphviz = graphviz
        self.maps = maps
        self.chunkSize = chunkSize
    }
}

public struct BuildOutput: Sendable {
    /// Every generated file, when the build collected them (`build` without `emit`).
    public var files: [OutputFile] = []
    /// Content-relative paths of the assets to copy beside the pages.
    public var assets: [String] = []
    public var diagnostics: [Diagnostic] = []
    /// What analysis found for each piece, when statistics were asked for (`check` prints it).
    public var reports: [AnalysedContent] = []
    public var timings: [Timing] = []
    /// One-line remarks that are not problems with the content (e.g. no Graphviz for maps).
    public var notes: [String] = []

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

/// The build as a pure function of the loaded site: parse, check and analyse every file,
/// then render the pages. Files are processed in parallel; results keep file order.
public enum SiteBuilder {
    /// The build with every file collected in `files`: for tests and small sites. It is the
    /// streaming build below, so it runs the same code in the same chunks.
    public static func build(_ site: LoadedSite, options: BuildOptions = BuildOptions()) -> BuildOutput {
        var files: [OutputFile] = []
        var output = build(site, options: options) { files += $0 }
        output.files = files
        return output
    }

    /// The build, streaming: a chunk of files goes all the way from text to rendered pages,
    /// handed to `emit` (to be written to a staging folder), before the next is read, so
    /// memory holds one chunk of trees, not the whole site's. Pages may have been emitted
    /// before a later file turns out to have an error; the caller then throws them away
    /// (`hasErrors`), and after an error nothing more is emitted.
    public static func build(
        _ site: LoadedSite, options: BuildOptions = BuildOptions(), emit: ([OutputFile]) -> Void
    ) -> BuildOutput {
        var output = BuildOutput()
        output.diagnostics = site.problems
        var clock = StageClock()

        var settings = SiteSettings()
        if let file = site.settings {
            let (parsed, problems) = SiteSettings.parse(file)
            settings = parsed
            output.diagnostics += problems
        }
        let (templates, templateProblems) = TemplateSet.make(overrides: site.templates)
        output.diagnostics += templateProblems
        let context = SiteContext(settings: settings, templates: templates)

        let parseOptions = ContentParser.Options(
            defaultLanguage: settings.language, includeDrafts: options.includeDrafts, allowRawHTML: settings.rawHTML)
        let readSibling = site.readContentFile
        var times = StageTimes()
        times.add("parse", clock.lap("setup").seconds)
        var metas: [ContentMeta] = []
        var mapNotes: [String] = []
        var hasStory = false

        let chunk = max(options.chunkSize, 1)
        for start in stride(from: 0, to: site.contentFiles.count, by: chunk) {
            let files = Array(site.contentFiles[start..<min(start + chunk, site.contentFiles.count)])
            let parsed = files.parallelMap { file -> (ContentPiece?, SourceFile?, [Diagnostic]) in
                let source: SourceFile
                switch file.load() {
                case .success(let text): source = text
                case .failure(let problem): return (nil, nil, [problem])
                }
                let folder = file.relativePath.split(separator: "/").dropLast().joined(separator: "/")
                let (piece, problems) = ContentParser.parse(
                    source, sitePath: String(file.relativePath.dropLast(3)), options: parseOptions,
                    readSibling: { readSibling(folder.isEmpty ? $0 : folder + "/" + $0) })
                return (piece, source, problems)
            }
            times.add("parse", clock.lap("parse").seconds)

            let analysed = parsed.parallelMap { piece, source, problems -> (AnalysedContent?, [Diagnostic]) in
                guard let piece, let source else { return (nil, problems) }
                let (result, findings) = ContentAnalysis.analyse(piece, file: source, statistics: options.statistics)
                return (result, problems + findings)
            }
            times.add("check", clock.lap("check").seconds)
            for (result, problems) in analysed {
                output.diagnostics += problems
                if let result, options.statistics { output.reports.append(result) }
            }
            let pieces = analysed.compactMap(\.0)
            // The index needs titles, not trees: introductions are dropped as chunks finish.
            metas += pieces.map { var meta = $0.meta; meta.introduction = []; return meta }
            hasStory = hasStory || pieces.contains { if case .story = $0.body { true } else { false } }

            // After an error nothing more is rendered, but every file is still checked.
            guard options.render, !output.diagnostics.hasErrors else { continue }
            let maps = storyMaps(pieces, site: site, options: options)
            mapNotes += maps.compactMap { $0?.note }
            times.add("maps", clock.lap("maps").seconds)
            let rendered = Array(zip(pieces, maps)).parallelMap { render($0.0, map: $0.1, site: context) }
            times.add("render", clock.lap("render").seconds)
            emit(rendered.flatMap { $0 })
            _ = clock.lap("write")
        }
        output.diagnostics.sort()
        output.timings = times.timings

        guard !output.diagnostics.hasErrors, options.render else { return output }
        output.notes = notes(mapNotes, options: options, hasStory: hasStory)
        output.assets = site.assets
        _ = clock.lap("index")
        let index = IndexRenderer.render(metas, site: context)
        times.add("render", clock.lap("render").seconds)
        output.timings = times.timings
        emit([index])
        return output
    }

    static func render(_ item: AnalysedContent, map: StoryMap?, site: SiteContext) -> [OutputFile] {
        switch item.body {
        case .personality(let quiz, let table, _):
            return PersonalityRenderer.render(item.meta, quiz, table: table, site: site)
        case .trivia(let quiz, _):
            return TriviaRenderer.render(item.meta, quiz, site: site)
        case .story(let story, let analysis):
            return renderStory(item.meta, story, analysis: analysis, map: map, site: site)
        }
    }
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
