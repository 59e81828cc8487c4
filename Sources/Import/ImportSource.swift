import Diagnostics
import Support

/// A source file's bytes as the importers read them: UTF-8 without a byte-order mark, every
/// line break `\n`. Bytes that are not UTF-8 are an error at the first of them.
public enum ImportSource {
    /// Larger files are not question banks or stories anyone writes by hand.
    public static let sizeLimit = 20_000_000

    public static func decode(_ bytes: [UInt8], path: String) -> Result<SourceFile, Diagnostic> {
        guard bytes.count <= sizeLimit else {
            return .failure(.error("the file is larger than 20 MB", file: path, line: 1, column: 1))
        }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if var bad = firstInvalid(body) {
            // Saved as UTF-16 or UTF-32 without a mark: said so at the start, as with one.
            let unmarked = ByteOrderMark.encoding(bytes) == nil ? ByteOrderMark.unmarked(bytes) : nil
            if unmarked != nil { bad = body.startIndex }
            let line = body[..<bad].count { $0 == 0x0A } + 1
            let lineStart = body[..<bad].lastIndex(of: 0x0A).map { $0 + 1 } ?? body.startIndex
            let column = String(decoding: body[lineStart..<bad], as: UTF8.self).count + 1
            return .failure(.error(
                ByteOrderMark.notUTF8("the file", encoding: ByteOrderMark.encoding(bytes) ?? unmarked), file: path, line: line, column: column,
                hint: path.lowercased().hasSuffix(".csv")
                    ? "save it as UTF-8 (in Excel: \"CSV UTF-8\"; in most editors: Save with Encoding, UTF-8)"
                    : "save it as UTF-8 (in most editors: Save with Encoding, UTF-8)"))
        }
        var text = String(decoding: body, as: UTF8.self)
        if text.utf8.contains(0x0D) {
            text = text.replacingAll("\r\n", with: "\n").replacingAll("\r", with: "\n")
        }
        return .success(SourceFile(path: path, text: text))
    }

    /// The offset of the first byte that does not belong to well-formed UTF-8.
    static func firstInvalid(_ bytes: ArraySlice<UInt8>) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = bytes.startIndex
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
            case .emptyInput:
                return nil
            case .error:
                return offset
            }
        }
    }
}
