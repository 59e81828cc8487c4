import Analysis
import Content
import Diagnostics
import Render

/// What `serve` keeps between rebuilds: per content file its text, the banks it read, its
/// analysed content, its map and its pages; the site context; the index. A rebuild takes
/// a newly loaded site (the loader's walk is cheap: it reads no content file until asked)
/// and what changed, and does only the work the change calls for:
///
///     content file changed, added     read, parse, check, render that file alone
///     bank changed                    the files that name it, as above
///     content file deleted            its pages go
///     quizgen.yml, Templates/, i18n/  a new context; every page rendered again from the
///                                     analysed content kept (parsed again only when a
///                                     setting that parsing reads changed: language, raw-html)
///     index                           rendered again when an entry's title, description,
///                                     kind or path changed, one came or went, or the context
///     story map                       drawn again only when its DOT text changed
///
/// Pages live in memory only. A file with errors keeps the pages of its last good version,
/// so the server goes on serving them while the author fixes it; templates with errors keep
/// the last good context.
public struct LiveSite: Sendable {
    /// One content file as last built.
    struct Entry: Sendable {
        var displayPath: String
        var text: String?
        var siblings: ContentParser.Siblings
        /// The banks it names, relative to the content folder.
        var banks: [String]
        var source: SourceFile?
        var analysed: AnalysedContent?
        var problems: [Diagnostic]
        var map: Pipeline.StoryMap?
        /// The pages of the last version without errors, and what the index shows of it.
        var pages: [OutputFile] = []
        var indexed: ContentMeta?
    }

    /// What changed since the last rebuild, as the watcher saw it.
    public struct Change: Sendable, Equatable {
        /// Content files and banks (any file under the content folder), relative to it.
        public var content: Set<String>
        /// quizgen.yml, a template or a catalog.
        public var settings: Bool
        /// Unknown (the watcher lost events, or the first build): everything is compared.
        public var everything: Bool

        public init(content: Set<String> = [], settings: Bool = false, everything: Bool = false) {
            self.content = content
            self.settings = settings
            self.everything = everything
        }

        public static let all = Change(everything: true)
        public var isEmpty: Bool { content.isEmpty && !settings && !everything }

        /// Whether a content path or a folder above it changed (a folder renamed or replaced
        /// changes every file in it).
        func touches(_ path: String) -> Bool {
            var prefix = Substring(path)
            while true {
                if content.contains(String(prefix)) { return true }
                guard let slash = prefix.lastIndex(of: "/") else { return false }
                prefix = prefix[..<slash]
            }
        }
    }

    /// What one rebuild did.
    public struct Rebuild: Sendable {
        /// Output paths whose bytes changed, appeared or went.
        public var changed: [String] = []
        /// Diagnostics that were not there before this rebuild (printed once in the terminal).
        public var new: [Diagnostic] = []
        /// Content files read and parsed again, and pages rendered.
        public var parsed: [String] = []
        public var rendered = 0
        public var contextChanged = false
        public var indexChanged = false
        public var notes: [String] = []
    }

    public let location: SiteLocation
    let pipeline: Pipeline
    var context: SiteContext?
    /// The texts the context was made from, to tell a real change from a touch.
    var contextKey: ContextKey?
    var setupProblems: [Diagnostic] = []
    var loaderProblems: [Diagnostic] = []
    var parseOptions: ContentParser.Options?
    var order: [String] = []
    var entries: [String: Entry] = [:]
    var indexKey: [String] = []
    /// Every page, by its output path.
    public private(set) var files: [String: [UInt8]] = [:]
    /// Content-relative paths of the assets, served from the content folder.
    public private(set) var assets: Set<String> = []
    /// Every current diagnostic, sorted.
    public private(set) var diagnostics: [Diagnostic] = []

    struct ContextKey: Equatable {
        var settings: String?
        var templates: [String: String]
    }

    /// - Parameter options: drafts and Graphviz, as a build takes them; `render` is implied.
    public init(location: SiteLocation, options: BuildOptions) {
        self.location = location
        var options = options
        options.render = true
        options.statistics = false
        pipeline = Pipeline(options: options)
    }

    public var hasErrors: Bool { diagnostics.hasErrors }
    public var contentFileCount: Int { order.count }

    /// Brings the state up to date with `site` (just loaded) given what changed.
    public mutating func update(_ site: LoadedSite, changed change: Change) -> Rebuild {
        var rebuild = Rebuild()
        let before = Set(diagnostics)
        loaderProblems = site.problems

        // The context: made again when its inputs may have changed and really did.
        let key = ContextKey(settings: site.settings?.text, templates: site.templates.mapValues(\.text))
        var parseAgain = change.everything
        if context == nil || change.everything || change.settings || key != contextKey {
            let (made, setup) = Pipeline.prepare(site)
            setupProblems = setup
            contextKey = key
            if !setup.hasErrors || context == nil {
                context = made
                rebuild.contextChanged = true
                let options = ContentParser.Options(
                    defaultLanguage: made.settings.language, includeDrafts: pipeline.options.includeDrafts,
                    allowRawHTML: made.settings.rawHTML)
                if options.defaultLanguage != parseOptions?.defaultLanguage || options.allowRawHTML != parseOptions?.allowRawHTML {
                    parseAgain = true
                }
                parseOptions = options
            }
        }
        guard let context, let parseOptions else { return rebuild }

        // Content files: which to read again, and which are gone.
        let present = Set(site.contentFiles.map(\.relativePath))
        for gone in order where !present.contains(gone) {
            for page in entries[gone]?.pages ?? [] { files[page.path] = nil; rebuild.changed.append(page.path) }
            entries[gone] = nil
        }
        order = site.contentFiles.map(\.relativePath)
        assets = Set(site.assets)
        let toRead = site.contentFiles.filter { file in
            guard let entry = entries[file.relativePath] else { return true }
            return parseAgain || change.touches(file.relativePath) || entry.banks.contains(where: change.touches)
        }
        let loaded = toRead.parallelMap { file in (file, file.load()) }
        var toParse: [(LoadedSite.ContentFile, Result<LoadedContent, Diagnostic>)] = []
        for (file, result) in loaded {
            if !parseAgain, let entry = entries[file.relativePath], case .success(let content) = result,
               content.source.text == entry.text, content.siblings == entry.siblings {
                continue  // saved without a change (a touch, a checkout of the same text)
            }
            toParse.append((file, result))
        }
        let parsed = toParse.parallelMap { file, result -> (String, Entry) in
            Self.parse(file, result, options: parseOptions)
        }
        var toRender: Set<String> = []
        for (path, entry) in parsed {
            var entry = entry
            let old = entries[path]
            // Its map stays as the cache of the next drawing.
            entry.map = old?.map
            if entry.problems.hasErrors {
                // The last good pages are served until the file is fixed.
                entry.pages = old?.pages ?? []
                entry.indexed = old?.indexed
            } else if entry.analysed == nil {
                // Now a draft: its pages go.
                for page in old?.pages ?? [] { files[page.path] = nil; rebuild.changed.append(page.path) }
            } else {
                entry.pages = old?.pages ?? []
                toRender.insert(path)
            }
            entries[path] = entry
            rebuild.parsed.append(path)
        }
        if rebuild.contextChanged {
            toRender.formUnion(order.filter { entries[$0]?.analysed != nil && entries[$0]?.problems.hasErrors == false })
        }

        // Render: maps first (from the kept maps when the DOT text is the same), then pages.
        let renderOrder = order.filter { toRender.contains($0) }
        let pieces = renderOrder.map { entries[$0]!.analysed! }
        var kept: [String: [UInt8]] = [:]
        for path in renderOrder { if let map = entries[path]?.map, let svg = map.svg { kept[map.dot] = svg } }
        var drawing = pipeline
        drawing.cache = .memory(kept)
        let maps = drawing.drawMaps(pieces, site: context)
        rebuild.notes = maps.compactMap { $0?.note }
        let rendered = Array(zip(pieces, maps)).parallelMap { Pipeline.render($0.0, map: $0.1, site: context) }
        for ((path, pages), map) in zip(zip(renderOrder, rendered), maps) {
            var entry = entries[path]!
            let newPaths = Set(pages.map(\.path))
            for old in entry.pages where !newPaths.contains(old.path) {
                files[old.path] = nil
                rebuild.changed.append(old.path)
            }
            for page in pages where files[page.path] != page.contents {
                files[page.path] = page.contents
                rebuild.changed.append(page.path)
            }
            entry.pages = pages
            var meta = entry.analysed!.meta
            meta.introduction = []
            entry.indexed = meta
            entry.map = map
            entries[path] = entry
            rebuild.rendered += pages.count
        }

        // The index, when what it shows changed.
        let metas = order.compactMap { entries[$0]?.indexed }
        let indexKey = metas.map { "\($0.sitePath)\u{0}\($0.kind.rawValue)\u{0}\($0.title)\u{0}\($0.description)" }
        if rebuild.contextChanged || indexKey != self.indexKey {
            self.indexKey = indexKey
            let index = IndexRenderer.render(metas, site: context)
            if files[index.path] != index.contents {
                files[index.path] = index.contents
                rebuild.changed.append(index.path)
                rebuild.indexChanged = true
            }
        }

        collectDiagnostics()
        rebuild.new = diagnostics.filter { !before.contains($0) }
        rebuild.changed.sort()
        return rebuild
    }

    /// The content folder is gone (moved away, unmounted): its problem is reported and the
    /// pages stay as they were until it is back.
    public mutating func keepPages(problems: [Diagnostic]) -> Rebuild {
        let before = Set(diagnostics)
        loaderProblems = problems
        collectDiagnostics()
        var rebuild = Rebuild()
        rebuild.new = diagnostics.filter { !before.contains($0) }
        return rebuild
    }

    private mutating func collectDiagnostics() {
        diagnostics = (loaderProblems + setupProblems + order.flatMap { entries[$0]?.problems ?? [] }
            + (context.map(languageWarnings) ?? [])).sorted()
    }

    /// One file read, parsed and checked: a new entry without pages.
    static func parse(
        _ file: LoadedSite.ContentFile, _ result: Result<LoadedContent, Diagnostic>, options: ContentParser.Options
    ) -> (String, Entry) {
        let folder = file.relativePath.split(separator: "/").dropLast().joined(separator: "/")
        switch result {
        case .failure(let problem):
            return (file.relativePath, Entry(
                displayPath: file.displayPath, text: nil, siblings: [:], banks: [], source: nil, analysed: nil, problems: [problem]))
        case .success(let loaded):
            let banks = loaded.siblings.keys.sorted().map { folder.isEmpty ? $0 : folder + "/" + $0 }
            var entry = Entry(
                displayPath: file.displayPath, text: loaded.source.text, siblings: loaded.siblings, banks: banks,
                source: loaded.source, analysed: nil, problems: [])
            let (piece, problems) = Pipeline.parse(loaded, relativePath: file.relativePath, options: options)
            entry.problems = problems
            if let piece {
                let (analysed, findings) = Pipeline.check(piece, file: loaded.source, statistics: false)
                entry.analysed = analysed
                entry.problems += findings
            }
            return (file.relativePath, entry)
        }
    }

    /// One warning per language without a catalog, where it is first set (as a build does).
    func languageWarnings(_ context: SiteContext) -> [Diagnostic] {
        var warned: Set<String> = [context.settings.language.lowercased()]
        var warnings: [Diagnostic] = []
        for path in order {
            guard let entry = entries[path], let meta = entry.analysed?.meta, let source = entry.source,
                  let position = meta.langPosition, warned.insert(meta.lang.lowercased()).inserted else { continue }
            warnings += Pipeline.languageWarning(meta.lang, at: position, in: source, site: context)
        }
        return warnings
    }

    /// The file on disk of an asset to serve: only one the last walk found, and only while
    /// it still is a file that resolves inside the site (it may have become a link since).
    public func assetFile(_ relative: String, fileSystem fs: FileSystem) -> String? {
        guard assets.contains(relative) else { return nil }
        let path = location.content + "/" + relative
        guard fs.kind(path) == .file, SiteBoundary(location, fileSystem: fs).escape(path) == nil else { return nil }
        return path
    }
}
