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
///     story map                       drawn again only when its DOT text changed; every
///                                     story's at once when map-choices or a catalog changed;
///                                     after the first build, while the pages are served
///                                     (`mapsLater`, then `placeMaps`)
///
/// Nothing is written to disk, and pages are not kept either: at 4,000 files they would be
/// half a gigabyte, and the parsed trees of every file a few hundred megabytes more. Each
/// file keeps its text, its map and a hash of each of its pages; the analysed content of
/// the files last used (`AnalysisCache`, the open pages among them) is kept, any other is
/// parsed again when needed. A page is rendered when it is asked for (about a millisecond),
/// and the hashes tell which pages a rebuild changed. When every page must be rendered again (a template), the
/// open ones are rendered at once and the others when they are asked for. A file with errors
/// keeps its last good version, which is served while the author fixes it; templates with
/// errors keep the last good context.
public struct LiveSite: Sendable {
    /// One content file as last built. Held by reference (`Box`) and never changed in
    /// place: a rebuild copies the table of 4,000 entries, not the entries.
    struct Entry: Sendable {
        var displayPath: String
        var text: String?
        var siblings: ContentParser.Siblings
        /// The banks it names, relative to the content folder.
        var banks: [String]
        var source: SourceFile?
        /// The images its text shows, checked against the assets at every rebuild: an image
        /// may come or go without the file being saved.
        var images: [ImageReference] = []
        /// Its links to relative paths, checked against the whole site at every rebuild: a
        /// page or an asset they name may come or go without the file being saved.
        var linking: Pipeline.Linking?
        /// The files its last good version writes, maps included, for other files' links.
        var published: [String] = []
        /// Its kind and page folder as last parsed, errors or not: for other files' links,
        /// which name its page before it first builds, as a build counts it.
        var page: ContentMeta?
        /// The same as a build with these options writes them (its map only when maps are
        /// drawn, whether or not Graphviz is there), for the assets they would overwrite.
        var generated: [String] = []
        /// Only while the rebuild that parsed it runs: then it goes to the cache.
        var analysed: AnalysedContent?
        var problems: [Diagnostic]
        /// The last version without errors (served; its analysis is in the cache or made
        /// again from it), its map, and what the index shows of it.
        var good: LoadedContent?
        var map: Pipeline.StoryMap?
        var indexed: ContentMeta?
        /// The hash of each of its pages as last rendered; nil once the context changed and
        /// it has not been rendered again.
        var pageHashes: [String: Int]?
        var pagePaths: [String] = []
    }

    /// What the loops over every file read, kept apart from the entry so that reading it
    /// copies nothing: 4,000 entries copied per rebuild cost more than the rebuild.
    final class Box: Sendable {
        let entry: Entry
        let problems: [Diagnostic]
        let indexed: ContentMeta?
        let indexKey: String?
        /// Where the file sets a `lang:`, for the warning about a language without a catalog.
        let lang: (lang: String, position: ValuePosition, source: SourceFile)?
        /// Its title and where it is, with its text, for the warning about two of one title
        /// in one folder (`SameTitles`).
        let titled: (meta: ContentMeta, source: SourceFile)?
        /// The images it shows, and its text, when it shows any.
        let pictured: (images: [ImageReference], source: SourceFile)?

        /// `lang` and `titled` as found when the file was parsed, or as `kept` has them (the
        /// analysis is not kept with the entry).
        init(_ entry: Entry, keeping kept: Box? = nil) {
            self.entry = entry
            problems = entry.problems
            indexed = entry.indexed
            pictured = entry.images.isEmpty ? nil : entry.source.map { (entry.images, $0) }
            // Everything the index shows of the piece: its lang too (its entry's lang and dir).
            indexKey = entry.indexed.map { "\($0.sitePath)\u{0}\($0.kind.rawValue)\u{0}\($0.title)\u{0}\($0.description)\u{0}\($0.lang)" }
            if let kept {
                (lang, titled) = (kept.lang, kept.titled)
                return
            }
            let meta = entry.analysed?.meta
            if let meta, let position = meta.langPosition, let source = entry.source {
                lang = (meta.lang, position, source)
            } else {
                lang = nil
            }
            if var meta, let source = entry.source {
                (meta.introduction, meta.images, meta.links) = ([], [], [])
                titled = (meta, source)
            } else {
                titled = nil
            }
        }
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
        /// Content files read and parsed again, and pages rendered now (the index among them).
        public var parsed: [String] = []
        /// What the terminal names as read again: each file parsed again, but for one read
        /// again only for a bank (or a file through a link) that was saved, that file.
        public var read: [String] = []
        public var rendered = 0
        public var contextChanged = false
        public var indexChanged = false
        /// Notes as a build prints them (a story without a map, and why), each once: not
        /// again while the file keeps it.
        public var notes: [String] = []
        /// Maps to draw while the pages are served (`update`'s `mapsLater`), for `placeMaps`.
        public var toDraw: [MapRequest] = []
        /// Content files whose map `placeMaps` placed.
        public var drawn: [String] = []
        /// Of `drawn`, the maps Graphviz could not draw (their notes say why).
        public var undrawn: [String] = []
    }

    /// A story's map to draw: its file, and the DOT text its pages are waiting for.
    public struct MapRequest: Sendable, Equatable {
        public var path: String
        public var dot: String
        public init(path: String, dot: String) { (self.path, self.dot) = (path, dot) }
    }

    public let location: SiteLocation
    let pipeline: Pipeline
    var context: SiteContext?
    /// The texts the context was made from, to tell a real change from a touch.
    var contextKey: ContextKey?
    /// What stories' maps are made from besides their files: `map-choices` and the site's
    /// catalogs (the map's words). When it changes, every story's map is made again at once.
    var mapKey: MapKey?
    var setupProblems: [Diagnostic] = []
    /// The context in use was made from templates or settings with errors (there was no
    /// good one to keep: the first build).
    var contextHasErrors = false
    /// Whether the note that Graphviz is not installed was given (once, with the first story).
    var notedGraphviz = false
    var loaderProblems: [Diagnostic] = []
    var parseOptions: ContentParser.Options?
    var order: [String] = []
    var entries: [String: Box] = [:]
    var indexKey: [String] = []
    /// The content file each page comes from, by the page's output path.
    var owners: [String: String] = [:]
    var index: [UInt8]?
    /// Shared by every copy of this state: its entries are keyed by file and text, so a copy
    /// never sees another version's analysis.
    let analyses: AnalysisCache
    /// Content-relative paths of the assets, served from the content folder.
    public private(set) var assets: Set<String> = []
    /// The errors of assets that would run script (`ScriptableAssets`), by asset, and whether
    /// the site trusted its authors' HTML when they were found; such an asset is not served.
    var scriptChecks: (rawHTML: Bool?, assets: [String: [Diagnostic]]) = (nil, [:])
    /// Each file's warnings of missing images, and the assets they were checked against.
    var imageWarnings: (assets: Set<String>, files: [String: [Diagnostic]]) = ([], [:])
    /// Every current diagnostic, sorted.
    public private(set) var diagnostics: [Diagnostic] = []

    struct ContextKey: Equatable {
        var settings: String?
        var templates: [String: String]
    }

    struct MapKey: Equatable {
        var choices: Story.MapChoices
        var catalogs: [String]
    }

    /// - Parameter options: drafts and Graphviz, as a build takes them; `render` is implied.
    /// - Parameter analysed: how many files' analysed content to keep (the rest is parsed
    ///   again when needed).
    public init(location: SiteLocation, options: BuildOptions, analysed: Int = 512) {
        self.location = location
        analyses = AnalysisCache(capacity: analysed)
        var options = options
        options.render = true
        options.statistics = false
        pipeline = Pipeline(options: options)
    }

    public var hasErrors: Bool { diagnostics.hasErrors }
    public var contentFileCount: Int { order.count }

    /// A content file or an asset (a bank) as messages name it (`Content/quiz.md`), by its
    /// path in the content folder.
    public func displayPath(of path: String) -> String? {
        entries[path]?.entry.displayPath ?? (assets.contains(path) ? location.contentDisplay + "/" + path : nil)
    }

    /// What is served in place of what has errors.
    public struct Fallback: Sendable, Equatable {
        /// Content files with errors whose last good pages are served.
        public var keptFiles = 0
        /// Content files with errors without pages: they have had none without errors.
        public var filesWithoutPages = 0
        /// The templates, catalogs or quizgen.yml have errors: true when the last good ones are
        /// used, false when there were none (pages are made without what has errors).
        public var lastGoodSettings: Bool?
    }

    public var fallback: Fallback {
        var fallback = Fallback()
        for path in order {
            guard let box = entries[path], box.problems.hasErrors else { continue }
            if box.entry.good != nil { fallback.keptFiles += 1 } else { fallback.filesWithoutPages += 1 }
        }
        if setupProblems.hasErrors { fallback.lastGoodSettings = !contextHasErrors }
        return fallback
    }

    /// Brings the state up to date with `site` (just loaded) given what changed. `open` names
    /// the pages readers have open (output paths): when the context changed, only theirs are
    /// rendered now (and reported as changed); the others when they are asked for. With
    /// `mapsLater`, maps not drawn before are not waited for: their pages say they are being
    /// drawn, and the rebuild's `toDraw` lists them, for `placeMaps` once they are drawn.
    public mutating func update(_ site: LoadedSite, changed change: Change, open: Set<String> = [], mapsLater: Bool = false) -> Rebuild {
        var rebuild = Rebuild()
        let before = Set(diagnostics)
        loaderProblems = site.problems

        // The context: made again when its inputs may have changed and really did.
        let key = ContextKey(settings: site.settings?.text, templates: site.templates.mapValues(\.text))
        var parseAgain = change.everything
        var mapsChanged = false
        if context == nil || change.everything || change.settings || key != contextKey {
            let (made, setup) = Pipeline.prepare(site)
            setupProblems = setup
            contextKey = key
            if !setup.hasErrors || context == nil {
                context = made
                contextHasErrors = setup.hasErrors
                rebuild.contextChanged = true
                let maps = MapKey(choices: made.settings.mapChoices, catalogs: site.catalogs.map(\.text))
                mapsChanged = mapKey != nil && maps != mapKey
                mapKey = maps
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
            if let entry = entries[gone]?.entry { dropPages(entry, into: &rebuild) }
            entries[gone] = nil
        }
        order = site.contentFiles.map(\.relativePath)
        assets = Set(site.assets)
        checkScriptableAssets(site, changed: change, rawHTML: context.settings.rawHTML)
        let toRead = site.contentFiles.filter { file in
            guard let entry = entries[file.relativePath]?.entry else { return true }
            // A file read through a link (its own, or a folder's), or a bank so read, changes
            // under its real path, which the watchers report: it is read again on any change,
            // and skipped below when its text and its banks' did not change.
            return parseAgain || change.touches(file.relativePath) || entry.banks.contains(where: change.touches)
                || (!change.content.isEmpty
                    && (site.throughLinks.contains(file.relativePath) || entry.banks.contains(where: site.throughLinks.contains)))
        }
        // The author saved a bank, not the quizzes that use it: those are named by it.
        var readFor: [String: [String]] = [:]
        for file in toRead where !parseAgain {
            let itself = change.touches(file.relativePath)
            var saved = entries[file.relativePath]?.entry.banks.filter(change.touches) ?? []
            // Else it was read through a link, whose target changed under its own path: a
            // file that is no content file (a bank) is what was saved.
            if !itself, saved.isEmpty { saved = change.content.filter { !present.contains($0) }.sorted() }
            if !saved.isEmpty { readFor[file.relativePath] = (itself ? [file.relativePath] : []) + saved }
        }
        // A chunk at a time, as a build streams: the first build of 4,000 files never holds
        // every file's text and trees at once.
        var rendered: Set<String> = []
        for chunk in pipeline.options.chunks(toRead) {
            let files = Array(chunk)
            let loaded = files.parallelMap { file in (file, file.load()) }
            var toParse: [(LoadedSite.ContentFile, Result<LoadedContent, Diagnostic>)] = []
            for (file, result) in loaded {
                if !parseAgain, let entry = entries[file.relativePath]?.entry, case .success(let content) = result,
                   content.source.text == entry.text, content.siblings == entry.siblings {
                    continue  // saved without a change (a touch, a checkout of the same text)
                }
                toParse.append((file, result))
            }
            let parsed = toParse.parallelMap { file, result -> (String, Entry) in
                Self.parse(file, result, options: parseOptions)
            }
            var ready: [String] = []
            for (path, entry) in parsed {
                if integrate(entry, at: path, into: &rebuild) { ready.append(path) }
            }
            render(ready, context: context, mapsLater: mapsLater, into: &rebuild)
            rendered.formUnion(ready)
        }

        // After a new context, the open pages are rendered at once and the rest when they
        // are asked for (their hashes are forgotten: any page of theirs counts as changed).
        // Stories too when their maps may have changed: a page rendered later takes the map
        // kept with its file.
        if rebuild.contextChanged {
            let shown = order.filter { path in
                guard !rendered.contains(path), let box = entries[path], let sitePath = box.indexed?.sitePath else { return false }
                return open.contains { $0.hasPrefix(sitePath + "/") } || (mapsChanged && box.entry.map != nil)
            }
            render(shown, context: context, mapsLater: mapsLater, into: &rebuild)
            let now = rendered.union(shown)
            for path in order where !now.contains(path) {
                guard let box = entries[path], box.entry.good != nil else { continue }
                var entry = box.entry
                entry.pageHashes = nil
                entries[path] = Box(entry, keeping: box)
            }
        }
        refreshIndex(context: context, force: rebuild.contextChanged, into: &rebuild)
        var named: Set<String> = []
        rebuild.read = rebuild.parsed.flatMap { readFor[$0] ?? [$0] }.filter { named.insert($0).inserted }

        collectDiagnostics()
        rebuild.new = diagnostics.filter { !before.contains($0) }
        rebuild.changed.sort()
        return rebuild
    }

    /// A file just parsed takes its place; true when it is ready to be rendered.
    private mutating func integrate(_ parsed: Entry, at path: String, into rebuild: inout Rebuild) -> Bool {
        var entry = parsed
        let old = entries[path]?.entry
        // The last good version stays, served until the file is fixed; its map stays as
        // the cache of the next drawing.
        entry.good = old?.good
        entry.map = old?.map
        entry.indexed = old?.indexed
        entry.pageHashes = old?.pageHashes
        entry.pagePaths = old?.pagePaths ?? []
        entry.published = old?.published ?? []
        entry.generated = old?.generated ?? []
        var ready = false
        if entry.problems.hasErrors {
            // As it was.
        } else if entry.analysed == nil {
            // Now a draft: its pages go.
            dropPages(entry, into: &rebuild)
            entry.good = nil
            entry.indexed = nil
            entry.pagePaths = []
            entry.published = []
            entry.generated = []
        } else {
            entry.good = LoadedContent(source: entry.source!, siblings: entry.siblings)
            analyses.put(path, text: entry.source!.text, entry.analysed!)
            entry.published = Pipeline.pagePaths(entry.analysed!)
            // The same array when maps are drawn: nothing more is kept.
            entry.generated = pipeline.options.maps ? entry.published : PagePaths.of(entry.analysed!, maps: false)
            var meta = entry.analysed!.meta
            meta.introduction = []
            entry.indexed = meta
            ready = true
        }
        let box = Box(entry)
        entry.analysed = nil
        entries[path] = Box(entry, keeping: box)
        imageWarnings.files[path] = nil
        rebuild.parsed.append(path)
        return ready
    }

    /// Renders the entries' pages (maps first: from the kept maps when the DOT text is the
    /// same, and not drawn again when Graphviz failed on the same DOT text; with `mapsLater`,
    /// the others are left to draw), keeps their hashes and records which pages changed.
    private mutating func render(_ paths: [String], context: SiteContext, mapsLater: Bool = false, into rebuild: inout Rebuild) {
        guard !paths.isEmpty else { return }
        let now = self
        let pieces = paths.parallelMap { now.analysis(of: $0)! }
        var kept: [String: [UInt8]] = [:]
        var failed: [String: Graphviz.Failure] = [:]
        for path in paths {
            guard let map = entries[path]?.entry.map else { continue }
            if let svg = map.svg { kept[map.dot] = svg } else if let failure = map.failure { failed[map.dot] = failure }
        }
        var drawing = pipeline
        drawing.cache = .memory(kept, failed: failed)
        var maps: [Pipeline.StoryMap?]
        if mapsLater {
            let toDraw: [Int]
            (maps, toDraw) = drawing.planMaps(pieces, site: context)
            for i in toDraw {
                maps[i]?.drawing = true
                // Asked for once: a file rendered again while its map is drawn waits for that drawing.
                let asked = entries[paths[i]]?.entry.map.map { $0.drawing && $0.dot == maps[i]!.dot } == true
                if !asked { rebuild.toDraw.append(MapRequest(path: paths[i], dot: maps[i]!.dot)) }
            }
        } else {
            maps = drawing.drawMaps(pieces, site: context)
        }
        if !notedGraphviz, maps.contains(where: { $0 != nil }) {
            notedGraphviz = true
            rebuild.notes += Pipeline.notes([], options: pipeline.options, hasStory: true)
        }
        let hashed = Array(zip(pieces, maps)).parallelMap { piece, map in
            Pipeline.render(piece, map: map, site: context).map { ($0.path, $0.contents.hashValue) }
        }
        for ((path, pages), map) in zip(zip(paths, hashed), maps) {
            let box = entries[path]!
            var entry = box.entry
            // A note once: when the file first gets it, or when a new drawing failed (not one
            // taken from the failures kept).
            if let note = map?.note, note != entry.map?.note || (map?.failure != nil && failed[map!.dot] == nil) {
                rebuild.notes.append(note)
            }
            let hashes = Dictionary(pages, uniquingKeysWith: { a, _ in a })
            for old in entry.pagePaths where hashes[old] == nil {
                owners[old] = nil
                rebuild.changed.append(old)
            }
            for (page, hash) in pages where entry.pageHashes?[page] != hash {
                rebuild.changed.append(page)
            }
            for (page, _) in pages { owners[page] = path }
            entry.pageHashes = hashes
            entry.pagePaths = pages.map(\.0)
            entry.map = map
            entries[path] = Box(entry, keeping: box)
            rebuild.rendered += pages.count
        }
    }

    /// Maps drawn for `toDraw`, placed where their stories still wait for exactly that
    /// DOT text (a drawing of an older graph, saved over since, is thrown away), and their
    /// stories' pages rendered again.
    public mutating func placeMaps(_ drawn: [(MapRequest, Result<[UInt8], Graphviz.Failure>)]) -> Rebuild {
        var rebuild = Rebuild()
        guard let context else { return rebuild }
        for (request, result) in drawn {
            guard let box = entries[request.path], var map = box.entry.map, map.drawing, map.dot == request.dot,
                  let piece = analysis(of: request.path) else { continue }
            var placed: Pipeline.StoryMap? = map
            Pipeline.place(result, in: &placed, from: piece)
            map = placed!
            map.drawing = false
            if let note = map.note { rebuild.notes.append(note) }
            if map.failure != nil { rebuild.undrawn.append(request.path) }
            var entry = box.entry
            entry.map = map
            entries[request.path] = Box(entry, keeping: box)
            rebuild.drawn.append(request.path)
        }
        render(rebuild.drawn, context: context, into: &rebuild)
        rebuild.changed.sort()
        return rebuild
    }

    private mutating func dropPages(_ entry: Entry, into rebuild: inout Rebuild) {
        for page in entry.pagePaths {
            owners[page] = nil
            rebuild.changed.append(page)
        }
    }

    /// The index, rendered again when what it shows changed (or `force`: a new context).
    private mutating func refreshIndex(context: SiteContext, force: Bool, into rebuild: inout Rebuild) {
        let indexKey = order.compactMap { entries[$0]?.indexKey }
        guard force || indexKey != self.indexKey else { return }
        self.indexKey = indexKey
        let metas = order.compactMap { entries[$0]?.indexed }
        let rendered = IndexRenderer.render(metas, site: context)
        rebuild.rendered += 1
        if index != rendered.contents {
            index = rendered.contents
            rebuild.changed.append(rendered.path)
            rebuild.indexChanged = true
        }
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
            + (context.map(languageWarnings) ?? []) + sameTitles() + assetClashes() + missingImages() + brokenLinks()
            + scriptChecks.assets.values.flatMap { $0 }).sorted()
    }

    /// Pieces of one title in one folder, as a build warns of them: of every file as last
    /// parsed, in path order.
    private func sameTitles() -> [Diagnostic] {
        var check = SameTitles()
        return order.compactMap { path in entries[path]?.titled.flatMap { check.check($0.meta, in: $0.source) } }
    }

    /// Links to relative paths that name nothing the site publishes, as a build warns of
    /// them: against every file's last good pages and the assets as they are now.
    private func brokenLinks() -> [Diagnostic] {
        let linking = order.compactMap { entries[$0]?.entry.linking }
        guard !linking.isEmpty, let context else { return [] }
        let published = Pipeline.published(
            order.compactMap { entries[$0].flatMap { $0.indexed ?? $0.entry.page } }, assets: assets,
            stylesheet: context.templates.stylesheetPath)
        return Pipeline.brokenLinks(linking, published: published, pagesIn: { folder in
            entries[folder + ".md"]?.entry.published ?? []
        }, location: location)
    }

    /// Images that the site does not publish, as a build warns of them, against the assets
    /// as they are now: checked again for a file parsed again, and for every file when an
    /// asset came or went.
    private mutating func missingImages() -> [Diagnostic] {
        if assets != imageWarnings.assets { imageWarnings = (assets, [:]) }
        return order.flatMap { path -> [Diagnostic] in
            if let known = imageWarnings.files[path] { return known }
            guard let (images, source) = entries[path]?.pictured else { return [] }
            let warnings = Pipeline.missingImages(images, of: path, in: source, assets: assets, location: location)
            imageWarnings.files[path] = warnings
            return warnings
        }
    }

    /// Assets a page of the site would overwrite, as a build reports them: by the files each
    /// file's last good version writes, rendered yet or not, its map whether drawn yet or not.
    private func assetClashes() -> [Diagnostic] {
        guard let context, !assets.isEmpty else { return [] }
        let clash = AssetClash(assets: Array(assets), location: location)
        return AssetClash.ofSite(stylesheet: context.templates.stylesheetPath, assets: assets, location: location)
            + order.flatMap { path -> [Diagnostic] in
                guard let entry = entries[path]?.entry, let sitePath = entry.indexed?.sitePath else { return [] }
                return clash.of(sitePath, by: entry.displayPath) { entry.generated }
            }
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
            let read = Pipeline.parse(loaded, relativePath: file.relativePath, options: options)
            entry.problems = read.diagnostics
            // A quiz with errors has no piece: its images and links are checked all the same.
            if var meta = read.meta {
                entry.images = meta.images
                entry.linking = Pipeline.Linking(meta, source: loaded.source, piece: read.piece)
                meta.introduction = []
                entry.page = meta
            }
            if let piece = read.piece {
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
            guard let set = entries[path]?.lang, warned.insert(set.lang.lowercased()).inserted else { continue }
            warnings += Pipeline.languageWarning(set.lang, at: set.position, in: set.source, site: context)
        }
        return warnings
    }

    // MARK: Serving

    /// Whether the site has this page (by its output path, `a/b/index.html`). Names match
    /// byte for byte, as on a static host: Swift's `==` would take `école` written with a
    /// combining accent for the one written with `é`.
    public func hasFile(_ path: String) -> Bool {
        if path == "index.html" { return index != nil }
        if path == NotFoundRenderer.path { return makesNotFoundPage }
        if let stylesheet = context?.templates.stylesheetPath, path.utf8.elementsEqual(stylesheet.utf8) { return true }
        return owners.index(forKey: path).map { owners.keys[$0].utf8.elementsEqual(path.utf8) } ?? false
    }

    /// Whether the site publishes this asset (by its path in the content folder), byte for byte.
    public func hasAsset(_ path: String) -> Bool {
        (assets.firstIndex(of: path).map { assets[$0].utf8.elementsEqual(path.utf8) } ?? false) && !refuses(path)
    }

    /// The Markdown files with errors, by the page folder each would have (`quiz` of
    /// `Content/quiz.md`): a page asked for there is missing because of them.
    public var foldersWithErrors: [(folder: String, file: String)] {
        let prefix = location.contentDisplay + "/"
        return Set(diagnostics.filter { $0.isError && $0.file.hasPrefix(prefix) && $0.file.hasSuffix(".md") }.map(\.file)).sorted().map {
            (String($0.dropFirst(prefix.count).dropLast(3)), $0)
        }
    }

    /// The stories that have no map, by their page folder, with the note that says why.
    public var foldersWithoutMaps: [(folder: String, note: String)] {
        entries.compactMap { path, box in box.entry.map?.note.map { (String(path.dropLast(3)), $0) } }.sorted { $0.folder < $1.folder }
    }

    /// Every output path, in order.
    public var filePaths: [String] {
        (owners.keys + (index == nil ? [] : ["index.html"]) + (makesNotFoundPage ? [NotFoundRenderer.path] : [])
            + (context.map { [$0.templates.stylesheetPath] } ?? [])).sorted()
    }

    /// Whether the site has the host's 404 page as a build writes it: not when the content
    /// folder has its own.
    var makesNotFoundPage: Bool { context != nil && index != nil && !hasAsset(NotFoundRenderer.path) }

    /// A page, rendered now from its file's last good version with the current context.
    public func file(_ path: String) -> [UInt8]? {
        if path == "index.html" { return index }
        if let context, path == context.templates.stylesheetPath { return context.stylesheet.contents }
        if let context, path == NotFoundRenderer.path, makesNotFoundPage { return NotFoundRenderer.render(site: context).contents }
        guard let context, let owner = owners[path], let entry = entries[owner]?.entry, let good = analysis(of: owner) else { return nil }
        return Pipeline.renderFile(path, of: good, map: entry.map, site: context)
    }

    /// The analysed content of a file's last good version: from the cache, else parsed and
    /// checked again (and cached).
    func analysis(of path: String) -> AnalysedContent? {
        guard let good = entries[path]?.entry.good else { return nil }
        if let known = analyses.get(path, text: good.source.text) { return known }
        guard let options = parseOptions,
              let piece = Pipeline.parse(good, relativePath: path, options: options).piece else { return nil }
        let analysed = Pipeline.check(piece, file: good.source, statistics: false).0
        analyses.put(path, text: good.source.text, analysed)
        return analysed
    }

    /// Every page, rendered (for tests and comparisons with a build).
    public func renderAll() -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for path in filePaths { files[path] = file(path) }
        return files
    }

    /// The file on disk of an asset to serve: only one the last walk found, and only while
    /// it still is a file that resolves inside the content folder (it may have become a link since).
    public func assetFile(_ relative: String, fileSystem fs: FileSystem) -> String? {
        guard assets.contains(relative), !refuses(relative) else { return nil }
        let path = location.content + "/" + relative
        guard fs.kind(path) == .file, SiteBoundary.content(location, fileSystem: fs).escape(path) == nil else { return nil }
        return path
    }
}
