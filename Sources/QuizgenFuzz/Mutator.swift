import Analysis

/// Seeded random edits of an input, biased towards what breaks parsers: the syntax
/// characters of Markdown, YAML, CSV and attribute blocks, and splices of other inputs.
enum Mutator {
    static let tokens: [[UInt8]] = [
        "{", "}", "\\{", "#", ".", "=", "-", "[x]", "[ ]", "](#", "](", "---\n", "\n", "\r\n", ":", "\"", ",", "|",
        "## ", "- ", "> ", "`", "*", "_", "<script>", "</script>", "&", "\u{2028}", "\u{0}", "\u{FEFF}", "é", "森",
        "999999999999999999999", "-1", "true", "kind: trivia\n", "kind: story\n", "kind: personality\n",
        ".multiple", ".ranged", ".outcome", ".ending", "ending=good", "points=", "pick: ", "time: ", "bank: bank.csv\n",
        "start: ", "{#a .outcome}", "[go](#a)", "javascript:alert(1)", "\n=====\n",
    ].map { Array($0.utf8) }

    static func mutate(_ input: [UInt8], donor: [UInt8], random: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0..<(1 + random.below(8)) {
            let position = bytes.isEmpty ? 0 : random.below(bytes.count + 1)
            switch random.below(6) {
            case 0 where !bytes.isEmpty:
                bytes.remove(at: min(position, bytes.count - 1))
            case 1:
                bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
            case 2:
                bytes.insert(contentsOf: tokens[random.below(tokens.count)], at: position)
            case 3 where !bytes.isEmpty:
                let end = min(bytes.count, position + random.below(64))
                if position < end { bytes.removeSubrange(position..<end) }
            case 4 where !donor.isEmpty:
                let from = random.below(donor.count)
                let end = min(donor.count, from + random.below(256))
                bytes.insert(contentsOf: donor[from..<end], at: position)
            default:
                if !bytes.isEmpty {
                    let from = random.below(bytes.count)
                    let end = min(bytes.count, from + random.below(128))
                    bytes.insert(contentsOf: Array(bytes[from..<end]), at: position)
                }
            }
        }
        return bytes
    }
}
