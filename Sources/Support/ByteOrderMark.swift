/// Files saved as UTF-16 (Excel's "Unicode Text", Notepad's "Unicode") start with a mark
/// that tells: named in the error, which would otherwise only say "not valid UTF-8" at 1:1.
public enum ByteOrderMark {
    /// "UTF-16 (little-endian)" or "UTF-16 (big-endian)" for bytes that start with that
    /// encoding's byte-order mark; nil otherwise.
    public static func utf16(_ bytes: some Sequence<UInt8>) -> String? {
        var iterator = bytes.makeIterator()
        return switch (iterator.next(), iterator.next()) {
        case (0xFF, 0xFE): "UTF-16 (little-endian)" as String?
        case (0xFE, 0xFF): "UTF-16 (big-endian)"
        default: nil
        }
    }

    /// "the file is not valid UTF-8", or what it is instead when its mark says.
    public static func notUTF8(_ subject: String, encoding: String?) -> String {
        encoding.map { "\(subject) is \($0), not UTF-8" } ?? "\(subject) is not valid UTF-8"
    }
}
