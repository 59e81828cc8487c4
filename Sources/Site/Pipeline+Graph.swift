import Analysis
import Content
import Diagnostics
import Messages
import Render

extension Pipeline {
    /// graph: one story file named on the command line, through the same stages as a build
    /// (load → parse → check → its DOT text). The DOT and every problem found; no DOT when
    /// the file has errors.
    public static func graph(path: String, fileSystem fs: FileSystem) -> (String?, [Diagnostic]) {
        guard fs.kind(path) == .file else {
            return (nil, [.error(
                fs.kind(path) == nil ? "no such file" : "not a file", file: path,
                hint: "name a story's Markdown file, e.g. quizgen graph Content/the-cave.md")])
        }
        let file: SourceFile
        switch SiteLoader.readText(path, display: path, fs: fs) {
        case .success(let text): file = text
        case .failure(let problem): return (nil, [problem])
        }
        // The site's settings change what a build reports (raw HTML, the language).
        // So do its own catalogs, which name the map's labels.
        var settings = SiteSettings()
        var problems: [Diagnostic] = []
        var catalogs: [SourceFile] = []
        switch SiteLoader.settings(above: path, fileSystem: fs) {
        case .success(let yml)?:
            (settings, problems) = SiteSettings.parse(yml)
            let root = SiteLocation.parent(of: yml.path)
            let location = SiteLocation(
                root: root, content: root + "/Content", contentDisplay: "Content", rootDisplay: root == "." ? "" : root + "/")
            let found: [Diagnostic]
            (catalogs, found) = SiteLoader.readCatalogs(location, SiteBoundary(location, fileSystem: fs), fs)
            problems += found
        case .failure(let problem)?: problems = [problem]
        case nil: break
        }
        let (messages, catalogProblems) = messages(catalogs)
        problems += catalogProblems
        let name = path.split(separator: "/").last.map { $0.hasSuffix(".md") ? String($0.dropLast(3)) : String($0) } ?? path
        let options = ContentParser.Options(
            defaultLanguage: settings.language, includeDrafts: true, allowRawHTML: settings.rawHTML)
        let read = parse(LoadedContent(source: file, siblings: [:]), relativePath: name + ".md", options: options)
        problems += read.diagnostics
        guard let piece = read.piece else { return (nil, problems) }
        guard case .story = piece.body else {
            guard !problems.hasErrors else { return (nil, problems) }
            let message = "this is a \(piece.meta.kind.label.lowercased()), not a story"
            let hint = "only stories (kind: story) have a graph"
            guard let at = piece.meta.kindPosition else { return (nil, problems + [.error(message, file: path, hint: hint)]) }
            return (nil, problems + [file.diagnostic(.error, message, line: at.line, characterColumn: at.column, hint: hint)])
        }
        // Checked even with errors, as a build checks it: its traps and unreachable pages too.
        let (analysed, findings) = check(piece, file: file, statistics: false)
        guard !problems.hasErrors, case .story(let story, let analysis) = analysed.body else {
            return (nil, (problems + findings).sorted())
        }
        let dot = StoryDOT.render(
            title: piece.meta.title, story: story, analysis: analysis, words: PageMessages(messages.resolve(piece.meta.lang).catalog),
            choices: settings.mapChoices(for: story))
        return (dot, problems + findings)
    }
}
