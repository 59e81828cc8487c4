import Analysis
import Content
import Diagnostics
import Testing

/// The warnings analysis gives a personality quiz's outcomes, as a build (a search) and
/// `check` (counting) find them.
@Suite struct OutcomeFindingsTests {
    func findings(_ body: String, statistics: Bool = false) -> [Diagnostic] {
        let file = SourceFile(path: "Content/q.md", text: "---\nkind: personality\n---\n" + body)
        let (piece, problems) = ContentParser.parse(file, sitePath: "q")
        #expect(!problems.hasErrors)
        guard let piece else { return [] }
        return ContentAnalysis.analyse(piece, file: file, statistics: statistics).1
    }

    func located(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.line):\($0.column): \($0.severity.rawValue): \($0.message)" }
    }

    /// Declared first and named by no answer, the ghost is still the result when nothing
    /// totals above 0 (no box ticked, the slider on 'Meh'): a quarter of the combinations.
    let ghostFirst = """
        ## Which snacks? {.multiple}
        - Chips {dog}
        - Fish {cat}
        ## Rate walks {.ranged}
        - Hate {cat=-1}
        - Meh {dog=0}
        - Love {dog}
        ## The Ghost {#ghost .outcome}
        ## Dog {#dog .outcome}
        ## Cat {#cat .outcome}

        """

    @Test func anOutcomeNoAnswerScoresIsWarnedOfEvenWhenTiesMakeItTheResult() {
        for statistics in [false, true] {
            let found = findings(ghostFirst, statistics: statistics)
            #expect(located(found) == ["11:4: warning: no answer scores 'ghost'"])
            #expect(found.first?.hint == "it totals 0 whatever the answers, yet it is the result of the answers that leave every outcome at 0 or below: a tie goes to it, declared first; add {ghost} to the answers that should lead to it")
        }
    }

    /// Declared after an outcome that never falls below 0, it can never be the result: one
    /// warning says both, not a second one about the tie rule.
    @Test func anUnscoredOutcomeThatCanNeverWinGetsOneWarning() {
        let later = """
            ## Pick one
            - A {a}
            - B {b}
            ## A {#a .outcome}
            ## B {#b .outcome}
            ## Ghost {#ghost .outcome}

            """
        for statistics in [false, true] {
            let found = findings(later, statistics: statistics)
            #expect(located(found) == ["9:4: warning: no answer scores 'ghost'"])
            #expect(found.first?.hint == "it totals 0 whatever the answers, so it can never be the result (ties go to the first declared); add {ghost} to the answers that should lead to it")
        }
    }

    /// Later in the file, it wins only where negative weights bring every earlier outcome below 0.
    @Test func anUnscoredLaterOutcomeWinsOnlyThroughNegativeWeights() {
        let negative = """
            ## Pick one
            - A {a=-1 b}
            - B {b=-1 a}
            - C {a=-1 b=-1}
            ## A {#a .outcome}
            ## B {#b .outcome}
            ## Ghost {#ghost .outcome}

            """
        let found = findings(negative)
        #expect(located(found) == ["10:4: warning: no answer scores 'ghost'"])
        #expect(found.first?.hint == "it totals 0 whatever the answers, yet it is the result of the answers whose negative weights bring every outcome declared before it below 0 and leave the others at 0 or below; add {ghost} to the answers that should lead to it")
    }

    /// Scored only by negative weights, it is as good as unscored: its total is 0 at most.
    @Test func anOutcomeWithOnlyNegativeWeightsIsWarnedOfAsSuch() {
        let mole = """
            ## Pick one
            - A {lion}
            - B {snake mole=-1}
            ## Lion {#lion .outcome}
            ## Snake {#snake .outcome}
            ## Mole {#mole .outcome}

            """
        let found = findings(mole)
        #expect(located(found) == ["9:4: warning: no answer gives 'mole' a positive weight"])
        #expect(found.first?.hint?.hasPrefix("its total is 0 at most, so it can never be the result") == true)
    }

    /// A scored outcome that can never win keeps its own warning, and a winnable one has none.
    @Test func aScoredOutcomeThatCanNeverWinIsStillWarnedOf() {
        let shadowed = """
            ## Pick one
            - A {a b}
            - B {a=2 b}
            ## A {#a .outcome}
            ## B {#b .outcome}

            """
        #expect(located(findings(shadowed)) == ["8:4: warning: outcome 'b' can never be the result"])
    }
}
