import Diagnostics

/// What one importer makes of one source file: quizgen Markdown, perhaps a CSV bank to go
/// beside it, and the problems found, located in the source file. With an error in
/// `diagnostics`, nothing should be written.
public struct Imported: Sendable {
    public var markdown: String
    /// The CSV bank that the Markdown names with `bank:`, when the questions went there.
    public var bank: String?
    public var diagnostics: [Diagnostic]
    /// What was made, for the command's report: "a story of 12 pages", "40 questions".
    public var summary: String

    public init(markdown: String = "", bank: String? = nil, diagnostics: [Diagnostic] = [], summary: String = "") {
        self.markdown = markdown
        self.bank = bank
        self.diagnostics = diagnostics
        self.summary = summary
    }

    static func failed(_ diagnostics: [Diagnostic]) -> Imported {
        Imported(diagnostics: diagnostics)
    }
}
