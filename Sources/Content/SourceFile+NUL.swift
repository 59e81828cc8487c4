import Diagnostics

extension SourceFile {
    /// An error at the file's first NUL byte, nil when it has none.
    ///
    /// A NUL is never text, and each reader handles it its own way: libyaml refuses it with a
    /// byte offset into the front matter only, and cmark replaces it with U+FFFD (three bytes
    /// for one), which moves every later position on the line, so that an attribute block
    /// after it seems to overlap formatting. One error at the byte itself says what is wrong;
    /// the file is not parsed further.
    func nulByteError() -> Diagnostic? {
        let utf8 = text.utf8
        guard let index = utf8.firstIndex(of: 0) else { return nil }
        return diagnostic(
            .error, "the file contains a NUL byte", byteOffset: utf8.distance(from: utf8.startIndex, to: index),
            hint: "delete it; text files have no NUL bytes (was the file saved by a program that writes binary?)")
    }
}
