import Foundation
import Mustache
import Templating

// Renders quizgen's built-in templates with view models of the shape the renderers build,
// with quizgen's engine and with swift-mustache in the same process, batch by batch in turn,
// and prints the median time per render of each. Both engines must give the same bytes.
//
//     swift run -c release --package-path bench/mustache [rounds] [batch]

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let rounds = arguments.count > 0 ? arguments[0] : 51
let batch = arguments.count > 1 ? arguments[1] : 40

let templatesFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Templates")

func file(_ name: String) -> String {
    guard let text = try? String(contentsOf: templatesFolder.appendingPathComponent(name), encoding: .utf8) else {
        FileHandle.standardError.write(Data("cannot read \(templatesFolder.path)/\(name)\n".utf8))
        exit(2)
    }
    return text
}

// MARK: Realistic content

/// Deterministic prose with the inline HTML cmark writes, and now and then characters that
/// escaping must change.
struct Prose {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let words = ["the", "river", "quiet", "morning", "lantern", "north", "garden", "a", "of", "with", "bridge",
                 "café", "über", "answer", "kettle", "stone", "&", "\"why\"", "it's", "<3", "window", "bright"]

    mutating func next(_ n: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(n))
    }

    mutating func sentence(_ count: Int) -> String {
        (0..<count).map { _ in words[next(words.count)] }.joined(separator: " ")
    }

    /// Raw text, as titles and descriptions are: escaped by the template.
    mutating func text(_ count: Int) -> String { sentence(count) }

    /// Rendered Markdown: inserted unescaped by the template, so already escaped here.
    mutating func html(paragraphs: Int) -> String {
        (0..<paragraphs).map { _ in
            "<p>" + escaped(sentence(12)) + " <em>" + escaped(sentence(3)) + "</em> " + escaped(sentence(14))
                + " <a href=\"https://example.org/\(next(1000))\">" + escaped(sentence(2)) + "</a>.</p>\n"
        }.joined()
    }

    func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

var prose = Prose()
let css = file("style.css")

func personality() -> TemplateValue {
    let questions: [TemplateValue] = (0..<8).map { q in
        let n = 4 + q % 2
        let answers: [TemplateValue] = (0..<n).map { a in
            ["index": .int(a), "html": .string(prose.escaped(prose.sentence(4))), "selected": .bool(a == (n - 1) / 2)]
        }
        return [
            "number": .int(q + 1),
            "text": .string(prose.escaped(prose.sentence(8)) + "?"),
            "body": .string(q % 3 == 0 ? prose.html(paragraphs: 1) : ""),
            "single": .bool(q < 6), "multiple": .bool(q == 6), "ranged": .bool(q == 7),
            "answers": .list(answers),
            "max": .int(2 * (n - 1)), "mid": .int(n - 1),
            "first": .string(prose.sentence(2)), "last": .string(prose.sentence(2)),
        ]
    }
    let outcomes: [TemplateValue] = (0..<5).map { i in
        ["title": .string(prose.escaped(prose.sentence(3))), "text": .string(prose.html(paragraphs: 3)),
         "url": .string("outcome-\(i + 1).html")]
    }
    let data = "{\"n\":5,\"w\":[" + (0..<8).map { _ in "[[1,0,2,0,0],[0,3,0,1,0],[0,0,1,0,2],[2,0,0,0,1]]" }
        .joined(separator: ",") + "],\"sa\":true,\"sq\":false}"
    return [
        "root": "../", "siteTitle": "Quizzes & stories", "title": .string(prose.text(5)),
        "intro": .string(prose.html(paragraphs: 2)), "questionCount": 8, "oneQuestion": false,
        "questions": .list(questions), "outcomes": .list(outcomes), "data": .string(data),
        "script": .string(file("personality.js")),
    ]
}

func trivia() -> TemplateValue {
    let questions = (0..<12).map { q in
        "{\"h\":\"\(prose.escaped(prose.sentence(9)))\",\"c\":[\"\(prose.sentence(3))\",\"\(prose.sentence(2))\","
            + "\"\(prose.sentence(3))\",\"\(prose.sentence(2))\"],\"k\":[\(q % 4)],\"p\":\(1 + q % 3),"
            + "\"x\":\"<p>\(prose.escaped(prose.sentence(20)))</p>\"}"
    }
    return [
        "root": "../../", "siteTitle": "Quizzes & stories", "title": .string(prose.text(4)),
        "intro": .string(prose.html(paragraphs: 2)), "drawSize": 10,
        "draw": "10 questions per play, drawn at random from 12", "time": "20 seconds", "suddenDeath": false,
        "pass": "60%", "passMessage": "You passed!", "failMessage": "Not this time: try again?",
        "perfectMessage": "Perfect score!",
        "data": .string("{\"n\":10,\"t\":20000,\"sa\":true,\"sq\":true,\"e\":false,\"pass\":60,\"q\":["
            + questions.joined(separator: ",") + "]}"),
        "script": .string(file("trivia.js")),
    ]
}

func storyPage() -> TemplateValue {
    let choices: [TemplateValue] = (0..<3).map { c in
        ["url": .string("page-\(c + 4).html"), "text": .string(prose.escaped(prose.sentence(5))), "target": .int(c + 4)]
    }
    return [
        "root": "../", "siteTitle": "Quizzes & stories", "storyTitle": .string(prose.text(4)), "number": 3,
        "title": .string(prose.escaped(prose.sentence(3))), "text": .string(prose.html(paragraphs: 4)),
        "choices": .list(choices), "hasChoices": true, "isEnding": false, "startURL": "page-1.html",
    ]
}

func index() -> TemplateValue {
    let entries: [TemplateValue] = (0..<60).map { i in
        let description = i % 4 == 0 ? "" : prose.text(12)
        return ["url": .string("topic-\(i)/quiz-\(i)/index.html"), "title": .string(prose.text(4)),
                "kind": .string(["personality quiz", "trivia", "story"][i % 3]),
                "description": .string(description), "hasDescription": .bool(!description.isEmpty)]
    }
    return ["siteTitle": "Quizzes & stories", "siteDescription": .string(prose.text(15)), "hasSiteDescription": true,
            "entries": .list(entries), "hasEntries": true]
}

// MARK: The two engines

var quizgen = TemplateLibrary()
var hummingbird = MustacheLibrary()
let names = ["layout", "personality", "trivia", "story-page", "index"]
for name in names {
    let text = file(name + ".mustache")
    try quizgen.register(text, named: name)
    try hummingbird.register(text, named: name)
}

/// swift-mustache reads plain Swift values: dictionaries, arrays, strings, numbers, booleans.
func plain(_ value: TemplateValue) -> Any {
    switch value {
    case .string(let s): s
    case .bool(let b): b
    case .int(let n): n
    case .double(let x): x
    case .list(let items): items.map(plain)
    case .object(let keys, let values): Dictionary(uniqueKeysWithValues: zip(keys, values.map(plain)))
    case .null: Optional<String>.none as Any
    }
}

func layout(content: String) -> TemplateValue {
    [
        "lang": "en", "title": .string(prose.text(5)), "ogTitle": .string(prose.text(5)),
        "siteTitle": "Quizzes & stories", "description": .string(prose.text(25)), "hasDescription": true,
        "url": "https://quizzes.example.org/science/planets/index.html", "hasURL": true, "image": "", "hasImage": false,
        "css": .string(css),
        "csp": "default-src 'none'; style-src 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='; script-src 'none'",
        "content": .string(content),
    ]
}

struct Case {
    var name: String
    var template: String
    var typed: TemplateValue
    var untyped: Any
}

let contentCases: [(String, TemplateValue)] = [
    ("personality", personality()), ("trivia", trivia()), ("story-page", storyPage()), ("index", index()),
]
var cases: [Case] = contentCases.map { Case(name: $0.0, template: $0.0, typed: $0.1, untyped: plain($0.1)) }
let page = quizgen.render("personality", contentCases[0].1)
let shell = layout(content: page)
cases.append(Case(name: "layout", template: "layout", typed: shell, untyped: plain(shell)))

// Same bytes from both, or the timing means nothing.
for c in cases {
    let a = quizgen.render(c.template, c.typed)
    let b = hummingbird.render(c.untyped, withTemplate: c.template) ?? "<nil>"
    guard a == b else {
        let i = zip(a, b).prefix { $0 == $1 }.count
        print("\(c.name): the engines differ at character \(i):\n  quizgen: \(a.dropFirst(i).prefix(80).debugDescription)\n"
            + "  swift-mustache: \(b.dropFirst(i).prefix(80).debugDescription)")
        exit(1)
    }
}

// MARK: Timing

func time(_ body: () -> Int) -> (Double, Int) {
    let start = DispatchTime.now().uptimeNanoseconds
    let sink = body()
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / Double(batch) / 1000, sink)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

var sink = 0
var results: [(String, Int, Double, Double)] = []
print("rounds \(rounds), batch \(batch) renders; µs per render, median of the rounds")
print("template       bytes   quizgen  swift-mustache   ratio")
for c in cases {
    var ours: [Double] = []
    var theirs: [Double] = []
    for round in 0..<(rounds + 2) {
        // Alternate which engine goes first; the first two rounds warm up and are dropped.
        let ourBatch = { time { (0..<batch).reduce(0) { n, _ in n &+ quizgen.render(c.template, c.typed).utf8.count } } }
        let theirBatch = {
            time { (0..<batch).reduce(0) { n, _ in n &+ (hummingbird.render(c.untyped, withTemplate: c.template)?.utf8.count ?? 0) } }
        }
        let (a, b) = round % 2 == 0 ? (ourBatch(), theirBatch()) : { let b = theirBatch(); return (ourBatch(), b) }()
        sink &+= a.1 &+ b.1
        if round >= 2 {
            ours.append(a.0)
            theirs.append(b.0)
        }
    }
    let size = quizgen.render(c.template, c.typed).utf8.count
    let (m1, m2) = (median(ours), median(theirs))
    results.append((c.name, size, m1, m2))
    print(c.name.padding(toLength: 12, withPad: " ", startingAt: 0), String(format: "%8d %9.1f %15.1f %7.1f×", size, m1, m2, m2 / m1))
}
let total = results.reduce((0.0, 0.0)) { ($0.0 + $1.2, $0.1 + $1.3) }
print("all five    ", String(format: "%8@ %9.1f %15.1f %7.1f×", "", total.0, total.1, total.1 / total.0))
if sink == 42 { print("") }
