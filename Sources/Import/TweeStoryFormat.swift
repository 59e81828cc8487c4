/// The story format a Twee file names in StoryData, as far as reading its text depends on it.
enum TweeStoryFormat: Equatable {
    case harlowe, sugarcube, chapbook, snowman
    /// No StoryData, or a format not known here: read as Harlowe, Twine's default, reads it.
    case unknown

    init(name: String?) {
        switch name?.lowercased() {
        case "harlowe": self = .harlowe
        case "sugarcube": self = .sugarcube
        case "chapbook": self = .chapbook
        case "snowman": self = .snowman
        default: self = .unknown
        }
    }

    /// The format's name, as its authors write it; nil when unknown.
    var name: String? {
        switch self {
        case .harlowe: "Harlowe"
        case .sugarcube: "SugarCube"
        case .chapbook: "Chapbook"
        case .snowman: "Snowman"
        case .unknown: nil
        }
    }

    /// A kind of code (`macros <<…>>`) under the name of the format that has it: a
    /// diagnostic names the format StoryData gives, and none when it gives none.
    func named(_ kind: String, in owner: TweeStoryFormat) -> String {
        self == owner ? "\(owner.name!) \(kind)" : kind
    }

    // Which code a passage is searched for: its own format's, or, without StoryData, any.
    var readsHarloweCode: Bool { self == .harlowe || self == .unknown }
    var readsSugarCubeCode: Bool { self == .sugarcube || self == .unknown }
    var readsChapbookCode: Bool { self == .chapbook || self == .unknown }
    var readsSnowmanCode: Bool { self == .snowman || self == .unknown }
    /// `$name` is a variable in Harlowe and SugarCube; Chapbook and Snowman print none.
    var readsVariables: Bool { self == .harlowe || self == .sugarcube || self == .unknown }

    /// Chapbook and Snowman read Markdown, whose headings, lists and quotes are theirs; in
    /// Harlowe and SugarCube only their own block markup is structure, the rest is text.
    var readsMarkdownBlocks: Bool { self != .harlowe && self != .sugarcube }

    /// Harlowe and SugarCube join a line that ends with `\` to the next one, and one that
    /// starts with `\` to the one before; Chapbook and Snowman read Markdown, where a `\` at
    /// the end of a line is a line break.
    var joinsLinesAtBackslash: Bool { self != .chapbook && self != .snowman }

    /// Harlowe's `{…}` collapses white space; elsewhere braces are text. Only where StoryData
    /// names Harlowe: a file without it may be Chapbook's, whose `{embed passage}` is an insert.
    var collapsesWhitespace: Bool { self == .harlowe }
}
