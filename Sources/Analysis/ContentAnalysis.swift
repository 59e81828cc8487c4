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
            let (unreachable, undecided) = distribution.map { ($0.unreachable, $0.undecided) }
                ?? OutcomeAnalysis.reachability(table)
            return (AnalysedContent(meta: piece.meta, body: .personality(quiz, table, distribution: distribution)),
                    outcomeFindings(quiz, table, unreachable: unreachable, undecided: undecided, file: file))
        case .trivia(let quiz):
            let summary = statistics ? TriviaSummary(quiz, markdownFile: file.path) : nil
            return (AnalysedContent(meta: piece.meta, body: .trivia(quiz, summary: summary)), [])
        case .story(let story):
            let analysis = StoryAnalysis.analyse(StoryGraph(story))
            return (AnalysedContent(meta: piece.meta, body: .story(story, analysis)),
                    storyFindings(story, analysis, file: file))
        }
    }

    /// At most one warning per outcome, at its heading: an outcome no answer adds to (one
    /// declared late and never named in an answer, a classic slip) is told as such whether or
    /// not it can still be the result, since ties at 0 and other outcomes' negative weights
    /// can make it so; the hint says which the analysis found. Then the outcomes that are
    /// scored but that no combination of answers can give.
    static func outcomeFindings(
        _ quiz: PersonalityQuiz, _ table: OutcomeTable, unreachable: [Int], undecided: [Int], file: SourceFile
    ) -> [Diagnostic] {
        var positive = [Bool](repeating: false, count: table.outcomeCount)
        var negative = positive
        for answers in table.weights {
            for row in answers {
                for k in row.indices where row[k] != 0 {
                    if row[k] > 0 { positive[k] = true } else { negative[k] = true }
                }
            }
        }
        let never = Set(unreachable), doubtful = Set(undecided)
        return quiz.outcomes.indices.compactMap { k in
            let outcome = quiz.outcomes[k]
            func warning(_ message: String, hint: String) -> Diagnostic {
                file.warning(message, line: outcome.line, byteColumn: outcome.column, hint: hint)
            }
            guard !positive[k] else {
                guard never.contains(k) else { return nil }
                return warning(
                    "outcome '\(outcome.id)' can never be the result",
                    hint: k > 0
                        ? "no combination of answers gives it a total above every outcome declared before it (ties go to the first declared)"
                        : "no combination of answers gives it the highest total")
            }
            let total = negative[k] ? "its total is 0 at most" : "it totals 0 whatever the answers"
            let result = if never.contains(k) {
                "\(total), so it can never be the result (ties go to the first declared)"
            } else if doubtful.contains(k) {
                "\(total): only ties at 0 and other outcomes' negative weights could make it the result, and the search could not decide whether any answers do"
            } else if k == 0 {
                "\(total), yet it is the result of the answers that leave every outcome at 0 or below: a tie goes to it, declared first"
            } else {
                "\(total), yet it is the result of the answers whose negative weights bring every outcome declared before it below 0 and leave the others at 0 or below"
            }
            return warning(
                negative[k] ? "no answer gives '\(outcome.id)' a positive weight" : "no answer scores '\(outcome.id)'",
                hint: "\(result); add {\(outcome.id)} to the answers that should lead to it")
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
