extension String {
    /// A string written by `body` from this one's bytes when they are all ASCII, nil otherwise:
    /// for keys and slugs that are per byte on ASCII text. `body` writes into a buffer as
    /// long as the input and returns how many bytes it wrote.
    func rewritingASCII(_ body: (UnsafeBufferPointer<UInt8>, UnsafeMutableBufferPointer<UInt8>) -> Int) -> String? {
        var text = self
        return text.withUTF8 { bytes -> String? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { body(bytes, $0) }
        }
    }
}
