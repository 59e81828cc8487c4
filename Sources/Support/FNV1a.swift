/// FNV-1a over bytes, 64 bits: fast, and the same from run to run (Swift's `Hasher` is
/// seeded per process), for versions and fingerprints of what a build wrote; not for
/// anything an attacker chooses.
public enum FNV1a {
    public static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    public static func hash(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBufferPointer(hash) }

    /// The hash folded to 32 bits: a number a page script holds exactly.
    public static func hash32(_ bytes: [UInt8]) -> UInt32 {
        let hash = hash(bytes)
        return UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
