import Synchronization

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
public final class MemoryDisk: Sendable {
    private struct State {
        var files: [String: [UInt8]] = [:]
        var folders: Set<String> = ["/"]

        mutating func addParents(of path: String) {
            var parent = path
            while let slash = parent.lastIndex(of: "/"), slash != parent.startIndex {
                parent = String(parent[..<slash])
                folders.insert(parent)
            }
        }
    }

    private let state: Mutex<State>

    init(_ files: [String: [UInt8]]) {
        var state = State()
        for (path, bytes) in files {
            let path = Self.normalize(path)
            state.files[path] = bytes
            state.addParents(of: path)
        }
        self.state = Mutex(state)
    }

    /// Every file, by normalised path.
    public var snapshot: [String: [UInt8]] {
        state.withLock { $0.files }
    }

    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." && !part.isEmpty {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    func kind(_ path: String) -> FileSystem.Kind? {
        let path = Self.normalize(path)
        return state.withLock { $0.files[path] != nil ? .file : $0.folders.contains(path) ? .directory : nil }
    }

    func list(_ path: String) throws(FileSystem.Failure) -> [String] {
        let path = Self.normalize(path)
        return try state.withLock { (state) throws(FileSystem.Failure) -> [String] in
            guard state.folders.contains(path) else { throw FileSystem.Failure(path: path, reason: "No such file or directory") }
            let prefix = path == "/" ? "/" : path + "/"
            var names = Set<String>()
            for candidate in Array(state.files.keys) + Array(state.folders) where candidate.hasPrefix(prefix) && candidate != path {
                if let name = candidate.dropFirst(prefix.count).split(separator: "/").first { names.insert(String(name)) }
            }
            return names.sorted()
        }
    }

    func read(_ path: String) throws(FileSystem.Failure) -> [UInt8] {
        let path = Self.normalize(path)
        return try state.withLock { (state) throws(FileSystem.Failure) -> [UInt8] in
            guard let bytes = state.files[path] else { throw FileSystem.Failure(path: path, reason: "No such file or directory") }
            return bytes
        }
    }

    func write(_ path: String, _ bytes: [UInt8]) throws(FileSystem.Failure) {
        let path = Self.normalize(path)
        try state.withLock { (state) throws(FileSystem.Failure) in
            let parent = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
            guard parent.isEmpty || state.folders.contains(parent) else {
                throw FileSystem.Failure(path: path, reason: "No such file or directory")
            }
            state.files[path] = bytes
        }
    }

    func makeDirectory(_ path: String) throws(FileSystem.Failure) {
        let path = Self.normalize(path)
        try state.withLock { (state) throws(FileSystem.Failure) in
            guard state.files[path] == nil else { throw FileSystem.Failure(path: path, reason: "File exists") }
            state.folders.insert(path)
            state.addParents(of: path)
        }
    }

    func replace(_ from: String, _ to: String) throws(FileSystem.Failure) {
        let from = Self.normalize(from), to = Self.normalize(to)
        state.withLock { state in
            func move(_ set: [String], _ a: String, _ b: String) -> [(String, String)] {
                set.filter { $0 == a || $0.hasPrefix(a + "/") }.map { ($0, b + $0.dropFirst(a.count)) }
            }
            let oldFiles = move(Array(state.files.keys), to, from), newFiles = move(Array(state.files.keys), from, to)
            let oldFolders = move(Array(state.folders), to, from), newFolders = move(Array(state.folders), from, to)
            let saved = state.files
            for (a, _) in oldFiles + newFiles { state.files[a] = nil }
            for (a, _) in oldFolders + newFolders { state.folders.remove(a) }
            for (a, b) in oldFiles + newFiles { state.files[b] = saved[a] }
            for (_, b) in oldFolders + newFolders { state.folders.insert(b) }
        }
    }

    func removeTree(_ path: String) {
        let path = Self.normalize(path)
        state.withLock { state in
            for key in state.files.keys where key == path || key.hasPrefix(path + "/") { state.files[key] = nil }
            for folder in state.folders where folder == path || folder.hasPrefix(path + "/") { state.folders.remove(folder) }
        }
    }
}
