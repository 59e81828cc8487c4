extension String {
    /// A string written by `body` from this one's bytes when they are all ASCII, nil otherwise:
    /// for keys and slugs that are per byte on ASCII text. `body` writes into a buffer as
    /// long as the input and returns how many bytes it wrote.
    func rewritingASCII(_ body: (UnsafeBufferPointer<UInt8>, UnsafeMutableBufferPointer<UInt8>) -> Int) -> String? {
        var text = self
        return text.withUTF8 { bytes -> String? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            return String(asciiCapacity: bytes.count) { body(bytes, $0) }
        }
    }

    /// A string of the ASCII bytes that `body` writes into a buffer of `capacity` bytes (on
    /// the stack when small), returning how many it wrote. Decoding known ASCII checks it a
    /// word at a time; `String(unsafeUninitializedCapacity:)` validated it byte by byte.
    init(asciiCapacity capacity: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Int) {
        self = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            let count = body(buffer)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }
}
