import Content
import Diagnostics
import Support

/// The formats `quizgen import` reads.
public enum ImportFormat: String, CaseIterable, Sendable {
    case twee, gift, aiken, opentdb

    /// The format of a file, from its extension and, where that says nothing certain, its
    /// content; nil when neither tells.
    public static func detect(path: String, text: String) -> ImportFormat? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let ext = name.contains(".") ? String(name.split(separator: ".").last!).lowercased() : ""
        switch ext {
        case "twee", "tw", "tw2", "tw3": return .twee
        case "gift": return .gift
        case "aiken": return .aiken
        case "json": return .opentdb
        case "html", "htm": return TwineHTML.holdsStory(text) ? .twee : nil
        default: break
        }
        if TwineHTML.holdsStory(text) { return .twee }
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace }.filter { !$0.isEmpty }
        if let first = lines.first, first.hasPrefix("{") || first.hasPrefix("[") { return .opentdb }
        if lines.contains(where: { AikenImporter.answerLetter($0) != nil }) { return .aiken }
        // A GIFT question's title is `::name::` on one line; a Twee header is `:: Name`.
        let headers = lines.filter { $0.hasPrefix("::") && !$0.hasPrefix(":::") }
        if !headers.isEmpty && headers.allSatisfy({ !$0.dropFirst(2).contains("::") }) { return .twee }
        if lines.contains(where: { $0.contains("{") }) { return .gift }
        return nil
    }
}

extension ImportFormat {
    /// What to do with a file whose format cannot be told: HTML says how to get Twee.
    public static func undetectedHint(path: String, text: String) -> String {
        let name = "name it with --from \(allCases.map(\.rawValue).joined(separator: "|"))"
        let lower = path.lowercased()
        guard lower.hasSuffix(".html") || lower.hasSuffix(".htm") || text.prefix(1000).lowercased().contains("<html") else {
            return name
        }
        return "this HTML holds no Twine 2 story (<tw-storydata>); quizgen reads Twine 2's published HTML and Twee: "
            + "in Twine 2.6 or later, Build, Export As Twee writes it; `tweego -d story.html -o story.twee` "
            + "decompiles published HTML (Twine 1's too) to Twee"
    }
}

/// `quizgen import`'s pure part: one source file's text to quizgen Markdown.
public enum Importer {
    /// - Parameters:
    ///   - file: the source, with its path as the author wrote it (diagnostics name it).
    ///   - name: the base name of the files to write (`cave` for `cave.md` and `cave.csv`);
    ///     also the title when the source has none.
    public static func importing(_ file: SourceFile, format: ImportFormat, name: String) -> Imported {
        if let nul = file.nulByteError() { return .failed([nul]) }
        switch format {
        case .twee: return TweeImporter.importing(file, name: name)
        case .gift: return GIFTImporter.importing(file, name: name)
        case .aiken: return AikenImporter.importing(file, name: name)
        case .opentdb: return OpenTDBImporter.importing(file, name: name)
        }
    }
}
