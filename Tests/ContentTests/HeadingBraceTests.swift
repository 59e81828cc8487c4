import Content
import Diagnostics
import Testing

/// Braces at a heading's end are its attribute block, read only on `##` headings.
@Suite struct HeadingBraceTests {
    @Test func anAttributeBlockOnAnotherLevelIsWarnedAtItsBrace() {
        let story = parse("---\nkind: story\n---\n# Title {#x}\n## Start\n- [Go](#inside)\n### Inside {#inside}\nDark.\n").1
        #expect(located(story.filter { $0.message.hasPrefix("an attribute block") }) == [
            "4:9: warning: an attribute block works only on a '##' heading: on this '#' heading, '{#x}' is ignored",
            "7:12: warning: an attribute block works only on a '##' heading: on this '###' heading, '{#inside}' is shown as text",
        ])
        let trivia = parse("---\nkind: trivia\n---\n## Q1\n- [x] a\n- [ ] b\n\n#### Q2 {.hard}\n").1
        #expect(located(trivia.filter { $0.message.hasPrefix("an attribute block") }) == [
            "8:9: warning: an attribute block works only on a '##' heading: on this '####' heading, '{.hard}' is shown as text",
        ])
        #expect(trivia.first { $0.message.hasPrefix("an attribute block") }?.hint
            == "a page, a question or an outcome starts at a '##' heading; to show the braces as text, write \\{")
        // Escaped, or a heading without braces: nothing to say.
        #expect(!parse("---\nkind: story\n---\n## Start\n### Inside \\{#inside}\nDark.\n").1.contains { $0.message.hasPrefix("an attribute block") })
    }

    /// `B = {2}` in a question: the braces are taken as its attributes; the hint says how to show them.
    @Test func aWordInBracesOnAQuestionSaysHowToShowThem() {
        let trivia = parse("---\nkind: trivia\n---\n## A = {1} and B = {2}\n- [x] a\n- [ ] b\n").1
        #expect(located(trivia) == ["4:21: warning: '2' on a question heading is ignored"])
        #expect(trivia.first?.hint == "braces at the end of a heading are its attribute block, left out of the heading; to show them as text, write \\{")
        let quiz = parse("---\nkind: personality\n---\n## Pick {x}\n- A {cat}\n- B {dog}\n\n## Cat {#cat .outcome}\n## Dog {#dog .outcome}\n").1
        #expect(quiz.first { $0.message == "'x' on a question heading is ignored" }?.hint
            == "braces at the end of a heading are its attribute block, left out of the heading; to show them as text, write \\{")
    }
}
