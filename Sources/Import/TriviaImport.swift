import Diagnostics
import Support

/// The end every trivia importer shares: the draft written out, unless there were errors.
enum TriviaImport {
    static func finish(_ draft: TriviaDraft, diagnostics: [Diagnostic], name: String, file: SourceFile) -> Imported {
        guard !diagnostics.hasErrors else { return .failed(diagnostics) }
        let written = TriviaWriter.write(draft, bankName: name + ".csv")
        var diagnostics = diagnostics
        let count = draft.questions.count
        if let why = written.noBank {
            // A bank this large was due: the author should know why the page holds it all.
            diagnostics.append(file.warning(
                "the \(String(count).withThousandsSeparators) questions stay in \(name).md, not in a CSV bank: \(why.reason)",
                line: why.question.line, byteColumn: why.question.column,
                hint: "\(TriviaWriter.bankThreshold) or more plain-text questions go to a CSV bank, \(name).csv"))
        }
        return Imported(
            markdown: written.markdown, bank: written.bank, diagnostics: diagnostics,
            summary: "a trivia quiz of \(String(count).withThousandsSeparators) question\(count == 1 ? "" : "s")" + (written.bank == nil ? "" : " (in a CSV bank)"))
    }
}
