extension Node {
    /// The node without its trailing attribute block, for headings and list items that have
    /// one. Returns nil when the block cannot be separated cleanly from the text (when it
    /// overlaps Markdown markup), so the caller can report that instead of guessing.
    public func strippingAttributes() -> Node? {
        guard let block = attributes else { return self }
        switch record.tag {
        case .heading:
            guard let inlines = Self.strip(children, from: block) else { return nil }
            var copy = self
            copy.rebuild(children: inlines, attributes: .some(nil))
            return copy
        case .item:
            var items = children
            guard let last = items.last, last.isParagraph,
                  let inlines = Self.strip(last.children, from: block) else { return nil }
            items[items.count - 1].rebuild(children: inlines)
            var copy = self
            copy.rebuild(children: items, attributes: .some(nil))
            return copy
        default:
            return self
        }
    }

    /// Drops the inline nodes at or after the brace; cuts the text node that holds the brace.
    private static func strip(_ inlines: [Node], from block: AttributeBlock) -> [Node]? {
        var kept: [Node] = []
        for node in inlines {
            if node.isBreak {
                kept.append(node)
                continue
            }
            if node.range.end < block.brace {
                kept.append(node)
            } else if node.range.start >= block.brace {
                // Inside the block: ordinary text or emphasis made of underscores in an id.
                switch node.record.tag {
                case .text, .emphasis, .strong: continue
                default: return nil
                }
            } else {
                // This node holds the brace: it must be text whose tail is the block as written.
                guard case .text(let literal) = node.kind, node.range.end.line == block.brace.line else { return nil }
                let tailLength = node.range.end.column - block.brace.column + 1
                let utf8 = literal.utf8
                guard tailLength > 0, tailLength <= utf8.count,
                      case let brace = utf8.index(utf8.endIndex, offsetBy: -tailLength), utf8[brace] == UInt8(ascii: "{")
                else { return nil }
                let head = String(decoding: utf8[..<brace], as: UTF8.self)
                var cut = node
                cut.kind = .text(head)
                kept.append(cut)
            }
        }
        // The space before the brace, and any break left at the end, are not content.
        while let last = kept.last {
            if last.isBreak {
                kept.removeLast()
            } else if case .text(let s) = last.kind {
                var end = s.utf8.endIndex
                while end > s.utf8.startIndex, case let b = s.utf8[s.utf8.index(before: end)], b == 0x20 || b == 0x09 {
                    end = s.utf8.index(before: end)
                }
                let trimmed = String(s[..<end])
                if trimmed.isEmpty {
                    kept.removeLast()
                } else {
                    kept[kept.count - 1].kind = .text(trimmed)
                    break
                }
            } else {
                break
            }
        }
        return kept
    }
}
