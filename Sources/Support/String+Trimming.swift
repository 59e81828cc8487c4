extension String {
    /// Without white space (any `Character.isWhitespace`, line breaks included) at either end.
    public var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return String(self[first...last])
    }

    /// Without plain spaces (U+0020 only) at the end: for text whose white space is already
    /// collapsed to single spaces, where a space joined by a combining mark is a character
    /// of its own and stays.
    public var trimmingTrailingSpaces: String {
        String(reversed().drop(while: { $0 == " " }).reversed())
    }
}
