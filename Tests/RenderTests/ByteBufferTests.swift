import Support
import Testing

/// The buffer pages are built in keeps every byte appended, in order, across its growth.
@Suite struct ByteBufferTests {
    @Test func appendsEveryKindOfPieceInOrder() {
        var out = ByteBuffer(capacity: 1)
        #expect(out.count == 0 && out.last == nil && out.array().isEmpty)
        out.append(UInt8(ascii: "<"))
        out.append("p>")
        out.append(utf8: "café ")
        out.append([0x31, 0x32])
        [UInt8]("xyz".utf8).withUnsafeBufferPointer { out.append($0) }
        out.append(UnsafeBufferPointer(start: nil, count: 0))
        #expect(out.array() == Array("<p>café 12xyz".utf8))
        #expect(out.count == 14 && out.last == UInt8(ascii: "z"))
    }

    /// Growing past the capacity many times over, by single bytes and by runs longer than
    /// the buffer, loses nothing.
    @Test func growsWithoutLosingBytes() {
        var out = ByteBuffer(capacity: 16)
        var expected: [UInt8] = []
        for i in 0..<5_000 {
            let byte = UInt8(truncatingIfNeeded: i)
            out.append(byte)
            expected.append(byte)
            if i % 997 == 0 {
                let run = [UInt8](repeating: byte, count: 300)
                out.append(run)
                expected += run
            }
        }
        #expect(out.array() == expected)
        var array: [UInt8] = [9]
        array.append(out)
        #expect(array == [9] + expected)
    }

    @Test func removesFromTheEndAndKeepsWriting() {
        var out = ByteBuffer()
        out.append("1. title")
        out.removeLast(7)
        #expect(out.array() == Array("1".utf8))
        out.removeAll()
        #expect(out.count == 0 && out.last == nil)
        out.reserve(10_000)
        out.append("again")
        #expect(out.array() == Array("again".utf8))
    }
}

extension ByteBufferTests {
    /// Arrays of what is written, within the capacity asked for and past it: the same bytes.
    @Test func arraysAreWrittenInPlaceOrCopiedWhenOutgrown() {
        for size in [0, 1, 15, 16, 17, 100, 5_000] {
            let expected = (0..<size).map { UInt8(truncatingIfNeeded: $0 * 7) }
            for capacity in [0, 16, 64, 4_096] {
                let bytes = ByteBuffer.array(capacity: capacity) { out in
                    for (i, byte) in expected.enumerated() {
                        if i % 3 == 0 { out.append(byte) } else { [byte].withUnsafeBufferPointer { out.append($0) } }
                    }
                }
                #expect(bytes == expected, "\(size) bytes in \(capacity)")
            }
        }
    }
}
