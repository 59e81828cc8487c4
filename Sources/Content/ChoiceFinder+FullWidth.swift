#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics
import Markdown

/// Choices typed through a Chinese or Japanese input method, which writes `＃` for `#`,
/// `（）` for `()` and `［］`, `【】` or `「」` for `[]`. Markdown reads none of them as a
/// choice: `[Go](＃cave)` is a link to a file that is not there, `[Go]（#cave）` is text.
/// The page quietly loses a choice (and with its last one becomes an ending), so each
/// gets a warning that names the full-width sign and what to write.
extension ChoiceFinder {
    /// The signs of a choice as an input method types them.
    static let closers: Set<Unicode.Scalar> = ["]", "］", "】", "」"]
    static let openers: Set<Unicode.Scalar> = ["[", "［", "【", "「"]

    /// Whether the text could hold such a slip at all: most stories have no full-width sign,
    /// and are not walked again.
    /// Searched with memchr in the string's own bytes (every signs' first byte is 0xEF or
    /// 0xE3): `utf8.contains` walked the UTF8View at 30 instructions a byte, 4 % of a build.
    static func mayHoldFullWidthChoices(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, 0xEF, bytes.count) != nil || memchr(base, 0xE3, bytes.count) != nil
        }
    }

    /// A warning for each slip in the blocks (a page's heading or body, the introduction).
    mutating func fullWidthChoices(in nodes: some Collection<Node>) {
        var run: [Node] = []
        for node in nodes {
            if node.isText {
                run.append(node)
                continue
            }
            checkRun(run)
            run.removeAll()
            if case .link(let destination, _) = node.kind, destination.unicodeScalars.first == "＃" {
                fullWidthHash(node, destination: destination)
            }
            if !node.isCodeBlock { fullWidthChoices(in: node.childNodes) }
        }
        checkRun(run)
    }

    /// `[Go](＃cave)`: a link, but to a file.
    mutating func fullWidthHash(_ link: Node, destination: String) {
        let id = Story.percentDecoded(String(destination.unicodeScalars.dropFirst()))
        var position = link.range.start
        // Point at the `＃` itself when the link is written on one line.
        let line = Array(file.line(position.line).utf8)
        let mark = Array("(\(destination)".utf8)
        if position.column >= 1, position.column <= line.count,
           let found = line[(position.column - 1)...].firstRange(of: mark) {
            position.column = found.lowerBound + 2
        }
        diagnostics.append(file.warning(
            "'＃' is a full-width character, so this link leads to no page and is no choice",
            line: position.line, byteColumn: position.column, hint: "write '#': (#\(id))" + pageHint(id)))
    }

    /// `[Go]（#cave）`, `［Go］(#cave)`, `【Go】（＃cave）`: text, in adjacent text nodes.
    mutating func checkRun(_ run: [Node]) {
        guard !run.isEmpty else { return }
        var scalars: [Unicode.Scalar] = []
        // Per scalar, its node and byte offset in that node's text.
        var places: [(node: Int, offset: Int)] = []
        for (n, node) in run.enumerated() {
            guard case .text(let text) = node.kind else { continue }
            var offset = 0
            for scalar in text.unicodeScalars {
                scalars.append(scalar)
                places.append((n, offset))
                offset += UTF8.width(scalar)
            }
        }
        var i = 0
        while i + 2 < scalars.count {
            defer { i += 1 }
            let (close, open, hash) = (scalars[i], scalars[i + 1], scalars[i + 2])
            guard Self.closers.contains(close), open == "(" || open == "（", hash == "#" || hash == "＃" else { continue }
            let idStart = i + 3
            var idEnd = idStart
            while idEnd < scalars.count, scalars[idEnd] != ")", scalars[idEnd] != "）", !scalars[idEnd].properties.isWhitespace {
                idEnd += 1
            }
            let shut: Unicode.Scalar? = idEnd < scalars.count && !scalars[idEnd].properties.isWhitespace ? scalars[idEnd] : nil
            // `](#cave）`: all ASCII but the closing sign, the likeliest slip of all.
            guard !(close.isASCII && open.isASCII && hash.isASCII && shut?.isASCII != false) else { continue }
            let labelStart = scalars[..<i].lastIndex { Self.openers.contains($0) }
            let signs = [labelStart.map { scalars[$0] }, close, open, hash, shut].compactMap { $0 }.filter { !$0.isASCII }
            var named: [Unicode.Scalar] = []
            for sign in signs where !named.contains(sign) { named.append(sign) }
            // The first full-width sign is where the slip is.
            let first = [labelStart, i, i + 1, i + 2, shut == nil ? nil : idEnd].compactMap { $0 }.first { !scalars[$0].isASCII } ?? i
            let node = run[places[first].node]
            let id = Story.percentDecoded(String(String.UnicodeScalarView(scalars[idStart..<idEnd])))
            let label = labelStart.map { String(String.UnicodeScalarView(scalars[($0 + 1)..<i])) } ?? "…"
            let list = named.map { "'\($0)'" }
            let names = list.count == 1 ? "\(list[0]) is a full-width character"
                : list.dropLast().joined(separator: ", ") + " and \(list.last!) are full-width characters"
            diagnostics.append(file.warning(
                "\(names), so this is text, not a link: no choice", line: node.range.start.line,
                byteColumn: node.range.start.column + places[first].offset,
                hint: "write it in ASCII: [\(label)](#\(id))" + pageHint(id)))
            i = idEnd
        }
    }

    /// "; did you mean 'cave'?" when the id names no page.
    mutating func pageHint(_ id: String) -> String {
        guard !id.isEmpty, index[id] == nil, let hint = hints.hint(id) else { return "" }
        return "; " + hint
    }
}
