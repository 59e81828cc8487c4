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

    /// Harlowe and SugarCube join a line that ends with `\` to the next one, and one that
    /// starts with `\` to the one before; Chapbook and Snowman read Markdown, where a `\` at
    /// the end of a line is a line break.
    var joinsLinesAtBackslash: Bool { self != .chapbook && self != .snowman }

    /// Harlowe's `{…}` collapses white space; elsewhere braces are text. Only where StoryData
    /// names Harlowe: a file without it may be Chapbook's, whose `{embed passage}` is an insert.
    var collapsesWhitespace: Bool { self == .harlowe }
}
