import Analysis
import Content
import Diagnostics
import Render

/// What `check` prints about a story: the story and what its graph says.
public struct StoryReport: Sendable {
    public var story: Story
    public var analysis: StoryAnalysis
}

extension SiteBuilder {
    /// Stories with more pages than this get no SVG map: `dot` can take minutes on a large
    /// tangled graph. Their `story.dot` is still written.
    public static let mapPageLimit = 500

    /// Unreachable pages and traps, each at its heading.
    static func storyWarnings(_ story: Story, _ analysis: StoryAnalysis, file: SourceFile) -> [Diagnostic] {
        let start = story.start + 1
        var diagnostics = analysis.unreachable.map { i in
            let page = story.pages[i]
            return file.warning(
                "page \(i + 1) cannot be reached: no path from the start (page \(start)) leads here",
                line: page.line, byteColumn: page.column,
                hint: "link to it from a page the reader can reach, e.g. [Go on](#\(page.id))")
        }
        diagnostics += analysis.traps.map { i in
            let page = story.pages[i]
            return file.warning(
                "page \(i + 1) is a trap: no ending can be reached from it", line: page.line, byteColumn: page.column,
                hint: "every way on from here goes round in a loop; add a choice that leads towards an ending")
        }
        return diagnostics
    }

    static func renderStory(
        _ meta: ContentMeta, _ story: Story, analysis: StoryAnalysis, site: SiteContext, graphviz: Graphviz
    ) -> Rendered {
        let dot = StoryDOT.render(title: meta.title, story: story, analysis: analysis)
        var svg: [UInt8]?
        var notes: [String] = []
        if graphviz.isAvailable {
            if story.pages.count > mapPageLimit {
                notes.append("\(meta.sourcePath): no map: the story has more than \(mapPageLimit) pages; story.dot is written")
            } else {
                switch graphviz.render(dot, "svg") {
                case .success(let bytes): svg = bytes
                case .failure(let failure): notes.append("\(meta.sourcePath): no map: \(failure)")
                }
            }
        }
        return Rendered(
            files: StoryRenderer.render(meta, story, analysis: analysis, dot: dot, svg: svg, site: site), notes: notes)
    }

    /// The notes of a build: one for missing Graphviz when there are stories, then each piece's.
    static func notes(_ notes: [String], graphviz: Graphviz, pieces: [ContentPiece]) -> [String] {
        let hasStory = pieces.contains { if case .story = $0.body { true } else { false } }
        guard hasStory, !graphviz.isAvailable else { return notes }
        return ["story maps left out: Graphviz's dot is not installed (story.dot is still written beside each story)"]
            + notes
    }
}
