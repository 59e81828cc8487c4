import Analysis
import Content
import Diagnostics
import Render

extension Pipeline {
    /// Stories with more pages than this get no SVG map: `dot` can take minutes on a large
    /// tangled graph. Their `story.dot` is still written.
    public static let mapPageLimit = 500

    /// A story's graph as DOT, and the map Graphviz drew from it (nil when there is none,
    /// with a note saying why when that is worth saying).
    struct StoryMap: Sendable {
        var dot: String
        /// The story's page file names, which the DOT links to.
        var files: [String]
        var svg: [UInt8]?
        var note: String?
        /// Why Graphviz drew no map from this DOT text (then `note` says so too).
        var failure: Graphviz.Failure?
        /// The failure is the cache's, from when this DOT text was last tried.
        var failureKept = false
        /// Being drawn while its pages are served (serve): its page says so until it is placed.
        var drawing = false
    }

    /// maps: every story's DOT text, and its SVG map when maps are wanted and Graphviz is
    /// there: from the cache when its DOT text has not changed, else drawn in batches.
    func drawMaps(_ pieces: [AnalysedContent], site: SiteContext) -> [StoryMap?] {
        var (maps, toDraw) = planMaps(pieces, site: site)
        let drawn = options.graphviz.renderAll(toDraw.map { maps[$0]!.dot })
        for (i, result) in zip(toDraw, drawn) {
            Self.place(result, in: &maps[i], from: pieces[i])
        }
        return maps
    }

    /// Every story's DOT text, with its SVG when the cache has it or a note when it gets no
    /// map; and which maps are still to be drawn.
    func planMaps(_ pieces: [AnalysedContent], site: SiteContext) -> (maps: [StoryMap?], toDraw: [Int]) {
        let looksAtMaps = options.maps && options.graphviz.isAvailable
        var maps: [StoryMap?] = pieces.parallelMap { item in
            guard case .story(let story, let analysis) = item.body else { return nil }
            // The pages' file names, made once for the DOT's links and the pages.
            let files = StoryRenderer.fileNames(story)
            var map = StoryMap(
                dot: StoryDOT.render(
                    title: item.meta.title, story: story, analysis: analysis, words: site.words(item.meta.lang), files: files,
                    choices: site.settings.mapChoices(for: story)),
                files: files)
            // Looked up here, on every core: the cache reads and hashes the SVG it keeps.
            if looksAtMaps, story.pages.count <= Self.mapPageLimit {
                map.svg = cache.svg(for: map.dot, at: item.meta.sitePath)
            }
            return map
        }
        guard looksAtMaps else { return (maps, []) }
        var toDraw: [Int] = []
        for (i, map) in maps.enumerated() {
            guard let map, case .story(let story, _) = pieces[i].body else { continue }
            let meta = pieces[i].meta
            if story.pages.count > Self.mapPageLimit {
                maps[i]?.note = "\(meta.sourcePath): no map: the story has more than \(Self.mapPageLimit) pages; story.dot is written"
            } else if map.svg != nil {
                continue
            } else if let failure = cache.failure(for: map.dot) {
                // Drawing it again would fail again, maybe after the whole time limit.
                Self.place(.failure(failure), in: &maps[i], from: pieces[i])
                maps[i]?.failureKept = true
            } else {
                toDraw.append(i)
            }
        }
        return (maps, toDraw)
    }

    /// A drawing's result on its story's map: the SVG, or a note saying why there is none.
    static func place(_ result: Result<[UInt8], Graphviz.Failure>, in map: inout StoryMap?, from piece: AnalysedContent) {
        switch result {
        case .success(let svg): map?.svg = svg
        case .failure(let failure):
            map?.note = noMapNote(piece.meta.sourcePath, failure)
            map?.failure = failure
        }
    }

    /// Why a story has no map (`kept`: as the cache remembers it from an earlier try), and
    /// for a graph too big to draw in time what to do about it.
    static func noMapNote(_ sourcePath: String, _ failure: Graphviz.Failure, kept: Bool = false) -> String {
        let note = "\(sourcePath): no map: \(failure)" + (kept ? " (when last tried, and tried again when the story's graph changes)" : "")
        guard case .timedOut = failure else { return note }
        return note + "; with `map-choices: tooltips` (arrows without their words) a big map draws several times faster"
    }

    /// The notes of a build: one for missing Graphviz when there are stories, then each piece's.
    static func notes(_ notes: [String], options: BuildOptions, hasStory: Bool) -> [String] {
        guard hasStory, options.maps else { return notes }
        guard !options.graphviz.isAvailable else { return notes }
        return ["story maps left out: Graphviz's dot is not installed (story.dot is still written beside each story)"]
            + notes
    }
}
