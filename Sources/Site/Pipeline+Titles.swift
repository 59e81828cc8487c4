import Analysis
import Content
import Diagnostics

extension Pipeline {
    /// `new`: load → parse, for the titles. The warning for a file just written (`source`,
    /// at `relativePath` in the content folder, not among `site`'s files) when another
    /// content file of the site has its title: the first in path order in its folder, which
    /// a build warns of too, else the first elsewhere.
    public static func sameTitle(of source: SourceFile, at relativePath: String, in site: LoadedSite) -> Diagnostic? {
        let options = ContentParser.Options()
        guard let new = ContentParser.parse(source, sitePath: String(relativePath.dropLast(3)), options: options).0?.meta
        else { return nil }
        // Each file's title, folder and path: not its tree, which would be held for them all.
        let others = site.contentFiles.filter { $0.relativePath != relativePath }.parallelMap { file -> (String, String, String)? in
            guard case .success(let loaded) = file.load(),
                  let meta = parse(loaded, relativePath: file.relativePath, options: options).meta else { return nil }
            return (meta.title, meta.folder, meta.sourcePath)
        }
        let titled = others.compactMap { $0 }.filter { SameTitles.key($0.0) == SameTitles.key(new.title) }
        guard let (title, folder, path) = titled.first(where: { $0.1 == new.folder }) ?? titled.first else { return nil }
        return SameTitles.warning(new, in: source, sameAs: (path, title), sameFolder: folder == new.folder)
    }
}
