/// A link whose hook moves on: Harlowe's `(link: "text")[(set: $x to 1)(go-to: "Passage")]`
/// (and `(link-reveal:)`, `(link-repeat:)`, `(link-rerun:)`), `(link-reveal-goto: "text",
/// "Passage")[…]`, and SugarCube's `<<link "text">><<goto "Passage">><</link>>` and
/// `<<link "text" "Passage">>…<</link>>` (`<<button>>` alike). Clicking it goes to the passage,
/// so it is a choice, when its words and the one jump its hook makes for sure are plain strings;
/// what else the hook did is named, to be said in words. The hook may run over several lines:
/// its brackets (Harlowe) or closing tag (SugarCube) are matched across the passage.
struct TweeHookLink {
    /// The passage line it starts on; `macro.range` starts there and ends on that line (at its
    /// end when the hook goes on).
    var line: Int
    var macro: TweeMacroLink
    /// The line it ends on, and the index there just after it.
    var endLine: Int
    var end: String.Index

    /// A hook (or SugarCube container) open where the scan stands.
    private struct Frame {
        /// How the source names what opened it: `(if:)`, `<<if>>`, `[…]` for a plain hook.
        var name: String
        /// SugarCube: the macro whose closing tag ends it; nil for a Harlowe hook, ended by `]`.
        var closer: String?
        /// A link's words, and the passage it goes to by itself (`(link-reveal-goto:)`, `<<link
        /// "text" "Passage">>`), when this is a link's hook.
        var link: (text: String, target: String?)?
        /// SugarCube's two-argument link goes to its passage after its body: a jump in the body is
        /// a second one.
        var jumpsAfter = false
        var line: Int
        var start: String.Index
        var lineEnd: String.Index
        /// The jumps its hook makes at its top level: their literal targets, nil for an expression.
        var jumps: [String?] = []
        /// A jump in a hook within (under a condition, or a link of its own).
        var nestedJump = false
        var dropped: [String] = []

        mutating func drop(_ kind: String) {
            if !dropped.contains(kind) { dropped.append(kind) }
        }
    }

    /// The links with hooks that move on in a passage's lines, in order; none overlap.
    static func find(in lines: [(number: Int, text: Substring)], format: TweeStoryFormat) -> [TweeHookLink] {
        var scan = Scan(format: format)
        var hidden: TweeLine.Hidden?
        let lastCodeClose = format == .sugarcube ? TweeLine.lastCodeClose(in: lines) : 0
        for (number, raw) in lines {
            let line = TweeLine(raw, hidden: &hidden, sugarCube: format == .sugarcube, codeClosesBelow: number < lastCodeClose)
            for piece in line.pieces {
                scan.read(piece, line: number, in: raw)
            }
        }
        return scan.found
    }

    /// The hooks open where the scan stands, innermost last, and the links found.
    private struct Scan {
        let format: TweeStoryFormat
        var stack: [Frame] = []
        var found: [TweeHookLink] = []

        mutating func drop(_ kind: String) {
            if !stack.isEmpty { stack[stack.count - 1].drop(kind) }
        }

        mutating func read(_ piece: TweeLine.Piece, line number: Int, in raw: Substring) {
            switch piece {
            case .text(let text):
                scan(text, line: number, in: raw)
            case .macroLink(let macro):
                let container = String(macro.macro.dropFirst(2).dropLast(2))
                if macro.isJump {
                    if !stack.isEmpty { stack[stack.count - 1].jumps.append(macro.literalTarget) }
                } else if macro.macro == "<<link>>" || macro.macro == "<<button>>", let link = macro.link,
                          !raw[..<macro.range.upperBound].hasSuffix("<</\(container)>>") {
                    // `<<link "text" "Passage">>` with a body up to its closing tag.
                    stack.append(Frame(
                        name: macro.macro, closer: container, link: (link.text, link.target),
                        jumpsAfter: true, line: number, start: macro.range.lowerBound, lineEnd: raw.endIndex))
                } else {
                    drop(macro.macro)
                }
            case .link:
                drop("a link [[…]]")
            case .code, .verbatim, .codeMarkup:
                drop("text")
            case .tag:
                break
            }
        }

        /// Ends the innermost hook: a choice where it is a link's that goes on for sure.
        mutating func close(at line: Int, _ end: String.Index) {
            let frame = stack.removeLast()
            if !stack.isEmpty {
                if !frame.jumps.isEmpty || frame.nestedJump { stack[stack.count - 1].nestedJump = true }
                if frame.name == "[…]" {
                    for kind in frame.dropped { drop(kind) }
                } else {
                    drop(frame.name)
                }
            }
            guard let link = frame.link, !frame.nestedJump else { return }
            let target: String?? = frame.jumps.isEmpty ? link.target : frame.jumps.count == 1 && !frame.jumpsAfter ? frame.jumps[0] : nil
            guard let target = target ?? nil, !target.isEmpty, !link.text.isEmpty else { return }
            let range = frame.start..<(line == frame.line ? end : frame.lineEnd)
            found.append(TweeHookLink(
                line: frame.line,
                macro: TweeMacroLink(
                    range: range, macro: frame.name, target: target,
                    link: .init(range: range, text: link.text, target: target, setter: false, isExternal: TweeImporter.isURL(target)),
                    dropped: frame.dropped),
                endLine: line, end: end))
        }

        /// Opens and closes hooks and containers in a piece of text, and notes what they hold.
        mutating func scan(_ text: Substring, line: Int, in raw: Substring) {
            // Once a call is found unclosed, the rest of the text is searched no more for the end
            // of another: each search runs once.
            var callsClose = true
            var i = text.startIndex
            while i < text.endIndex {
                let character = text[i]
                let next = text.index(after: i)
                if format.readsHarloweCode, character == "(", callsClose, let call = harloweCall(text[i...], closes: &callsClose) {
                    let display = "(\(call.name):)"
                    if call.end < text.endIndex, text[call.end] == "[" {
                        var frame = Frame(name: display, line: line, start: i, lineEnd: raw.endIndex)
                        let literal = call.arguments.compactMap(\.literal)
                        if literal.count == call.arguments.count {
                            switch call.key {
                            case "link", "linkreplace", "linkreveal", "linkappend", "linkrepeat", "linkrerun":
                                if literal.count == 1 { frame.link = (literal[0], nil) }
                            case "linkrevealgoto":
                                if (1...2).contains(literal.count) { frame.link = (literal[0], literal.last!) }
                            default:
                                break
                            }
                        }
                        stack.append(frame)
                        i = text.index(after: call.end)
                    } else {
                        drop(display)
                        i = call.end
                    }
                    continue
                }
                if format.readsSugarCubeCode, text[i...].hasPrefix("<<"), callsClose,
                   let call = sugarCubeCall(text[i...], closes: &callsClose) {
                    if call.closing {
                        if let open = stack.lastIndex(where: { $0.closer == call.name }) {
                            while stack.count > open + 1 { close(at: line, i) }
                            close(at: line, call.end)
                        }
                    } else if ["link", "button"].contains(call.name) || containers.contains(call.name) {
                        var frame = Frame(name: "<<\(call.name)>>", closer: call.name, line: line, start: i, lineEnd: raw.endIndex)
                        if ["link", "button"].contains(call.name), call.arguments.count == 1, let words = call.arguments[0].literal {
                            frame.link = (words, nil)
                        }
                        stack.append(frame)
                    } else {
                        drop("<<\(call.name)>>")
                    }
                    i = call.end
                    continue
                }
                if format.readsHarloweCode, character == "[" {
                    stack.append(Frame(name: "[…]", line: line, start: i, lineEnd: raw.endIndex))
                } else if format.readsHarloweCode, character == "]" {
                    if !stack.isEmpty, stack[stack.count - 1].closer == nil { close(at: line, next) }
                } else if !character.isWhitespace, character != "\\" {
                    drop("text")
                }
                i = next
            }
        }
    }

    /// SugarCube's containers: macros with a closing tag, whose body runs only sometimes or later.
    static let containers: Set<String> = [
        "if", "for", "switch", "repeat", "timed", "linkappend", "linkprepend", "linkreplace", "append", "prepend",
        "replace", "silently", "nobr", "capture", "script", "type", "widget", "done", "cycle", "listbox", "createplaylist",
        "createaudiogroup", "do",
    ]

    /// A Harlowe macro call at the start of `text`: its name as written, as Harlowe compares
    /// names (no case, `-` or `_`), its arguments and the index after its `)`.
    static func harloweCall(
        _ text: Substring, closes: inout Bool
    ) -> (name: Substring, key: String, arguments: [TweeMacroLink.Argument], end: String.Index)? {
        let afterParen = text.index(after: text.startIndex)
        let name = text[afterParen...].prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        guard let first = name.first, first.isLetter, name.endIndex < text.endIndex, text[name.endIndex] == ":" else { return nil }
        guard let (arguments, end) = TweeMacroLink.arguments(text[text.index(after: name.endIndex)...], separator: ",", closer: ")") else {
            closes = false
            return nil
        }
        return (name, name.lowercased().filter { $0 != "-" && $0 != "_" }, arguments, end)
    }

    /// A SugarCube macro tag at the start of `text`: `<<name arguments>>` or `<</name>>`.
    static func sugarCubeCall(
        _ text: Substring, closes: inout Bool
    ) -> (name: String, closing: Bool, arguments: [TweeMacroLink.Argument], end: String.Index)? {
        var i = text.index(text.startIndex, offsetBy: 2)
        let closing = i < text.endIndex && text[i] == "/"
        if closing { i = text.index(after: i) }
        let name = text[i...].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        guard !name.isEmpty else { return nil }
        guard let (arguments, end) = TweeMacroLink.arguments(text[name.endIndex...], separator: nil, closer: ">>") else {
            closes = false
            return nil
        }
        return (String(name), closing, arguments, end)
    }
}
