import Foundation
@testable import Serve
import Site
import Testing

/// The terminal's one line per rebuild names what was read again and says only what is true
/// of the pages: how many changed of those rendered, and what is served while there are errors.
@Suite struct SummaryLineTests {
    let quiz = "---\nkind: personality\ntitle: Tiny\n---\n## Q\n- A {a}\n- B {b}\n## A {#a .outcome}\n## B {#b .outcome}\n"

    @Test func theFilesReadAgainAreNamed() {
        let folder = WatchedFolder()
        folder.write("Content/quiz.md", quiz)
        folder.write("Content/a/other.md", quiz)
        let (session, lines) = folder.session()
        folder.write("Content/quiz.md", quiz.replacingOccurrences(of: "- A {a}", with: "- Apple {a}"))
        session.rebuildNow(LiveSite.Change(content: ["quiz.md"]), changed: ["Content/quiz.md"])
        #expect(lines().last == "Rebuilt Content/quiz.md in _ ms: 1 page changed.")
        // Saved unchanged: named, nothing changed.
        session.rebuildNow(LiveSite.Change(content: ["quiz.md"]), changed: ["Content/quiz.md"])
        #expect(lines().last == "Rebuilt Content/quiz.md in _ ms: no page changed.")
        // Nothing read again (a file deleted): what changed is named.
        try? FileManager.default.removeItem(atPath: folder.path + "/Content/a/other.md")
        session.rebuildNow(LiveSite.Change(content: ["a/other.md"]), changed: ["Content/a/other.md"])
        #expect(lines().last == "Rebuilt Content/a/other.md in _ ms: 4 pages changed.")
    }

    /// A bank saved is what is named, not the quiz read again with it.
    @Test func aBankSavedIsNamed() {
        let folder = WatchedFolder()
        let trivia = "---\nkind: trivia\ntitle: Banked\nbank: questions.csv\n---\n## In Markdown?\n- [x] Yes\n- [ ] No\n"
        let bank = "question,choices,answer\nFrom the bank?,Yes|No,Yes\n"
        folder.write("Content/trivia.md", trivia)
        folder.write("Content/questions.csv", bank)
        let (session, lines) = folder.session()
        folder.write("Content/questions.csv", bank + "Another?,Yes|No,No\n")
        session.rebuildNow(LiveSite.Change(content: ["questions.csv"]), changed: ["Content/questions.csv"])
        #expect(lines().last == "Rebuilt Content/questions.csv in _ ms: 1 page changed.")
        // Saved with the quiz: both are named.
        folder.write("Content/trivia.md", trivia.replacingOccurrences(of: "title: Banked", with: "title: Banks"))
        folder.write("Content/questions.csv", bank)
        session.rebuildNow(LiveSite.Change(content: ["questions.csv", "trivia.md"]), changed: ["Content/questions.csv", "Content/trivia.md"])
        #expect(lines().last == "Rebuilt Content/trivia.md and Content/questions.csv in _ ms: 2 pages changed.")
    }

    @Test func manyFilesAreNamedUpToThree() {
        #expect(ServeSession.list([]) == "")
        #expect(ServeSession.list(["a"]) == "a")
        #expect(ServeSession.list(["a", "b"]) == "a and b")
        #expect(ServeSession.list(["a", "b", "c"]) == "a, b and c")
        #expect(ServeSession.list(["a", "b", "c", "d", "e"]) == "a, b, c and 2 more")
    }

    /// After a template is saved only the pages of the open files are rendered at once: the
    /// count is of those, not of every page, and the line says the others follow.
    @Test func aTemplateChangeCountsThePagesRenderedNow() {
        let folder = WatchedFolder()
        folder.write("Content/quiz.md", quiz)
        folder.write("Content/a/other.md", quiz)
        let (session, lines) = folder.session()
        let open = session.subscribe(page: "quiz/index.html")
        defer { withExtendedLifetime(open) {} }
        folder.write("Templates/style.css", "body{color:red}")
        session.rebuildNow(LiveSite.Change(settings: true), changed: ["Templates/style.css"])
        // The open quiz's three pages and the index.
        #expect(lines().last == "Rebuilt Templates/style.css in _ ms: 4 pages changed of 4 rendered now; "
            + "the others are rendered when they are asked for.")
    }

    /// A file with errors that never built has no pages: serve does not say it serves its
    /// last good ones, until it has some.
    @Test func whatIsServedWhileThereAreErrorsIsSaidAsItIs() {
        let folder = WatchedFolder()
        let broken = quiz.replacingOccurrences(of: "- B {b}", with: "- B {c}")
        folder.write("Content/quiz.md", quiz)
        folder.write("Content/new.md", broken)
        let (session, lines) = folder.session()
        #expect(lines().last == "Built 2 content files (6 files) in memory in _ ms; "
            + "1 error and 0 warnings, 1 file with errors has no pages until fixed.")
        #expect(ServeSession.overlay(session.site).hasSuffix("\n1 error and 0 warnings: 1 file with errors has no pages until fixed.\n"))
        folder.write("Content/quiz.md", broken)
        session.rebuildNow(LiveSite.Change(content: ["quiz.md"]), changed: ["Content/quiz.md"])
        #expect(lines().last == "Rebuilt Content/quiz.md in _ ms: no page changed; 2 errors and 0 warnings, "
            + "the last good pages are served; 1 file with errors has no pages until fixed.")
        folder.write("Content/new.md", quiz)
        session.rebuildNow(LiveSite.Change(content: ["new.md"]), changed: ["Content/new.md"])
        #expect(lines().last == "Rebuilt Content/new.md in _ ms: 4 pages changed; 1 error and 0 warnings, the last good pages are served.")
    }

    /// Templates with errors at the first build have no last good version either.
    @Test func aTemplateWithErrorsAtTheFirstBuildIsLeftOut() {
        let folder = WatchedFolder()
        folder.write("Content/quiz.md", quiz)
        folder.write("Templates/index.mustache", "{{#open}}")
        let (session, lines) = folder.session()
        #expect(lines().last == "Built 1 content file (6 files) in memory in _ ms; "
            + "1 error and 0 warnings, pages are made without the templates or settings with errors.")
        folder.write("Templates/index.mustache", "{{#open}}{{/open}}")
        session.rebuildNow(LiveSite.Change(settings: true), changed: ["Templates/index.mustache"])
        folder.write("Templates/index.mustache", "{{#open}}")
        session.rebuildNow(LiveSite.Change(settings: true), changed: ["Templates/index.mustache"])
        #expect(lines().last?.hasSuffix("; 1 error and 0 warnings, the last good pages are served.") == true)
    }
}
