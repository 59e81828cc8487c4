import Content
import Support

/// A story as a directed graph: page i leads to the pages in `successors[i]`. A page with
/// no successors is an ending, unless it has a broken link.
public struct StoryGraph: Sendable, Equatable {
    /// Distinct targets per page, in the order of their first choice. Two choices that lead
    /// to the same page make one edge here: playthroughs are counted as sequences of pages.
    public var successors: [[Int]]
    public var start: Int
    /// Per page: whether it has a link to no page (only in a story with errors). Such a link
    /// is no edge, but once fixed it may lead to an ending: the page is taken to reach one,
    /// so that neither it nor the pages before it are called traps, and it is no ending.
    public var brokenLinks: [Bool]
    /// Per page: the pages its broken links plainly meant (a typo of their id). Counted as
    /// reached through the link, so that one typo is one error, not also a warning that
    /// the page it meant cannot be reached.
    public var meant: [[Int]]
    /// Per page: whether one of its broken links meant no page that can be told. Only such
    /// a link is taken to reach an ending once fixed; one that plainly meant a page leads
    /// there, so a loop it closes is a trap like any other.
    public var unmeantLinks: [Bool]

    /// `brokenLinks` and `meant` may be empty, for none on any page: a story that builds
    /// has none, and is analysed on every build. `unmeantLinks` is `brokenLinks` unless given.
    public init(
        successors: [[Int]], start: Int = 0, brokenLinks: [Bool]? = nil, meant: [[Int]]? = nil, unmeantLinks: [Bool]? = nil
    ) {
        self.successors = successors.map(NumberSet.distinct)
        self.start = start
        self.brokenLinks = brokenLinks ?? []
        self.meant = meant ?? []
        self.unmeantLinks = unmeantLinks ?? brokenLinks ?? []
    }

    public init(_ story: Story) {
        let broken = story.pages.contains { $0.brokenLinks > 0 }
        self.init(
            successors: story.pages.map { $0.choices.map(\.target) }, start: story.start,
            brokenLinks: broken ? story.pages.map { $0.brokenLinks > 0 } : nil,
            meant: broken ? story.pages.map(\.meant) : nil,
            unmeantLinks: broken ? story.pages.map { $0.brokenLinks > $0.meant.count } : nil)
    }

    /// Whether the page has a link to no page.
    public func hasBrokenLink(_ page: Int) -> Bool { !brokenLinks.isEmpty && brokenLinks[page] }

    public var pageCount: Int { successors.count }

    public func isEnding(_ page: Int) -> Bool { successors[page].isEmpty && !hasBrokenLink(page) }
}
