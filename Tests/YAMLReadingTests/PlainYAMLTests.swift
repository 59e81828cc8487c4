import Testing
import YAMLReading

/// What the plain reader makes of the YAML it reads, written out by hand (the differential
/// tests compare it with Yams), and what it leaves to Yams.
@Suite struct PlainYAMLTests {
    func scalar(_ text: String, _ style: YAMLNode.Style, _ line: Int, _ column: Int) -> YAMLNode {
        YAMLNode(.scalar(text, style), line: line, column: column)
    }

    func scalar(_ text: String, _ line: Int, _ column: Int) -> YAMLNode {
        scalar(text, .plain, line, column)
    }

    func pairs(_ node: YAMLNode?) -> [YAMLNode.Pair] {
        if case .mapping(let pairs)? = node?.content { return pairs }
        return []
    }

    @Test func readsKeysAndScalarsWithTheirPlaces() throws {
        let yaml = """
            kind: trivia
            title: "Sudden Death: Around the World"
            note: 'it''s'   # a comment
            pick: 10
            ratio: -0.5
            on: yes
            path: a/b.c#d e  

            # a comment line
            empty: ""
            """
        let root = try #require(PlainYAML.read(yaml))
        #expect(root.line == 1 && root.column == 1)
        #expect(pairs(root).map(\.key) == [
            scalar("kind", 1, 1), scalar("title", 2, 1), scalar("note", 3, 1), scalar("pick", 4, 1),
            scalar("ratio", 5, 1), scalar("on", 6, 1), scalar("path", 7, 1), scalar("empty", 10, 1),
        ])
        #expect(pairs(root).map(\.value) == [
            scalar("trivia", 1, 7),
            scalar("Sudden Death: Around the World", .doubleQuoted, 2, 8),
            scalar("it's", .singleQuoted, 3, 7),
            scalar("10", 4, 7),
            scalar("-0.5", 5, 8),
            scalar("yes", 6, 5),
            scalar("a/b.c#d e", 7, 7),
            scalar("", .doubleQuoted, 10, 8),
        ])
    }

    @Test func columnsCountUnicodeScalarsAsLibyamlDoes() throws {
        let root = try #require(PlainYAML.read("t: [\"é😀\", x]\nu: {a: 日本, b: c}\n"))
        let values = pairs(root).map(\.value)
        #expect(values[0] == YAMLNode(.sequence([scalar("é😀", .doubleQuoted, 1, 5), scalar("x", 1, 11)]), line: 1, column: 4))
        #expect(values[1] == YAMLNode(
            .mapping([
                YAMLNode.Pair(key: scalar("a", 2, 5), value: scalar("日本", 2, 8)),
                YAMLNode.Pair(key: scalar("b", 2, 12), value: scalar("c", 2, 15)),
            ]),
            line: 2, column: 4))
    }

    @Test func readsEscapesInDoubleQuotes() throws {
        let root = try #require(PlainYAML.read(#"a: "say \"hi\"\\\n\t/\/""# + "\n"))
        #expect(pairs(root)[0].value.string == "say \"hi\"\\\n\t//")
        #expect(pairs(root)[0].value.style == .doubleQuoted)
    }

    @Test func nestedMappingsAndSequencesStartAtTheirFirstKeyOrDash() throws {
        let yaml = """
            points:
              easy: 3
              hard: 10
            media-origins:
              - https://a.example
              - "https://b.example"
            tags:
            - x
            last: 1

            """
        let root = try #require(PlainYAML.read(yaml))
        let values = pairs(root).map(\.value)
        #expect(values[0] == YAMLNode(
            .mapping([
                YAMLNode.Pair(key: scalar("easy", 2, 3), value: scalar("3", 2, 9)),
                YAMLNode.Pair(key: scalar("hard", 3, 3), value: scalar("10", 3, 9)),
            ]),
            line: 2, column: 3))
        #expect(values[1] == YAMLNode(
            .sequence([scalar("https://a.example", 5, 5), scalar("https://b.example", .doubleQuoted, 6, 5)]),
            line: 5, column: 3))
        #expect(values[2] == YAMLNode(.sequence([scalar("x", 8, 3)]), line: 8, column: 1))
        #expect(values[3] == scalar("1", 9, 7))
    }

    /// An empty value has libyaml's mark of the end of the `:` before it.
    @Test func anEmptyValueIsAPlainEmptyScalarJustAfterItsColon() throws {
        let root = try #require(PlainYAML.read("a:\n# c\n\nb:   # c\n  cc:\nd: 1\ne:\n"))
        let b = pairs(root)[1].value
        #expect(pairs(root)[0].value == scalar("", 1, 3))
        #expect(pairs(b).map(\.value) == [scalar("", 5, 6)])
        #expect(pairs(root)[3].value == scalar("", 7, 3))
        #expect(pairs(PlainYAML.read("a: 1\nb:")).last?.value == scalar("", 2, 3))
        #expect(pairs(PlainYAML.read("a: 1\nlong:   \n  # c")).last?.value == scalar("", 2, 6))
    }

    /// Markdown emphasis in a description is text, not an alias; an alias is left to Yams.
    @Test func readsStarsInTextButNoAlias() throws {
        let root = try #require(PlainYAML.read("d: \"*station by* **x**\"\ne: a *b*  # *c\nf: [x*y]\n"))
        #expect(pairs(root).map(\.value.string) == ["*station by* **x**", "a *b*", nil])
        #expect(PlainYAML.read("a: *b\n") == nil)
        #expect(PlainYAML.read("a: [*b]\n") == nil)
        #expect(PlainYAML.read("*a: b\n") == nil)
        #expect(PlainYAML.read("a: -*b\n") == nil)
        // So many that YAMLAliases could refuse the text: Yams decides.
        #expect(PlainYAML.read("a: \"" + String(repeating: "*a ", count: 10_000) + "\"\n") == nil)
    }

    /// Yams reports a key set twice, in a mapping of a few keys or of many.
    @Test func leavesDuplicateKeysToYams() {
        let keys = (1...40).map { "k\($0)" }
        let block = keys.map { "\($0): x\n" }.joined()
        let flow = "m: {" + keys.map { "\($0): x" }.joined(separator: ", ") + "}\n"
        #expect(pairs(PlainYAML.read(block)).count == 40)
        #expect(PlainYAML.read(flow) != nil)
        for count in [2, 16, 17, 40] {
            #expect(PlainYAML.read(block + "k\(count): y\n") == nil)
            #expect(PlainYAML.read("m:\n" + keys.prefix(count).map { "  \($0): x\n" }.joined() + "  k1: y\n") == nil)
            #expect(PlainYAML.read("m: {" + keys.prefix(count).map { "\($0): x" }.joined(separator: ", ") + ", k\(count): y}\n") == nil)
        }
    }

    @Test func leavesEverythingElseToYams() {
        let unsure = [
            "",
            "# only a comment\n",
            "just text\n",
            "  indented: 1\n",
            "- a\n- b\n",
            "a: &x 1\nb: *x\n",
            "a: !!str 1\n",
            "a: |\n  text\n",
            "a: >\n  text\n",
            "a: b\n  continued\n",
            "a: \"open\n  close\"\n",
            "a: 'open\n",
            "a: [1,\n  2]\n",
            "a: [[1]]\n",
            "a: {b: {c: 1}}\n",
            "a: [a, ]\n",
            "a: {b: }\n",
            "a: [a # c]\n",
            "a: \"\\u00e9\"\n",
            "a: \"\\x41\"\n",
            "a:\tb\n",
            "a: b\r\n",
            "a: b\u{0}\n",
            "a: b\u{85}c\n",
            "a: b\u{2028}c\n",
            "\u{FEFF}a: b\n",
            "a: \u{E000}\n",
            "a: 1\na: 2\n",
            "a: {b: 1, b: 2}\n",
            "a: x: y\n",
            "a: x:\n",
            "a b: 1\n",
            "'a': 1\n",
            "a : 1\n",
            "a:1\n",
            "? a\n: b\n",
            "---\na: 1\n",
            "a: 1\n...\n",
            "%YAML 1.1\n---\na: 1\n",
            "a:\n  b: 1\n c: 2\n",
            "a:\n  - x\n  y: 1\n",
            "a:\n  -\n",
            "a:\n  - b: 1\n",
            "a:\n  - x\n   continued\n",
            "a:\n  text\n",
            "a: \"x\"y\n",
            "a: \"x\"#c\n",
            "a: - x\n",
            "a: @x\n",
            "a: `x`\n",
            "a: %x\n",
            "a: ]\n",
        ]
        for yaml in unsure {
            #expect(PlainYAML.read(yaml) == nil, "\(yaml.debugDescription)")
        }
    }
}
