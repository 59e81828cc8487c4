import Diagnostics
import Foundation
@testable import Reports
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

/// Counts too large to spell out are said one way, for quizzes as for stories.
@Suite struct ReportCountTests {
    @Test func largeCountsAreSaidAsAPowerOfTen() {
        #expect(ReportFormatter.count(4_096) == "4,096")
        #expect(ReportFormatter.count(999_999_999_999_999) == "999,999,999,999,999")
        #expect(ReportFormatter.count(1.7e72) == "about 1.70 × 10^72")
        #expect(ReportFormatter.count(9.999e20) == "about 1.00 × 10^21")
        #expect(ReportFormatter.count(pow(2.0, 100)) == "about 1.27 × 10^30")
        #expect(ReportFormatter.count(.infinity) == "more than 1.79 × 10^308")
    }
}
