import Diagnostics
import Foundation
import Site
import Testing

@Suite struct TriviaSiteTests {
    let markdown = "---\nkind: trivia\ntitle: Banked\npick: 2\nbank: banks/bank.csv\n---\n## In Markdown?\n- [x] Yes\n- [ ] No\n"

    @Test func aBankWithBOMAndCRLFBuildsAndIsCopiedBesideThePage() throws {
        let site = TemporarySite(files: ["Content/quiz/banked.md": markdown])
        site.writeBytes("Content/quiz/banks/bank.csv", [0xEF, 0xBB, 0xBF] + Array(
            "question,choices,answer\r\n\"Two\r\nlines?\",Yes|No,Yes\r\nPlain?,Yes|No,No\r\n".utf8))
        let output = site.build(BuildOptions(statistics: true))
        #expect(output.diagnostics.isEmpty, "\(DiagnosticPrinter().format(output.diagnostics))")
        let page = try #require(site.read("public/quiz/banked/index.html"))
        #expect(page.contains(#""h":"Two\nlines?""#))
        #expect(page.contains(#""h":"Plain?","c":["Yes","No"],"k":[1]"#))
        #expect(site.exists("public/quiz/banks/bank.csv"))
        guard case .trivia(_, let summary?) = output.reports.first?.body else {
            Issue.record("no trivia summary")
            return
        }
        #expect(summary.questionCount == 3 && summary.markdownCount == 1)
    }

    @Test func problemsInTheBankNameTheCSVAndItsLine() {
        let site = TemporarySite(files: [
            "Content/quiz/banked.md": markdown,
            "Content/quiz/banks/bank.csv": "question,choices,answer\r\nFine?,Yes|No,Yes\r\nBroken?,Yes|No,Maybe\r\n",
        ])
        let output = site.build()
        #expect(output.diagnostics.map { "\($0.file):\($0.line):\($0.column): \($0.message)" } == [
            "Content/quiz/banks/bank.csv:3:16: the answer 'Maybe' is not one of this row's choices",
        ])
        #expect(!site.exists("public"))
    }

    /// A bank's path that names a folder or a pipe says what it is, not that it is missing
    /// (and a pipe is never read, which could wait for ever).
    @Test func aBankThatIsAFolderOrAPipeSaysSo() throws {
        let site = TemporarySite(files: ["Content/quiz/banked.md": markdown, "Content/quiz/banks/bank.csv/x": ""])
        #expect(located(site.build().diagnostics) == [
            "Content/quiz/banked.md:5:7: error: cannot read the bank file 'banks/bank.csv': it is a folder",
        ])
        try FileManager.default.removeItem(atPath: site.root.path + "/Content/quiz/banks/bank.csv")
        #expect(mkfifo(site.root.path + "/Content/quiz/banks/bank.csv", 0o600) == 0)
        #expect(located(site.build().diagnostics) == [
            "Content/quiz/banked.md:5:7: error: cannot read the bank file 'banks/bank.csv': it is not a regular file",
            "Content/quiz/banks/bank.csv:0:0: warning: not a regular file; skipped",
        ])
    }

    @Test func aBankThatIsNotUTF8IsLocated() {
        let site = TemporarySite(files: ["Content/quiz/banked.md": markdown])
        site.writeBytes("Content/quiz/banks/bank.csv", Array("question,choices,answer\nCaf".utf8) + [0xE9] + Array(",a|b,a\n".utf8))
        let output = site.build()
        #expect(output.diagnostics.map { "\($0.file):\($0.line):\($0.column): \($0.message)" } == [
            "Content/quiz/banks/bank.csv:2:4: the bank file is not valid UTF-8",
        ])
        // Its line is shown, the bad byte as U+FFFD under the caret.
        #expect(output.diagnostics.first?.sourceLine == "Caf\u{FFFD},a|b,a")
        site.writeBytes("Content/quiz/banks/bank.csv", [0xFE, 0xFF] + "question,choices,answer\n".utf8.flatMap { [0, $0] })
        #expect(site.build().diagnostics.map { "\($0.file):\($0.line):\($0.column): \($0.message)" } == [
            "Content/quiz/banks/bank.csv:1:1: the bank file is UTF-16 (big-endian), not UTF-8",
        ])
        // Without the mark, by the NULs beside its letters (it was "no column 'question'").
        site.writeBytes("Content/quiz/banks/bank.csv", "question,choices,answer\nA?,a|b,a\n".utf8.flatMap { [$0, 0] })
        let unmarked = site.build().diagnostics
        #expect(unmarked.map { "\($0.file):\($0.line):\($0.column): \($0.message)" } == [
            "Content/quiz/banks/bank.csv:1:1: the bank file is UTF-16 (little-endian) without a byte-order mark, not UTF-8",
        ])
        #expect(unmarked.first?.hint?.contains("CSV UTF-8") == true)
    }

    @Test func aMissingBankIsAnErrorAtTheKey() {
        let site = TemporarySite(files: ["Content/quiz/banked.md": markdown])
        let output = site.build()
        #expect(output.diagnostics.map { "\($0.file):\($0.line):\($0.column): \($0.message)" } == [
            "Content/quiz/banked.md:5:7: bank file 'banks/bank.csv' not found",
        ])
        #expect(output.diagnostics.first?.hint == "the path is relative to this file's folder: Content/quiz/banks/bank.csv does not exist")
        // A name that differs in letter case (or by a slip) is named: hosts tell them apart.
        site.write("Content/quiz/banks/Bank.CSV", "question,choices,answer\nQ,a|b,a\n")
        let near = site.build().diagnostics
        #expect(near.map(\.message) == ["bank file 'banks/bank.csv' not found"])
        #expect(near.first?.hint == "did you mean 'banks/Bank.CSV'?")
    }

    /// A workbook is named as one, before its bytes are read as text.
    @Test func aWorkbookIsNoBank() {
        let site = TemporarySite(files: ["Content/quiz/banked.md": markdown.replacingOccurrences(of: "banks/bank.csv", with: "banks/bank.xlsx")])
        site.writeBytes("Content/quiz/banks/bank.xlsx", [0x50, 0x4B, 0x03, 0x04, 0xFF, 0x00])
        let output = site.build()
        #expect(output.diagnostics.map { "\($0.file):\($0.line):\($0.column): \($0.message)" } == [
            "Content/quiz/banked.md:5:7: 'banks/bank.xlsx' is a spreadsheet workbook, and a bank is a CSV file",
        ])
        #expect(output.diagnostics.first?.hint?.contains("CSV UTF-8") == true)
    }

    /// Runaway input must neither crash nor hang the build: it is refused with a message.
    /// A header too wide is refused before the rows are read, a file too large before it is
    /// read at all (the limit of every text file); the time limit, not a clock, stops a hang.
    @Test(.timeLimit(.minutes(1))) func runawayBanksAreRefusedQuickly() {
        let site = TemporarySite(files: ["Content/quiz/banked.md": markdown])
        let wide = "question,choices,answer," + (0..<1_000_000).map { "c\($0)" }.joined(separator: ",") + "\nQ,a|b,a\n"
        site.write("Content/quiz/banks/bank.csv", wide)
        #expect(site.build().diagnostics.map(\.message) == [
            "the header line is 7888913 bytes long; it should name the columns question, choices and answer"])
        site.write("Content/quiz/banks/bank.csv", "question,choices,answer\n\"" + String(repeating: "x", count: 10_000_000) + "\",a|b,a\n")
        #expect(site.build().diagnostics.map(\.message) == [
            "cannot read the bank file 'banks/bank.csv': the file is 10,000,033 bytes; text files may be at most 10 MB (10,000,000 bytes)"])
        site.write("Content/quiz/banks/bank.csv", "question,choices,answer\n\"" + String(repeating: "x", count: 1_900_000) + "\",a|b,a\nQ,a|b,a\n")
        #expect(site.build().diagnostics.map(\.message) == ["the question of this row is longer than 10000 characters"])
    }

    /// One size rule for every text file: a bank is read up to the limit a Markdown file
    /// has, and one over it is refused with the same reason, at the quiz's `bank:`.
    @Test func aBankHasTheSizeLimitOfEveryTextFile() {
        let over = String(repeating: "x", count: SiteLoader.maximumTextSize)
        let site = TemporarySite(files: ["Content/quiz/banked.md": markdown])
        site.write("Content/quiz/banks/bank.csv", "question,choices,answer\n" + over)
        site.write("Content/long.md", "---\nkind: story\n---\n## A\n" + over)
        #expect(site.build().diagnostics.map { "\($0.file):\($0.line):\($0.column): \($0.message)" } == [
            "Content/long.md:1:1: the file is 10,000,025 bytes; text files may be at most 10 MB (10,000,000 bytes)",
            "Content/quiz/banked.md:5:7: cannot read the bank file 'banks/bank.csv': the file is 10,000,024 bytes; text files may be at most 10 MB (10,000,000 bytes)",
        ])
        // A bank of 2.5 MB, refused before, builds as a Markdown file of that size does (with
        // the warning about its page's weight).
        let words = String(repeating: "w", count: 4_990)
        site.write("Content/quiz/banks/bank.csv", "question,choices,answer\n" + (0..<500).map { "\($0) \(words),a|b,a\n" }.joined())
        site.remove("Content/long.md")
        let output = site.build()
        #expect(!output.diagnostics.hasErrors, "\(DiagnosticPrinter().format(output.diagnostics))")
        #expect(output.diagnostics.map(\.message).first?.hasPrefix("this quiz's page is 2.5 MB") == true)
    }
}
