import Content
import Diagnostics

/// A piece of content with everything analysis computed for it, one case per kind, so
/// that no later stage recomputes a result through a missing optional.
public struct AnalysedContent: Sendable {
    public enum Body: Sendable {
        /// The outcome table, and how answer combinations spread over the outcomes (only
        /// when statistics were asked for: it can cost a sample of a million plays).
        case personality(PersonalityQuiz, OutcomeTable, distribution: OutcomeDistribution?)
        /// What a play is worth (only with statistics: a build does not need it).
        case trivia(TriviaQuiz, summary: TriviaSummary?)
        case story(Story, StoryAnalysis)
    }

    public var meta: ContentMeta
    public var body: Body
}

/// The analysis stage: pure functions from parsed content to what can be known before a
/// reader plays, with the findings worth telling the author as located warnings.
public enum ContentAnalysis {
    public static func analyse(_ piece: ContentPiece, file: SourceFile, statistics: Bool) -> (AnalysedContent, [Diagnostic]) {
        switch piece.body {
        case .personality(let quiz):
            let table = OutcomeTable(quiz)
            let distribution = statistics ? OutcomeAnalysis.distribution(table) : nil
            let unreachable = distribution?.unreachable ?? OutcomeAnalysis.reachability(table).unreachable
            return (AnalysedContent(meta: piece.meta, body: .personality(quiz, table, distribution: distribution)),
                    outcomeFindings(quiz, unreachable: unreachable, file: file))
        case .trivia(let quiz):
            let summary = statistics ? TriviaSummary(quiz, markdownFile: file.path) : nil
            return (AnalysedContent(meta: piece.meta, body: .trivia(quiz, summary: summary)), [])
        case .story(let story):
            let analysis = StoryAnalysis.analyse(StoryGraph(story))
            return (AnalysedContent(meta: piece.meta, body: .story(story, analysis)),
                    storyFindings(story, analysis, file: file))
        }
    }

    /// Outcomes no combination of answers can give, each at its heading.
    static func outcomeFindings(_ quiz: PersonalityQuiz, unreachable: [Int], file: SourceFile) -> [Diagnostic] {
        unreachable.map { k in
            let outcome = quiz.outcomes[k]
            return file.warning(
                "outcome '\(outcome.id)' can never be the result", line: outcome.line, byteColumn: outcome.column,
                hint: k > 0
                    ? "no combination of answers gives it a total above every outcome declared before it (ties go to the first declared)"
                    : "no combination of answers gives it the highest total")
        }
    }

    /// Unreachable pages and traps, each at its heading.
    static func storyFindings(_ story: Story, _ analysis: StoryAnalysis, file: SourceFile) -> [Diagnostic] {
        let start = story.start + 1
        // A page whose id an earlier page has cannot be linked to as written: the error about
        // its id says so, and "link to it" would name the other page.
        var diagnostics = analysis.unreachable.filter { story.pageIndex[story.pages[$0].id] == $0 }.map { i in
            let page = story.pages[i]
            return file.warning(
                "page \(i + 1) cannot be reached: no path from the start (page \(start)) leads here",
                line: page.line, byteColumn: page.column,
                hint: "link to it from a page the reader can reach, e.g. [Go on](#\(page.id))")
        }
        diagnostics += analysis.traps.map { i in
            let page = story.pages[i]
            return file.warning(
                "page \(i + 1) is a trap: no ending can be reached from it", line: page.line, byteColumn: page.column,
                hint: "every way on from here goes round in a loop; add a choice that leads towards an ending")
        }
        return diagnostics
    }
}
