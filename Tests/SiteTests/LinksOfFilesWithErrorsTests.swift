import Content
import Diagnostics
import Foundation
@testable import Site
import Testing

/// A file with errors is still warned of its links and images that name nothing in the site,
/// as it is once fixed: an author fixing errors one by one sees every warning from the first
/// run, whatever the file's kind (a quiz with errors has no piece, a story with errors has).
@Suite struct LinksOfFilesWithErrorsTests {
    /// Each kind's file, and the line that breaks it: fixed, and with an error.
    static let files: [(kind: ContentKind, fixed: String, broken: String)] = [
        (.trivia, """
            ---
            kind: trivia
            ---
            Read [the rules](rule.txt), see ![map](mapp.png) and [the question](＃q).
            ## Which? {#q}
            - [x] Yes
            - [ ] No

            """, "- [ ] No", "- [x] No"),
        (.personality, """
            ---
            kind: personality
            ---
            Read [the rules](rule.txt), see ![map](mapp.png) and [A](＃a).
            ## Pick one
            - A {a}
            - B {b}
            ## Outcome A {#a .outcome}
            ## Outcome B {#b .outcome}

            """, "- B {b}", "- B {c}"),
        (.story, """
            ---
            kind: story
            ---
            Read [the rules](rule.txt), see ![map](mapp.png).
            ## One
            - [On](#two)
            ## Two {#two}

            """, "- [On](#two)", "- [On](#twoo)"),
    ].map { kind, fixed, right, wrong in (kind, fixed, fixed.replacingOccurrences(of: right, with: wrong)) }

    /// What `check`, `build` and `serve` say of a site with this file.
    func diagnostics(_ text: String, beside: [String: String] = [:]) -> (check: [Diagnostic], build: [Diagnostic], serve: [Diagnostic]) {
        let site = TemporarySite(files: ["Content/f.md": text, "Content/rules.txt": "", "Content/map.png": ""].merging(beside) { $1 })
        let check = Pipeline(options: BuildOptions(render: false)).collect(SiteLoader.load(site.location, fileSystem: .disk))
        let build = site.build(BuildOptions(graphviz: fakeGraphviz))
        var live = LiveSite(location: site.location, options: BuildOptions(graphviz: fakeGraphviz))
        _ = live.update(SiteLoader.load(site.location, fileSystem: .disk), changed: .all)
        return (check.diagnostics, build.diagnostics, live.diagnostics)
    }

    @Test(arguments: 0..<3)
    func linkAndImageWarningsComeOutWithTheFilesErrors(_ index: Int) {
        let (kind, fixed, broken) = Self.files[index]
        let good = diagnostics(fixed)
        #expect(good.check.map { "\($0.file):\($0.line):\($0.column): \($0.message)" + ($0.hint.map { " | \($0)" } ?? "") } == [
            "Content/f.md:4:6: link 'rule.txt' names no file of the site: there is no Content/rule.txt, and no page is written there | did you mean 'rules.txt'?",
            "Content/f.md:4:33: image 'mapp.png' is not in the site: there is no Content/mapp.png | did you mean 'map.png'?",
        ] + (kind == .story ? [] : [
            "Content/f.md:4:54: '＃' is a full-width character, so this link leads to a file '＃\(kind == .trivia ? "q" : "a")', not to a place on the page | write '#': (#\(kind == .trivia ? "q" : "a"))",
        ]), "\(kind)")
        #expect(good.build == good.check && good.serve == good.check, "\(kind)")

        let bad = diagnostics(broken)
        #expect(bad.check.filter(\.isError).count == 1, "\(kind): \(bad.check.map(\.message))")
        // The same warnings, once each, in the same order, beside the error.
        #expect(bad.check.filter { !$0.isError } == good.check, "\(kind)")
        #expect(bad.build == bad.check && bad.serve == bad.check, "\(kind)")
    }

    /// A file with errors is still a page of the site: a link to it from another file is not
    /// warned of, as no page of the site were there, only to be fine once it is fixed.
    @Test(arguments: 0..<3)
    func aFileWithErrorsIsAPageOthersMayLinkTo(_ index: Int) {
        let (kind, _, broken) = Self.files[index]
        let other = "---\nkind: story\n---\nSee [f](f.md), [its folder](f/) and [its page](f/index.html).\n## One\nThe end.\n"
        let said = diagnostics(broken, beside: ["Content/g.md": other])
        #expect(said.check.filter { $0.file == "Content/g.md" }.map(\.message) == [], "\(kind)")
        #expect(said.check.filter(\.isError).count == 1, "\(kind)")
        #expect(said.build == said.check && said.serve == said.check, "\(kind)")
    }
}
