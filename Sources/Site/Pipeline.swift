import Analysis
import Content
import Diagnostics
import Messages
import Render

/// quizgen's one pipeline, read top to bottom. Each stage is a value-to-value function with
/// one verb; only `load` reads the disk (through a `FileSystem`) and only the sink writes:
///
///     load     LoadedSite      the site's files as values (SiteLoader)
///     parse    ContentPiece    text → typed quiz or story (ContentParser)
///     check    AnalysedContent outcome tables, story graphs, their findings (ContentAnalysis)
///     maps     StoryMap        DOT for every story; SVG from the cache, or drawn by Graphviz
///                              alongside the stages after it (a GraphvizSession)
///     render   OutputFile      pages, scripts, DOT and SVG files (Render)
///     write    the sink        a staging folder swapped in whole (SiteWriter), or memory
///
/// Who runs it picks the stages and the sink:
///
///     build    load → parse → check → maps → render → write (staging folder)
///     check    load → parse → check
///     graph    one file: parse → check → DOT (→ SVG through Graphviz)
///     fuzzer   load (memory) → parse → check → render → write (memory)
///     serve    load → parse → check → maps → render, for what changed, into memory (LiveSite)
///
/// Files stream through in chunks: a chunk goes from text to written pages before the next
/// is read, so memory holds one chunk of trees, not the whole site's.
public struct Pipeline: Sendable {
    public var options: BuildOptions
    /// Maps an earlier build drew, for stories whose graph has not changed.
    public var cache: MapCache

    public init(options: BuildOptions = BuildOptions(), cache: MapCache = .empty) {
        self.options = options
        self.cache = cache
    }

    // MARK: Runs

    /// build: the pipeline into a staging folder beside `output`, which replaces the output
    /// only when every file has built and been written. `written` is nil when nothing was
    /// written: errors in the content, or a staging folder that could not be made.
    public func publish(
        _ site: LoadedSite, to output: String, fileSystem fs: FileSystem
    ) -> (build: BuildOutput, written: SiteWriter.Result?) {
        let staging: SiteWriter.Staging
        do throws(FileSystem.Failure) {
            staging = try SiteWriter.Staging(output: output, assets: site.assets, fileSystem: fs)
        } catch {
            var build = BuildOutput()
            build.diagnostics = [.error("cannot write the site: \(error.reason)", file: error.path)]
            return (build, nil)
        }
        let build = run(site, into: staging.write)
        guard !build.hasErrors else {
            staging.discard()
            return (build, nil)
        }
        return (build, staging.finish(site.location, mapFailures: build.mapFailures))
    }

    /// The pipeline into memory: every generated file in `files`. `check` is this with
    /// `options.render` off (nothing rendered, nothing written).
    public func collect(_ site: LoadedSite) -> BuildOutput {
        var files: [OutputFile] = []
        var output = run(site) { files += $0 }
        output.files = files
        return output
    }

    /// parse → check → maps → render over every content file, chunk by chunk, handing the
    /// rendered files to `write`. Pages may have been written before a later file turns out
    /// to have an error; the caller then throws them away (`hasErrors`), and after an error
    /// nothing more is rendered, though every file is still checked.
    public func run(_ site: LoadedSite, into write: ([OutputFile]) -> Void) -> BuildOutput {
        var output = BuildOutput()
        output.diagnostics = site.problems
        var clock = StageClock()
        var times = StageTimes()

        let (context, setup) = Self.prepare(site)
        output.diagnostics += setup
        output.diagnostics += ScriptableAssets.problems(
            site.assets, rawHTML: context.settings.rawHTML, location: site.location, read: site.readAsset)
        // Each language without a catalog is reported once: where the site sets it, else at
        // the first file (in the site's order) that asks for it.
        var warnedLanguages: Set<String> = [context.settings.language.lowercased()]
        // Pieces of one title in one folder, warned of at each after the first.
        var sameTitles = SameTitles()
        let parseOptions = ContentParser.Options(
            defaultLanguage: context.settings.language, includeDrafts: options.includeDrafts,
            allowRawHTML: context.settings.rawHTML)
        times.add("parse", clock.lap("setup").seconds)
        var metas: [ContentMeta] = []
        // Quizzes with errors: no page is written, but a link to one names a page the site
        // builds once they are fixed (as a story with errors is among `metas`).
        var unbuilt: [ContentMeta] = []
        // Files with links to relative paths, checked once every page is known.
        var linking: [Linking] = []
        var mapNotes: [String] = []
        var hasStory = false
        var session: (any GraphvizSession)?
        // Stories waiting for their maps, by the number their graph was handed in with.
        var awaiting: [Int: (story: StoryRenderer.AwaitingMap, sourcePath: String, dot: String)] = [:]
        var handedIn = 0
        var failedMaps: [Int: String] = [:]
        func finishMaps(_ results: [(Int, Result<[UInt8], Graphviz.Failure>)]) -> [OutputFile] {
            results.flatMap { number, result -> [OutputFile] in
                guard let (story, sourcePath, dot) = awaiting.removeValue(forKey: number) else { return [] }
                if case .failure(let failure) = result {
                    failedMaps[number] = Self.noMapNote(sourcePath, failure)
                    output.mapFailures[MapCache.key(dot)] = failure
                }
                return story.finished(svg: try? result.get(), site: context)
            }
        }

        // What a local image may name: the assets the site publishes; and which of them a
        // generated file would overwrite.
        let clash = AssetClash(assets: site.assets, location: site.location)
        let assets = clash.assets
        output.diagnostics += AssetClash.ofSite(stylesheet: context.templates.stylesheetPath, assets: assets, location: site.location)
        let drawsMaps = options.maps
        for files in options.chunks(site.contentFiles) {
            var parsed = Array(files).parallelMap { file -> (ContentParser.Parsed, SourceFile?) in
                switch file.load() {
                case .success(let loaded):
                    return (Self.parse(loaded, relativePath: file.relativePath, options: parseOptions), loaded.source)
                case .failure(let problem):
                    return (ContentParser.Parsed(diagnostics: [problem]), nil)
                }
            }
            times.add("parse", clock.lap("parse").seconds)

            let statistics = options.statistics
            var checked = zip(parsed, files).map { ($0.0, $0.1.relativePath) }.parallelMap { parsed, relativePath -> (AnalysedContent?, [Diagnostic]) in
                let (read, source) = parsed
                guard let meta = read.meta, let source else { return (nil, read.diagnostics) }
                // A quiz with errors has no piece, but its images are checked all the same.
                let images = Self.missingImages(meta.images, of: relativePath, in: source, assets: assets, location: site.location)
                guard let piece = read.piece else { return (nil, read.diagnostics + images) }
                let (analysed, findings) = Self.check(piece, file: source, statistics: statistics)
                return (analysed, read.diagnostics + findings + images + clash.of(analysed, maps: drawsMaps))
            }
            times.add("check", clock.lap("check").seconds)
            for ((analysed, problems), (read, source)) in zip(checked, parsed) {
                output.diagnostics += problems
                // A file read without a piece or a problem is a draft left out.
                if read.piece == nil, source != nil, problems.isEmpty { output.drafts += 1 }
                if let meta = analysed?.meta, let source, let position = meta.langPosition,
                   warnedLanguages.insert(meta.lang.lowercased()).inserted {
                    output.diagnostics += Self.languageWarning(meta.lang, at: position, in: source, site: context)
                }
                if let meta = analysed?.meta, let source, let warning = sameTitles.check(meta, in: source) {
                    output.diagnostics.append(warning)
                }
                // Statistics are for what builds: a story with errors is checked, not reported on.
                if let analysed, options.statistics, !problems.hasErrors { output.reports.append(analysed) }
                if let meta = read.meta, let source, let links = Linking(meta, source: source, piece: read.piece) { linking.append(links) }
                if read.piece == nil, var meta = read.meta {
                    meta.introduction = []
                    unbuilt.append(meta)
                }
            }
            var pieces = checked.compactMap(\.0)
            // The index needs titles, not trees: introductions are dropped as chunks finish.
            let chunkMetas = pieces.map { var meta = $0.meta; meta.introduction = []; return meta }
            metas += chunkMetas

            hasStory = hasStory || pieces.contains { if case .story = $0.body { true } else { false } }

            guard options.render, !output.diagnostics.hasErrors else { continue }
            // Maps not in the cache are handed to Graphviz now and drawn while the build
            // goes on; their stories' covers, map pages and SVGs wait for them.
            let (maps, toDraw) = planMaps(pieces, site: context)
            // A failure kept from the last build is kept for the next one too (also through a
            // build without maps, `--no-maps` or no Graphviz, which does not look), and said to
            // be old: this build did not spend the time limit on it.
            let looksAtMaps = options.maps && options.graphviz.isAvailable
            for (i, map) in maps.enumerated() {
                guard let map else { continue }
                if let failure = map.failure ?? (looksAtMaps ? nil : cache.failure(for: map.dot)) {
                    output.mapFailures[MapCache.key(map.dot)] = failure
                }
                if map.failureKept, let failure = map.failure {
                    mapNotes.append(Self.noMapNote(pieces[i].meta.sourcePath, failure, kept: true))
                } else if let note = map.note {
                    mapNotes.append(note)
                }
            }
            var numbers: [Int: Int] = [:]
            if !toDraw.isEmpty {
                let drawing = session ?? options.graphviz.session()
                session = drawing
                for i in toDraw {
                    drawing.draw(maps[i]!.dot)
                    numbers[i] = handedIn
                    handedIn += 1
                }
            }
            times.add("maps", clock.lap("maps").seconds)
            let drawing = Set(numbers.keys)
            // Each piece is handed to the closure that renders it and freed there, on every
            // core: freed here, between chunks, a chunk's trees took a twentieth of the
            // build's CPU time on this one thread while the others waited.
            let handoff = Handoff(pieces)
            (parsed, checked, pieces) = ([], [], [])
            let rendered = Array(0..<handoff.count).parallelMap { i -> Rendered in
                let piece = handoff.take(i)
                if drawing.contains(i), case .story(let story, let analysis) = piece.body, let map = maps[i] {
                    return .awaitingMap(StoryRenderer.renderAwaitingMap(
                        piece.meta, story, analysis: analysis, dot: map.dot, drawsMap: true, files: map.files, site: context))
                }
                return .done(Self.render(piece, map: maps[i], site: context))
            }
            times.add("render", clock.lap("render").seconds)
            // The chunk's files go to the sink in one batch (a staging folder writes it while
            // the next chunk is parsed).
            var batch: [OutputFile] = []
            for (i, item) in rendered.enumerated() {
                switch item {
                case .done(let files):
                    batch += files
                    output.diagnostics += PageWeight.warnings(files, of: chunkMetas[i])
                case .awaitingMap(let story):
                    batch += story.files
                    awaiting[numbers[i]!] = (story, chunkMetas[i].sourcePath, maps[i]!.dot)
                }
            }
            // Maps drawn meanwhile: their stories are finished now, not held to the end.
            if let session { batch += finishMaps(session.ready()) }
            write(batch)
            _ = clock.lap("write")
        }
        if !linking.isEmpty {
            output.diagnostics += Self.brokenLinks(
                linking, published: Self.published(metas + unbuilt, assets: assets, stylesheet: context.templates.stylesheetPath),
                pagesIn: PageNames(site, options: parseOptions).of, location: site.location)
        }
        output.diagnostics.sort()
        output.timings = times.timings

        guard !output.diagnostics.hasErrors, options.render else {
            session?.cancel()
            return output
        }
        if let session {
            // The last maps drawn alongside, finished and written as they come.
            while let drawn = session.next() { write(finishMaps(drawn)) }
            let results = session.finish()
            times.add("maps", clock.lap("maps").seconds)
            write(finishMaps(results))
            _ = clock.lap("write")
            output.drawing = session.time
            // Stories without a map, in the order of their files.
            mapNotes += failedMaps.sorted { $0.key < $1.key }.map(\.value)
        }
        output.notes = Self.notes(mapNotes, options: options, hasStory: hasStory)
        output.assets = site.assets
        output.published = metas.count
        _ = clock.lap("index")
        let index = IndexRenderer.render(metas, site: context)
        times.add("render", clock.lap("render").seconds)
        output.timings = times.timings
        // The host's page for a missing address, unless the author wrote one.
        write([index, context.stylesheet] + (assets.contains(NotFoundRenderer.path) ? [] : [NotFoundRenderer.render(site: context)]))
        return output
    }

    /// A piece's files, or a story's while its map is drawn.
    enum Rendered: Sendable {
        case done([OutputFile])
        case awaitingMap(StoryRenderer.AwaitingMap)
    }

    // MARK: The stages

    /// What every page shares: the settings, the templates and the catalogs (built-in, then
    /// the site's).
    static func prepare(_ site: LoadedSite) -> (SiteContext, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var settings = SiteSettings()
        if let file = site.settings {
            let (parsed, problems) = SiteSettings.parse(file)
            settings = parsed
            diagnostics += problems
        }
        // A template, stylesheet or catalog with NUL bytes (saved as UTF-16 or UTF-32, or
        // binary) is no text: an error at the file, which fails the build. Taken as it was,
        // a template put the NULs into every page; it is left out of the context instead.
        var overrides = site.templates
        for (name, file) in site.templates.sorted(by: { $0.key < $1.key }) {
            if let nul = SourceFile(path: file.path, text: file.text).nulByteError() {
                diagnostics.append(nul)
                overrides[name] = nil
            }
        }
        let (templates, templateProblems) = TemplateSet.make(overrides: overrides)
        diagnostics += templateProblems
        var catalogs: [SourceFile] = []
        for file in site.catalogs {
            if let nul = file.nulByteError() { diagnostics.append(nul) } else { catalogs.append(file) }
        }
        let (messages, catalogProblems) = messages(catalogs)
        diagnostics += catalogProblems
        let context = SiteContext(settings: settings, templates: templates, messages: messages)
        if let file = site.settings, let position = SiteSettings.languagePosition(in: file) {
            diagnostics += languageWarning(settings.language, at: position, in: file, site: context)
        }
        return (context, diagnostics)
    }

    /// The built-in catalogs with the site's own laid over them, in name order.
    static func messages(_ catalogs: [SourceFile]) -> (MessageLibrary, [Diagnostic]) {
        var library = MessageLibrary.builtIn
        var diagnostics: [Diagnostic] = []
        for file in catalogs {
            let (merged, problems) = library.merging(siteYAML: file.text, path: file.path)
            library = merged
            diagnostics += problems
        }
        return (library, diagnostics)
    }

    /// A warning when quizgen has no words for a language: its pages are built in English.
    static func languageWarning(_ lang: String, at position: ValuePosition, in file: SourceFile, site: SiteContext) -> [Diagnostic] {
        guard site.hasNoCatalog(for: lang) else { return [] }
        return [file.diagnostic(
            .warning, "quizgen has no messages in '\(lang)': the words of its pages (buttons, scores, links) are in English",
            line: position.line, characterColumn: position.column,
            hint: LanguageSlips.hint(lang) ?? "built-in languages: " + site.messages.languages.joined(separator: ", "))]
    }

    /// parse: one file's text (and the banks it names) into a typed piece of content.
    static func parse(
        _ loaded: LoadedContent, relativePath: String, options: ContentParser.Options
    ) -> ContentParser.Parsed {
        ContentParser.read(
            loaded.source, sitePath: String(relativePath.dropLast(3)), options: options, siblings: loaded.siblings)
    }

    /// check: what can be known before anyone plays, and what the author should hear of it.
    static func check(_ piece: ContentPiece, file: SourceFile, statistics: Bool) -> (AnalysedContent, [Diagnostic]) {
        ContentAnalysis.analyse(piece, file: file, statistics: statistics)
    }

    /// check, against the site's assets: the images a file shows that the site does not
    /// publish (`relativePath` is the file's, in the content folder).
    static func missingImages(
        _ images: [ImageReference], of relativePath: String, in file: SourceFile, assets: Set<String>, location: SiteLocation
    ) -> [Diagnostic] {
        guard !images.isEmpty else { return [] }
        let folder = relativePath.split(separator: "/").dropLast().joined(separator: "/")
        return ImageCheck.missing(images, folder: folder, assets: assets, file: file, contentName: location.contentDisplay)
    }

    /// render: one piece's pages (and its story's DOT and map).
    static func render(_ item: AnalysedContent, map: StoryMap?, site: SiteContext) -> [OutputFile] {
        switch item.body {
        case .personality(let quiz, let table, _):
            return PersonalityRenderer.render(item.meta, quiz, table: table, site: site)
        case .trivia(let quiz, _):
            return TriviaRenderer.render(item.meta, quiz, site: site)
        case .story(let story, let analysis):
            return StoryRenderer.render(
                item.meta, story, analysis: analysis, dot: dot(item.meta, story, analysis, map: map, site: site), svg: map?.svg,
                drawing: map?.drawing == true, files: map?.files, site: site)
        }
    }

    /// One file of a piece: a story's alone (serve asks for one page of what may be
    /// thousands); a quiz's few files are rendered together and the one asked for taken.
    static func renderFile(_ path: String, of item: AnalysedContent, map: StoryMap?, site: SiteContext) -> [UInt8]? {
        guard case .story(let story, let analysis) = item.body else {
            return render(item, map: map, site: site).first { $0.path == path }?.contents
        }
        return StoryRenderer.file(
            path, of: item.meta, story, analysis: analysis, dot: { dot(item.meta, story, analysis, map: map, site: site) },
            svg: map?.svg, drawing: map?.drawing == true, files: map?.files, site: site)?.contents
    }

    /// A story's DOT text: its map's, else made now.
    private static func dot(_ meta: ContentMeta, _ story: Story, _ analysis: StoryAnalysis, map: StoryMap?, site: SiteContext) -> String {
        map?.dot ?? StoryDOT.render(
            title: meta.title, story: story, analysis: analysis, words: site.words(meta.lang),
            choices: site.settings.mapChoices(for: story))
    }
}
