import Diagnostics

extension SourceFile {
    /// An error at the file's first NUL byte, nil when it has none.
    ///
    /// A NUL is never text, and each reader handles it its own way: libyaml refuses it with a
    /// byte offset into the front matter only, and cmark replaces it with U+FFFD (three bytes
    /// for one), which moves every later position on the line, so that an attribute block
    /// after it seems to overlap formatting. One error at the byte itself says what is wrong;
    /// the file is not parsed further.
    public func nulByteError() -> Diagnostic? {
        // Searched in the string's own bytes: every file is searched, and a String.UTF8View
        // walked index by index costs several times as much.
        let utf8 = text.utf8
        let found = utf8.withContiguousStorageIfAvailable { $0.firstIndex(of: 0) }
            ?? utf8.firstIndex(of: 0).map { utf8.distance(from: utf8.startIndex, to: $0) }
        guard let offset = found else { return nil }
        return diagnostic(
            .error, "the file contains a NUL byte", byteOffset: offset,
            hint: "delete it; text files have no NUL bytes (was the file saved by a program that writes binary?)")
    }
}
