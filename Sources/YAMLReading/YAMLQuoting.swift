/// Values written back as YAML, for hints that show the line to write.
public enum YAMLQuoting {
    /// `text` as a double-quoted scalar: `"Quiz #3 for 7B"`, with `"` and `\` escaped.
    public static func doubleQuoted(_ text: String) -> String {
        var out = "\""
        for character in text {
            if character == "\"" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out + "\""
    }

    /// `text` as a quoted scalar that reads best: in double quotes, unless it holds double
    /// quotes and no apostrophe (`'a "gold" star'`).
    public static func quoted(_ text: String) -> String {
        text.contains("\"") && !text.contains("'") ? "'" + text + "'" : doubleQuoted(text)
    }
}
