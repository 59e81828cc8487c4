import Diagnostics
import Markdown

/// Finds the choices in a page's Markdown and checks that each leads to a page.
struct ChoiceFinder {
    let index: [String: Int]
    let file: SourceFile
    var diagnostics: [Diagnostic] = []
    /// How many links so far named no page (or an empty id): a page's share is read off it.
    var brokenLinks = 0
    /// The pages that broken links so far plainly meant (a close typo of their id).
    var meant: [Int] = []
    /// A story with thousands of broken links to thousands of pages must not sort and
    /// search all the ids once per link.
    lazy var hints: NearestMatch.Hints = {
        let ids = index.sorted { $0.value < $1.value }.map(\.key)
        return NearestMatch.Hints(candidates: ids, fallback: StoryParser.knownIDs(ids), alwaysNearest: true)
    }()

    init(index: [String: Int], file: SourceFile) {
        self.index = index
        self.file = file
    }

    /// The blocks to show as the page's text: lists whose every item is one choice become
    /// choices only; every other link to a page, anywhere, is a choice that stays in the text.
    mutating func body(_ blocks: [Node], choices: inout [Story.Choice]) -> [Node] {
        var kept: [Node] = []
        for block in blocks {
            let block = strippingItemAttributes(block)
            if let items = choiceItems(block) {
                for (link, label) in items {
                    if let choice = choice(link, label: label, inProse: false) { choices.append(choice) }
                }
            } else {
                collect(links: block.links, into: &choices)
                kept.append(block)
            }
        }
        return kept
    }

    /// Every link to `#id` in the nodes, in order, as a choice whose label is the link's text.
    mutating func collect(in nodes: [Node], into choices: inout [Story.Choice]) {
        collect(links: nodes.links, into: &choices)
    }

    mutating func collect(links: [Node], into choices: inout [Story.Choice]) {
        for node in links {
            if let destination = node.linkDestination, destination.hasPrefix("#") {
                if let choice = choice(node, label: node.children, inProse: true) { choices.append(choice) }
            }
        }
    }

    mutating func choice(_ link: Node, label: [Node], inProse: Bool) -> Story.Choice? {
        guard let destination = link.linkDestination, let id = Story.fragment(of: destination) else { return nil }
        let position = link.range.start
        guard !id.isEmpty else {
            brokenLinks += 1
            diagnostics.append(file.error(
                "this link names no page", line: position.line, byteColumn: position.column,
                hint: "a choice links to a page id, e.g. [Go inside](#inside)"))
            return nil
        }
        guard let target = index[id] else {
            brokenLinks += 1
            // The hint's search also tells which page a plain typo meant.
            let hint = hints.hint(id)
            if let close = hints.closeMatch(id), let page = index[close] { meant.append(page) }
            diagnostics.append(file.error(
                "unknown page '\(id)'", line: position.line, byteColumn: position.column, hint: hint))
            return nil
        }
        if label.isBlank {
            diagnostics.append(file.warning(
                "this choice has no text", line: position.line, byteColumn: position.column,
                hint: inProse ? "the reader sees nothing to follow here: write its words, e.g. [Go inside](#\(id))"
                    : "its button shows only the page it leads to: write its words, e.g. [Go inside](#\(id))"))
        }
        return Story.Choice(target: target, label: label, inProse: inProse, line: position.line, column: position.column)
    }

    /// The items of a list in which every item is a single paragraph holding exactly one
    /// link, a link to `#id`; nil for any other block.
    func choiceItems(_ block: Node) -> [(link: Node, label: [Node])]? {
        guard block.isList, !block.childNodes.isEmpty else { return nil }
        var items: [(link: Node, label: [Node])] = []
        items.reserveCapacity(block.childNodes.count)
        for item in block.childNodes {
            guard item.childNodes.count == 1, let paragraph = item.childNodes.first, paragraph.isParagraph else {
                return nil
            }
            let label = paragraph.children
            let links = label.links
            guard links.count == 1, let destination = links[0].linkDestination, destination.hasPrefix("#") else {
                return nil
            }
            items.append((links[0], label))
        }
        return items
    }

    /// Attribute blocks mean nothing on a story's list items: warn and show the item without it.
    mutating func strippingItemAttributes(_ node: Node) -> Node {
        guard node.containsItemAttributes else { return node }
        var copy = node
        if node.kind == .item, let block = node.attributes {
            diagnostics.append(file.warning(
                "an attribute block has no meaning in a story and is left out", line: block.brace.line,
                byteColumn: block.brace.column, hint: "to show a brace at the end of a line, write \\{"))
            copy = node.strippingAttributes() ?? node
            copy.attributes = nil
        }
        // The children are set again only when one of them changed: setting them copies the
        // node's whole subtree.
        let children = copy.children
        var stripped = children
        var changed = false
        for i in children.indices {
            stripped[i] = strippingItemAttributes(children[i])
            if stripped[i] != children[i] { changed = true }
        }
        if changed { copy.children = stripped }
        return copy
    }
}
