import Analysis
import Foundation
@testable import Site
import Support
import Testing

/// The build's maps, drawn by `dot` processes fed while the build goes on.
@Suite struct GraphvizSessionTests {
    /// A stand-in for `dot`: a shell script in a folder of its own.
    func program(_ script: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quizgen-fake-dot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("dot").path
        try Data(("#!/bin/sh\n" + script + "\n").utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    /// What a session gives back, from `ready` while graphs are handed in, then `next` and
    /// `finish` (as a build takes them), checking that no graph comes back twice.
    func drawAll(_ dots: [String], in session: DotSession) -> [Int: Result<[UInt8], Graphviz.Failure>] {
        var results: [Int: Result<[UInt8], Graphviz.Failure>] = [:]
        func keep(_ batch: [(Int, Result<[UInt8], Graphviz.Failure>)]) {
            for (number, result) in batch {
                #expect(results[number] == nil, "graph \(number) came back twice")
                results[number] = result
            }
        }
        for dot in dots {
            session.draw(dot)
            keep(session.ready())
        }
        while let drawn = session.next() { keep(drawn) }
        keep(session.finish())
        return results
    }

    let alone: @Sendable (String) -> Result<[UInt8], Graphviz.Failure> = { .success(Array("alone \($0.utf8.count)".utf8)) }

    func graphs(_ count: Int) -> [String] {
        (1...count).map { n in
            "digraph \"Story \(n)\" {\n  p0 -> p1;\n\((1...n).map { "  p1 -> q\($0) [label=\"choice \($0)\"];" }.joined(separator: "\n"))\n}\n"
        }
    }

    @Test(.enabled(if: realDotOrCI, "needs Graphviz's dot"))
    func mapsDrawnAlongsideAreTheMapsDrawnAlone() throws {
        let graphviz = Graphviz.system(workers: 2)
        let dot = try #require(graphviz.location, "CI is set and Graphviz's dot is not installed")
        let dots = graphs(7)
        let expected = try dots.map { try graphviz.render($0, "svg").get() }
        let session = DotSession(program: dot, workers: 2, timeLimit: 30) { graphviz.render($0, "svg") }
        let results = drawAll(dots, in: session)
        #expect(results.count == dots.count)
        for (number, svg) in expected.enumerated() {
            // Byte for byte: a map must not depend on which process drew it, or after what.
            let got = try #require(try results[number]?.get())
            #expect(String(decoding: got, as: UTF8.self) == String(decoding: svg, as: UTF8.self), "graph \(number)")
        }
        #expect(session.time?.processes == 2)
        #expect(session.time?.graphs == 7)
    }

    @Test func aDotThatFailsHasItsGraphsDrawnAlone() throws {
        // It reads nothing and fails: quizgen's writes meet a closed socket, not SIGPIPE.
        let failing = try program("exit 3")
        let dots = graphs(5)
        let results = drawAll(dots, in: DotSession(program: failing, workers: 2, timeLimit: 30, one: alone))
        #expect(results.count == 5)
        for (number, dot) in dots.enumerated() {
            #expect(try results[number]?.get() == Array("alone \(dot.utf8.count)".utf8))
        }
        // A graph that fails alone too costs only its own map.
        let third = dots[2]
        let fussy = DotSession(program: failing, workers: 1, timeLimit: 30) { dot in
            dot == third ? .failure(.failed("syntax error")) : .success(Array("<svg/>".utf8))
        }
        #expect(drawAll(dots, in: fussy).sorted { $0.key < $1.key }.map { if case .success = $0.value { true } else { false } }
            == [true, true, false, true, true])
    }

    @Test func anSVGForAnotherGraphIsNotTakenForThisOne() throws {
        // Answers any input with two SVGs, both marked as graph 0: the first process's first
        // SVG is right, its second is one too many; the second process (graph 1) is out of step.
        let confused = try program(#"cat > /dev/null; printf '<svg>\n<!-- quizgen map 0 -->\n</svg>\n<svg>\n<!-- quizgen map 0 -->\n</svg>\n'"#)
        let dots = graphs(2)
        let results = drawAll(dots, in: DotSession(program: confused, workers: 2, timeLimit: 30, one: alone))
        #expect(try results[0]?.get() == Array("<svg>\n</svg>\n".utf8))
        #expect(try results[1]?.get() == Array("alone \(dots[1].utf8.count)".utf8))
    }

    @Test func theLastMapsComeBackAsTheyAreDrawnNotAllAtTheEnd() throws {
        // Draws each graph as its closing brace comes: an SVG marked with its number.
        let eager = try program(#"""
            while IFS= read -r line; do
              case "$line" in
                *"quizgen map "*) n=${line#*quizgen map }; n=${n%%\"*} ;;
                "}") printf '<svg>\n<!-- quizgen map %s -->\n</svg>\n' "$n" ;;
              esac
            done
            """#)
        let dots = graphs(4)
        let session = DotSession(program: eager, workers: 1, timeLimit: 30, one: alone)
        for dot in dots { session.draw(dot) }
        var fromNext: [Int] = []
        while let drawn = session.next() {
            #expect(!drawn.isEmpty)
            fromNext += drawn.map(\.0)
        }
        #expect(fromNext == [0, 1, 2, 3])
        #expect(session.finish().isEmpty)
    }

    /// A graph has the time limit from the SVG before it. The one being drawn when it runs
    /// out fails (alone it would run out again, doubling the wait); those after it are drawn
    /// alone.
    @Test func aDotPastItsTimeIsStoppedAndOnlyTheGraphsAfterTheStuckOneDrawnAlone() throws {
        let stuck = try program("exec sleep 60")
        let dots = graphs(3)
        let results = drawAll(dots, in: DotSession(program: stuck, workers: 1, timeLimit: 0, one: alone))
        #expect(results[0].map { if case .failure(.timedOut(0)) = $0 { true } else { false } } == true)
        for i in 1...2 { #expect(try results[i]?.get() == Array("alone \(dots[i].utf8.count)".utf8)) }
    }

    @Test func theMarkGoesInAfterTheFirstLineAndComesOutWhole() throws {
        let marked = try #require(DotSession.marked("digraph \"A\" {\n  a -> b;\n}\n", 12))
        #expect(marked == "digraph \"A\" {\n  comment=\"quizgen map 12\";\n  a -> b;\n}\n")
        #expect(DotSession.marked("digraph {}", 1) == nil)
        let svg = Array("<!-- Generated -->\n<!-- quizgen map 12 -->\n<svg></svg>\n".utf8)
        #expect(DotSession.unmarked(svg, 12) == Array("<!-- Generated -->\n<svg></svg>\n".utf8))
        #expect(DotSession.unmarked(svg, 1) == nil)
        #expect(DotSession.unmarked(svg, 123) == nil)
    }

    @Test func wholeSVGsAreCutAtTheirEndsAndTheRestKept() {
        let bytes = Array("<svg>a</svg>\n<svg>b</svg>\n<svg>c</s".utf8)
        let (documents, used) = DotFeed.wholeSVGs(in: bytes, from: 0)
        #expect(documents.map { String(decoding: $0, as: UTF8.self) } == ["<svg>a</svg>\n", "<svg>b</svg>\n"])
        #expect(used == 26)
        #expect(DotFeed.wholeSVGs(in: bytes, from: 30).0.isEmpty)
    }

    /// The memchr search against the plain definition, for every start and limit over
    /// strings of a small alphabet, where near misses and overlaps are common.
    @Test func theByteSearchFindsWhatAPlainScanFinds() {
        var random = SplitMix64(seed: 13)
        for _ in 0..<100 {
            let bytes = (0..<random.below(25)).map { _ in UInt8(97 + random.below(3)) }
            let needle = (0...random.below(3)).map { _ in UInt8(97 + random.below(3)) }
            for from in 0...bytes.count {
                for limit in from...(bytes.count + 1) {
                    let plain = (from..<max(from, min(bytes.count, limit) - needle.count + 1)).first {
                        bytes[$0..<($0 + needle.count)].elementsEqual(needle)
                    }
                    #expect(ByteSearch.firstIndex(of: needle, in: bytes, from: from, limit: limit) == plain,
                            "\(bytes) \(needle) from \(from) limit \(limit)")
                }
            }
        }
        #expect(ByteSearch.firstIndex(of: [1], in: [1, 1], from: 3) == nil)
        #expect(Array("abcdef".utf8).removing(1..<3) == Array("adef".utf8))
    }
}

/// A session that gives each map back at the first `ready` after it is handed in, as a fast
/// `dot` would, and fails the graphs whose DOT text contains "Fail".
final class EagerSession: GraphvizSession, @unchecked Sendable {
    private var waiting: [(Int, String)] = []
    private var count = 0
    private(set) var givenBackEarly = 0
    private(set) var cancelled = false

    func draw(_ dot: String) {
        waiting.append((count, dot))
        count += 1
    }

    func ready() -> [(Int, Result<[UInt8], Graphviz.Failure>)] {
        defer { waiting = [] }
        givenBackEarly += waiting.count
        return waiting.map(Self.draw)
    }

    func finish() -> [(Int, Result<[UInt8], Graphviz.Failure>)] { ready() }
    func cancel() {
        waiting = []
        cancelled = true
    }
    var time: DrawingTime? { nil }

    static func draw(_ item: (Int, String)) -> (Int, Result<[UInt8], Graphviz.Failure>) {
        item.1.contains("Fail") ? (item.0, .failure(.failed("no layout"))) : (item.0, fakeGraphviz.render(item.1, "svg"))
    }
}

@Suite struct MapsAlongsideTests {
    @Test func mapsGivenBackWhileBuildingMakeTheSiteOfMapsDrawnAtTheEnd() {
        var files: [String: String] = ["Content/quiz.md": quiz]
        for i in 1...5 {
            files["Content/s\(i).md"] = sevenPages.replacingOccurrences(of: "title: Seven", with: "title: \(i == 3 ? "Fail" : "Story") \(i)")
        }
        let atTheEnd = TemporarySite(files: files)
        let expected = atTheEnd.build(BuildOptions(graphviz: Graphviz(location: "/fake/dot") { dot, format in
            dot.contains("Fail") ? .failure(.failed("no layout")) : fakeGraphviz.render(dot, format)
        }, chunkSize: 2))
        let eager = EagerSession()
        let alongside = TemporarySite(files: files)
        // One file per chunk: each story's map comes back one chunk after it is handed in.
        let result = alongside.build(BuildOptions(
            graphviz: Graphviz(location: "/fake/dot", render: fakeGraphviz.render, session: { eager }), chunkSize: 1))
        #expect(eager.givenBackEarly >= 4)
        #expect(alongside.tree() == atTheEnd.tree())
        #expect(result.notes == expected.notes)
        #expect(result.notes == ["Content/s3.md: no map: dot failed: no layout"])
        #expect(alongside.exists("public/s1/story.svg") && !alongside.exists("public/s3/story.svg"))
        #expect(alongside.read("public/s3/index.html")?.contains("map.html") == false)
    }

    @Test func aBuildThatFailsLaterStopsTheDrawing() {
        // The story is checked and handed in first; the broken story after it fails the build.
        let eager = EagerSession()
        let site = TemporarySite(files: [
            "Content/a.md": sevenPages,
            "Content/b.md": sevenPages.replacingOccurrences(of: "[Left](#two)", with: "[Left](#nowhere)"),
        ])
        let result = site.build(BuildOptions(
            graphviz: Graphviz(location: "/fake/dot", render: fakeGraphviz.render, session: { eager }), chunkSize: 1))
        #expect(result.hasErrors)
        #expect(eager.cancelled)
        #expect(!site.exists("public"))
    }
}
