/// Files saved as UTF-16 (Excel's "Unicode Text", Notepad's "Unicode") or UTF-32 start with
/// a mark that tells: named in the error, which would otherwise only say "not valid UTF-8" at 1:1.
public enum ByteOrderMark {
    /// "UTF-16 (little-endian)", "UTF-32 (big-endian)", … for bytes that start with that
    /// encoding's byte-order mark; nil otherwise.
    public static func encoding(_ bytes: some Sequence<UInt8>) -> String? {
        let first = Array(bytes.prefix(4))
        if first.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32 (little-endian)" }
        if first.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32 (big-endian)" }
        if first.starts(with: [0xFF, 0xFE]) { return "UTF-16 (little-endian)" }
        if first.starts(with: [0xFE, 0xFF]) { return "UTF-16 (big-endian)" }
        return nil
    }

    /// "the file is not valid UTF-8", or what it is instead when its mark says.
    public static func notUTF8(_ subject: String, encoding: String?) -> String {
        encoding.map { "\(subject) is \($0), not UTF-8" } ?? "\(subject) is not valid UTF-8"
    }
}
