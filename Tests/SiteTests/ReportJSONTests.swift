import Diagnostics
import Foundation
import Reports
import Site
import Testing

/// `check --format json`'s diagnostics: a place in a file is 1-based; a problem with a
/// whole file or folder has none, rather than a 0 that reads as one.
@Suite struct ReportJSONTests {
    func diagnostics(_ list: [Diagnostic]) throws -> [[String: Any]] {
        let json = try JSONSerialization.jsonObject(with: Data(ReportFormatter.json([], diagnostics: list).utf8)) as? [String: Any]
        return try #require(json?["diagnostics"] as? [[String: Any]])
    }

    @Test func aWholeFileProblemHasNoLineOrColumn() throws {
        let site = TemporarySite()
        let loaded = SiteLoader.load(site.location, fileSystem: .disk)
        let found = try diagnostics(loaded.problems)
        #expect(found.count == 1)
        #expect(found[0]["file"] as? String == "Content")
        #expect(found[0]["line"] == nil && found[0]["column"] == nil)
        let placed = try diagnostics([.error("unknown outcome 'cta'", file: "Content/a.md", line: 9, column: 9)])
        #expect(placed[0]["line"] as? Int == 9 && placed[0]["column"] as? Int == 9)
    }
}
