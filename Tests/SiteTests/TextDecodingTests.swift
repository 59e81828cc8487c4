import Foundation
@testable import Site
import Testing

@Suite struct TextDecodingTests {
    /// The validator must agree with Swift's own on every input: random bytes biased towards
    /// the edges of the UTF-8 table, where validators go wrong.
    @Test func agreesWithTheStandardLibraryOnValidity() {
        var generator = SystemRandomNumberGenerator()
        let edges: [UInt8] = [0x00, 0x0A, 0x0D, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
                              0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        var valid = 0
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...80, using: &generator)
            // Mostly ASCII, so that the 32- and eight-bytes-at-a-time paths meet every edge byte.
            let bytes = (0..<count).map { _ in
                Int.random(in: 0..<4, using: &generator) == 0 ? edges.randomElement(using: &generator)! : 0x61
            }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            let found = bytes.withUnsafeBufferPointer { TextDecoding.firstInvalid($0) } == nil
            #expect(found == expected, "\(bytes.map { String($0, radix: 16) })")
            if expected { valid += 1 }
        }
        #expect(valid > 1000)
    }

    @Test func dropsTheByteOrderMarkAndNormalisesLineBreaks() {
        #expect(SiteLoader.decodeText([0xEF, 0xBB, 0xBF] + Array("a\r\nb\rc\n\r\n".utf8)) == "a\nb\nc\n\n")
        #expect(SiteLoader.decodeText(Array("日本語\r\n".utf8)) == "日本語\n")
        #expect(SiteLoader.decodeText([]) == "")
    }

    /// Strings are made without Swift checking the bytes again, so the ASCII flag they carry
    /// is the scan's: set only when every byte is ASCII (longer than a small string's 15 bytes,
    /// which the standard library flags by itself).
    @Test func flagsASCIIOnlyWhenEveryByteIsASCII() throws {
        let ascii = try TextDecoding.decode(Array("plain text\r\nover two lines\n".utf8)).get()
        #expect(ascii == "plain text\nover two lines\n")
        let asciiFlag = ascii.utf8Span.isKnownASCII
        #expect(asciiFlag)
        let accented = try TextDecoding.decode(Array("plain text, then é at the end\n".utf8)).get()
        #expect(accented == "plain text, then é at the end\n")
        let accentedFlag = accented.utf8Span.isKnownASCII
        #expect(!accentedFlag)
        #expect(TextDecoding.scan(UnsafeBufferPointer(start: nil, count: 0)) == .valid(isASCII: true))
    }

    @Test func locatesTheFirstInvalidByteInCharacters() {
        let bytes = Array("line one\né à\u{301}b ".utf8) + [0xE9] + Array(" rest\n".utf8)
        #expect(TextDecoding.decode(bytes) == .failure(.init(line: 2, column: 6, text: "é à\u{301}b \u{FFFD} rest")))
    }

    /// Lines and columns as every other diagnostic has them, in the text as normalised:
    /// `\r\n`, `\r` and `\n` each end a line, and a byte-order mark is no character.
    @Test func locatesAnInvalidByteAfterOtherLineBreaksAndLongASCIIRuns() {
        #expect(TextDecoding.decode(Array("a\r\nb\rc\n".utf8) + [0xFF]) == .failure(.init(line: 4, column: 1, text: "\u{FFFD}")))
        #expect(TextDecoding.decode(Array("a\rb".utf8) + [0xFF]) == .failure(.init(line: 2, column: 2, text: "b\u{FFFD}")))
        #expect(TextDecoding.decode([0xEF, 0xBB, 0xBF] + Array("x".utf8) + [0xC0, 0x80])
            == .failure(.init(line: 1, column: 2, text: "x\u{FFFD}\u{FFFD}")))
        let long = String(repeating: "0123456789abcdef", count: 5)
        #expect(TextDecoding.decode(Array((long + "\n" + long + "é").utf8) + [0xE2, 0x82] + Array("\n".utf8))
            == .failure(.init(line: 2, column: 82, text: long + "é\u{FFFD}")))
        #expect(TextDecoding.decode(Array((long + "\n" + long + "é\n").utf8)) == .success(long + "\n" + long + "é\n"))
    }

    @Test func aTextFileOverTheLimitIsALocatedErrorAndIsNotRead() {
        let site = TemporarySite(files: ["Content/small.md": "---\nkind: story\n---\n## A\n"])
        site.write("Content/huge.md", "---\nkind: story\n---\n## A\n" + String(repeating: "x", count: SiteLoader.maximumTextSize))
        let output = site.build()
        #expect(output.diagnostics.map { "\($0.file):\($0.line):\($0.column): \($0.message)" } == [
            "Content/huge.md:1:1: the file is 10,000,025 bytes; text files may be at most 10 MB (10,000,000 bytes)",
        ])
        #expect(!site.exists("public"))
    }
}
