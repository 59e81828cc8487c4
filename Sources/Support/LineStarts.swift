#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension UnsafeBufferPointer<UInt8> {
    /// The byte offset of the start of each line: 0, then one past each `\n`.
    public var lineStarts: [Int] {
        var starts = [0]
        guard let base = baseAddress else { return starts }
        starts.reserveCapacity(count / 32 + 1)
        // memchr jumps from break to break; a loop over the bytes cost 6 instructions each,
        // more than reading the file.
        var from = 0
        while from < count, let hit = memchr(base + from, Int32(UInt8(ascii: "\n")), count - from) {
            from = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit)) + 1
            starts.append(from)
        }
        return starts
    }
}
