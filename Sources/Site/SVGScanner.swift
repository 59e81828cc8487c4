/// Finds what in an SVG file could run script when the file is opened on its own (as a
/// document at the site's address, where no Content-Security-Policy of quizgen's covers it).
///
/// It reads the markup as XML does, which is strict: tags, quoted attributes, comments,
/// CDATA, processing instructions and the DOCTYPE are told apart without guessing. What it
/// cannot be sure of it reports: it looks for more than a browser would run (a `<script` in
/// a comment, `javascript:` in any attribute), never less. After markup that XML rejects
/// (where a browser stops parsing) it reads on as text, which only finds more.
public enum SVGScanner {
    /// What was found, and where: a byte offset into the file; for what a common editor
    /// writes, how to save the picture without it.
    public struct Finding: Sendable, Equatable {
        public var what: String
        public var offset: Int
        public var hint: String?
        public init(what: String, offset: Int, hint: String? = nil) { (self.what, self.offset, self.hint) = (what, offset, hint) }
    }

    /// draw.io writes each label as HTML in a `<foreignObject>` unless told otherwise.
    static let foreignObjectHint = "draw.io writes its labels as HTML in <foreignObject>: export the diagram again "
        + "(File > Export as > SVG) with Text Settings \"Convert Labels to SVG\", or untick \"Formatted Text\" for "
        + "the labels (Text tab of the Format panel) before exporting, so that they are SVG text; from another tool, "
        + "turn its labels into SVG text or outlines"

    /// Older Adobe Illustrator versions declare the namespaces as entities in the DOCTYPE.
    static let doctypeHint = "older Adobe Illustrator versions write one, to declare names such as &ns_svg;: save "
        + "the picture again without it (File > Export > Export As…, SVG, in a current Illustrator), or delete the "
        + "<!DOCTYPE … [ … ]> block and write out each name it declares where it is used "
        + "(xmlns=\"&ns_svg;\" becomes xmlns=\"http://www.w3.org/2000/svg\")"

    /// Elements that run script, hold a document or change where the document's links lead.
    /// Compared by local name (`svg:script`, `html:iframe` too), in lower case.
    static let activeElements: Set<String> = [
        "script", "foreignobject", "iframe", "frame", "frameset", "embed", "object", "applet",
        "handler", "listener", "base", "meta", "link", "portal", "fencedframe",
    ]

    /// The first thing in `bytes` that could run script, or nil when there is none.
    public static func activeContent(in bytes: [UInt8]) -> Finding? {
        bytes.withUnsafeBufferPointer { buffer in
            var scan = Scan(bytes: buffer)
            return scan.run()
        }
    }

    private struct Scan {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func run() -> Finding? {
            if let encoding = byteOrderMark() { return Finding(what: "a byte-order mark of \(encoding)", offset: 0) }
            while i < bytes.count {
                let byte = bytes[i]
                if byte == 0 { return Finding(what: "a NUL byte (the file is not UTF-8 text)", offset: i) }
                guard byte == UInt8(ascii: "<") else { i += 1; continue }
                if let finding = markup() { return finding }
            }
            return nil
        }

        /// UTF-16 and UTF-32 hide every `<script` from a byte scan; UTF-8's mark is skipped.
        mutating func byteOrderMark() -> String? {
            if starts(with: [0xEF, 0xBB, 0xBF], at: 0) { i = 3; return nil }
            if starts(with: [0, 0, 0xFE, 0xFF], at: 0) || starts(with: [0xFF, 0xFE, 0, 0], at: 0) { return "UTF-32" }
            if starts(with: [0xFE, 0xFF], at: 0) || starts(with: [0xFF, 0xFE], at: 0) { return "UTF-16" }
            return nil
        }

        /// At a `<`: one piece of markup, read past.
        mutating func markup() -> Finding? {
            let start = i
            if starts(with: "<!--") { return skip(past: "-->", from: start + 4) }
            if starts(with: "<![CDATA[") { return skip(past: "]]>", from: start + 9) }
            if startsCaseless(with: "<!DOCTYPE") { return doctype(start) }
            if starts(with: "<!") { return Finding(what: "a markup declaration (<!…)", offset: start) }
            if starts(with: "<?") { return processingInstruction(start) }
            if starts(with: "</") { i += 2; return nil }
            return startTag(start)
        }

        /// Moves past `end`, or to the end of the file; NUL bytes on the way are found.
        mutating func skip(past end: String, from: Int) -> Finding? {
            let end = Array(end.utf8)
            i = from
            while i < bytes.count {
                if bytes[i] == 0 { return Finding(what: "a NUL byte (the file is not UTF-8 text)", offset: i) }
                if bytes[i] == end[0], starts(with: end, at: i) { i += end.count; return nil }
                i += 1
            }
            return nil
        }

        /// `<!DOCTYPE svg PUBLIC "…" "…">` is harmless; an internal subset (`[ … ]`) can
        /// declare entities that expand to markup where no scan of the file sees it.
        mutating func doctype(_ start: Int) -> Finding? {
            i = start + 9
            var quote: UInt8?
            while i < bytes.count {
                let byte = bytes[i]
                if byte == 0 { return Finding(what: "a NUL byte (the file is not UTF-8 text)", offset: i) }
                if byte == UInt8(ascii: "[") {
                    return Finding(
                        what: "a DOCTYPE with declarations of its own ([…], where entities can hide markup)", offset: start,
                        hint: SVGScanner.doctypeHint)
                }
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    i += 1
                    return nil
                }
                i += 1
            }
            return nil
        }

        /// The XML declaration is read for its encoding; any other instruction
        /// (`<?xml-stylesheet?>`, which can apply XSLT that writes script) is reported.
        mutating func processingInstruction(_ start: Int) -> Finding? {
            i = start + 2
            let target = name()
            guard target.lowercased() == "xml" else {
                return Finding(what: "a processing instruction <?\(target.prefix(40))", offset: start)
            }
            let declarationStart = i
            if let finding = skip(past: "?>", from: i) { return finding }
            let declaration = String(decoding: bytes[declarationStart..<i], as: UTF8.self)
            if let encoding = Self.encoding(in: declaration), !Self.readable(encoding) {
                return Finding(what: "the encoding \"\(encoding.prefix(40))\" (the check reads UTF-8 and ASCII-based encodings only)", offset: start)
            }
            return nil
        }

        static func encoding(in declaration: String) -> String? {
            guard let key = declaration.range(of: "encoding") else { return nil }
            let rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "=" }
            guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
            return String(rest.dropFirst().prefix { $0 != quote })
        }

        /// Encodings in which every ASCII character is its own byte and no other byte is one,
        /// so that the scan of bytes reads what the browser reads.
        static func readable(_ encoding: String) -> Bool {
            let name = encoding.lowercased()
            return ["utf-8", "utf8", "us-ascii", "ascii", "latin1"].contains(name)
                || name.hasPrefix("iso-8859-") || name.hasPrefix("windows-125")
        }

        /// A start tag: its element's name and every attribute.
        mutating func startTag(_ start: Int) -> Finding? {
            i = start + 1
            let element = name()
            guard !element.isEmpty else { return nil }  // `a < b`: no tag (and no XML); read on as text
            let local = Self.localName(element)
            if SVGScanner.activeElements.contains(local) {
                return Finding(what: "a <\(element.prefix(40))> element", offset: start,
                               hint: local == "foreignobject" ? SVGScanner.foreignObjectHint : nil)
            }
            var animated: (name: String, offset: Int)?
            while i < bytes.count {
                skipSpace()
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: ">") { i += 1; break }
                if starts(with: "/>") { i += 2; break }
                let nameStart = i
                let attribute = name()
                // Markup XML rejects: the browser stops here; the scan reads on as text.
                guard !attribute.isEmpty else { return nil }
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { return nil }
                i += 1
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else { return nil }
                let quote = bytes[i]
                let valueStart = i + 1
                i = valueStart
                while i < bytes.count, bytes[i] != quote {
                    if bytes[i] == 0 { return Finding(what: "a NUL byte (the file is not UTF-8 text)", offset: i) }
                    i += 1
                }
                let raw = bytes[valueStart..<min(i, bytes.count)]
                i += 1
                let attributeLocal = Self.localName(attribute)
                if attributeLocal.hasPrefix("on") {
                    return Finding(what: "an event handler attribute \(attribute.prefix(40))=", offset: nameStart)
                }
                let value = Self.decoded(raw)
                if let scheme = Self.activeScheme(in: value) {
                    return Finding(what: "a \(scheme) URL in \(attribute.prefix(40))=", offset: nameStart)
                }
                if attributeLocal == "attributename" {
                    let target = Self.localName(String(String.UnicodeScalarView(value.filter { $0.value > 0x20 })))
                    if target == "href" || target.hasPrefix("on") { animated = (target, nameStart) }
                }
            }
            if let animated {
                return Finding(what: "an animation of \(animated.name) (<\(element.prefix(40))>), which can make a link run script", offset: animated.offset)
            }
            return nil
        }

        /// An XML name (`svg:script`, `xlink:href`); empty when none starts here.
        mutating func name() -> String {
            let start = i
            while i < bytes.count {
                let byte = bytes[i]
                if byte <= 0x20 || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=")
                    || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"")
                    || byte == UInt8(ascii: "'") { break }
                i += 1
            }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        }

        func starts(with text: String) -> Bool { starts(with: Array(text.utf8), at: i) }

        func startsCaseless(with text: String) -> Bool {
            let pattern = Array(text.utf8)
            guard i + pattern.count <= bytes.count else { return false }
            return pattern.indices.allSatisfy { Self.lower(bytes[i + $0]) == Self.lower(pattern[$0]) }
        }

        func starts(with pattern: [UInt8], at offset: Int) -> Bool {
            guard offset + pattern.count <= bytes.count else { return false }
            return pattern.indices.allSatisfy { bytes[offset + $0] == pattern[$0] }
        }

        static func lower(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }

        /// The part after the last `:`, in lower case: XML compares names exactly, but a
        /// check that finds `SCRIPT` too loses nothing.
        static func localName(_ name: String) -> String {
            String(name[(name.lastIndex(of: ":").map { name.index(after: $0) } ?? name.startIndex)...]).lowercased()
        }

        /// An attribute value as the XML parser hands it on: character references (`&#106;`,
        /// `&#x6A;`, with or without `;`) and the five named ones decoded. Any other
        /// named reference (defined only by a DTD) is dropped, which joins what stands
        /// around it: `java&x;script:` is still found.
        static func decoded(_ raw: some Collection<UInt8>) -> [Unicode.Scalar] {
            let text = Array(String(decoding: raw, as: UTF8.self).unicodeScalars)
            var out: [Unicode.Scalar] = []
            out.reserveCapacity(text.count)
            var k = 0
            while k < text.count {
                guard text[k] == "&" else { out.append(text[k]); k += 1; continue }
                var end = k + 1
                if end < text.count, text[end] == "#" {
                    end += 1
                    let hex = end < text.count && (text[end] == "x" || text[end] == "X")
                    if hex { end += 1 }
                    var value = 0
                    var digits = 0
                    while end < text.count, let digit = Int(String(text[end]), radix: hex ? 16 : 10), text[end].isASCII {
                        value = min(value * (hex ? 16 : 10) + digit, 0x110000)
                        digits += 1
                        end += 1
                    }
                    if end < text.count, text[end] == ";" { end += 1 }
                    if digits > 0 {
                        out.append(Unicode.Scalar(UInt32(value)) ?? "\u{FFFD}")
                        k = end
                        continue
                    }
                    out.append("&")
                    k += 1
                    continue
                }
                while end < text.count, end - k < 40, text[end] != ";", text[end].properties.isAlphabetic || ("0"..."9").contains(text[end]) {
                    end += 1
                }
                guard end < text.count, text[end] == ";" else { out.append("&"); k += 1; continue }
                let entity = String(String.UnicodeScalarView(text[(k + 1)..<end]))
                switch entity {
                case "lt": out.append("<")
                case "gt": out.append(">")
                case "amp": out.append("&")
                case "quot": out.append("\"")
                case "apos": out.append("'")
                default: break
                }
                k = end + 1
            }
            return out
        }

        /// Data URLs of pictures and fonts, which run nothing: Inkscape embeds pictures so.
        static let inertData = ["image/png", "image/jpeg", "image/jpg", "image/gif", "image/webp", "image/avif", "image/bmp", "font/"]

        /// `javascript:`, `vbscript:`, or a `data:` URL of anything but a picture or a font,
        /// anywhere in the value (an animation's `values` is a list), with every space and
        /// control character taken out (URL parsers drop tabs and line breaks inside a
        /// scheme) and in any case.
        static func activeScheme(in value: [Unicode.Scalar]) -> String? {
            let text = value.compactMap { scalar -> UInt8? in
                guard scalar.value > 0x20 else { return nil }
                return scalar.isASCII ? lower(UInt8(scalar.value)) : 0x80
            }
            guard text.contains(UInt8(ascii: ":")) else { return nil }
            for scheme in ["javascript:", "vbscript:", "livescript:", "data:"] {
                let pattern = Array(scheme.utf8)
                var at = 0
                while at + pattern.count <= text.count {
                    defer { at += 1 }
                    guard text[at] == pattern[0], pattern.indices.allSatisfy({ text[at + $0] == pattern[$0] }) else { continue }
                    // A scheme starts a URL: `xjavascript:` or `metadata:` is none.
                    if at > 0, isSchemeByte(text[at - 1]) { continue }
                    if scheme == "data:" {
                        let rest = text[(at + pattern.count)...]
                        if inertData.contains(where: { rest.starts(with: $0.utf8) }) { continue }
                    }
                    return String(scheme.dropLast())
                }
            }
            return nil
        }

        static func isSchemeByte(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }
}
