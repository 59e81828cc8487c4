import Content
import Diagnostics
import Support

/// What a quiz's page weighs for its readers: the HTML with everything inline (the
/// questions' data as JSON, the script, pictures written as `data:` URLs). Every question of
/// a bank travels in the page, and a phone downloads and parses all of it before the quiz
/// starts, so a page past `warningSize` is a warning at the quiz's front matter.
public enum PageWeight {
    /// 1 MB. On a slow mobile connection (1.6 Mbit/s, the one Lighthouse and Chrome's
    /// "Slow 4G" simulate for phones) that is five seconds before the page is whole, and a
    /// phone's processor then parses all of it; a typical page's HTML is some tens of kB
    /// (the HTTP Archive's median), and a quiz of a hundred questions some hundreds.
    public static let warningSize = 1_000_000

    /// A warning when the quiz page among its files (`<sitePath>/index.html`) is heavier
    /// than `warningSize`; none for a story, whose every page is a file of its own.
    public static func warnings(_ files: [OutputFile], of meta: ContentMeta) -> [Diagnostic] {
        guard meta.kind != .story, let page = files.first(where: { $0.path == meta.sitePath + "/index.html" }),
              page.contents.count > warningSize
        else { return [] }
        let split = meta.kind == .trivia
            ? "split the questions into several quizzes, each drawing 'pick:' questions from a bank of its own ('pick:' alone does not lighten the page: every question of the bank is in it)"
            : "split it into several quizzes"
        return [.warning(
            "this quiz's page is \(Megabytes.text(page.contents.count, against: warningSize)) with its inline data, more than readers on phones should wait for (\(Megabytes.text(warningSize)))",
            file: meta.sourcePath, line: 1, column: 1,
            hint: split + ", or link picture files instead of writing them as data: URLs",
            // A quiz that builds starts with its front matter's `---`.
            sourceLine: "---")]
    }
}
