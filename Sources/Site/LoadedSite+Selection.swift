import Diagnostics

extension SiteLocation {
    /// The site a file named on the command line belongs to, when no `--source` says: the
    /// content folder in the current folder when the file is in it, else the nearest folder
    /// above the file named `Content`.
    public static func enclosing(_ file: String, fileSystem fs: FileSystem) -> SiteLocation {
        let here = resolve(source: nil, fileSystem: fs)
        if let real = fs.realPath(file), let content = fs.realPath(here.content), real.hasPrefix(content + "/") {
            return here
        }
        var folder = parent(of: normalize(file))
        while folder != "." && folder != "/" {
            if folder == "Content" || folder.hasSuffix("/Content") { return resolve(source: folder, fileSystem: fs) }
            folder = parent(of: folder)
        }
        return here
    }
}

extension LoadedSite {
    /// The site with only the named content files (`check FILE…`): the settings, templates and
    /// problems outside the content folder stay, the other content files and their problems go.
    /// A name that is not one of the site's content files is an error.
    public func selecting(_ paths: [String], fileSystem fs: FileSystem) -> LoadedSite {
        var site = self
        var chosen = Set<String>()
        var problems: [Diagnostic] = []
        let content = fs.realPath(location.content)
        for path in paths {
            guard fs.kind(path) == .file else {
                problems.append(.error(fs.kind(path) == nil ? "no such file" : "not a file", file: path))
                continue
            }
            guard let content, let real = fs.realPath(path), real.hasPrefix(content + "/"),
                  let file = contentFiles.first(where: { $0.relativePath == String(real.dropFirst(content.count + 1)) })
            else {
                problems.append(.error(
                    "not a content file of the site in \(location.contentDisplay)/", file: path,
                    hint: "name Markdown files inside the content folder (not starting with _ or .), or the site with --source"))
                continue
            }
            chosen.insert(file.relativePath)
        }
        site.contentFiles = contentFiles.filter { chosen.contains($0.relativePath) }
        let displays = Set(site.contentFiles.map(\.displayPath))
        site.problems = self.problems.filter {
            !$0.file.hasPrefix(location.contentDisplay + "/") || displays.contains($0.file)
        } + problems
        return site
    }
}
