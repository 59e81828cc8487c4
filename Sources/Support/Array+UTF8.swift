extension [UInt8] {
    /// Appends a string's UTF-8 read in place, for renderers that build a page as bytes: a
    /// page is hundreds of pieces, and appending bytes to an array costs a fraction of
    /// appending a `String` to a `String`.
    public mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}
