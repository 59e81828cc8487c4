/// "Did you mean …?" suggestions: the candidate with the smallest edit distance, if it is
/// close enough to be a plausible typo.
public enum NearestMatch {
    /// How many different unknown words of one file get a search: past that, the file is
    /// not a few typos, and searching on would cost time for hints nobody reads.
    public static let searchLimit = 200

    public static func find(_ word: String, in candidates: some Sequence<String>) -> String? {
        // Ids are short; a word this long is no typo of one, and comparing it costs its square.
        guard word.utf8.count <= 256 else { return nil }
        let target = Array(word.lowercased())
        // A known word that starts with what was typed ("multi" for "multiple") is a good guess.
        if target.count >= 3, let completion = candidates.first(where: { $0.lowercased().hasPrefix(word.lowercased()) }) {
            return completion
        }
        var best: (String, Int)?
        for candidate in candidates {
            // The distance is at least the difference in length: skip what cannot win or pass.
            let length = candidate.count
            let gap = abs(length - target.count)
            if gap > max(1, max(target.count, length) / 3) || best.map({ gap >= $0.1 }) == true { continue }
            let d = distance(target, Array(candidate.lowercased()))
            if best == nil || d < best!.1 { best = (candidate, d) }
            if d == 0 { break }
        }
        guard let (candidate, d) = best else { return nil }
        // Allow about one edit per three characters; an unrelated word is no help.
        let allowed = max(1, max(target.count, candidate.count) / 3)
        return d <= allowed ? candidate : nil
    }

    /// Every candidate that is a plausible typo of `word` (about one edit per three
    /// characters, as `find` allows), nearest first, ties in the candidates' order; at most
    /// `limit` of them.
    public static func closest(_ word: String, in candidates: some Sequence<String>, limit: Int) -> [String] {
        guard word.utf8.count <= 256, limit > 0 else { return [] }
        let target = Array(word.lowercased())
        var close: [(candidate: String, distance: Int)] = []
        for candidate in candidates {
            let chars = Array(candidate.lowercased())
            let allowed = max(1, max(target.count, chars.count) / 3)
            // The distance is at least the difference in length.
            guard abs(chars.count - target.count) <= allowed else { continue }
            let d = distance(target, chars)
            if d <= allowed { close.append((candidate, d)) }
        }
        return close.enumerated().sorted { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }
            .prefix(limit).map(\.element.candidate)
    }

    /// The candidate nearest to `word` even when none is a plausible typo: `find`'s answer
    /// first, else one that holds the word or is held in it (`the-dungeon`, `dungeon`), else
    /// the smallest edit distance; ties go to the earlier candidate. Nil only without
    /// candidates, or for a word too long to be an id.
    public static func nearest(_ word: String, in candidates: [String]) -> String? {
        if let close = find(word, in: candidates) { return close }
        guard word.utf8.count <= 256 else { return nil }
        let lower = word.lowercased()
        let target = Array(lower)
        var best: (candidate: String, distance: Int, contains: Bool)?
        for candidate in candidates {
            let other = candidate.lowercased()
            let contains = !other.isEmpty && !lower.isEmpty && (lower.contains(other) || other.contains(lower))
            if let best, best.contains && !contains { continue }
            let chars = Array(other)
            // The distance is at least the difference in length: skip what cannot win.
            if let best, best.contains == contains, abs(chars.count - target.count) >= best.distance { continue }
            let d = distance(target, chars)
            if best == nil || (contains && !best!.contains) || d < best!.distance { best = (candidate, d, contains) }
        }
        return best?.candidate
    }

    /// Hints for many unknown words against one list of candidates: each word is searched
    /// once, and after `searchLimit` different words only the fallback is given. With
    /// `alwaysNearest`, a word with no close match is told the nearest candidate anyway,
    /// before the fallback.
    public struct Hints: Sendable {
        let candidates: [String]
        let fallback: String?
        let alwaysNearest: Bool
        /// Per word searched: its hint, and its plausible typo's candidate when it has one.
        var found: [String: (hint: String?, close: String?)] = [:]

        public init(candidates: [String], fallback: String?, alwaysNearest: Bool = false) {
            self.candidates = candidates
            self.fallback = fallback
            self.alwaysNearest = alwaysNearest
        }

        public mutating func hint(_ word: String) -> String? { lookup(word).hint }

        /// The candidate `word` is a plausible typo of (`find`'s answer), from the same search
        /// as its hint.
        public mutating func closeMatch(_ word: String) -> String? { lookup(word).close }

        mutating func lookup(_ word: String) -> (hint: String?, close: String?) {
            if let known = found[word] { return known }
            let result = found.count < searchLimit ? search(word) : (fallback, nil)
            found[word] = result
            return result
        }

        func search(_ word: String) -> (hint: String?, close: String?) {
            if let ascii = FullWidth.folded(word), candidates.contains(ascii), let named = FullWidth.named(in: word) {
                return ("\(named): write '\(ascii)'", ascii)
            }
            if let close = NearestMatch.find(word, in: candidates) { return ("did you mean '\(close)'?", close) }
            guard alwaysNearest, let nearest = NearestMatch.nearest(word, in: candidates) else { return (fallback, nil) }
            return ("did you mean '\(nearest)'?" + (fallback.map { " " + $0 } ?? ""), nil)
        }
    }

    /// "did you mean 'cat'?" or nil.
    /// A word typed in full-width letters (`ｍｕｌｔｉｐｌｅ`) is told so when in ASCII it is a
    /// candidate: "did you mean 'multiple'?" would not say what is wrong with it.
    public static func hint(_ word: String, in candidates: some Sequence<String>, prefix: String = "") -> String? {
        if let ascii = FullWidth.folded(word), candidates.contains(ascii), let named = FullWidth.named(in: word) {
            return "\(named): write '\(prefix)\(ascii)'"
        }
        return find(word, in: candidates).map { "did you mean '\(prefix)\($0)'?" }
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
