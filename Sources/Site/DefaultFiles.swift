import Messages
import Render
import Support

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

    /// The built-in file that `name` means: its path as `templates list` prints it, or a
    /// template's or catalog's name alone (`style.css`, `ja.yaml`); nil for no built-in file.
    public static func path(named name: String) -> String? {
        let paths = Set(all.map(\.path))
        return [name, "Templates/" + name, "i18n/" + name].first(where: paths.contains)
    }

    /// The content folder that `folder` is or lies in, with links resolved: the next build
    /// would publish what is written there. One is found by its name as `new` and `check`
    /// find one (`…/Content`), or, since `--source` may name a content folder of any name,
    /// as the nearest folder that holds a quizgen Markdown file (front matter with `kind:`).
    public static func contentFolder(holding folder: String, fileSystem fs: FileSystem) -> String? {
        guard let real = SiteWriter.absolute(folder, fs: fs) else { return nil }
        let parts = real.split(separator: "/", omittingEmptySubsequences: false)
        if let named = parts.lastIndex(of: "Content") { return parts[...named].joined(separator: "/") }
        var path = real
        while true {
            if fs.kind(path) == .directory, holdsContent(path, fs) { return path }
            // A folder that holds Content/ is a site's: what lies above it is not its content.
            if fs.kind(path + "/Content") == .directory { return nil }
            let parent = SiteLocation.parent(of: path)
            if parent == path { return nil }
            path = parent
        }
    }

    /// Whether a folder holds a Markdown file that starts with front matter naming a `kind`.
    static func holdsContent(_ folder: String, _ fs: FileSystem) -> Bool {
        guard let names = try? fs.list(folder) else { return false }
        return names.contains { name in
            let path = (folder == "/" ? "" : folder) + "/" + name
            // Any file the build would read counts, whatever its size: only its head is read.
            guard name.hasSuffix(".md"), fs.kind(path) == .file, (fs.size(path) ?? 0) <= SiteLoader.maximumTextSize,
                  let bytes = head(path, fs)
            else { return false }
            let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            let lines = String(decoding: bytes[start...], as: UTF8.self).split(whereSeparator: \.isNewline)
            guard lines.first.map({ String($0).trimmingWhitespace }) == "---" else { return false }
            return lines.dropFirst().prefix { String($0).trimmingWhitespace != "---" }.contains { $0.hasPrefix("kind:") }
        }
    }

    /// A file's first 4 KB, where front matter starts: read into a buffer of that size where
    /// the file system can, so that a large Markdown file costs no more than a small one.
    static func head(_ path: String, _ fs: FileSystem) -> [UInt8]? {
        guard let readInto = fs.readInto else { return (try? fs.read(path)).map { Array($0.prefix(4096)) } }
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: 4096) { buffer, count in
            do throws(FileSystem.Failure) {
                count = try readInto(path, buffer)
            } catch {
                failed = true
                count = 0
            }
        }
        return failed ? nil : bytes
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
