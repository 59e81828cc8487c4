@testable import Content
import Diagnostics
import Markdown
import Testing

/// The slips of a Chinese or Japanese input method, which types full-width signs (`＃`,
/// `（）`, `＝`, `．`, U+3000) where quizgen's syntax wants ASCII.
@Suite struct FullWidthTests {
    func storyProblems(_ body: String) -> [Diagnostic] {
        parse("---\nkind: story\ntitle: t\n---\n" + body).1
    }

    func described(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.line):\($0.column): \($0.severity.rawValue): \($0.message) | \($0.hint ?? "")" }
    }

    /// The audit's story: both items were silently no choices, and 入口 an ending.
    @Test func fullWidthChoicesAreWarnedAtTheirSign() {
        let problems = storyProblems("""
            ## 入口
            - [全角シャープ](＃洞窟の奥)
            - [全角かっこ]（#洞窟の奥）
            - [両方]（＃洞窟）

            ## 洞窟の奥
            - [終わりへ](#終わり)

            ## 終わり
            おしまい。
            """)
        #expect(described(problems.filter { $0.message.contains("full-width") }.sorted()) == [
            "6:12: warning: '＃' is a full-width character, so this link leads to no page and is no choice | write '#': (#洞窟の奥)",
            "7:10: warning: '（' and '）' are full-width characters, so this is text, not a link: no choice | write it in ASCII: [全角かっこ](#洞窟の奥)",
            "8:7: warning: '（', '＃' and '）' are full-width characters, so this is text, not a link: no choice | write it in ASCII: [両方](#洞窟); did you mean '洞窟の奥'? page ids: 入口, 洞窟の奥, 終わり",
        ])
    }

    /// The likeliest slip of all: ASCII but for the closing parenthesis (`](#なか）`), which
    /// Markdown reads as text; warned at that sign.
    @Test func aFullWidthClosingParenthesisAloneIsWarned() {
        let problems = storyProblems("""
            ## 入口 {#iriguchi}
            - [戻る](#なか）

            ## 中 {#なか}
            おしまい。
            """)
        #expect(described(problems.filter { $0.message.contains("full-width") }) == [
            "6:11: warning: '）' is a full-width character, so this is text, not a link: no choice | write it in ASCII: [戻る](#なか)",
        ])
    }

    /// An input method's brackets too, and in a sentence, a heading and the introduction.
    @Test func fullWidthBracketsAnywhereInAStory() throws {
        let problems = storyProblems("""
            序【はじめ】（#a）

            ## A 「行く」(#b) {#a}
            text ［go］(#b) and 【go】（#x） end

            ## B {#b}
            end
            """).filter { $0.message.contains("full-width") }.sorted()
        try #require(problems.map { "\($0.line):\($0.column)" } == ["5:2", "7:6", "8:6", "8:19"])
        #expect(problems[0].message.hasPrefix("'【', '】', '（' and '）' are full-width characters"))
        #expect(problems.map(\.hint) == [
            "write it in ASCII: [はじめ](#a)", "write it in ASCII: [行く](#b)", "write it in ASCII: [go](#b)",
            "write it in ASCII: [go](#x); did you mean 'a'?",
        ])
    }

    /// Text that only looks alike is left alone: ASCII brackets Markdown did not make a
    /// link of, full-width parentheses after words, code.
    @Test func otherTextIsNoSlip() {
        let problems = storyProblems("""
            ## A
            a ]( #b) 注（#は記号） and `[x]（#b）` and 「引用」（出典）

                [x]（#b）

            - [B](#b)

            ## B {#b}
            end
            """)
        #expect(problems.filter { $0.message.contains("full-width") }.isEmpty)
    }

    @Test func idsInAttributeBlocksNameTheFullWidthSign() {
        func problems(_ text: String) -> [String] {
            let file = SourceFile(path: "f.md", text: "## Q {\(text)}\n")
            return Attributes.parse(AttributeBlock(text: text, brace: .init(line: 1, column: 6)), in: file).1
                .map { "\($0.column): \($0.message) | \($0.hint ?? "")" }
        }
        #expect(problems("＃はじめ") == ["7: invalid id '＃はじめ' | '＃' is a full-width character: write #はじめ"])
        #expect(problems("猫＝2") == ["7: invalid setting '猫＝2' | '＝' is a full-width character: write 猫=2"])
        #expect(problems("．ｍｕｌｔｉ") == [
            "7: invalid flag '．ｍｕｌｔｉ' | '．', 'ｍ', 'ｕ', … are full-width characters: write .multi",
        ])
        // An id of full-width letters is an id: only its sign is made ASCII.
        #expect(problems("＃ＡＢ") == ["7: invalid id '＃ＡＢ' | '＃' is a full-width character: write #ＡＢ"])
        let file = SourceFile(path: "f.md", text: "## Q {＃x}\n")
        #expect(Attributes.parse(AttributeBlock(text: "＃x", brace: .init(line: 1, column: 6)), in: file).0.hasMalformedID)
    }

    /// U+3000 is a space, as FORMAT's "Tokens are separated by spaces" reads; columns are
    /// those of the file.
    @Test func anIdeographicSpaceSeparatesTokens() {
        let text = "#全角スペース\u{3000}ending=bad\u{3000}\u{3000}.x\u{A0}狗"
        let file = SourceFile(path: "f.md", text: "## Q {\(text)}\n")
        let (attributes, problems) = Attributes.parse(AttributeBlock(text: text, brace: .init(line: 1, column: 6)), in: file)
        #expect(problems.isEmpty)
        #expect(attributes.tokens.map(\.kind) == [.id("全角スペース"), .pair(key: "ending", value: "bad"), .flag("x"), .name("狗")])
        #expect(attributes.tokens.map { file.characterColumn(line: 1, byteColumn: $0.column) } == [7, 15, 27, 30])
    }

    @Test func fullWidthFlagsGetTheASCIIWord() {
        let (_, problems) = parse("""
            ---
            kind: personality
            title: t
            ---
            ## 你喜欢什么活动？ {.ｍｕｌｔｉｐｌｅ}
            - a {x}
            - b {x}

            ## X {#x .outcome}
            x
            """)
        let flag = problems.first { $0.message.hasPrefix("unknown flag") }
        #expect(flag?.hint == "'ｍ', 'ｕ', 'ｌ', … are full-width characters: write '.multiple'")
        #expect(flag?.column == 14)
    }

    /// `｛#括弧｝` is no block: the title and id keep it, so the author is told.
    @Test func fullWidthBracesAtTheEndOfAHeadingAreWarned() {
        let problems = storyProblems("""
            ## 全角括弧 ｛#括弧｝
            - [x](#b)

            ## B {#b}
            end ｛x｝

            ## 題｛序｝
            end
            """)
        #expect(described(problems.filter { $0.message.contains("full-width") }) == [
            "5:9: warning: full-width braces '｛…｝' make no attribute block: '｛#括弧｝' stays in the title | write ASCII braces: {#括弧}",
        ])
        let (_, answers) = parse("---\nkind: personality\ntitle: t\n---\n## Q\n- a ｛x｝\n- b {x}\n\n## X {#x .outcome}\nx\n")
        #expect(answers.contains { $0.line == 6 && $0.column == 5 && $0.message.hasPrefix("full-width braces") })
    }
}
