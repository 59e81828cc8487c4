import Render

/// Everything needed to render a site, kept until its pages are wanted: the writer renders
/// and writes it a chunk of pieces at a time, so that a large site is never all in memory.
/// Rendering is pure; the same plan gives the same files every time.
public struct RenderPlan: Sendable {
    let items: [(SiteBuilder.Analysed, SiteBuilder.StoryMap?)]
    let context: SiteContext

    static let empty = RenderPlan(items: [], context: SiteContext(settings: .init(), templates: TemplateSet.make().0))

    /// How many pieces of content there are to render.
    public var count: Int { items.count }

    /// The files of some pieces, rendered on every core.
    public func render(_ range: Range<Int>) -> [OutputFile] {
        Array(items[range]).parallelMap { SiteBuilder.render($0.0, map: $0.1, site: context) }.flatMap { $0 }
    }

    /// The site index, which lists every piece.
    public func index() -> OutputFile {
        IndexRenderer.render(items.map(\.0.piece.meta), site: context)
    }

    /// Every file at once: for `check`, tests and small sites.
    public func renderAll() -> [OutputFile] {
        items.isEmpty ? [] : render(0..<items.count) + [index()]
    }
}
