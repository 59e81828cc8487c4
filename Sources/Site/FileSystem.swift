import CQuizgenSystem
import Support
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything quizgen does to the disk, as a value: the loader reads through it and the
/// writer writes through it, and tests can hand in their own.
public struct FileSystem: Sendable {
    public enum Kind: Sendable, Equatable { case file, directory, other }
    /// What a folder's listing says a name is.
    public enum Listed: Sendable, Equatable { case file, directory, link, other }

    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        /// True when `path` could not be read (an asset to copy), not written.
        public var reading: Bool
        public init(path: String, reason: String, reading: Bool = false) {
            self.path = path
            self.reason = reason
            self.reading = reading
        }
        public var description: String { "\(path): \(reason)" }
    }

    /// What is at a path, following links; nil when nothing is.
    public var kind: @Sendable (String) -> Kind?
    /// True when the path itself is a symbolic link.
    public var isLink: @Sendable (String) -> Bool
    /// Names in a folder, unsorted.
    public var list: @Sendable (String) throws(Failure) -> [String]
    public var read: @Sendable (String) throws(Failure) -> [UInt8]
    public var write: @Sendable (String, [UInt8]) throws(Failure) -> Void
    public var makeDirectory: @Sendable (String) throws(Failure) -> Void
    public var copy: @Sendable (String, String) throws(Failure) -> Void
    /// Swaps two paths in one step where the system can (Linux `renameat2`), so that
    /// readers never see neither; else renames `from` over `to`.
    public var replace: @Sendable (_ from: String, _ to: String) throws(Failure) -> Void
    public var removeTree: @Sendable (String) throws(Failure) -> Void
    public var currentDirectory: @Sendable () -> String
    /// The absolute path with links resolved, for paths that exist.
    public var realPath: @Sendable (String) -> String?
    /// What a symbolic link says it points to, as written; nil for anything else.
    public var linkTarget: @Sendable (String) -> String? = { _ in nil }
    /// A regular file's size in bytes, for limits checked before anything is read.
    public var size: @Sendable (String) -> Int? = { _ in nil }
    /// Reads a file into memory the caller holds (at most its size, so a file that grows
    /// while it is read is cut there) and returns the byte count; nil where the file system
    /// has no such shortcut and `read` is used.
    public var readInto: (@Sendable (String, UnsafeMutableBufferPointer<UInt8>) throws(Failure) -> Int)? = nil
    /// Names in a folder with what each is as the folder's own listing says (a link is
    /// `.link`, not what it points to; nil where the listing does not say), sparing the
    /// walk of a large site a lookup per name. Nil where the file system has no such listing.
    public var listKinds: (@Sendable (String) throws(Failure) -> [(name: String, kind: Listed?)])? = nil
    /// Seconds since the path (not what a link names) was last changed; nil when unknown.
    public var age: @Sendable (String) -> Int? = { _ in nil }
    /// A regular file's size and when it was last changed (following links), to tell
    /// whether it changed between two looks; nil for anything else, or when unknown.
    public var stamp: @Sendable (String) -> Stamp? = { _ in nil }

    public struct Stamp: Sendable, Equatable {
        public var size: Int
        /// Nanoseconds since 1970, as the file system keeps it.
        public var modified: Int64
        public init(size: Int, modified: Int64) { (self.size, self.modified) = (size, modified) }
    }
}

extension FileSystem {
    /// The real disk, through POSIX calls: fast, and with messages that name the cause.
    public static let disk = FileSystem(
        kind: { path in
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return .file
            case S_IFDIR: return .directory
            default: return .other
            }
        },
        isLink: { path in
            var info = stat()
            return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
        },
        list: { path throws(Failure) in try listOnDisk(path) },
        read: { path throws(Failure) in try readOnDisk(path) },
        write: { path, bytes throws(Failure) in try writeOnDisk(path, bytes) },
        makeDirectory: { path throws(Failure) in
            if mkdir(path, 0o755) != 0 && errno != EEXIST { throw Failure(path: path, reason: errnoText()) }
        },
        copy: { from, to throws(Failure) in
            // Assets can be videos of gigabytes: copied by the kernel, never held in memory.
            switch quizgen_copy_file(from, to) {
            case 0: break
            case -2: throw Failure(path: from, reason: errnoText(), reading: true)
            default: throw Failure(path: to, reason: errnoText())
            }
        },
        replace: { from, to throws(Failure) in try replaceOnDisk(from, to) },
        removeTree: { path throws(Failure) in try removeTreeOnDisk(path) },
        currentDirectory: {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            guard getcwd(&buffer, buffer.count) != nil else { return "." }
            return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        },
        realPath: { path in
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(validatingCString: resolved)
        },
        linkTarget: { path in
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = buffer.withUnsafeMutableBufferPointer { readlink(path, $0.baseAddress!, $0.count) }
            return count < 0 ? nil : String(decoding: buffer[..<count], as: UTF8.self)
        },
        size: { path in
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            return Int(info.st_size)
        },
        readInto: { path, buffer throws(Failure) in try readOnDisk(path, into: buffer) },
        listKinds: { path throws(Failure) in try listKindsOnDisk(path) },
        age: { path in
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            #if canImport(Darwin)
            return time(nil) - info.st_mtimespec.tv_sec
            #else
            return time(nil) - info.st_mtim.tv_sec
            #endif
        },
        stamp: { path in
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            #if canImport(Darwin)
            let modified = info.st_mtimespec
            #else
            let modified = info.st_mtim
            #endif
            return Stamp(size: Int(info.st_size), modified: Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec))
        }
    )
}

private func listOnDisk(_ path: String) throws(FileSystem.Failure) -> [String] {
    try listKindsOnDisk(path).map(\.name)
}

private func listKindsOnDisk(_ path: String) throws(FileSystem.Failure) -> [(name: String, kind: FileSystem.Listed?)] {
    guard let dir = opendir(path) else { throw FileSystem.Failure(path: path, reason: errnoText()) }
    defer { closedir(dir) }
    var entries: [(name: String, kind: FileSystem.Listed?)] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        guard name != "." && name != ".." else { continue }
        let kind: FileSystem.Listed?
        switch Int32(entry.pointee.d_type) {
        case Int32(DT_REG): kind = .file
        case Int32(DT_DIR): kind = .directory
        case Int32(DT_LNK): kind = .link
        case Int32(DT_UNKNOWN): kind = nil
        default: kind = .other
        }
        entries.append((name, kind))
    }
    return entries
}

private func readOnDisk(_ path: String) throws(FileSystem.Failure) -> [UInt8] {
    var info = stat()
    guard stat(path, &info) == 0 else { throw FileSystem.Failure(path: path, reason: errnoText()) }
    if info.st_mode & S_IFMT == S_IFDIR { throw FileSystem.Failure(path: path, reason: "is a folder") }
    var failure: FileSystem.Failure?
    let bytes = [UInt8](unsafeUninitializedCapacity: max(Int(info.st_size), 0)) { buffer, count in
        do throws(FileSystem.Failure) {
            count = try readOnDisk(path, into: buffer)
        } catch {
            failure = error
            count = 0
        }
    }
    if let failure { throw failure }
    return bytes
}

/// Fills `buffer` from the file, up to its end or the buffer's.
private func readOnDisk(_ path: String, into buffer: UnsafeMutableBufferPointer<UInt8>) throws(FileSystem.Failure) -> Int {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw FileSystem.Failure(path: path, reason: errnoText()) }
    defer { close(fd) }
    var count = 0
    while count < buffer.count {
        let n = read(fd, buffer.baseAddress! + count, buffer.count - count)
        if n < 0 {
            if errno == EINTR { continue }
            throw FileSystem.Failure(path: path, reason: errno == EISDIR ? "is a folder" : errnoText())
        }
        if n == 0 { break }
        count += n
    }
    return count
}

private func writeOnDisk(_ path: String, _ bytes: [UInt8]) throws(FileSystem.Failure) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw FileSystem.Failure(path: path, reason: errnoText()) }
    defer { close(fd) }
    if let error = writeAll(fd: fd, bytes: bytes) { throw FileSystem.Failure(path: path, reason: errnoText(error)) }
}

/// Puts `from` at `to` in one step: swapped with what is there (the old tree then sits at
/// `from`), or renamed to it when nothing is. Another build may create or swap `to` at the
/// same moment, so neither step trusts a check made before it: each failure that says the
/// other case now holds retries as that case.
private func replaceOnDisk(_ from: String, _ to: String) throws(FileSystem.Failure) {
    #if os(Linux)
    for _ in 0..<16 {
        if access(to, F_OK) == 0 {
            if quizgen_exchange_paths(from, to) == 0 { return }
            if errno == ENOENT { continue }
            if errno != ENOSYS && errno != EINVAL { throw FileSystem.Failure(path: to, reason: errnoText()) }
            return try replaceBySteps(from, to)
        }
        if quizgen_rename_noreplace(from, to) == 0 { return }
        if errno == EEXIST || errno == ENOTEMPTY { continue }
        if errno != ENOSYS && errno != EINVAL { throw FileSystem.Failure(path: to, reason: errnoText()) }
        break
    }
    #endif
    guard rename(from, to) == 0 else { throw FileSystem.Failure(path: to, reason: errnoText()) }
}

/// Without renameat2: move the old tree aside, then the new one in. A kill between the two
/// leaves the old tree at `from.old`, which the next build puts back.
private func replaceBySteps(_ from: String, _ to: String) throws(FileSystem.Failure) {
    let aside = from + ".old"
    guard rename(to, aside) == 0 else { throw FileSystem.Failure(path: to, reason: errnoText()) }
    guard rename(from, to) == 0 else {
        let reason = errnoText()
        _ = rename(aside, to)
        throw FileSystem.Failure(path: to, reason: reason)
    }
    // The new site is in place: what is left is only tidying up.
    if rename(aside, from) != 0 { _ = try? removeTreeOnDisk(aside) }
}

private func errnoText(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
}

private func removeTreeOnDisk(_ path: String) throws(FileSystem.Failure) {
    var info = stat()
    guard lstat(path, &info) == 0 else {
        if errno == ENOENT { return }
        throw FileSystem.Failure(path: path, reason: errnoText())
    }
    if info.st_mode & S_IFMT == S_IFDIR {
        // A folder made read-only (a `chmod -R a-w public`) would keep its files, and the old
        // site would stay behind: the folders quizgen removes are its own, so it may open them.
        if info.st_mode & 0o700 != 0o700 { _ = chmod(path, (info.st_mode & 0o7777) | 0o700) }
        for name in try listOnDisk(path) {
            try removeTreeOnDisk(path + "/" + name)
        }
        guard rmdir(path) == 0 else { throw FileSystem.Failure(path: path, reason: errnoText()) }
    } else {
        guard unlink(path) == 0 else { throw FileSystem.Failure(path: path, reason: errnoText()) }
    }
}
