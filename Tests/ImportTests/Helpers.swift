import Content
import Diagnostics
import Foundation
import Import
import TestSupport

func fixture(_ name: String) throws -> SourceFile {
    let path = "Tests/Fixtures/import/\(name)"
    let bytes = try [UInt8](Data(contentsOf: Repository.root.appendingPathComponent(path)))
    return try ImportSource.decode(bytes, path: name).get()
}

/// Imports `text` as `path` and builds what came out, as `quizgen import` checks it.
func importAndBuild(_ file: SourceFile, _ format: ImportFormat, name: String = "imported")
    -> (imported: Imported, piece: ContentPiece?, build: [Diagnostic])
{
    let imported = Importer.importing(file, format: format, name: name)
    guard !imported.diagnostics.hasErrors else { return (imported, nil, []) }
    let (piece, build) = ImportCheck.check(imported, markdownPath: "Content/\(name).md", bankName: "\(name).csv")
    return (imported, piece, build)
}

func importing(_ text: String, _ format: ImportFormat, path: String = "source.txt") -> Imported {
    Importer.importing(SourceFile(path: path, text: text), format: format, name: "imported")
}

/// A Twee StoryData passage naming the story's format.
func storyData(_ format: String) -> String { ":: StoryData\n{\"format\": \"\(format)\"}\n\n" }

/// What a Twee source's passage `Start` becomes: its page's Markdown below the heading.
func startPage(_ text: String) -> String {
    let imported = importing(text, .twee, path: "s.twee")
    guard let start = imported.markdown.range(of: "## Start {#start}\n\n") else { return imported.markdown }
    return imported.markdown[start.upperBound...].components(separatedBy: "\n## ")[0]
}

/// "LINE:COLUMN: severity: message".
func located(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.sorted().map { "\($0.line):\($0.column): \($0.severity.rawValue): \($0.message)" }
}

extension ContentPiece {
    var story: Story? { if case .story(let story) = body { story } else { nil } }
    var trivia: TriviaQuiz? { if case .trivia(let quiz) = body { quiz } else { nil } }
}
