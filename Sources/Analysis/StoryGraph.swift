import Content
import Support

/// A story as a directed graph: page i leads to the pages in `successors[i]`. A page with
/// no successors is an ending.
public struct StoryGraph: Sendable, Equatable {
    /// Distinct targets per page, in the order of their first choice. Two choices that lead
    /// to the same page make one edge here: playthroughs are counted as sequences of pages.
    public var successors: [[Int]]
    public var start: Int

    public init(successors: [[Int]], start: Int = 0) {
        self.successors = successors.map(NumberSet.distinct)
        self.start = start
    }

    public init(_ story: Story) {
        self.init(successors: story.pages.map { $0.choices.map(\.target) }, start: story.start)
    }

    public var pageCount: Int { successors.count }

    public func isEnding(_ page: Int) -> Bool { successors[page].isEmpty }
}
