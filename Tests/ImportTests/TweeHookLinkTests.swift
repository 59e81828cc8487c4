import Content
import Diagnostics
import Import
import Testing
import TestSupport

/// Links whose hooks move on: Harlowe's `(link: "text")[…(go-to: "Passage")…]` and its kin,
/// SugarCube's `<<link "text">>…<<goto "Passage">>…<</link>>`.
@Suite struct TweeHookLinkTests {
    @Test func aHarloweLinkWhoseHookGoesOnIsAChoice() throws {
        let text = storyData("Harlowe") + """
            :: Start
            Intro.
            > (link: "Open the shop.")[
            (set: $open to true)
              (go-to: "Shop")
            ]<br>
            > (link: "Stay put.")[(go-to: "Basement")] or (Link-Reveal-Goto: "Sneak", "Shop")[(set: $x to 1)]
            (link: "Think")[You think.] (link-reveal-goto: "Basement")
            (link: "Maybe")[(if: $x)[(go-to: "Shop")]]
            After.

            :: Shop
            Shop.

            :: Basement
            Dark.
            """
        let (imported, piece, build) = importAndBuild(SourceFile(path: "h.twee", text: text), .twee)
        #expect(!build.hasErrors, "\(located(build))")
        let story = try #require(piece?.story)
        #expect(story.pages[0].choices.map { "\($0.label.plainText) -> \(story.pages[$0.target].id)" } == [
            "Open the shop. -> shop", "Stay put. -> basement", "Sneak -> shop", "Basement -> basement",
        ])
        #expect(!build.contains { $0.message.contains("cannot be reached") }, "\(located(build))")
        #expect(startPage(text) == """
            Intro.\\
            \\> [Open the shop.](#shop)\\
            \\
            \\> [Stay put.](#basement) or [Sneak](#shop)\\
            (link: "Think")[You think.] [Basement](#basement)\\
            (link: "Maybe")[(if: $x)[(go-to: "Shop")]]\\
            After.

            """)
        #expect(located(imported.diagnostics) == [
            "6:3: warning: 'Start' has a (link:) whose hook goes on to 'Shop': it is a choice, and what else the hook did is left out ((set:))",
            "10:47: warning: 'Start' has a (Link-Reveal-Goto:) whose hook goes on to 'Shop': it is a choice, and what else the hook did is left out ((set:))",
            "11:1: warning: 'Start' has story-format code (Harlowe macros such as (link:) and variables such as $x) that a static page cannot run: it is kept as plain text",
            "12:26: warning: 'Start' has a (go-to:) to 'Shop' that cannot be a choice: it moves on by itself, so this way on is lost",
        ])
    }

    /// A hook never closed, or closed by a bracket of another line's text: no choice is made
    /// up, and the jumps in it are named as lost.
    @Test func anUnclosedHookMakesNoChoice() {
        let text = storyData("Harlowe") + ":: Start\n(link: \"Go\")[\n(go-to: \"Start\")\nText\n"
        #expect(startPage(text) == "(link: \"Go\")[\\\n(go-to: \"Start\")\\\nText\n")
        #expect(located(importing(text, .twee, path: "s.twee").diagnostics).contains(
            "6:1: warning: 'Start' has a (go-to:) to 'Start' that cannot be a choice: it moves on by itself, so this way on is lost"))
        // Two jumps, or one that is an expression: which one is taken is not plain.
        #expect(startPage(storyData("Harlowe") + ":: Start\n(link: \"Go\")[(go-to: \"Start\")(go-to: \"Start\")]\n").hasPrefix("(link:"))
        #expect(startPage(storyData("Harlowe") + ":: Start\n(link: \"Go\")[(go-to: $next)]\n").hasPrefix("(link:"))
        #expect(startPage(storyData("Harlowe") + ":: Start\n(link: $words)[(go-to: \"Start\")]\n").hasPrefix("(link:"))
    }

    @Test func aSugarCubeLinkWhoseBodyGoesOnIsAChoice() throws {
        let text = storyData("SugarCube") + """
            :: Start
            <<link "Go to the hall">>
              <<set $x to 1>>
              <<goto "Hall">>
            <</link>> or <<button "Press">><<goto "Hall">><</button>>
            <<link "Body" "Hall">><<set $y to 2>><</link>>
            <<link "Maybe">><<if $x>><<goto "Hall">><</if>><</link>>

            :: Hall
            The end.
            """
        let (imported, piece, build) = importAndBuild(SourceFile(path: "sc.twee", text: text), .twee)
        #expect(!build.hasErrors, "\(located(build))")
        #expect(try #require(piece?.story).pages[0].choices.map { $0.label.plainText } == ["Go to the hall", "Press", "Body"])
        #expect(startPage(text).hasPrefix("""
            [Go to the hall](#hall) or [Press](#hall)\\
            [Body](#hall)\\
            \\<\\<link "Maybe">>
            """), "\(imported.markdown)")
        #expect(located(imported.diagnostics).filter { $0.contains("hook") } == [
            "5:1: warning: 'Start' has a <<link>> whose hook goes on to 'Hall': it is a choice, and what else the hook did is left out (<<set>>)",
            "9:1: warning: 'Start' has a <<link>> whose hook goes on to 'Hall': it is a choice, and what else the hook did is left out (<<set>>)",
        ])
    }

    /// Hooks and containers opened by the thousand and never closed, or closed by the thousand,
    /// are read whole: what cannot run is said once, and each closed hook is its choice. (No
    /// clock: a pass that went quadratic shows as a slow suite, not as a failure.)
    @Test func unclosedHooksAreReadWhole() {
        for (text, code) in [
            (String(repeating: "(link: \"x\")[ [ (set: \"", count: 10_000) + "\n" + String(repeating: "(link: \"y\")[\n", count: 5_000), "(link:)"),
            (String(repeating: "<<link \"x\">> <<if \"", count: 10_000) + "\n" + String(repeating: "<<link \"y\">>\n", count: 5_000), "<<…>>"),
        ] {
            let imported = importing(":: Start\n" + text, .twee, path: "s.twee")
            #expect(imported.diagnostics.map(\.message) == [
                "'Start' has story-format code (macros \(code == "(link:)" ? "such as (link:)" : code)) that a static page cannot run: it is kept as plain text",
            ])
            #expect(!imported.markdown.contains("](#"))
            #expect(imported.markdown.components(separatedBy: "x").count - 1 >= 10_000)
        }
        let closed = importing(":: Start\n" + String(repeating: "(link: \"x\")[(set: $a to 1)(go-to: \"Start\")]\n", count: 5_000), .twee, path: "s.twee")
        #expect(closed.markdown.components(separatedBy: "[x](#start)").count - 1 == 5_000)
        #expect(closed.diagnostics.count == 5_000)
    }
}
