import Content
import Diagnostics

/// Pieces of one title in one folder: the index lists them alike, a title and a kind each,
/// and a reader cannot tell which is which. Titles that differ only in case ("The Door",
/// "The door") are one title to a reader. In different folders pieces are told apart by the
/// folder the index names (three "Week 1" quizzes in `maths/`, `physics/`, `art/`), so that
/// is no problem. Fed the pieces in path order, it warns at each after the first. Two whose
/// titles are their file names are not: names that differ only in case or normalisation
/// (`quiz.md`, `Quiz.md`) are warned of as such (`SiteLoader`).
public struct SameTitles: Sendable {
    /// The first piece of each title in each folder (its path and title as written, and
    /// whether that is its file name), by folder and title.
    private var first: [String: (path: String, title: String, named: Bool)] = [:]

    public init() {}

    /// The warning for `meta` (read from `file`) when a piece before it has its title in
    /// its folder.
    public mutating func check(_ meta: ContentMeta, in file: SourceFile) -> Diagnostic? {
        let key = meta.folder + "\u{0}" + Self.key(meta.title)
        guard let earlier = first[key] else {
            first[key] = (meta.sourcePath, meta.title, meta.titlePosition == nil)
            return nil
        }
        if earlier.named && meta.titlePosition == nil { return nil }
        return Self.warning(meta, in: file, sameAs: (earlier.path, earlier.title), sameFolder: true)
    }

    /// What two titles that read alike have in common.
    public static func key(_ title: String) -> String { title.lowercased() }

    /// The warning at `meta`'s title (the file as a whole when the title is its name) that
    /// `other` has that title; in another folder, the index tells them apart by their folders.
    public static func warning(
        _ meta: ContentMeta, in file: SourceFile, sameAs other: (path: String, title: String), sameFolder: Bool
    ) -> Diagnostic {
        let message = sameFolder
            ? "another file in this folder has this title: the index lists the two alike"
            : "another content file has this title"
        let hint = "\(other.path) has the title '\(other.title)'; "
            + (sameFolder ? "give one of them another title" : "the index tells the two apart only by their folders")
        guard let position = meta.titlePosition else {
            return .warning(message, file: file.path, hint: hint + (sameFolder ? " (with 'title:' in its front matter)" : ""))
        }
        return file.diagnostic(.warning, message, line: position.line, characterColumn: position.column, hint: hint)
    }
}
