import Messages
import Render

/// The built-in templates and message catalogs as files a site may hold, for `quizgen
/// templates export`: a site's `Templates/<name>` and `i18n/<lang>.yaml` replace the built-in
/// file of the same name, so these are where overriding starts.
public enum DefaultFiles {
    /// Every built-in file by its path in a site folder, sorted: `Templates/…`, `i18n/…`.
    public static var all: [(path: String, text: String)] {
        let templates = TemplateSet.builtIn.map { ("Templates/" + $0.key, $0.value) }
        let catalogs = MessageLibrary.builtInFiles.map { ("i18n/" + $0.key, $0.value) }
        return (templates + catalogs).sorted { $0.0 < $1.0 }
    }

    public enum ExportResult: Sendable, Equatable {
        /// The paths written, relative to the folder.
        case written([String])
        /// Files that are there already; nothing was written.
        case wouldOverwrite([String])
        case failed(FileSystem.Failure)
    }

    /// Writes the files into `folder`, never replacing a
    /// file unless `force` is set (then nothing is written when one exists).
    public static func export(
        _ files: [(path: String, text: String)], to folder: String, force: Bool, fileSystem fs: FileSystem
    ) -> ExportResult {
        let base = folder == "." ? "" : folder + "/"
        let existing = files.map(\.path).filter { fs.kind(base + $0) != nil }
        if !force, !existing.isEmpty { return .wouldOverwrite(existing) }
        do throws(FileSystem.Failure) {
            for folderName in Set(files.map { SiteLocation.parent(of: base + $0.path) }).sorted() {
                try makeFolders(folderName, fs)
            }
            for file in files { try fs.write(base + file.path, Array(file.text.utf8)) }
        } catch {
            return .failed(error)
        }
        return .written(files.map(\.path))
    }

    /// A folder and the ones above it, as `mkdir -p`.
    static func makeFolders(_ path: String, _ fs: FileSystem) throws(FileSystem.Failure) {
        guard path != "." && path != "/" && fs.kind(path) != .directory else { return }
        try makeFolders(SiteLocation.parent(of: path), fs)
        try fs.makeDirectory(path)
    }
}
