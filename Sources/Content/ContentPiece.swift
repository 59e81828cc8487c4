import Markdown

public enum ContentKind: String, Sendable, CaseIterable, Codable {
    case personality, trivia, story

    /// How the kind reads on the site index.
    public var label: String {
        switch self {
        case .personality: "Personality quiz"
        case .trivia: "Trivia quiz"
        case .story: "Story"
        }
    }
}

/// Where a value of front matter or `quizgen.yml` starts, for a diagnostic about it.
public struct ValuePosition: Sendable, Hashable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// What every content file has, whatever its kind.
public struct ContentMeta: Sendable {
    public var kind: ContentKind
    public var title: String
    public var description: String
    public var lang: String
    /// Where the front matter's `lang:` value is; nil when the site's `language` applies.
    public var langPosition: ValuePosition?
    /// Where the front matter's `kind:` value is, for a command that needs another kind.
    public var kindPosition: ValuePosition?
    /// Where the title is written: the front matter's `title:` value, else the `#` heading's
    /// text; nil when it is the file's name. A character column, as `langPosition`.
    public var titlePosition: ValuePosition?
    /// The page folder in the site, e.g. `a/b` for `Content/a/b.md`.
    public var sitePath: String
    /// The file as the author knows it, e.g. `Content/a/b.md`.
    public var sourcePath: String
    /// Everything between the front matter (or `#` title) and the first `##`.
    public var introduction: [Node]
    public var draft: Bool
    /// Every image of the file, for the check that the local ones are there.
    public var images: [ImageReference] = []
    /// Every link to a relative path (`notes.pdf`, `../quiz2/`), for the check that the site
    /// publishes what it names; links with a scheme, a host or only a fragment are not here.
    public var links: [LinkReference] = []

    public init(
        kind: ContentKind, title: String, description: String, lang: String, sitePath: String,
        sourcePath: String, introduction: [Node], draft: Bool
    ) {
        self.kind = kind
        self.title = title
        self.description = description
        self.lang = lang
        self.sitePath = sitePath
        self.sourcePath = sourcePath
        self.introduction = introduction
        self.draft = draft
    }

    /// The folder the page folder is in (`a` of `a/b`, "" of `b`): the index names it with
    /// the title, so that pieces of one title in different folders are told apart.
    public var folder: String {
        // Found on the bytes: a Character search costs thousands of instructions a name.
        sitePath.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(sitePath[..<$0]) } ?? ""
    }
}

/// An image the Markdown shows: its source as written, and where it starts (a byte column).
public struct ImageReference: Sendable, Equatable {
    public var source: String
    public var line: Int
    public var column: Int

    public init(source: String, line: Int, column: Int) {
        self.source = source
        self.line = line
        self.column = column
    }
}

/// A link to a relative path: its destination as written, and where the link starts (a
/// byte column).
public struct LinkReference: Sendable, Equatable {
    public var destination: String
    public var line: Int
    public var column: Int

    public init(destination: String, line: Int, column: Int) {
        self.destination = destination
        self.line = line
        self.column = column
    }
}

/// One parsed content file.
public struct ContentPiece: Sendable {
    public enum Body: Sendable {
        case personality(PersonalityQuiz)
        case trivia(TriviaQuiz)
        case story(Story)
    }

    public var meta: ContentMeta
    public var body: Body

    public init(meta: ContentMeta, body: Body) {
        self.meta = meta
        self.body = body
    }
}
