#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding bytes in bytes, as the SVGs of story maps are searched: while they stream in from
/// `dot`, and again when they are made ready for readers.
public enum ByteSearch {
    /// Where `needle` first starts in `bytes` at or after `from`, ending by `limit`: memchr
    /// jumps to each candidate first byte, as SVGs are searched while they stream in.
    public static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from: Int = 0, limit: Int = .max) -> Int? {
        let end = min(bytes.count, limit)
        guard from >= 0, !needle.isEmpty, end - from >= needle.count else { return nil }
        return bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { needle in
                let base = haystack.baseAddress!
                var i = from
                while end - i >= needle.count,
                      let hit = memchr(base + i, Int32(needle[0]), end - i - needle.count + 1) {
                    let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + at, needle.baseAddress!, needle.count) == 0 { return at }
                    i = at + 1
                }
                return nil
            }
        }
    }
}
