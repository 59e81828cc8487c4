import Content
import Diagnostics
import Messages
import Support

/// Where a site is and how to name its files in messages.
public struct SiteLocation: Sendable, Equatable {
    /// The folder with quizgen.yml, Templates/ and (usually) Content/.
    public var root: String
    /// The content folder on disk.
    public var content: String
    /// How to print the content folder in messages (as the user wrote it, or `Content`).
    public var contentDisplay: String
    /// How to print the site root in messages ("" for the current folder).
    public var rootDisplay: String

    public init(root: String, content: String, contentDisplay: String, rootDisplay: String) {
        self.root = root
        self.content = content
        self.contentDisplay = contentDisplay
        self.rootDisplay = rootDisplay
    }

    /// `--source` may name the site folder (one holding Content/ or quizgen.yml) or the
    /// content folder itself, whose parent is then the site folder.
    /// Without `--source`, the site is the current folder when it holds Content/, else the
    /// nearest folder above that does (as git finds its repository), named relatively
    /// (`../`), so that paths in messages still work from the current folder.
    public static func resolve(source: String?, fileSystem: FileSystem) -> SiteLocation {
        if source == nil, fileSystem.kind("Content") != .directory, let above = siteAbove(fileSystem) { return above }
        let given = source.map(Self.normalize) ?? "Content"
        if source != nil, fileSystem.kind(given + "/Content") == .directory || fileSystem.kind(given + "/quizgen.yml") == .file {
            let display = given == "." ? "" : given + "/"
            return SiteLocation(root: given, content: given + "/Content", contentDisplay: display + "Content", rootDisplay: display)
        }
        let parent = Self.parent(of: given)
        return SiteLocation(
            root: parent, content: given, contentDisplay: given,
            rootDisplay: parent == "." ? "" : parent + "/")
    }

    /// The nearest folder above the current one that holds Content/, up to the root.
    static func siteAbove(_ fs: FileSystem) -> SiteLocation? {
        var folder = "."
        var real = fs.realPath(folder)
        while let here = real, here != "/" {
            folder = folder == "." ? ".." : folder + "/.."
            if fs.kind(folder + "/Content") == .directory {
                return SiteLocation(root: folder, content: folder + "/Content", contentDisplay: folder + "/Content", rootDisplay: folder + "/")
            }
            real = fs.realPath(folder)
        }
        return nil
    }

    static func normalize(_ path: String) -> String {
        var p = path
        while p.count > 1, p.hasSuffix("/") { p.removeLast() }
        if p.hasPrefix("./"), p.count > 2 { p.removeFirst(2) }
        return p.isEmpty ? "." : p
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }
}

/// The site as read from disk: every content file (read when its chunk is built, with the
/// banks it names), the asset paths to copy, the settings and the site's own templates.
/// Reading stops at nothing: unreadable files become diagnostics and the rest is still read.
public struct LoadedSite: Sendable {
    /// A Markdown file, read when it is wanted: the build reads each chunk of files as it
    /// parses them, on every core, instead of holding the whole site's text at once.
    public struct ContentFile: Sendable {
        /// Relative to the content folder: `a/b.md`.
        public var relativePath: String
        /// As the author knows it: `Content/a/b.md`.
        public var displayPath: String
        let read: @Sendable () -> Result<LoadedContent, Diagnostic>
        /// Its size in bytes, for chunks of bounded size; nil when it cannot be told.
        var measure: @Sendable () -> Int? = { nil }

        /// The file's text and the files beside it that it names, or the located problem
        /// that stopped reading it.
        public func load() -> Result<LoadedContent, Diagnostic> { read() }

        /// The file's text, when it can be read.
        public var source: SourceFile? { try? read().get().source }

        public var size: Int? { measure() }
    }

    public var location: SiteLocation
    public var settings: SourceFile?
    public var contentFiles: [ContentFile] = []
    /// Relative to the content folder, to be copied to the same path in the output.
    public var assets: [String] = []
    /// Files read through a link (see `Walk.throughLinks`).
    public var throughLinks: Set<String> = []
    /// An asset's bytes, for the check of what an SVG holds (`ScriptableAssets`).
    public var readAsset: @Sendable (String) -> Result<[UInt8], ScriptableAssets.ReadFailure> = { _ in .failure(.unreadable("not loaded")) }
    public var templates: [String: (path: String, text: String)] = [:]
    /// The site's message catalogs, `i18n/<lang>.yaml`, in name order.
    public var catalogs: [SourceFile] = []
    /// What went wrong while reading; the build reports these with its own and, when one
    /// is an error, writes nothing.
    public var problems: [Diagnostic] = []
}

/// One content file as values: its text and the sibling files (banks) it names, so that
/// parsing it reads nothing.
public struct LoadedContent: Sendable {
    public var source: SourceFile
    public var siblings: ContentParser.Siblings
}

public enum SiteLoader {
    public static func load(_ location: SiteLocation, fileSystem fs: FileSystem) -> LoadedSite {
        var (site, diagnostics) = read(location, fileSystem: fs)
        site.problems = diagnostics
        return site
    }

    static func read(_ location: SiteLocation, fileSystem fs: FileSystem) -> (LoadedSite, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let boundary = SiteBoundary(location, fileSystem: fs)
        var site = LoadedSite(location: location)

        guard fs.kind(location.content) == .directory else {
            let cwd = fs.currentDirectory()
            diagnostics.append(.error(
                fs.kind(location.content) == nil
                    ? "no content folder: \(location.contentDisplay)/ does not exist (in \(cwd))"
                    : "\(location.contentDisplay) is not a folder",
                file: location.contentDisplay,
                hint: "create Content/ with one Markdown file per quiz or story (quizgen init makes a new site with examples), "
                    + "or name the folder with --source"))
            return (site, diagnostics)
        }
        // The content folder is what is published: when it is itself a link (a pull request
        // can make it one), it must lead inside the site folder like any other link.
        if fs.isLink(location.content), let real = SiteBoundary.siteFolder(location, fileSystem: fs).escape(location.content) {
            let boundary = SiteBoundary.siteFolder(location, fileSystem: fs)
            diagnostics.append(.error(
                "\(location.contentDisplay) is a link to \(fs.linkTarget(location.content) ?? real), \(boundary.placeOf(real: real)): "
                    + "nothing in it is read or published",
                file: location.contentDisplay,
                hint: "move the content into the site folder, or name the folder it leads to with --source"))
            return (site, diagnostics)
        }

        let settingsPath = location.root + "/quizgen.yml"
        let settingsKind = fs.kind(settingsPath)
        if let kind = settingsKind, kind != .file {
            // Not read (a pipe could wait for ever), and an error: a site built without its
            // settings would be published in the wrong language, with the wrong base URL.
            diagnostics.append(.error(
                "quizgen.yml is \(kind == .directory ? "a folder" : "not a regular file"): the site's settings cannot be read",
                file: location.rootDisplay + "quizgen.yml", hint: "make quizgen.yml a YAML file, or remove it"))
        } else if settingsKind == .file {
            if let refusal = boundary.refusal(settingsPath, display: location.rootDisplay + "quizgen.yml") {
                diagnostics.append(refusal)
            } else {
                switch readText(settingsPath, display: location.rootDisplay + "quizgen.yml", fs: fs) {
                case .success(let file): site.settings = file
                case .failure(let problem): diagnostics.append(problem)
                }
            }
        }

        let templatesPath = location.root + "/Templates"
        if fs.kind(templatesPath) == .directory {
            for name in ((try? fs.list(templatesPath)) ?? []).sorted() where !name.hasPrefix(".") && !name.hasPrefix("_") {
                let display = location.rootDisplay + "Templates/" + name
                let kind = fs.kind(templatesPath + "/" + name)
                // A pipe or a device is a broken template, not none: the built-in is not used in its place.
                if kind == .other { diagnostics.append(notRegular(display)) }
                guard kind == .file else { continue }
                if let refusal = boundary.refusal(templatesPath + "/" + name, display: display) {
                    diagnostics.append(refusal)
                    continue
                }
                switch readText(templatesPath + "/" + name, display: display, fs: fs) {
                case .success(let file): site.templates[name] = (display, file.text)
                case .failure(let problem): diagnostics.append(problem)
                }
            }
        }

        let (catalogs, catalogProblems) = readCatalogs(location, boundary, fs)
        site.catalogs = catalogs
        diagnostics += catalogProblems

        var files: [String] = []
        // What is published may come only from inside the content folder.
        let published = SiteBoundary.content(location, fileSystem: fs)
        var walk = Walk(fs: fs, boundary: published, display: location.contentDisplay)
        walk.walk(location.content, real: fs.realPath(location.content) ?? location.content)
        files = walk.files
        site.throughLinks = walk.throughLinks
        site.readAsset = ScriptableAssets.reader(location, fs)
        diagnostics += walk.diagnostics
        files.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        diagnostics += normalisationClashes(files, display: location.contentDisplay)
        diagnostics += caseClashes(files, display: location.contentDisplay)
        for relative in files {
            if relative.hasSuffix(".md") {
                let display = location.contentDisplay + "/" + relative
                let path = location.content + "/" + relative
                // The folder is what stands before the last `/`, found on the bytes: splitting
                // into Characters cost a serial 25 ms at 4,000 files (and took a `/` that a
                // combining mark follows for no separator).
                let folder = relative.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(relative[..<$0]) } ?? ""
                site.contentFiles.append(.init(relativePath: relative, displayPath: display, read: {
                    readText(path, display: display, fs: fs).map { source in
                        var siblings: ContentParser.Siblings = [:]
                        for name in ContentParser.siblings(of: source) {
                            siblings[name] = readSibling(folder.isEmpty ? name : folder + "/" + name, in: location, published, fs)
                        }
                        return LoadedContent(source: source, siblings: siblings)
                    }
                }, measure: { fs.size(path) }))
            } else {
                site.assets.append(relative)
            }
        }
        return (site, diagnostics)
    }

    /// The site's `i18n/` folder, as Hugo keeps it: one YAML file per language. Other files
    /// there are named and left alone; two files for one language are an error.
    static func readCatalogs(
        _ location: SiteLocation, _ boundary: SiteBoundary, _ fs: FileSystem
    ) -> ([SourceFile], [Diagnostic]) {
        let folder = location.root + "/i18n"
        guard fs.kind(folder) == .directory else { return ([], []) }
        let display = location.rootDisplay + "i18n/"
        if let refusal = boundary.refusal(folder, display: display) { return ([], [refusal]) }
        var catalogs: [SourceFile] = []
        var diagnostics: [Diagnostic] = []
        var languages: [String: String] = [:]
        let names = ((try? fs.list(folder)) ?? []).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for name in names where !name.hasPrefix(".") && !name.hasPrefix("_") {
            let path = folder + "/" + name
            let kind = fs.kind(path)
            if kind == .other { diagnostics.append(notRegular(display + name)) }
            guard kind == .file else { continue }
            guard let stem = [".yaml", ".yml"].lazy.compactMap({ name.hasSuffix($0) ? String(name.dropLast($0.count)) : nil }).first else {
                diagnostics.append(.warning(
                    "not a message catalog; ignored", file: display + name,
                    hint: "a catalog is named after its language and ends in .yaml, e.g. i18n/fr.yaml"))
                continue
            }
            if let first = languages.updateValue(name, forKey: LanguageTag(stem).description.lowercased()) {
                diagnostics.append(.error(
                    "a second catalog for the language of \(display)\(first)", file: display + name,
                    hint: "keep one file per language"))
                continue
            }
            if let refusal = boundary.refusal(path, display: display + name) {
                diagnostics.append(refusal)
                continue
            }
            switch readText(path, display: display + name, fs: fs) {
            case .success(let file): catalogs.append(file)
            case .failure(let problem): diagnostics.append(problem)
            }
        }
        return (catalogs, diagnostics)
    }

    /// A site's own file (a template, a catalog) that is a pipe, a device or a socket: an
    /// error, as a broken one is, since reading it could wait for ever.
    static func notRegular(_ display: String) -> Diagnostic {
        .error("not a regular file", file: display, hint: "make it a file, or remove it to use the built-in one")
    }

    /// A file a content file names (a bank), relative to the content folder.
    static func readSibling(
        _ relative: String, in location: SiteLocation, _ boundary: SiteBoundary, _ fs: FileSystem
    ) -> Result<String, ContentParser.SiblingError> {
        guard !relative.split(separator: "/").contains(".."), !relative.hasPrefix("/") else { return .failure(.notFound) }
        let path = location.content + "/" + relative
        switch fs.kind(path) {
        case nil:
            let (folder, name) = path.lastIndex(of: "/").map { (String(path[..<$0]), String(path[path.index(after: $0)...])) } ?? (".", path)
            // Names are looked for only where the site may read (no name from behind a link out).
            guard boundary.escape(folder) == nil else { return .failure(.notFound) }
            let names = ((try? fs.list(folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
            return NearestMatch.find(name, in: names).map { .failure(.notFoundNear($0)) } ?? .failure(.notFound)
        case .directory: return .failure(.unreadable("it is a folder"))
        case .other: return .failure(.unreadable("it is not a regular file"))
        case .file: break
        }
        // A bank read through a link (to it, or to a folder on its path) that leads out.
        if let real = boundary.escape(path) { return .failure(.outsideSite(real)) }
        switch readDecoded(path, fs: fs) {
        case .success(let text): return .success(text)
        case .failure(.unreadable(let reason)): return .failure(.unreadable(reason))
        case .failure(.tooLarge(let size)): return .failure(.unreadable(tooLargeMessage(size)))
        case .failure(.notUTF8(let place)):
            return .failure(.notUTF8(line: place.line, column: place.column, text: place.text, encoding: place.encoding))
        }
    }

    /// Collects files below a folder, skipping names that start with `_` or `.`. Links are
    /// followed only into the site, and a folder is read once however many links lead to it
    /// (in sorted order, so which path wins does not depend on the disk), so that a link
    /// loop cannot make the walk endless or exponential. quizgen's own output is never read.
    struct Walk {
        let fs: FileSystem
        let boundary: SiteBoundary
        let display: String
        var files: [String] = []
        /// Files read through a link (the file's own, or a folder's on its way): `serve`
        /// hears of a change to them under their real path, not this one.
        var throughLinks: Set<String> = []
        var diagnostics: [Diagnostic] = []
        /// Each folder read, by its real path (as bytes: Swift's String equality would merge
        /// NFC and NFD names), with the path it was read as.
        private var entered: [[UInt8]: String] = [:]
        /// Links to folders, read after every folder reached without one: a folder keeps its
        /// own path even when a link to it sorts first (`aaa -> real`).
        private var links: [(path: String, real: String, relative: String, depth: Int)] = []

        /// Walks the content folder: its folders first, then the links to folders found.
        mutating func walk(_ folder: String, real: String) {
            visit(folder, real: real, relative: "", depth: 0)
            while !links.isEmpty {
                let batch = links.sorted { $0.relative.utf8.lexicographicallyPrecedes($1.relative.utf8) }
                links = []
                for link in batch { visit(link.path, real: link.real, relative: link.relative, depth: link.depth, viaLink: true) }
            }
        }

        init(fs: FileSystem, boundary: SiteBoundary, display: String) {
            self.fs = fs
            self.boundary = boundary
            self.display = display
        }

        mutating func visit(_ folder: String, real: String, relative: String, depth: Int, viaLink: Bool = false) {
            let here = display + (relative.isEmpty ? "" : "/" + relative)
            let key = Array(real.utf8)
            if let first = entered[key] {
                diagnostics.append(.warning(
                    "a link to a folder already read as \(display + (first.isEmpty ? "" : "/" + first)); skipped", file: here))
                return
            }
            entered[key] = relative
            var entries: [(name: String, kind: FileSystem.Listed?)]
            do throws(FileSystem.Failure) {
                // What the listing says each name is spares two lookups a name (a site of
                // 4,000 files spent 20 ms in them, before anything else could start).
                if let listKinds = fs.listKinds {
                    entries = try listKinds(folder)
                } else {
                    entries = try fs.list(folder).map { ($0, nil) }
                }
            } catch {
                diagnostics.append(.error("cannot read the folder: \(error.reason)", file: here))
                return
            }
            if entries.contains(where: { $0.name == SiteWriter.marker }) {
                diagnostics.append(.warning("a folder that quizgen wrote (a site's output) is not read as content", file: here))
                return
            }
            entries.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
            for (name, listed) in entries where !name.hasPrefix("_") && !name.hasPrefix(".") {
                let path = folder + "/" + name
                let rel = relative.isEmpty ? name : relative + "/" + name
                var realPath = real + "/" + name
                var kind: FileSystem.Kind?
                var linked = viaLink
                switch listed {
                case .file?: kind = .file
                case .directory?: kind = .directory
                case .other?: kind = .other
                case .link?, nil:
                    if listed == .link || fs.isLink(path) {
                        if let refusal = boundary.refusal(path, display: display + "/" + rel) {
                            diagnostics.append(refusal)
                            continue
                        }
                        realPath = fs.realPath(path) ?? realPath
                        linked = true
                    }
                    kind = fs.kind(path)
                    // A link that publishes a Markdown file's text as it is (`notes.txt ->
                    // draft.md`) would publish a draft, or a page's source, past the build.
                    if kind == .file, !name.hasSuffix(".md"), realPath.hasSuffix(".md") {
                        diagnostics.append(.warning(
                            "\(display)/\(rel) is a link to a Markdown file, \(fs.linkTarget(path) ?? realPath): it is not published",
                            file: display + "/" + rel,
                            hint: "a Markdown file is published as its page; a draft, not at all"))
                        continue
                    }
                }
                switch kind {
                case .directory?:
                    if depth >= 32 {
                        diagnostics.append(.warning("folders nested more than 32 deep are not read", file: display + "/" + rel))
                    } else if linked && !viaLink {
                        links.append((path, realPath, rel, depth + 1))
                    } else {
                        visit(path, real: realPath, relative: rel, depth: depth + 1, viaLink: linked)
                    }
                case .file?:
                    files.append(rel)
                    if linked { throughLinks.insert(rel) }
                case .other?, nil:
                    diagnostics.append(.warning("not a regular file; skipped", file: display + "/" + rel))
                }
            }
        }
    }

    /// Two names that differ only in Unicode normalisation (`école` written precomposed and
    /// decomposed) are one name to some file systems and hosts and two to others: an error at
    /// the second, in the sorted order, so the output never depends on which one wins.
    static func normalisationClashes(_ files: [String], display: String) -> [Diagnostic] {
        // Two different ASCII names are never canonically equivalent, and a listing names
        // each path once: a site of ASCII names (most) skips the Unicode comparisons, which
        // cost a serial 40 ms at 4,000 files. One non-ASCII name (even a Kelvin sign, which
        // is canonically `K`) and every name is compared.
        guard files.contains(where: { $0.utf8.contains { $0 >= 0x80 } }) else { return [] }
        var first: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        for file in files {
            var prefix = ""
            for part in file.split(separator: "/") {
                prefix += prefix.isEmpty ? String(part) : "/" + part
                // Swift compares strings by canonical equivalence: NFC and NFD are one key.
                if let earlier = first[prefix] {
                    if !earlier.utf8.elementsEqual(prefix.utf8) {
                        diagnostics.append(.error(
                            "this name differs from \(display)/\(earlier) only in Unicode normalisation",
                            file: display + "/" + file,
                            hint: "rename one of them: the two would be one page on many systems and hosts"))
                        break
                    }
                } else {
                    first[prefix] = prefix
                }
            }
        }
        return diagnostics
    }

    /// Two outputs that differ only in letter case (`Quiz.md` and `quiz.md` make the folders
    /// `Quiz/` and `quiz/`) are one on the disks of macOS and Windows and on some hosts: a
    /// warning at the second in sorted order, which may be lost there. Whole paths are
    /// compared (one key a file, as the walk is serial), so two folders that differ in case
    /// are found through a file of the same name in both.
    static func caseClashes(_ files: [String], display: String) -> [Diagnostic] {
        // Keyed by a hash of each output in lower case, made on the bytes (no string made for
        // a name): a site's names are almost never alike, and only those that are, compared.
        var seen: [Int: [String]] = [:]
        seen.reserveCapacity(files.count)
        var diagnostics: [Diagnostic] = []
        for file in files {
            var text = file
            let key = text.withUTF8 { bytes -> Int in
                // A Markdown file's output is its folder: `quiz.md` is `quiz/`.
                let end = bytes.count >= 3 && bytes[bytes.count - 3] == 0x2E && bytes[bytes.count - 2] == 0x6D
                    && bytes[bytes.count - 1] == 0x64 ? bytes.count - 3 : bytes.count
                var hasher = Hasher()
                if bytes.contains(where: { $0 >= 0x80 }) {
                    hasher.combine(String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self).lowercased())
                } else {
                    for byte in bytes[..<end] { hasher.combine(byte &- 0x41 < 26 ? byte | 0x20 : byte) }
                }
                return hasher.finalize()
            }
            func output(_ name: String) -> String { (name.hasSuffix(".md") ? String(name.dropLast(3)) : name).lowercased() }
            if let alike = seen[key], let earlier = alike.first(where: { output($0) == output(file) }) {
                let page = [earlier, file].first { $0.hasSuffix(".md") }
                if earlier != file, let page, String(page.dropLast(3)) == [earlier, file].first(where: { $0 != page }) {
                    // Not a matter of case: a file where a page's folder must be (`x` beside `x.md`).
                    let asset = page == earlier ? file : earlier
                    diagnostics.append(.error(
                        "this file has the name of the page folder of \(display)/\(page)", file: display + "/" + asset,
                        hint: "rename one of them: the site cannot hold a file and a folder of one name"))
                } else if earlier != file {
                    diagnostics.append(.warning(
                        "this name differs from \(display)/\(earlier) only in letter case", file: display + "/" + file,
                        hint: "rename one of them: on macOS and Windows, and on some hosts, the two would be one"))
                }
            } else {
                seen[key, default: []].append(file)
            }
        }
        return diagnostics
    }

    /// The site settings that apply to a file named on its own (`quizgen graph`): the
    /// quizgen.yml of the nearest folder above it that has one, read as a build would.
    public static func settings(above path: String, fileSystem fs: FileSystem) -> Result<SourceFile, Diagnostic>? {
        var folder = SiteLocation.parent(of: SiteLocation.normalize(path))
        for _ in 0..<256 {
            let candidate = (folder == "." ? "" : folder == "/" ? "/" : folder + "/") + "quizgen.yml"
            if fs.kind(candidate) == .file { return readText(candidate, display: candidate, fs: fs) }
            // Relative paths go on above the current folder: "." then "..", "../..".
            let next = folder == "." ? ".." : folder.hasSuffix("..") ? folder + "/.." : SiteLocation.parent(of: folder)
            guard let here = fs.realPath(folder), let there = fs.realPath(next), here != there else { return nil }
            folder = next
        }
        return nil
    }

    /// The most any text file the build reads (Markdown, a CSV bank, a template, a catalog,
    /// quizgen.yml) may hold, one rule for all: parsing costs a multiple of the text, and no
    /// quiz or story needs more. What readers download is a warning of its own, far below
    /// this (`PageWeight`).
    public static let maximumTextSize = 10_000_000

    enum ReadProblem: Error {
        case unreadable(String)
        case tooLarge(Int)
        case notUTF8(TextDecoding.InvalidUTF8)
    }

    /// A text file decoded, read with one allocation of its size where the file system can.
    static func readDecoded(_ path: String, fs: FileSystem) -> Result<String, ReadProblem> {
        do throws(FileSystem.Failure) {
            let size = fs.size(path)
            if let size, size > maximumTextSize { return .failure(.tooLarge(size)) }
            let decoded: Result<String, TextDecoding.InvalidUTF8>
            if let readInto = fs.readInto, let size {
                decoded = try TextDecoding.decode(capacity: size) { buffer throws(FileSystem.Failure) in
                    try readInto(path, buffer)
                }
            } else {
                let bytes = try fs.read(path)
                if bytes.count > maximumTextSize { return .failure(.tooLarge(bytes.count)) }
                decoded = TextDecoding.decode(bytes)
            }
            return decoded.mapError { .notUTF8($0) }
        } catch {
            return .failure(.unreadable(error.reason))
        }
    }

    static func tooLargeMessage(_ size: Int) -> String {
        "the file is \(Megabytes.text(size, against: maximumTextSize)); text files may be at most "
            + "\(maximumTextSize / 1_000_000) MB (\(String(maximumTextSize).withThousandsSeparators) bytes)"
    }

    /// A text file as the build reads it: at most `maximumTextSize`, UTF-8, line breaks `\n`.
    public static func readText(_ path: String, display: String, fs: FileSystem) -> Result<SourceFile, Diagnostic> {
        switch readDecoded(path, fs: fs) {
        case .success(let text):
            return .success(SourceFile(path: display, text: text))
        case .failure(.unreadable(let reason)):
            return .failure(.error("cannot read the file: \(reason)", file: display))
        case .failure(.tooLarge(let size)):
            return .failure(.error(tooLargeMessage(size), file: display, line: 1, column: 1,
                                   hint: "split it into several files: one quiz or story each, or a bank in several parts"))
        case .failure(.notUTF8(let place)):
            return .failure(.error(
                ByteOrderMark.notUTF8("the file", encoding: place.encoding), file: display, line: place.line, column: place.column,
                hint: "save it as UTF-8 in your editor", sourceLine: place.text))
        }
    }

    /// UTF-8 text without a byte-order mark, with every line break made `\n` (columns stay
    /// the same, and every later stage sees one kind of line).
    public static func decodeText(_ bytes: [UInt8]) -> String? {
        try? TextDecoding.decode(bytes).get()
    }
}
