import ArgumentParser
import Content
import Diagnostics
import Site

struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write one commented starter file: a personality quiz, a trivia quiz or a story.",
        discussion: """
            The file gets .md when its name has none, and the folders above it are made. \
            Its title is made from the file name (capitals → Capitals, my-first-story → \
            My first story, 最初の-物語 → 最初の物語), and its description line, shown on the index page, is \
            commented out for you to fill in. An existing file is never replaced, and a folder is not a file \
            name. A file that the build would skip (outside the content folder, or with a \
            name starting with _ or .) is written with a warning, and so is one whose title \
            another content file of the site has.

            Examples:
              quizgen new trivia Content/capitals
              quizgen new story Content/stories/the-lighthouse.md

            Exit status: 0 when the file was written, 1 when it exists, is a folder or cannot \
            be written, 64 for a usage error.
            """)

    @Argument(help: ArgumentHelp("personality, trivia or story.", valueName: "kind"))
    var kind: Starter

    @Argument(help: ArgumentHelp("The new file, usually in Content/.", valueName: "path"))
    var path: String

    @OptionGroup var colors: ColorOptions

    func run() throws {
        let fs = FileSystem.disk
        let normalized = Self.normalize(path)
        let last = path.split(separator: "/").last
        if path.hasSuffix("/") || last == "." || last == ".." || normalized == "." || fs.kind(normalized) == .directory {
            colors.printer.report([.error(
                "a folder, not a file name", file: path,
                hint: "name the new file, e.g. quizgen new \(kind.rawValue) \(normalized == "." ? "" : normalized + "/")capitals; nothing was written")])
            throw ExitCode.failure
        }
        let file = normalized.hasSuffix(".md") ? normalized : normalized + ".md"
        let warning = Self.skipped(file, fileSystem: fs)
        // The site the file goes into: its language makes the title's capital.
        let site = SiteLoader.load(SiteLocation.enclosing(file, fileSystem: fs), fileSystem: fs)
        let language = site.settings.map { SiteSettings.parse($0).0.language }
        let text = kind.text(title: Starter.title(fromFileName: file, language: language))
        if let problem = Scaffold.makeFile(at: file, text: text, fileSystem: fs) {
            colors.printer.report([problem])
            throw ExitCode.failure
        }
        if let warning {
            colors.printer.report([warning])
        } else if let warning = Self.sameTitle(file, text: text, in: site, fileSystem: fs) {
            colors.printer.report([warning])
        }
        standardError("Wrote \(file), a \(kind == .story ? "story" : kind.rawValue + " quiz") to fill in.\n")
    }

    /// The warning when another content file of the site has the title the new one was
    /// given (a file of one name in another folder): at its `title:` line, naming the other.
    static func sameTitle(_ file: String, text: String, in site: LoadedSite, fileSystem fs: FileSystem) -> Diagnostic? {
        guard let real = fs.realPath(file), let content = fs.realPath(site.location.content),
              real.hasPrefix(content + "/") else { return nil }
        return Pipeline.sameTitle(
            of: SourceFile(path: file, text: text), at: String(real.dropFirst(content.count + 1)), in: site)
    }

    /// Why a build would not read the file, if it would not: it is outside the site's content
    /// folder (the current folder's, or the nearest above), or a name on its way starts with
    /// _ or ., which the build skips.
    static func skipped(_ file: String, fileSystem fs: FileSystem) -> Diagnostic? {
        let site = SiteLocation.resolve(source: nil, fileSystem: fs)
        let absolute = normalize(file.hasPrefix("/") ? file : fs.currentDirectory() + "/" + file)
        // A path through a folder named Content (`quizgen new story blog/Content/cave`) is in
        // that site's content, wherever the command runs.
        let folders = absolute.split(separator: "/").dropLast()
        let named = folders.lastIndex(of: "Content").map { "/" + folders[...$0].joined(separator: "/") }
        guard let content = named ?? fs.realPath(site.content).flatMap({ fs.kind(site.content) == .directory ? $0 : nil }),
              absolute.hasPrefix(content + "/")
        else {
            let shown = fs.kind(site.content) == .directory ? site.contentDisplay + "/" : "Content/"
            return .warning(
                "not in the content folder: build reads only the Markdown files in \(shown)", file: file,
                hint: "move it into \(shown) for it to be built")
        }
        let inside = absolute.dropFirst(content.count + 1).split(separator: "/")
        if let name = inside.first(where: { $0.hasPrefix("_") || $0.hasPrefix(".") }) {
            return .warning(
                "build skips names that start with _ or . (\(name))", file: file,
                hint: "rename it without the leading \(name.prefix(1)) for it to be built")
        }
        return nil
    }

    /// The path with `.` and empty parts dropped and each `..` taking away the name before
    /// it, as the shell's `cd` reads it: so no folder is made on the way to a `..`.
    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let previous = parts.last, previous != ".." {
                parts.removeLast()
            } else if part == ".." && path.hasPrefix("/") && parts.isEmpty {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}

extension Starter: ExpressibleByArgument {}
