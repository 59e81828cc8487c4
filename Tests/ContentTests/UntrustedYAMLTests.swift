import Content
import Diagnostics
import Testing

/// Front matter and quizgen.yml from someone else: alias bombs, aliases, NUL bytes. The time
/// limit only stops a hang; no test reads a clock.
@Suite(.timeLimit(.minutes(1))) struct UntrustedYAMLTests {
    /// The "billion laughs": each anchor is a list of `width` aliases of the one before, and
    /// the last one is used as a mapping key, which Yams hashes in full. 8 levels (10^8
    /// values) took 21 s before the limit; the default 24 levels stand for 10^24 values,
    /// which nothing can compose, so a refusal that comes back at all was made before
    /// composing, however busy the machine. The limit stops it in the fifth line.
    static func bomb(levels: Int = 24, width: Int = 10) -> String {
        var lines = ["a0: &a0 [" + Array(repeating: "x", count: width).joined(separator: ", ") + "]"]
        for level in 1..<levels {
            lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: width).joined(separator: ", ") + "]")
        }
        lines.append("? *a\(levels - 1)\n: v")
        return lines.joined(separator: "\n") + "\n"
    }

    // a0 has 11 values and a1..a3 111, 1,111 and 11,111: after the a1..a3 lines the aliases
    // have repeated 12,330 values, and the 8th *a3 of the a4 line takes them past 100,000.
    // "a4: &a4 [" is 9 characters and each "*a3, " 5 more: the 8th alias is at column 45.
    static let overLimit = "YAML aliases repeat more than 100,000 values"

    @Test func anAliasBombInFrontMatterIsRefusedAtTheAliasThatGoesOverTheLimit() throws {
        let text = "---\nkind: personality\n" + Self.bomb() + "---\n## Q\n- a {x}\n- b {x}\n## X {#x .outcome}\n"
        let (piece, problems) = parse(text)
        #expect(piece == nil)
        #expect(located(problems) == ["7:45: error: \(Self.overLimit)"])
        #expect(problems.first?.sourceLine?.hasPrefix("a4: &a4 [*a3") == true)
        #expect(problems.first?.hint?.contains("at most 100,000 values in all, nested at most 64 levels deep") == true)
    }

    @Test func anAliasBombInSiteSettingsIsRefusedTheSameWay() {
        let file = SourceFile(path: "quizgen.yml", text: "title: Hi\n" + Self.bomb())
        let (settings, problems) = SiteSettings.parse(file)
        #expect(settings == SiteSettings())
        #expect(located(problems) == ["6:45: error: \(Self.overLimit)"])
        #expect(problems.first?.file == "quizgen.yml")
    }

    @Test func aliasesOfAliasFreeValuesAddUp() {
        // No alias of an alias: a list of 1,000 values repeated by 100 aliases.
        let list = "a: &a [" + Array(repeating: "x", count: 1_000).joined(separator: ",") + "]\n"
        let text = list + "b: [" + Array(repeating: "*a", count: 100).joined(separator: ",") + "]\n"
        let (_, problems) = SiteSettings.parse(SourceFile(path: "quizgen.yml", text: text))
        // The 100th alias (100 × 1,001 values): after "b: [" (4) and 99 times "*a," (3).
        #expect(located(problems) == ["2:302: error: \(Self.overLimit)"])
    }

    @Test func aliasesNestedTooDeepAreRefused() {
        // d0 is 2 levels high and each d(i) one more; an alias of d(i-1) inside d(i) sits at
        // level 3, so *d61 in the d62 line (after "d62: &d62 [") reaches level 3 + 63 - 1 = 65.
        var lines = ["d0: &d0 [x]"]
        for i in 1...70 { lines.append("d\(i): &d\(i) [*d\(i - 1)]") }
        let file = SourceFile(path: "quizgen.yml", text: lines.joined(separator: "\n") + "\n")
        let (_, problems) = SiteSettings.parse(file)
        #expect(located(problems) == ["63:12: error: the YAML alias *d61 nests values more than 64 levels deep"])
    }

    /// libyaml reads anchor names of ASCII letters, digits, '_' and '-' only (YAML 1.2 takes
    /// any), and said "did not find expected alphabetic or numeric character" of `&題名`.
    @Test func anAnchorNameOutsideASCIIIsNamedAsSuch() {
        let (_, problems) = parse("---\nkind: story\ntitle: &題名 日本語の題名\ndescription: *題名\n---\n## A\n")
        #expect(located(problems) == [
            "3:9: error: YAML anchor and alias names must be ASCII letters, digits, '_' or '-' here: '&題名' is not",
        ])
        #expect(problems.first?.hint == "rename the anchor and its aliases, e.g. &title and *title")
        let (_, alias) = SiteSettings.parse(SourceFile(path: "quizgen.yml", text: "title: &t x\ndescription: [*未定義, *t]\n"))
        #expect(located(alias) == [
            "2:16: error: YAML anchor and alias names must be ASCII letters, digits, '_' or '-' here: '*未定義' is not",
        ])
        // Other anchor errors keep libyaml's words.
        let (_, other) = SiteSettings.parse(SourceFile(path: "quizgen.yml", text: "title: &!x y\n"))
        #expect(other.first?.message.hasPrefix("not valid YAML: did not find expected alphabetic or numeric character") == true)
    }

    @Test func aFewAliasesStillWork() throws {
        let text = """
            ---
            kind: personality
            title: &name Which Animal?
            description: *name
            ---
            ## Q
            - a {x}
            - b {x}
            ## X {#x .outcome}

            """
        let (piece, problems) = parse(text)
        #expect(problems.isEmpty)
        #expect(piece?.meta.title == "Which Animal?")
        #expect(piece?.meta.description == "Which Animal?")

        // Just under the limit: 99 aliases of 1,001 values and one of a scalar.
        let many = "a: &a [" + Array(repeating: "x", count: 1_000).joined(separator: ",") + "]\n"
            + "b: [" + Array(repeating: "*a", count: 99).joined(separator: ",") + "]\nt: &t Hi\ntitle: *t\n"
        let (settings, found) = SiteSettings.parse(SourceFile(path: "quizgen.yml", text: many))
        #expect(located(found) == [
            "1:1: warning: unknown setting 'a'", "2:1: warning: unknown setting 'b'", "3:1: warning: unknown setting 't'",
        ])
        #expect(settings.title == "Hi")
    }

    @Test func starsInTextAreNotAliases() {
        let text = "---\nkind: personality\ntitle: \"*bold* and 2*3\"\ndescription: a *b c # *d\n---\n## Q\n- a {x}\n- b {x}\n## X {#x .outcome}\n"
        let (piece, problems) = parse(text)
        // The comment is found past the stars too (and cuts the description, which is told).
        #expect(located(problems) == [
            "4:21: warning: the rest of the line after ' #' was read as a YAML comment, so 'description' is only 'a *b c'",
        ])
        #expect(piece?.meta.title == "*bold* and 2*3")
        #expect(piece?.meta.description == "a *b c")
    }

    @Test func aValueFromAnAliasIsLocatedAtTheAlias() {
        let text = "---\na: &a9 [5]\ntitle: *a9\nkind: personality\n---\n## Q\n- a {x}\n- b {x}\n## X {#x .outcome}\n"
        let (_, problems) = parse(text)
        #expect(located(problems.sorted()) == [
            "2:1: warning: unknown front matter key 'a'",
            "3:8: error: 'title' must be text",
        ])
    }

    @Test func aKeyFromAnAliasIsLocatedAtTheAlias() {
        let file = SourceFile(path: "quizgen.yml", text: "a: &k [1]\ntitle: T\n? *k\n: 2\n")
        let (_, problems) = SiteSettings.parse(file)
        #expect(located(problems.sorted()) == [
            "1:1: warning: unknown setting 'a'",
            "3:3: error: a key must be a plain word",
        ])
    }

    @Test func anAliasedPointsMapIsLocatedAtTheAlias() {
        let text = "---\nkind: trivia\np: &p {easy: 300000}\npoints: *p\n---\n"
        let (_, problems) = parse(text)
        #expect(located(problems).contains("4:9: error: each value of 'points' must be a whole number between 1 and 10000"))
    }

    @Test func undefinedAliasesAndYAMLErrorsAfterAliasesKeepTheirMessages() {
        let undefined = SiteSettings.parse(SourceFile(path: "quizgen.yml", text: "title: *nothing\n")).1
        #expect(located(undefined) == ["1:8: error: not valid YAML: found undefined alias"])
        let twice = SiteSettings.parse(SourceFile(path: "quizgen.yml", text: "a: &a x\n? *a\n: 1\n? *a\n: 2\n")).1
        #expect(twice.count == 1)
        #expect(twice.first?.message == "'*a' set twice")
        let unclosed = SiteSettings.parse(SourceFile(path: "quizgen.yml", text: "a: &a x\nb: [*a\n")).1
        #expect(located(unclosed).first?.hasPrefix("2:4: error: not valid YAML: did not find expected ',' or ']'") == true)
    }

    // MARK: NUL bytes

    @Test func aNULByteInFrontMatterIsLocatedAtTheByte() {
        let (piece, problems) = parse("---\nkind: personality\ntitle: é\u{0}!\n---\n## Q\n- a {x}\n")
        #expect(piece == nil)
        #expect(located(problems) == ["3:9: error: the file contains a NUL byte"])
        #expect(problems.first?.sourceLine == "title: é\u{0}!")
    }

    @Test func aNULByteBeforeAnAttributeBlockIsOneErrorAtTheByte() {
        let text = "---\nkind: personality\n---\n## Which? \u{0} {#q}\n- a {x}\n- b {x}\n## X {#x .outcome}\n"
        let (_, problems) = parse(text)
        #expect(located(problems) == ["4:11: error: the file contains a NUL byte"])
    }

    @Test func theFirstNULByteIsTheOneReportedWhereverItIs() {
        #expect(SourceFile(path: "f.md", text: "").nulByteError() == nil)
        #expect(SourceFile(path: "f.md", text: "no NUL here, é\n").nulByteError() == nil)
        #expect(located([SourceFile(path: "f.md", text: "ab\ncé\u{0}d\u{0}\n\u{0}").nulByteError()].compactMap { $0 })
            == ["2:3: error: the file contains a NUL byte"])
        #expect(located([SourceFile(path: "f.md", text: "\u{0}").nulByteError()].compactMap { $0 })
            == ["1:1: error: the file contains a NUL byte"])
        #expect(located([SourceFile(path: "f.md", text: "abc\n\u{0}").nulByteError()].compactMap { $0 })
            == ["2:1: error: the file contains a NUL byte"])
    }

    /// Text saved as UTF-16 or UTF-32 without a byte-order mark is valid UTF-8 with a NUL
    /// beside every ASCII letter: named at 1:1, as with a mark, not as its first NUL.
    @Test func wideTextWithoutAMarkIsNamedNotItsFirstNUL() {
        let text = "---\nkind: story\ntitle: Caf\u{e9}\n---\n## A\n"
        let wide: [(String, [UInt8])] = [
            ("UTF-16 (little-endian)", text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
            ("UTF-16 (big-endian)", text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }),
            ("UTF-32 (little-endian)", text.unicodeScalars.flatMap { [UInt8($0.value & 0xFF), 0, 0, 0] }),
            ("UTF-32 (big-endian)", text.unicodeScalars.flatMap { [0, 0, 0, UInt8($0.value & 0xFF)] }),
        ]
        for (encoding, bytes) in wide {
            // The text before the é, which is not UTF-8 in these (the loader stops at it).
            let file = SourceFile(path: "f.md", text: String(decoding: bytes.prefix(40), as: UTF8.self))
            #expect(located([file.nulByteError()].compactMap { $0 })
                == ["1:1: error: the file is \(encoding) without a byte-order mark, not UTF-8"])
            #expect(file.nulByteError()?.hint == "save it as UTF-8 in your editor")
        }
        // A UTF-8 file with stray NULs, and a binary one, still get the NUL.
        let stray = SourceFile(path: "f.md", text: "---\nkind: story\n---\n## A\nab\0c\0d\0e\0 and more text\n")
        #expect(located([stray.nulByteError()].compactMap { $0 }) == ["5:3: error: the file contains a NUL byte"])
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6]
        let binary = SourceFile(path: "f.md", text: String(decoding: png, as: UTF8.self))
        #expect(binary.nulByteError()?.message == "the file contains a NUL byte")
    }

    @Test func aNULByteInSiteSettingsIsLocatedAtTheByte() {
        let (settings, problems) = SiteSettings.parse(SourceFile(path: "quizgen.yml", text: "title: A\nlanguage: f\u{0}r\n"))
        #expect(settings == SiteSettings())
        #expect(located(problems) == ["2:12: error: the file contains a NUL byte"])
    }

    @Test func otherControlCharactersInYAMLAreLocatedAtTheCharacter() {
        // Through FrontMatter.split, which takes any text: libyaml's offset is turned into
        // the file's line and column (it was line 2, column 1, the start of the YAML).
        let file = SourceFile(path: "f.md", text: "---\nkind: trivia\ntitle: *a é\u{1}\n---\n")
        let (_, problems) = FrontMatter.split(file)
        #expect(located(problems) == ["3:12: error: cannot be read as YAML: control characters are not allowed"])
        let nul = FrontMatter.split(SourceFile(path: "f.md", text: "---\nkind: trivia\nti\u{0}tle: x\n---\n")).1
        #expect(located(nul) == ["3:3: error: cannot be read as YAML: control characters are not allowed"])
    }

    @Test func bytePositionsBecomeLinesAndColumns() {
        let file = SourceFile(path: "f", text: "ab\n\ncdé\n")
        #expect(file.position(ofByte: 0) == (1, 1))
        #expect(file.position(ofByte: 2) == (1, 3))
        #expect(file.position(ofByte: 3) == (2, 1))
        #expect(file.position(ofByte: 4) == (3, 1))
        #expect(file.position(ofByte: 8) == (3, 5))
        #expect(file.position(ofByte: 9) == (4, 1))
    }
}
