/// The links that story formats write as code rather than as `[[…]]`: Harlowe's
/// `(link-goto: "text", "Passage")` and `(go-to: "Passage")`, SugarCube's
/// `<<link "text" "Passage">>`, `<<button …>>`, `<<goto "Passage">>` and its image link
/// `[img[picture.png][Passage]]`. Where text and target are literal strings such a link is
/// a choice like any other; otherwise (a variable, an expression, a jump that happens by
/// itself) the way on is lost, and the importer says so.
struct TweeMacroLink {
    var range: Range<String.Index>
    /// How the source names it, for a warning: `(link-goto:)`, `<<link>>`, `[img[…]]`.
    var macro: String
    /// What it leads to as written: a passage name, or the expression that computes one.
    var target: String
    /// The choice it makes, when its text and target are literal.
    var link: TweeImporter.Link?
    /// A picture as the link's words: SugarCube's image link.
    var image: (source: String, title: String)?
    /// What else a link's hook did, left out: `(set:)`, `<<if>>`, `text` (see `TweeHookLink`).
    var dropped: [String] = []
    /// A jump that happens by itself, `(go-to:)` or `<<goto>>`, and its target when that is a
    /// string literal.
    var isJump = false
    var literalTarget: String?

    /// The macro link that starts at `start` in `line`, if one does.
    static func at(_ start: String.Index, in line: Substring) -> TweeMacroLink? {
        let rest = line[start...]
        if rest.hasPrefix("(") { return harlowe(rest) }
        if rest.hasPrefix("<<") { return sugarCube(rest) }
        if rest.hasPrefix("[") { return image(rest) }
        return nil
    }

    /// `(link-goto: "text", "Passage")`, `(link-goto: "Passage")`, `(go-to: "Passage")`,
    /// `(link-reveal-goto:)` without a hook (it is `(link-goto:)` then), and `(click-goto:)`,
    /// which makes words elsewhere in the passage a link. Harlowe reads macro names without
    /// case, `-` or `_`.
    static func harlowe(_ text: Substring) -> TweeMacroLink? {
        let afterParen = text.index(after: text.startIndex)
        guard let colon = text[afterParen...].prefix(20).firstIndex(of: ":") else { return nil }
        let name = text[afterParen..<colon].lowercased().filter { $0 != "-" && $0 != "_" }
        guard ["linkgoto", "goto", "linkrevealgoto", "clickgoto"].contains(name) else { return nil }
        guard let (arguments, end) = arguments(text[text.index(after: colon)...], separator: ",", closer: ")") else { return nil }
        let macro = "(\(text[afterParen..<colon]):)"
        let range = text.startIndex..<end
        let literal = arguments.compactMap(\.literal)
        let target = arguments.last.map { $0.literal ?? String($0.source) } ?? ""
        if name == "goto" {
            return TweeMacroLink(range: range, macro: macro, target: target, isJump: true,
                                 literalTarget: arguments.count == 1 ? arguments[0].literal : nil)
        }
        // With a hook it is a link whose hook runs first: `TweeHookLink` reads it whole.
        if name == "linkrevealgoto", text[end...].first == "[" { return nil }
        guard name != "clickgoto", literal.count == arguments.count, (1...2).contains(literal.count), !target.isEmpty else {
            return TweeMacroLink(range: range, macro: macro, target: target)
        }
        return TweeMacroLink(range: range, macro: macro, target: target, link: .init(
            range: range, text: literal[0], target: target, setter: false, isExternal: false))
    }

    /// `<<link "text" "Passage">>`, `<<button "text" "Passage">>`, `<<goto "Passage">>`; a
    /// `<<link [[…]]>>` is left to the `[[…]]` link inside it.
    static func sugarCube(_ text: Substring) -> TweeMacroLink? {
        let nameStart = text.index(text.startIndex, offsetBy: 2)
        let name = text[nameStart...].prefix { $0.isLetter }
        guard ["link", "button", "goto"].contains(name), let next = text[name.endIndex...].first, next.isWhitespace,
              let (arguments, end) = arguments(text[name.endIndex...], separator: nil, closer: ">>"),
              arguments.first?.source.hasPrefix("[") == false
        else { return nil }
        let macro = "<<\(name)>>"
        let range = text.startIndex..<end
        let literal = arguments.compactMap(\.literal)
        if name == "goto" {
            return TweeMacroLink(range: range, macro: macro, target: arguments.first.map { $0.literal ?? String($0.source) } ?? "",
                                 isJump: true, literalTarget: arguments.count == 1 ? arguments[0].literal : nil)
        }
        // One argument is a link that runs its body and goes nowhere: no way on is lost.
        guard arguments.count == 2 else { return nil }
        let target = arguments[1].literal ?? String(arguments[1].source)
        guard literal.count == 2, !target.isEmpty else { return TweeMacroLink(range: range, macro: macro, target: target) }
        // An empty body's closing tag goes with it: `<<link "text" "Passage">><</link>>`.
        let whole = text[end...].hasPrefix("<</\(name)>>") ? text.startIndex..<text.index(end, offsetBy: name.count + 5) : range
        return TweeMacroLink(range: whole, macro: macro, target: target, link: .init(
            range: whole, text: literal[0], target: target, setter: false, isExternal: TweeImporter.isURL(target)))
    }

    /// SugarCube's `[img[Title|Image][Link][Setter]]` (also `[<img[`, `[>img[`, and `->`/`<-`
    /// between title and image, the arrow pointing at the image).
    static func image(_ text: Substring) -> TweeMacroLink? {
        var i = text.index(after: text.startIndex)
        if i < text.endIndex, text[i] == "<" || text[i] == ">" { i = text.index(after: i) }
        guard text[i...].prefix(4).lowercased() == "img[" else { return nil }
        i = text.index(i, offsetBy: 4)
        var parts: [Substring] = []
        while true {
            guard let close = text[i...].firstIndex(of: "]") else { return nil }
            parts.append(text[i..<close])
            i = text.index(after: close)
            guard i < text.endIndex else { return nil }
            if text[i] == "]" { break }
            guard text[i] == "[" else { return nil }
            i = text.index(after: i)
        }
        let range = text.startIndex..<text.index(after: i)
        var source = String(parts[0])
        var title = ""
        if let arrow = source.ranges(of: "->").last {
            (title, source) = (String(source[..<arrow.lowerBound]), String(source[arrow.upperBound...]))
        } else if let arrow = source.firstRange(of: "<-") {
            (source, title) = (String(source[..<arrow.lowerBound]), String(source[arrow.upperBound...]))
        } else if let bar = source.lastIndex(of: "|") {
            (title, source) = (String(source[..<bar]), String(source[source.index(after: bar)...]))
        }
        let image = (source: source.trimmingWhitespace, title: title.trimmingWhitespace)
        guard parts.count > 1 else { return TweeMacroLink(range: range, macro: "[img[…]]", target: "", image: image) }
        let target = parts[1].trimmingWhitespace
        let literal = !target.contains("$") && !target.isEmpty
        return TweeMacroLink(
            range: range, macro: "[img[…][…]]", target: target,
            link: literal ? .init(range: range, text: image.title.isEmpty ? target : image.title, target: target,
                                  setter: parts.count > 2, isExternal: TweeImporter.isURL(target)) : nil,
            image: image)
    }

    struct Argument {
        /// The argument as written.
        var source: Substring
        /// Its value when it is a string literal, and nothing else.
        var literal: String?
    }

    /// The arguments up to `closer` (Harlowe's separated by commas, SugarCube's by white space)
    /// and the index after the closer; nil when the macro is never closed on the line.
    static func arguments(
        _ text: Substring, separator: Character?, closer: String
    ) -> ([Argument], String.Index)? {
        var arguments: [Argument] = []
        var i = text.startIndex
        var start = i
        var literal: String?
        var onlyLiteral = true
        var depth = 0
        func finish(at end: String.Index) {
            let source = text[start..<end].trimmingWhitespace[...]
            if !source.isEmpty { arguments.append(Argument(source: source, literal: onlyLiteral ? literal : nil)) }
            literal = nil
            onlyLiteral = true
        }
        while i < text.endIndex {
            let character = text[i]
            if depth == 0, text[i...].hasPrefix(closer) {
                finish(at: i)
                return (arguments, text.index(i, offsetBy: closer.count))
            }
            if character == "\"" || character == "'" {
                // A string, with `\` escaping the next character.
                var value = ""
                var j = text.index(after: i)
                while j < text.endIndex, text[j] != character {
                    if text[j] == "\\", text.index(after: j) < text.endIndex { j = text.index(after: j) }
                    value.append(text[j])
                    j = text.index(after: j)
                }
                guard j < text.endIndex else { return nil }
                if literal != nil { onlyLiteral = false }
                literal = value
                i = text.index(after: j)
                if separator == nil, depth == 0 {
                    finish(at: i)
                    start = i
                }
                continue
            }
            if character == "(" || character == "[" { depth += 1 }
            if character == ")" || character == "]" { depth = max(0, depth - 1) }
            if depth == 0, separator.map({ character == $0 }) ?? character.isWhitespace {
                finish(at: i)
                start = text.index(after: i)
            } else if !character.isWhitespace {
                onlyLiteral = false
            }
            i = text.index(after: i)
        }
        return nil
    }
}
