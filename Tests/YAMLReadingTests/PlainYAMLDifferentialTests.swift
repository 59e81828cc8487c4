import Foundation
import Testing
import TestSupport
import YAMLReading

/// The plain reader against Yams on the repository's YAML and on generated YAML: whatever
/// the plain reader reads, Yams must compose without error into the same values and marks.
@Suite struct PlainYAMLDifferentialTests {
    /// Both ways; records a failure when the plain reader read a text differently. True
    /// when the plain reader read it.
    @discardableResult
    func compare(_ yaml: String, _ source: @autoclosure () -> String) -> Bool {
        guard let plain = PlainYAML.read(yaml) else { return false }
        do {
            let yams = try YAMLNode.composeWithYams(yaml)
            if let yams, let difference = Self.difference(plain, yams) {
                Issue.record("\(source()): \(difference)\n\(yaml.debugDescription)")
            } else if yams == nil {
                Issue.record("\(source()): Yams has no document\n\(yaml.debugDescription)")
            }
            // Text with `*name` in it: front matter's and catalogs' Yams paths compose it with
            // aliases substituted, and must not refuse it or read it otherwise.
            if let substituted = YAMLAliases.substitutingAliases(yaml) {
                _ = try YAMLAliases.measure(yaml)
                if let yams = try YAMLNode.composeWithYams(substituted).map(Self.restoringStars),
                   let difference = Self.difference(plain, yams) {
                    Issue.record("\(source()), aliases substituted: \(difference)\n\(yaml.debugDescription)")
                }
            }
        } catch {
            Issue.record("\(source()): Yams refused what the plain reader read: \(error)\n\(yaml.debugDescription)")
        }
        return true
    }

    /// The node with the `*` of every substituted alias back in its scalars.
    static func restoringStars(_ node: YAMLNode) -> YAMLNode {
        var node = node
        switch node.content {
        case .scalar(let text, let style): node.content = .scalar(YAMLAliases.restoringStars(text), style)
        case .sequence(let items): node.content = .sequence(items.map(restoringStars))
        case .mapping(let pairs):
            node.content = .mapping(pairs.map { YAMLNode.Pair(key: restoringStars($0.key), value: restoringStars($0.value)) })
        }
        return node
    }

    /// The first place where two trees differ, in short, or nil when they are equal.
    static func difference(_ plain: YAMLNode, _ yams: YAMLNode, path: String = "root") -> String? {
        guard plain.line == yams.line, plain.column == yams.column else {
            return "\(path): plain at \(plain.line):\(plain.column), Yams at \(yams.line):\(yams.column)"
        }
        switch (plain.content, yams.content) {
        case (.mapping(let a), .mapping(let b)) where a.count == b.count:
            for (n, (x, y)) in zip(a, b).enumerated() {
                if let found = difference(x.key, y.key, path: "\(path)[key \(n)]") ?? difference(x.value, y.value, path: "\(path).\(x.key.string ?? "?")") {
                    return found
                }
            }
            return nil
        case (.sequence(let a), .sequence(let b)) where a.count == b.count:
            for (n, (x, y)) in zip(a, b).enumerated() {
                if let found = difference(x, y, path: "\(path)[\(n)]") { return found }
            }
            return nil
        default:
            return plain.content == yams.content ? nil : "\(path): plain \(plain.content), Yams \(yams.content)"
        }
    }

    static func files(in folder: String, extensions: Set<String>) -> [URL] {
        let root = Repository.root.appendingPathComponent(folder)
        let found = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return found.filter { extensions.contains($0.pathExtension) || extensions.contains("*") }.sorted { $0.path < $1.path }
    }

    /// The YAML between a first line `---` and the next line `---`, as FrontMatter.split
    /// takes it.
    static func frontMatter(_ text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == "---", let closing = lines.dropFirst().firstIndex(of: "---") else { return nil }
        return lines[1..<closing].map { $0 + "\n" }.joined()
    }

    @Test func everyBuiltInCatalogIsReadAsYamsReadsIt() throws {
        let catalogs = Self.files(in: "Templates/i18n", extensions: ["yaml"])
        #expect(catalogs.count >= 12)
        for url in catalogs {
            let text = try String(contentsOf: url, encoding: .utf8)
            // All of them, or building a site would go through Yams again.
            #expect(compare(text, url.lastPathComponent), "\(url.lastPathComponent) is not read by the plain reader")
        }
    }

    @Test func theSampleSitesFrontMatterIsReadAsYamsReadsIt() throws {
        let pieces = Self.files(in: "Content", extensions: ["md"])
        #expect(!pieces.isEmpty)
        for url in pieces {
            let yaml = try #require(Self.frontMatter(try String(contentsOf: url, encoding: .utf8)))
            #expect(compare(yaml, url.lastPathComponent), "\(url.lastPathComponent) is not read by the plain reader")
        }
    }

    @Test func fixturesAndTheFuzzCorpusAgree() throws {
        var read = 0
        var texts = 0
        for url in Self.files(in: "Tests/Fixtures", extensions: ["md", "yml", "yaml"]) + Self.files(in: "Tests/Fuzz/corpus", extensions: ["*"]) {
            guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8) else { continue }
            let yaml = url.pathExtension == "md" || url.pathExtension.isEmpty ? Self.frontMatter(text) : text
            guard let yaml else { continue }
            texts += 1
            if compare(yaml, url.path) { read += 1 }
        }
        // Most front matter in the corpus is plain; the rest is there to break readers.
        #expect(texts > 2_000)
        #expect(read > texts / 2)
    }

    /// Columns on long lines, counted on from entry to entry, and many keys.
    @Test func longLinesAndManyKeysAgree() {
        let items = (0..<3_000).map { $0 % 3 == 0 ? "\"é\($0)\"" : $0 % 3 == 1 ? "日\($0)" : "x\($0)" }
        let keys = (0..<500).map { "k\($0): v\($0)é" }
        let yaml = "a: [" + items.joined(separator: ", ") + "]\nb: {" + keys.joined(separator: ", ") + "}\n"
            + keys.map { $0 + "\n" }.joined()
        #expect(compare(yaml, "long lines"))
    }

    // MARK: Generated

    /// A small deterministic generator (SplitMix64), so a failure can be replayed.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    static let keys = ["kind", "title", "a", "b-c", "d.e", "f_g", "x1", "on", "null", "1", "_k", "a/b"]
    static let scalars = [
        "trivia", "Which Animal Are You?", "10", "-3", "+4", "0.5", "1e3", "yes", "No", "off", "~", "null",
        "true", "2001-12-14", "0x1F", "0o17", "012", ".inf", "a #not", "a#b", "x: y", "x:", "a:b", "https://e.org/x",
        "\"quoted\"", "\"a \\\" b\"", "\"\\\\\"", "\"tab\\tnl\\n\"", "\"\\u00e9\"", "''", "'it''s'", "'a \"b\"'", "\"\"",
        "'#'", "\"#x\"", "é", "日本語", "😀 x", "-", "-x", "?x", ":x", "[a, b]", "[]", "{}", "{a: 1, b: \"2\"}",
        "[a, [b]]", "{a: {b: 1}}", "[a,b]", "{a:1}", "[a , b ]", "{ a: 1 }", "[\"a,b\", 'c]']", "&x y", "*x", "!t x",
        "|", ">", "%x", "@x", "`x`", "a  b", "a\tb", "x # c", "[a] # c", "\"x\" # c", "\"x\"#c", "'x' y",
        "[https://a.org, http://b:8080]", "\"*bold* and **strong**\"", "a *b*", "'*x'", "[a*b, \"*c\"]", "x # *a", "{easy: 3, medium: 5, hard: 10}", "[a: b]", "[a,]", "[,a]", "{a: }",
    ]

    /// A document of random keys, values, nesting, comments and blank lines.
    static func document(_ random: inout Random) -> String {
        var lines: [String] = []
        func block(indent: Int, depth: Int) {
            var used: Set<String> = []
            for _ in 0..<(1 + random.below(4)) {
                var key = random.pick(keys)
                // Duplicates now and then, for Yams to report.
                if random.below(10) > 0 { while used.contains(key) { key = random.pick(keys) } }
                used.insert(key)
                let pad = String(repeating: " ", count: indent)
                switch random.below(10) {
                case 0 where depth < 3:
                    lines.append(pad + key + ":" + random.pick(["", " ", "  # c"]))
                    block(indent: indent + random.pick([1, 2, 4]), depth: depth + 1)
                case 1 where depth < 3:
                    lines.append(pad + key + ":")
                    let dash = String(repeating: " ", count: indent + random.pick([0, 2]))
                    for _ in 0..<(1 + random.below(3)) { lines.append(dash + "- " + random.pick(scalars)) }
                case 2:
                    lines.append(pad + key + ":" + random.pick(["", " ", " # c"]))
                default:
                    lines.append(pad + key + ": " + random.pick(scalars) + random.pick(["", "", " ", "  # c"]))
                }
                switch random.below(12) {
                case 0: lines.append("")
                case 1: lines.append(pad + "# comment")
                case 2: lines.append(pad + "  continued")
                default: break
                }
            }
        }
        block(indent: 0, depth: 0)
        return lines.joined(separator: "\n") + random.pick(["\n", "\n", "", "\n\n", "\n# end\n"])
    }

    @Test func generatedDocumentsAgree() {
        var random = Random(state: 13)
        var read = 0
        let count = 20_000
        for n in 0..<count {
            let yaml = Self.document(&random)
            if compare(yaml, "generated #\(n)") { read += 1 }
        }
        // Enough of them in the subset to test the reader, enough outside to test the edges.
        #expect(read > count / 5 && read < count * 4 / 5, "\(read) of \(count) read")
    }

    /// Documents the plain reader reads, with one byte changed, removed or added: the
    /// mutations that turn a plain document into a not-quite-plain one.
    @Test func mutatedDocumentsAgree() {
        var random = Random(state: 2_026)
        let bytes: [UInt8] = Array(" \n:#-'\"[]{},\\&*!|>?%@`\tab1.é".utf8)
        var tried = 0
        var read = 0
        while tried < 20_000 {
            let yaml = Self.document(&random)
            guard PlainYAML.read(yaml) != nil else { continue }
            var utf8 = Array(yaml.utf8)
            for _ in 0..<(1 + random.below(3)) {
                let at = random.below(utf8.count + 1)
                switch random.below(3) {
                case 0 where at < utf8.count: utf8.remove(at: at)
                case 1 where at < utf8.count: utf8[at] = random.pick(bytes)
                default: utf8.insert(random.pick(bytes), at: at)
                }
            }
            tried += 1
            // A mutation may split a character: such text is not a String, so not an input.
            guard let mutated = String(validating: utf8, as: UTF8.self) else { continue }
            if compare(mutated, "mutated #\(tried)") { read += 1 }
        }
        // Many mutations leave a document plain (a letter for a letter); many do not.
        #expect(read > 2_000 && read < 18_000, "\(read) of \(tried) read")
    }
}
