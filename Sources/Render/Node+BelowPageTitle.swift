import Markdown

extension Array where Element == Node {
    /// The page's title is its only `h1`, so headings in its text move one level down
    /// (`###` becomes `h2`) and none rises above `h2`: a reader navigating by headings
    /// finds no level skipped. Most text has no heading at all: then it is used as it is.
    var belowPageTitle: [Node] {
        guard containsHeading else { return self }
        return map { node in
            var copy = node
            if let level = node.headingLevel {
                copy.kind = .heading(level: Swift.max(2, level - 1))
            }
            if node.isBlock, !node.children.isEmpty {
                copy.children = node.children.belowPageTitle
            }
            return copy
        }
    }
}
