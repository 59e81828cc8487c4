import Foundation
import Templating
import Testing

/// Every case of the Mustache specification's sections that the engine implements, read
/// from the spec's own JSON files. They are not kept in the repository:
/// `scripts/fetch-mustache-spec.sh` (run by `scripts/install-deps.sh`) puts them in
/// `$MUSTACHE_SPEC_DIR` or `.build-spec/mustache`. Without them the cases are skipped with a
/// message, except under CI, where their absence fails.
/// Lambdas, inheritance, dynamic names and indexing (the spec's optional `~` modules) are
/// not supported and not tested.
@Suite struct SpecTests {
    static let sections = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections"]

    /// Cases the engine deliberately renders differently, as "section: name" with the reason.
    /// Each still runs: one that starts passing fails until it is removed from here.
    static let unsupported: [String: String] = [:]

    @Test(
        .enabled(if: SpecFiles.found || SpecFiles.required,
                 "Mustache spec files not found in \(SpecFiles.folder.path); run scripts/fetch-mustache-spec.sh"))
    func theSpecFilesAreThere() throws {
        for section in Self.sections {
            let url = SpecFiles.folder.appendingPathComponent("\(section).json")
            try #require(FileManager.default.fileExists(atPath: url.path), "missing \(url.path): run scripts/fetch-mustache-spec.sh")
        }
        // Every section has cases, and every case is run below.
        let counts = Dictionary(grouping: SpecFiles.cases, by: \.section).mapValues(\.count)
        #expect(Self.sections.allSatisfy { (counts[$0] ?? 0) > 0 }, "cases per section: \(counts)")
        let names = Set(SpecFiles.cases.map(\.id))
        #expect(Self.unsupported.keys.filter { !names.contains($0) }.isEmpty, "unsupported cases that do not exist")
    }

    @Test(arguments: SpecFiles.cases)
    func specCase(_ spec: SpecCase) throws {
        var library = TemplateLibrary()
        for (name, text) in (spec.partials ?? [:]).sorted(by: { $0.key < $1.key }) {
            try library.register(text, named: name)
        }
        try library.register(spec.template, named: "spec template")
        let output = library.render("spec template", spec.data.templateValue)
        if let reason = Self.unsupported[spec.id] {
            withKnownIssue(Comment(rawValue: reason)) {
                #expect(output == spec.expected)
            }
        } else {
            #expect(output == spec.expected, "\(spec.desc)\ntemplate: \(spec.template.debugDescription)")
        }
    }
}

/// Where the spec's files are, and their cases.
enum SpecFiles {
    static let folder: URL = {
        if let path = ProcessInfo.processInfo.environment["MUSTACHE_SPEC_DIR"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url = url.deletingLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { break }
        }
        return url.appendingPathComponent(".build-spec/mustache")
    }()

    static var found: Bool {
        SpecTests.sections.allSatisfy {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0).json").path)
        }
    }

    /// CI must test against the spec, so there a missing file is a failure, not a skip.
    static var required: Bool {
        !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty
    }

    static let cases: [SpecCase] = SpecTests.sections.flatMap { section -> [SpecCase] in
        struct File: Decodable { var tests: [SpecCase] }
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("\(section).json")),
            let file = try? JSONDecoder().decode(File.self, from: data)
        else { return [] }
        return file.tests.map { var spec = $0; spec.section = section; return spec }
    }
}

struct SpecCase: Decodable, Sendable, CustomTestStringConvertible {
    var section = ""
    var name: String
    var desc: String
    var data: JSON
    var template: String
    var expected: String
    var partials: [String: String]?

    var id: String { "\(section): \(name)" }
    var testDescription: String { id }

    enum CodingKeys: String, CodingKey { case name, desc, data, template, expected, partials }
}

/// The spec's data as JSON says it, so that integers and decimals stay apart.
indirect enum JSON: Decodable, Sendable {
    case null, bool(Bool), int(Int), double(Double), string(String), array([JSON]), object([String: JSON])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let b = try? container.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? container.decode(Int.self) {
            self = .int(n)
        } else if let x = try? container.decode(Double.self) {
            self = .double(x)
        } else if let s = try? container.decode(String.self) {
            self = .string(s)
        } else if let a = try? container.decode([JSON].self) {
            self = .array(a)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }

    var templateValue: TemplateValue {
        switch self {
        case .null: .null
        case .bool(let b): .bool(b)
        case .int(let n): .int(n)
        case .double(let x): .double(x)
        case .string(let s): .string(s)
        case .array(let a): .list(a.map(\.templateValue))
        case .object(let o): .object(o.mapValues(\.templateValue))
        }
    }
}
