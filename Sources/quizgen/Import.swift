import ArgumentParser
import Diagnostics
import Import
import Site
import Support
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn Twine stories and quiz banks from other tools into quizgen Markdown.",
        discussion: """
            Reads each FILE and writes quizgen Markdown beside the others in --to: \
            name.md for name.twee, and for a bank of 200 or more plain questions a CSV \
            bank name.csv beside it. Every file written builds with no errors: it goes \
            through quizgen's own checks first, and what the build would warn about is \
            printed. An existing file is never replaced without --force; files are written \
            whole or not at all, and any error in any FILE writes nothing.

            Formats (told from the extension and the content, or set with --from):
              twee     Twine's Twee 3 and Twee 1 (Twine 2.6+, Twine 1, Tweego; any story
                       format), and Twine 2's published HTML: passages become pages,
                       links choices, StoryData's start the first page. Macros,
                       variables and inserts stay as plain text, with one warning per
                       passage.
              gift     Moodle's GIFT: multiple-choice and true/false questions; other
                       kinds are skipped with a warning each.
              aiken    Moodle's Aiken: a question, lettered choices, ANSWER: B.
              opentdb  An Open Trivia DB API response (JSON); the difficulty becomes the
                       level, with points: {easy: 3, medium: 5, hard: 10}.

            Examples:
              quizgen import story.twee
              quizgen import --to Content/quizzes questions.gift bank.aiken
              quizgen import --from aiken questions.txt
              quizgen import --force trivia.json

            Exit status: 0 when every file was written (warnings allowed), 1 when a FILE \
            has errors, a file to write exists (without --force), or writing failed, 64 \
            for a usage error.
            """)

    @Argument(help: ArgumentHelp("The files to import.", valueName: "file"))
    var files: [String]

    @Option(name: .long, help: ArgumentHelp(
        "The folder to write into (default: Content/ when the current folder has one, else the current folder).",
        valueName: "dir"))
    var to: String?

    @Option(name: .long, help: ArgumentHelp("The format of every FILE, instead of telling it from each file (so name files of one format only).", valueName: "format"))
    var from: ImportFormat?

    @Flag(name: .long, help: "Replace files that already exist.")
    var force = false

    @OptionGroup var colors: ColorOptions

    struct Planned {
        var source: String
        var markdownPath: String
        var imported: Imported
        var bankPath: String
    }

    func run() throws {
        let fs = FileSystem.disk
        let reporter = colors.printer
        let folder = to ?? (fs.kind("Content") == .directory ? "Content" : ".")
        var problems: [Diagnostic] = []
        var plans: [Planned] = []
        for path in files {
            // A pipe or a device would be read until its writer ends, which may be never.
            if let kind = fs.kind(path), kind != .file {
                problems.append(.error(kind == .directory ? "a folder, not a file" : "not a regular file", file: path,
                                       hint: "name the file to import"))
                continue
            }
            let bytes: [UInt8]
            do throws(FileSystem.Failure) {
                bytes = try fs.read(path)
            } catch {
                problems.append(.error("cannot read the file: \(error.reason)", file: path))
                continue
            }
            let file: SourceFile
            switch ImportSource.decode(bytes, path: path) {
            case .success(let decoded): file = decoded
            case .failure(let problem):
                problems.append(problem)
                continue
            }
            guard let format = from ?? ImportFormat.detect(path: path, text: file.text) else {
                problems.append(.error(
                    "cannot tell the format of this file", file: path,
                    hint: ImportFormat.undetectedHint(path: path, text: file.text)))
                continue
            }
            let base = Self.baseName(path)
            let markdownPath = Self.join(folder, base + ".md")
            let imported = Importer.importing(file, format: format, name: base)
            problems += imported.diagnostics
            guard !imported.diagnostics.hasErrors else { continue }
            let (piece, check) = ImportCheck.check(imported, markdownPath: markdownPath, bankName: base + ".csv")
            if check.hasErrors {
                problems.append(.error(
                    "quizgen cannot build what it made of this file (a bug in the importer: please report it)", file: path,
                    hint: "the errors below are in the Markdown it would have written"))
            }
            problems += check
            if let piece {
                problems += ImportCheck.missingImages(
                    piece, imported: imported, markdownPath: markdownPath, source: file,
                    filesIn: { inside in
                        let content = ImportCheck.contentFolder(of: markdownPath).content
                        let listed = inside.isEmpty ? content : Self.join(content, inside)
                        return ((try? fs.list(listed)) ?? []).filter { fs.kind(Self.join(listed, $0)) == .file }
                    })
            }
            // What is written must build, and a build reads no text file over its limit.
            for (written, text) in [(markdownPath, imported.markdown), (Self.join(folder, base + ".csv"), imported.bank ?? "")]
            where text.utf8.count > SiteLoader.maximumTextSize {
                problems.append(.error(
                    "\(written) would be \(Megabytes.text(text.utf8.count, against: SiteLoader.maximumTextSize)), and a build reads "
                        + "no text file over \(SiteLoader.maximumTextSize / 1_000_000) MB", file: path, line: 1, column: 1,
                    hint: "split the source into several files and import each"))
            }
            plans.append(Planned(source: path, markdownPath: markdownPath, imported: imported, bankPath: Self.join(folder, base + ".csv")))
        }

        var targets: [String: String] = [:]
        for plan in plans {
            for target in [plan.markdownPath] + (plan.imported.bank == nil ? [] : [plan.bankPath]) {
                if let other = targets[target] {
                    problems.append(.error("\(other) and \(plan.source) would both be written to \(target)", file: plan.source,
                                           hint: "import them one at a time, or rename one"))
                }
                targets[target] = plan.source
                if !force, fs.kind(target) != nil {
                    problems.append(.error("\(target) already exists", file: plan.source,
                                           hint: "use --force to replace it, or --to to write elsewhere"))
                }
            }
        }
        reporter.report(problems)
        guard !problems.hasErrors else {
            standardError("Import failed: \(DiagnosticPrinter.summary(problems)). Nothing was written.\n")
            throw ExitCode.failure
        }

        var writes: [(path: String, text: String)] = []
        for plan in plans {
            writes.append((plan.markdownPath, plan.imported.markdown))
            if let bank = plan.imported.bank { writes.append((plan.bankPath, bank)) }
        }
        if let failure = Self.write(writes, folder: folder, replace: force, fs: fs) {
            standardError("error: cannot write \(failure.path): \(failure.reason). Nothing was written.\n")
            throw ExitCode.failure
        }
        for plan in plans {
            standardError("Wrote \(plan.markdownPath)\(plan.imported.bank == nil ? "" : " and \(plan.bankPath)"): "
                + "\(plan.imported.summary), from \(plan.source).\n")
        }
    }

    /// Every file to a temporary name beside its place, then each moved into place: a
    /// reader never sees half a file, and a failure removes what was already placed.
    static func write(
        _ files: [(path: String, text: String)], folder: String, replace: Bool, fs: FileSystem
    ) -> FileSystem.Failure? {
        // The folder and its parents, as `mkdir -p` makes them.
        var made = folder.hasPrefix("/") ? "" : "."
        for part in folder.split(separator: "/") where part != "." {
            made += "/" + part
            guard fs.kind(made) != .directory else { continue }
            do throws(FileSystem.Failure) { try fs.makeDirectory(made) } catch { return error }
        }
        var temporary: [String] = []
        func cleanUp() { for path in temporary { unlink(path) } }
        for (path, text) in files {
            let temp = temporaryName(path)
            do throws(FileSystem.Failure) {
                try fs.write(temp, Array(text.utf8))
            } catch {
                cleanUp()
                return error
            }
            temporary.append(temp)
        }
        var placed: [String] = []
        for ((path, _), temp) in zip(files, temporary) {
            // link() never replaces: a file made meanwhile is not lost.
            let status = replace ? rename(temp, path) : link(temp, path)
            if status != 0 {
                let reason = String(cString: strerror(errno))
                for path in placed where !replace { unlink(path) }
                cleanUp()
                return FileSystem.Failure(path: path, reason: reason)
            }
            placed.append(path)
        }
        cleanUp()
        return nil
    }

    static func temporaryName(_ path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return folder + "." + name + ".import-\(getpid())"
    }

    /// `stories/the cave.twee` is `the cave`.
    static func baseName(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder == "." ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
    }
}

extension ImportFormat: ExpressibleByArgument {}
