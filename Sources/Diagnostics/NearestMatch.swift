/// "Did you mean …?" suggestions: the candidate with the smallest edit distance, if it is
/// close enough to be a plausible typo.
public enum NearestMatch {
    public static func find(_ word: String, in candidates: some Sequence<String>) -> String? {
        let target = Array(word.lowercased())
        // A known word that starts with what was typed ("multi" for "multiple") is a good guess.
        if target.count >= 3, let completion = candidates.first(where: { $0.lowercased().hasPrefix(word.lowercased()) }) {
            return completion
        }
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(target, Array(candidate.lowercased()))
            if best == nil || d < best!.1 { best = (candidate, d) }
        }
        guard let (candidate, d) = best else { return nil }
        // Allow about one edit per three characters; an unrelated word is no help.
        let allowed = max(1, max(target.count, candidate.count) / 3)
        return d <= allowed ? candidate : nil
    }

    /// "did you mean 'cat'?" or nil.
    public static func hint(_ word: String, in candidates: some Sequence<String>, prefix: String = "") -> String? {
        find(word, in: candidates).map { "did you mean '\(prefix)\($0)'?" }
    }

    /// Levenshtein distance with transpositions counted as one edit.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = Swift.min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
