import Diagnostics
import Foundation
import Site
import Testing
import TestSupport

/// Tests/Fixtures/invalid holds one broken file per kind of problem. Every one must be
/// reported with its file and line, and the whole report is kept as a golden file so that
/// a message or a position cannot change unnoticed.
@Suite struct InvalidFixtureTests {
    static let root = Repository.root.appendingPathComponent("Tests/Fixtures/invalid")
    static let location = SiteLocation(
        root: root.path, content: root.appendingPathComponent("Content").path, contentDisplay: "Content", rootDisplay: "")
    static let output = Pipeline().collect(SiteLoader.load(location, fileSystem: .disk))

    @Test func everyBrokenFileIsReportedAtALine() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Content").path)
        #expect(files.count { $0.hasSuffix(".md") } >= 30)
        for name in files.sorted() where name.hasSuffix(".md") {
            // A bank's problems are reported in the bank, at its line.
            let bank = "Content/" + name.dropLast(3) + ".csv"
            let found = Self.output.diagnostics.filter { $0.file == "Content/" + name || $0.file == bank }
            #expect(!found.isEmpty, "nothing reported for \(name)")
            #expect(found.allSatisfy { $0.line > 0 }, "\(name) has a diagnostic without a line")
            let expected: Diagnostic.Severity = name.contains("-warning") ? .warning : .error
            #expect(found.contains { $0.severity == expected }, "\(name) should have an \(expected.rawValue)")
        }
        #expect(Self.output.diagnostics.contains { $0.file == "quizgen.yml" && $0.line == 2 && $0.isError })
        #expect(Self.output.diagnostics.contains { $0.file == "Templates/index.mustache" && $0.isError })
        #expect(Self.output.files.isEmpty)
    }

    @Test func goldenReport() {
        Golden.assertMatches(DiagnosticPrinter().format(Self.output.diagnostics), named: "invalid-site.txt")
    }
}
