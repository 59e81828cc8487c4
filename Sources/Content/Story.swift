import Markdown

/// A pick-a-path story: pages joined by choices. A page without choices is an ending.
public struct Story: Sendable {
    /// The most pages one story may have. Each page is a file of its own, and the build
    /// holds a story whole: 10,000 one-line pages cost some 80 MB and 30 seconds, where a
    /// 10 MB file of a million pages cost 6.6 GB and a million files. Real stories (Twine's
    /// included) have some thousands of passages at most.
    public static let maximumPages = 10_000

    /// The optional colour of an ending, for maps.
    public enum Ending: String, Sendable, CaseIterable {
        case good, bad, neutral
    }

    /// How a story's map shows each choice's words.
    public enum MapChoices: String, Sendable, CaseIterable {
        /// Written on the choice's arrow: room for each is about half of what dot does.
        case labels
        /// Bare arrows, the words as each arrow's tooltip: a smaller map, drawn in about
        /// half the time; the map page's list below the drawing still names every choice.
        case tooltips
    }

    public struct Choice: Sendable {
        /// Index of the page it leads to.
        public var target: Int
        /// What the reader sees: the link's text for a link in prose, the whole list item
        /// for an item of a list of choices.
        public var label: [Node]
        /// False for an item of a list of choices (shown only as a button), true for a link
        /// in the page's text (shown there, and as a button too).
        public var inProse: Bool
        /// Where the link starts: file line and byte column.
        public var line: Int
        public var column: Int

        public init(target: Int, label: [Node] = [], inProse: Bool = false, line: Int = 0, column: Int = 0) {
            self.target = target
            self.label = label
            self.inProse = inProse
            self.line = line
            self.column = column
        }
    }

    public struct Page: Sendable {
        public var id: String
        /// The heading's inline content, without its attribute block.
        public var title: [Node]
        /// The Markdown under the heading, without the lists of choices (those are in `choices`).
        public var body: [Node]
        /// Every link to a page, in the order they appear.
        public var choices: [Choice]
        /// `ending=...`; only meaningful on a page without choices.
        public var ending: Ending?
        /// The heading's file line and the byte column where its text starts.
        public var line: Int
        public var column: Int
        /// Links in the page to no page (each an error, so only in a story that does not
        /// build): not choices, but kept count of, since once fixed one may lead to an ending.
        public var brokenLinks: Int
        /// The pages those links plainly meant (their id a close typo of the page's): the
        /// pages are not also told that they cannot be reached.
        public var meant: [Int] = []

        public init(id: String, title: [Node] = [], body: [Node] = [], choices: [Choice] = [], ending: Ending? = nil,
                    line: Int = 0, column: Int = 0, brokenLinks: Int = 0) {
            self.id = id
            self.title = title
            self.body = body
            self.choices = choices
            self.ending = ending
            self.line = line
            self.column = column
            self.brokenLinks = brokenLinks
        }

        public var isEnding: Bool { choices.isEmpty }
    }

    public var pages: [Page]
    /// Index of the page the reader starts on.
    public var start: Int
    /// Page index by id.
    public let pageIndex: [String: Int]
    /// `map-choices:` in the front matter; nil leaves it to the site's `quizgen.yml`.
    public var mapChoices: MapChoices?

    public init(pages: [Page], start: Int = 0) {
        var index = [String: Int](minimumCapacity: pages.count)
        for (i, page) in pages.enumerated() where index[page.id] == nil {
            index[page.id] = i
        }
        self.init(pages: pages, start: start, pageIndex: index)
    }

    /// With the index the parser made already: each page's id to the first page with it.
    init(pages: [Page], start: Int, pageIndex: [String: Int]) {
        self.pages = pages
        self.start = start
        self.pageIndex = pageIndex
    }

    public var choiceCount: Int { pages.reduce(0) { $0 + $1.choices.count } }

    /// The page a link destination such as `#inside` or `#caf%C3%A9` leads to, if any.
    public func page(forLink destination: String) -> Int? {
        guard let id = Self.fragment(of: destination) else { return nil }
        return pageIndex[id]
    }
}

extension Story {
    /// The page id a link names: its destination without the `#`, percent-decoded.
    /// nil for destinations that are not fragments.
    public static func fragment(of destination: String) -> String? {
        guard destination.hasPrefix("#") else { return nil }
        // The first character is then the one byte `#`: cut there on the bytes, which
        // dropFirst() did by reading the text's first character again.
        let utf8 = destination.utf8
        return percentDecoded(String(destination[utf8.index(after: utf8.startIndex)...]))
    }

    /// Decodes `%XX` sequences as UTF-8; text that does not decode is kept as written.
    public static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var i = 0
        func hex(_ b: UInt8) -> UInt8? {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "%"), i + 2 < utf8.count, let high = hex(utf8[i + 1]), let low = hex(utf8[i + 2]) {
                bytes.append(high << 4 | low)
                i += 3
            } else {
                bytes.append(utf8[i])
                i += 1
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? text
    }

    /// The id of a heading without an explicit one: lower-case; letters and digits of any
    /// script kept, with the combining marks that follow them; every other run of characters
    /// becomes one `-`; none at either end. Empty when the text has no letter or digit.
    /// Always a name `Attributes.isValidName` takes, so that it can be written as an id.
    public static func slug(_ text: String) -> String {
        asciiSlug(text) ?? unicodeSlug(text)
    }

    static func unicodeSlug(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var gap = false
        var afterKept = false
        for scalar in text.lowercased().unicodeScalars {
            if Attributes.isNameScalar(scalar), scalar != "_", scalar != "-" {
                if gap, !out.isEmpty { out.append("-") }
                out.append(scalar)
                gap = false
                afterKept = true
            } else if afterKept, Attributes.isMark(scalar) {
                out.append(scalar)
            } else {
                gap = true
                afterKept = false
            }
        }
        return String(out)
    }

    /// `slug` of an ASCII text, read on its bytes: there lower-casing is per byte, the kept
    /// characters are letters and digits, and no combining mark can follow one. Nil for text
    /// with other bytes.
    static func asciiSlug(_ text: String) -> String? {
        text.rewritingASCII { bytes, out in
            var count = 0
            var gap = false
            for byte in bytes {
                let lower = byte | (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? 0x20 : 0)
                if (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || (lower >= UInt8(ascii: "0") && lower <= UInt8(ascii: "9")) {
                    if gap, count > 0 {
                        out[count] = UInt8(ascii: "-")
                        count += 1
                    }
                    out[count] = lower
                    count += 1
                    gap = false
                } else {
                    gap = true
                }
            }
            return count
        }
    }
}
