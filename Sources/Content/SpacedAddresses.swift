#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics
import Markdown

/// `![The keeper](keeper portrait.png)`, `[notes](my notes.pdf)`: a space ends a Markdown
/// address, and what follows is no title, so CommonMark reads no picture or link at all and
/// the page shows the brackets as typed. File names with spaces are common on authors'
/// computers; each such slip gets a warning at the space, with the two ways to write it.
enum SpacedAddresses {
    /// One `](…)` whose address holds a space, as typed on its line.
    struct Candidate {
        var image: Bool
        var label: String
        /// Everything between the parentheses.
        var inside: String
        /// The byte offset of the first space in the file.
        var space: Int
    }

    static func warnings(in file: SourceFile, bodyOffset: Int, document: Node) -> [Diagnostic] {
        let found = candidates(in: file.text, from: bodyOffset)
        guard !found.isEmpty else { return [] }
        // Only text: the same characters in code (`` `[a](b c)` ``, a fence) are shown as meant.
        var texts: [String] = []
        collectText(document, into: &texts)
        return found.compactMap { candidate in
            guard texts.contains(where: { $0.contains("](" + candidate.inside + ")") }) else { return nil }
            let (line, column) = file.position(ofByte: candidate.space)
            // A title stays a title: `"…"` after the path.
            var path = candidate.inside.trimmingWhitespace, title = ""
            if let quote = path.range(of: " \"") ?? path.range(of: " '") {
                title = String(path[quote.lowerBound...])
                path = String(path[..<quote.lowerBound]).trimmingWhitespace
            }
            let start = candidate.image ? "![" : "["
            // A place on a page (a story's choice): ids are written with `-` for spaces.
            if path.hasPrefix("#") {
                let id = path.split(separator: " ").joined(separator: "-")
                return file.warning(
                    "a space ends a link's address, so this link is shown as text",
                    line: line, byteColumn: column, hint: "an id has no spaces: [\(candidate.label)](\(id)\(title))")
            }
            let encoded = path.replacingOccurrences(of: " ", with: "%20")
            let what = candidate.image ? "picture" : "link"
            return file.warning(
                "a space ends a \(what)'s address, so this \(what) is shown as text",
                line: line, byteColumn: column,
                hint: "write the space as %20: \(start)\(candidate.label)](\(encoded)\(title)), or put the address in angle brackets: \(start)\(candidate.label)](<\(path)>\(title))")
        }
    }

    static func collectText(_ node: Node, into texts: inout [String]) {
        if case .text(let text) = node.kind, text.contains("](") { texts.append(text) }
        guard !node.isCodeBlock else { return }
        for child in node.childNodes { collectText(child, into: &texts) }
    }

    /// Each `](` on a line whose address, up to the `)` on that line, holds a space that is
    /// not the one before a title or the closing parenthesis. A byte search: files without
    /// such a slip cost one look at each `]`.
    static func candidates(in text: String, from start: Int) -> [Candidate] {
        var text = text
        return text.withUTF8 { bytes -> [Candidate] in
            guard let base = bytes.baseAddress, start < bytes.count else { return [] }
            var found: [Candidate] = []
            var at = start
            while at < bytes.count, let hit = memchr(base + at, Int32(UInt8(ascii: "]")), bytes.count - at) {
                let close = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                at = close + 1
                guard at < bytes.count, bytes[at] == UInt8(ascii: "(") else { continue }
                if let candidate = candidate(bytes, bracket: close) { found.append(candidate) }
            }
            return found
        }
    }

    static func candidate(_ bytes: UnsafeBufferPointer<UInt8>, bracket close: Int) -> Candidate? {
        let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " ")
        var i = close + 2
        // `(<a b>)` is CommonMark's own way to hold a space.
        guard i < bytes.count, bytes[i] != UInt8(ascii: "<") else { return nil }
        while i < bytes.count, bytes[i] != space, bytes[i] != UInt8(ascii: ")"), bytes[i] != newline, bytes[i] != UInt8(ascii: "\t") {
            i += 1
        }
        guard i < bytes.count, i > close + 2, bytes[i] == space else { return nil }
        let firstSpace = i
        while i < bytes.count, bytes[i] == space { i += 1 }
        // A title, or spaces before the closing parenthesis: a link as CommonMark has it.
        guard i < bytes.count, ![UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), newline].contains(bytes[i]) else {
            return nil
        }
        var end = i
        while end < bytes.count, bytes[end] != UInt8(ascii: ")"), bytes[end] != newline { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ")") else { return nil }
        // The label: back to its `[` on the same line, with no other `]` between.
        var open = close - 1
        while open >= 0, bytes[open] != UInt8(ascii: "["), bytes[open] != UInt8(ascii: "]"), bytes[open] != newline { open -= 1 }
        guard open >= 0, bytes[open] == UInt8(ascii: "[") else { return nil }
        let image = open > 0 && bytes[open - 1] == UInt8(ascii: "!")
        return Candidate(
            image: image, label: String(decoding: UnsafeBufferPointer(rebasing: bytes[(open + 1)..<close]), as: UTF8.self),
            inside: String(decoding: UnsafeBufferPointer(rebasing: bytes[(close + 2)..<end]), as: UTF8.self), space: firstSpace)
    }
}
