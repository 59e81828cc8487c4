import Analysis

/// The paths a piece's files are written to, named as its renderer names them but without
/// rendering: for `check` and `serve`, which render nothing or not everything, to find an
/// asset of the site that a generated file would overwrite.
public enum PagePaths {
    /// - Parameter maps: whether a story's map (`story.svg`, `map.html`) counts; a build with
    ///   maps writes them when Graphviz can draw the story.
    public static func of(_ item: AnalysedContent, maps: Bool) -> [String] {
        let folder = item.meta.sitePath + "/"
        var paths = [folder + "index.html"]
        switch item.body {
        case .trivia:
            break
        case .personality(let quiz, _, _):
            paths += PersonalityRenderer.outcomeFileNames(quiz).map { folder + $0 }
        case .story(let story, _):
            paths += StoryRenderer.fileNames(story).map { folder + $0 }
            paths.append(folder + "story.dot")
            if maps { paths += [folder + "story.svg", folder + "map.html"] }
        }
        return paths
    }
}
