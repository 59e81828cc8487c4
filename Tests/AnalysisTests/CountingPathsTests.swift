@testable import Analysis
import Testing

/// The exact count takes one of three paths: walking every distinct path (few paths),
/// dynamic programming over packed totals (many paths), or over total vectors (totals too
/// wide to pack). They must agree.
@Suite struct CountingPathsTests {
    @Test func dynamicProgrammingAgreesWithTheUnpackedCount() throws {
        // 4^12 ≈ 16.7 million paths: too many to walk, few distinct totals.
        let weights = (0..<12).map { q in (0..<4).map { a in (0..<3).map { k in (q + a * 2 + k) % 4 - 1 } } }
        let table = OutcomeTable(weights: weights, types: Array(repeating: .single, count: 12), outcomeCount: 3)
        let packing = try #require(OutcomeAnalysis.Packing(table))
        let packed = try #require(OutcomeAnalysis.packedCounts(table, packing: packing, stateLimit: 200_000))
        let vectors = try #require(OutcomeAnalysis.vectorCounts(table, stateLimit: 200_000))
        #expect(packed == vectors)
        #expect(packed.reduce(0, +) == pow(4, 12))
    }

    @Test func walkingAgreesWithTheUnpackedCount() throws {
        let weights = (0..<6).map { q in (0..<4).map { a in (0..<4).map { k in (q * 3 + a + k * 2) % 5 - 2 } } }
        let table = OutcomeTable(weights: weights, types: [.single, .multiple, .ranged, .single, .multiple, .single], outcomeCount: 4)
        let packing = try #require(OutcomeAnalysis.Packing(table))
        #expect(OutcomeAnalysis.packedCounts(table, packing: packing, stateLimit: 200_000)
            == OutcomeAnalysis.vectorCounts(table, stateLimit: 200_000))
    }
}

import Foundation
