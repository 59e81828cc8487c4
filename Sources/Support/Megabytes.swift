/// Sizes as messages say them: decimal megabytes (1 MB is 1,000,000 bytes, as browsers'
/// network panels and hosts count), with one decimal, rounded: "2.4 MB".
public enum Megabytes {
    public static func text(_ bytes: Int) -> String {
        let tenths = (bytes + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) MB"
    }

    /// A size set beside a limit: in bytes when megabytes would say the same of both
    /// ("10,000,001 bytes", not "10.0 MB" against a limit of 10 MB).
    public static func text(_ bytes: Int, against limit: Int) -> String {
        text(bytes) == text(limit) ? String(bytes).withThousandsSeparators + " bytes" : text(bytes)
    }
}
