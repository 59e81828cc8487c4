import Content
import Diagnostics
import Testing

/// Lists that Markdown reads otherwise than the author meant get a located hint instead of
/// passing silently (a tab makes a code block; an indented item nests under the one above).
@Suite struct IndentedListTests {
    @Test func tabIndentedAnswersOfAPersonalityQuestion() throws {
        let text = "---\nkind: personality\n---\n## Food?\n\t- Steak {dog}\n\t- Fish {cat}\n\n## Dog {#dog .outcome}\nD\n\n## Cat {#cat .outcome}\nC\n"
        let (_, problems) = parse(text)
        #expect(located(problems) == [
            "5:1: error: the answers are indented with a tab, so Markdown reads them as a code block, not a list",
        ])
        #expect(problems.first?.hint == "start each of them at the beginning of its line, e.g. '- Steak {dog}'")
        let spaces = text.replacingOccurrences(of: "\t", with: "    ")
        #expect(located(parse(spaces).1) == [
            "5:1: error: the answers are indented by four spaces or more, so Markdown reads them as a code block, not a list",
        ])
    }

    @Test func tabIndentedChoicesOfATriviaQuestion() {
        let (_, problems) = parse("---\nkind: trivia\n---\n## Capital?\n\n\t- [x] Canberra\n\t- [ ] Sydney\n")
        #expect(located(problems) == [
            "6:1: error: the choices are indented with a tab, so Markdown reads them as a code block, not a list",
        ])
        // A fenced code block is meant as code: the usual error, no hint about indentation.
        let (_, fenced) = parse("---\nkind: trivia\n---\n## Capital?\n```\n- [x] Canberra\n```\n")
        #expect(located(fenced) == ["4:4: error: this question has no choices"])
    }

    /// Only the first item indented: a code block above the list, which showed the item as
    /// code above the others without a word. A code sample in the question is left alone.
    @Test func oneItemIndentedAboveTheOthers() {
        let personality = "---\nkind: personality\n---\n## Food?\n    - Steak {dog}\n- Fish {cat}\n- Corn {cat}\n\n## Dog {#dog .outcome}\n## Cat {#cat .outcome}\n"
        #expect(located(parse(personality).1) == [
            "5:1: error: this answer is indented by four spaces or more, so Markdown reads it as a code block above the others, not an answer",
        ])
        let trivia = "---\nkind: trivia\n---\n## Capital?\nOf Australia:\n\n\t- [x] Canberra\n- [ ] Sydney\n- [ ] Perth\n"
        let (_, problems) = parse(trivia)
        #expect(located(problems) == [
            "7:1: error: this choice is indented with a tab, so Markdown reads it as a code block above the others, not a choice",
        ])
        #expect(problems.first?.hint == "start it at the beginning of its line, as the others")
        let sample = "---\nkind: trivia\n---\n## What does this print?\n\n    - item\n    print(x)\n\n- [x] a\n- [ ] b\n"
        #expect(parse(sample).1.isEmpty)
    }

    @Test func aChoiceNestedUnderAnother() {
        let (_, trivia) = parse("---\nkind: trivia\n---\n## Capital?\n- [x] Canberra\n  - [ ] Sydney\n- [ ] Perth\n")
        #expect(located(trivia) == [
            "6:3: error: this list is nested under the choice above it, so its items would be part of that choice's text",
        ])
        let (_, personality) = parse(
            "---\nkind: personality\n---\n## Food?\n- Steak {dog}\n  - Fish {cat}\n- Corn {cat}\n\n## Dog {#dog .outcome}\nD\n\n## Cat {#cat .outcome}\nC\n")
        #expect(located(personality) == [
            "6:3: error: this list is nested under the answer above it, so its items would be part of that answer's text",
        ])
    }

    /// The warning points at the link's '[', wherever the code block stands, and at the
    /// link that names a page, not at an earlier one that names none.
    @Test func aChoiceInCodeIsLocatedAtItsBracket() {
        let page = "---\nkind: story\n---\n## One\nText.\n\n    [code](#three)\n\n- [Two](#two)\n## Two {#two}\n## Three {#three}\n"
        #expect(located(parse(page).1).first == "7:5: warning: this link to page 'three' is in a code block (indented by four spaces or more), so it is no choice")
        let second = page.replacingOccurrences(of: "    [code](#three)", with: "    [x](#nowhere) and [[nested] link](#three)")
        #expect(located(parse(second).1).first?.hasPrefix("7:23: warning: this link to page 'three'") == true)
        let quoted = page.replacingOccurrences(of: "    [code](#three)", with: ">     [code](#three)")
        #expect(located(parse(quoted).1).first?.hasPrefix("7:7: warning: this link to page 'three'") == true)
    }

    @Test func aListNestedUnderAnAnswerSaysAnAnswer() {
        let (_, personality) = parse(
            "---\nkind: personality\n---\n## Food?\n- Steak {dog}\n  - Fish {cat}\n- Corn {cat}\n\n## Dog {#dog .outcome}\nD\n\n## Cat {#cat .outcome}\nC\n")
        #expect(personality.first?.hint == "start every answer at the same indentation as the first; an answer cannot hold a list")
    }

    @Test func aStoryPageWhoseChoicesAreIndentedSaysSo() {
        let text = "---\nkind: story\n---\n## Start\nYou wake.\n\n\t- [Get up](#up)\n\t- [Sleep](#start)\n\n## Up {#up}\nThe end.\n"
        let (_, problems) = parse(text)
        #expect(located(problems) == [
            "7:4: warning: this link to page 'up' is in a code block (indented with a tab), so it is no choice",
        ])
        // Code that merely mentions a fragment that is no page says nothing.
        let (_, other) = parse("---\nkind: story\n---\n## Start\n\n    see [x](#nowhere)\n")
        #expect(other.isEmpty, "\(located(other))")
    }
}
