import Diagnostics
import Support

/// The end every trivia importer shares: the draft written out, unless there were errors.
enum TriviaImport {
    static func finish(_ draft: TriviaDraft, diagnostics: [Diagnostic], name: String) -> Imported {
        guard !diagnostics.hasErrors else { return .failed(diagnostics) }
        let (markdown, bank) = TriviaWriter.write(draft, bankName: name + ".csv")
        let count = draft.questions.count
        return Imported(
            markdown: markdown, bank: bank, diagnostics: diagnostics,
            summary: "a trivia quiz of \(String(count).withThousandsSeparators) question\(count == 1 ? "" : "s")" + (bank == nil ? "" : " (in a CSV bank)"))
    }
}
