import Diagnostics

/// What `init` and `new` write: a new site, or one new file. Authors' work is never
/// overwritten: a site goes only into a missing folder or one with nothing but dot-entries
/// (a fresh `git init` or clone), a file only where none is.
public enum Scaffold {
    /// Writes `files` (paths relative to `folder`, in order) into `folder`, made when missing.
    /// A folder that holds only names starting with `.` (`.git`, `.DS_Store`) is taken, since
    /// a site never reads those; one of `files` that is already there is an error, so the
    /// caller leaves out the ones it keeps (an existing `.gitignore`).
    public static func makeSite(at folder: String, files: [(path: String, text: String)], fileSystem fs: FileSystem) -> Diagnostic? {
        switch fs.kind(folder) {
        case .directory?:
            let names = (try? fs.list(folder)) ?? []
            if let name = names.sorted().first(where: { !$0.hasPrefix(".") }) {
                return .error("the folder is not empty", file: folder,
                              hint: "it holds \(name); name a new folder, e.g. quizgen init mysite; nothing was written")
            }
            if let taken = files.first(where: { fs.kind(folder + "/" + $0.path) != nil || fs.isLink(folder + "/" + $0.path) }) {
                return .error("the file already exists", file: folder + "/" + taken.path, hint: "nothing was written")
            }
        case nil:
            break
        case .file?, .other?:
            return .error("not a folder", file: folder, hint: "name a new folder, e.g. quizgen init mysite")
        }
        do throws(FileSystem.Failure) {
            try makeFolders(folder, fs: fs)
            for file in files {
                let path = folder + "/" + file.path
                try makeFolders(SiteLocation.parent(of: path), fs: fs)
                try fs.write(path, Array(file.text.utf8))
            }
        } catch {
            return .error("cannot write: \(error.reason)", file: error.path)
        }
        return nil
    }

    /// Writes one new file, making the folders above it; when it cannot be written, the
    /// folders made for it are taken away again, so a failure leaves nothing behind.
    public static func makeFile(at path: String, text: String, fileSystem fs: FileSystem) -> Diagnostic? {
        if fs.kind(path) != nil || fs.isLink(path) {
            return .error("the file already exists", file: path, hint: "name a new file; nothing was written")
        }
        var made: [String] = []
        do throws(FileSystem.Failure) {
            try makeFolders(SiteLocation.parent(of: path), fs: fs, made: &made)
            try fs.write(path, Array(text.utf8))
        } catch {
            if let top = made.first { try? fs.removeTree(top) }
            return .error("cannot write: \(error.reason)", file: error.path)
        }
        return nil
    }

    static func makeFolders(_ path: String, fs: FileSystem) throws(FileSystem.Failure) {
        var made: [String] = []
        try makeFolders(path, fs: fs, made: &made)
    }

    /// `mkdir -p`: each missing folder on the way, from the top; `made` gets those it made.
    static func makeFolders(_ path: String, fs: FileSystem, made: inout [String]) throws(FileSystem.Failure) {
        guard path != ".", path != "/", !path.isEmpty else { return }
        switch fs.kind(path) {
        case .directory?: return
        case nil:
            try makeFolders(SiteLocation.parent(of: path), fs: fs, made: &made)
            try fs.makeDirectory(path)
            made.append(path)
        case .file?, .other?:
            throw FileSystem.Failure(path: path, reason: "not a folder")
        }
    }
}
