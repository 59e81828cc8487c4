#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics
import Support

extension SourceFile {
    /// An error at the file's first NUL byte, nil when it has none.
    ///
    /// A NUL is never text, and each reader handles it its own way: libyaml refuses it with a
    /// byte offset into the front matter only, and cmark replaces it with U+FFFD (three bytes
    /// for one), which moves every later position on the line, so that an attribute block
    /// after it seems to overlap formatting. One error at the byte itself says what is wrong;
    /// the file is not parsed further.
    public func nulByteError() -> Diagnostic? {
        // Searched in the string's own bytes with memchr: every file is searched, and a loop
        // over the bytes (or, worse, a String.UTF8View walked index by index) costs many
        // times as much.
        var text = text
        let found = text.withUTF8 { bytes -> Int? in
            guard let base = bytes.baseAddress, let nul = memchr(base, 0, bytes.count) else { return nil }
            return UnsafeRawPointer(nul) - UnsafeRawPointer(base)
        }
        guard let offset = found else { return nil }
        // ASCII saved as UTF-16 or UTF-32 is valid UTF-8 with a NUL beside every letter: the
        // first NUL is no place to look, and deleting NULs no fix.
        if let encoding = ByteOrderMark.unmarked(text.utf8) {
            return diagnostic(
                .error, ByteOrderMark.notUTF8("the file", encoding: encoding), byteOffset: 0,
                hint: "save it as UTF-8 in your editor")
        }
        return diagnostic(
            .error, "the file contains a NUL byte", byteOffset: offset,
            hint: "delete it; text files have no NUL bytes (was the file saved by a program that writes binary?)")
    }
}
