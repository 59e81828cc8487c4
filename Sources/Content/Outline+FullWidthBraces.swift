import Diagnostics
import Markdown

extension Outline {
    /// A line that ends in full-width braces (`｛#id｝`, typed by an input method) has no
    /// attribute block: the braces and what they hold stay in the title, and the id is made
    /// from it. A warning at the `｛` when what they hold reads as tokens, none otherwise
    /// (braces around words are the author's text).
    static func fullWidthBraces(_ node: Node, file: SourceFile, isHeading: Bool) -> Diagnostic? {
        guard node.attributes == nil else { return nil }
        let number = isHeading ? node.range.start.line : node.range.end.line
        let line = file.line(number)
        var text = line[...]
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        guard text.hasSuffix("｝"), let open = text.lastIndex(of: "｛") else { return nil }
        let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
        guard readsAsTokens(inside, isHeading: isHeading) else { return nil }
        return file.warning(
            "full-width braces '｛…｝' make no attribute block: '\(text[open...])' stays in the "
                + (isHeading ? "title" : "text"),
            line: number, byteColumn: line.utf8.distance(from: line.startIndex, to: open) + 1,
            hint: "write ASCII braces: {\(FullWidth.folded(inside) ?? String(inside))}")
    }

    /// Whether the text, its full-width signs made ASCII, is a run of attribute tokens; on a
    /// heading one of them an id, flag or setting (a heading never takes a bare name).
    static func readsAsTokens(_ inside: Substring, isHeading: Bool) -> Bool {
        let tokens = (FullWidth.folded(inside) ?? String(inside)).split { $0.isWhitespace }
        guard !tokens.isEmpty else { return false }
        var signed = false
        for token in tokens {
            if let sign = token.first, sign == "#" || sign == "." {
                guard Attributes.isValidName(token.dropFirst()) else { return false }
                signed = true
            } else if let equals = token.firstIndex(of: "=") {
                guard Attributes.isValidName(token[..<equals]), equals < token.index(before: token.endIndex) else { return false }
                signed = true
            } else if !Attributes.isValidName(token) {
                return false
            }
        }
        return signed || !isHeading
    }
}
