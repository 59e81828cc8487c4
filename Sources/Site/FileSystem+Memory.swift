#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileSystem {
    /// A file system in memory, for tests and the fuzzer: paths are absolute (`/site/...`),
    /// folders exist implicitly above files and explicitly once made.
    public static func memory(_ files: [String: [UInt8]] = [:]) -> (FileSystem, MemoryDisk) {
        let disk = MemoryDisk(files)
        let fs = FileSystem(
            kind: { disk.kind($0) },
            isLink: { _ in false },
            list: { path throws(Failure) in try disk.list(path) },
            read: { path throws(Failure) in try disk.read(path) },
            write: { path, bytes throws(Failure) in try disk.write(path, bytes) },
            makeDirectory: { path throws(Failure) in try disk.makeDirectory(path) },
            copy: { from, to throws(Failure) in try disk.write(to, disk.read(from)) },
            replace: { from, to throws(Failure) in try disk.replace(from, to) },
            removeTree: { path in disk.removeTree(path) },
            currentDirectory: { "/" },
            realPath: { disk.kind($0) == nil ? nil : MemoryDisk.normalize($0) })
        return (fs, disk)
    }
}

/// The storage behind `FileSystem.memory`, safe to use from the writer's threads.
public final class MemoryDisk: @unchecked Sendable {
    private var files: [String: [UInt8]]
    private var folders: Set<String> = ["/"]
    private var mutex = pthread_mutex_t()

    init(_ files: [String: [UInt8]]) {
        self.files = [:]
        pthread_mutex_init(&mutex, nil)
        for (path, bytes) in files {
            let path = Self.normalize(path)
            self.files[path] = bytes
            addParents(of: path)
        }
    }

    deinit { pthread_mutex_destroy(&mutex) }

    private func locked<T>(_ body: () throws(FileSystem.Failure) -> T) throws(FileSystem.Failure) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body()
    }

    /// Every file, by normalised path.
    public var snapshot: [String: [UInt8]] {
        (try? locked { files }) ?? [:]
    }

    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." && !part.isEmpty {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    private func addParents(of path: String) {
        var parent = path
        while let slash = parent.lastIndex(of: "/"), slash != parent.startIndex {
            parent = String(parent[..<slash])
            folders.insert(parent)
        }
    }

    func kind(_ path: String) -> FileSystem.Kind? {
        let path = Self.normalize(path)
        return (try? locked { files[path] != nil ? .file : folders.contains(path) ? .directory : nil }) ?? nil
    }

    func list(_ path: String) throws(FileSystem.Failure) -> [String] {
        let path = Self.normalize(path)
        return try locked { () throws(FileSystem.Failure) -> [String] in
            guard folders.contains(path) else { throw FileSystem.Failure(path: path, reason: "No such file or directory") }
            let prefix = path == "/" ? "/" : path + "/"
            var names = Set<String>()
            for candidate in Array(files.keys) + Array(folders) where candidate.hasPrefix(prefix) && candidate != path {
                if let name = candidate.dropFirst(prefix.count).split(separator: "/").first { names.insert(String(name)) }
            }
            return names.sorted()
        }
    }

    func read(_ path: String) throws(FileSystem.Failure) -> [UInt8] {
        let path = Self.normalize(path)
        return try locked { () throws(FileSystem.Failure) -> [UInt8] in
            guard let bytes = files[path] else { throw FileSystem.Failure(path: path, reason: "No such file or directory") }
            return bytes
        }
    }

    func write(_ path: String, _ bytes: [UInt8]) throws(FileSystem.Failure) {
        let path = Self.normalize(path)
        try locked { () throws(FileSystem.Failure) in
            let parent = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
            guard parent.isEmpty || folders.contains(parent) else {
                throw FileSystem.Failure(path: path, reason: "No such file or directory")
            }
            files[path] = bytes
        }
    }

    func makeDirectory(_ path: String) throws(FileSystem.Failure) {
        let path = Self.normalize(path)
        try locked { () throws(FileSystem.Failure) in
            guard files[path] == nil else { throw FileSystem.Failure(path: path, reason: "File exists") }
            folders.insert(path)
            addParents(of: path)
        }
    }

    func replace(_ from: String, _ to: String) throws(FileSystem.Failure) {
        let from = Self.normalize(from), to = Self.normalize(to)
        try locked { () throws(FileSystem.Failure) in
            func move(_ set: [String], _ a: String, _ b: String) -> [(String, String)] {
                set.filter { $0 == a || $0.hasPrefix(a + "/") }.map { ($0, b + $0.dropFirst(a.count)) }
            }
            let oldFiles = move(Array(files.keys), to, from), newFiles = move(Array(files.keys), from, to)
            let oldFolders = move(Array(folders), to, from), newFolders = move(Array(folders), from, to)
            let saved = files
            for (a, _) in oldFiles + newFiles { files[a] = nil }
            for (a, _) in oldFolders + newFolders { folders.remove(a) }
            for (a, b) in oldFiles + newFiles { files[b] = saved[a] }
            for (_, b) in oldFolders + newFolders { folders.insert(b) }
        }
    }

    func removeTree(_ path: String) {
        let path = Self.normalize(path)
        _ = try? locked {
            for key in files.keys where key == path || key.hasPrefix(path + "/") { files[key] = nil }
            for folder in folders where folder == path || folder.hasPrefix(path + "/") { folders.remove(folder) }
        }
    }
}
