import Markdown
import Support

/// Texts seen so far, told apart by `TriviaQuiz.choiceKey` (spacing aside), each
/// with the value it was first seen with: the choices of a question, the questions of a bank.
///
/// The keys of ASCII texts are made and compared as bytes in one buffer: a `String` per key,
/// then compared or hashed, cost more than the rest of reading a choice. From the first
/// text outside ASCII on, every key is a `String` in a dictionary, compared as strings
/// compare (by canonical equivalence: U+037E is `;`), so that the answers are always those
/// of keying each text with `choiceKey`.
struct TextKeySet<Value> {
    enum Outcome {
        /// The key is empty: white space, or no text at all.
        case blank
        case first
        /// The same key as a text before, inserted with this value.
        case seen(Value)
    }

    /// Up to this many keys are compared one by one; past it a hash table finds them.
    static var searched: Int { 16 }

    /// The keys side by side, `used` bytes of it; `spans[i]` is key i's place in it. The
    /// bytes past `used` are room for the next key, kept so that a key is written in place
    /// without the array growing and shrinking for each.
    private var bytes: [UInt8] = []
    private var used = 0
    private var spans: [(start: Int, count: Int)] = []
    private var values: [Value] = []
    /// Each text's plain text, before it is keyed.
    private var plain: [UInt8] = []
    /// Past `searched` keys: open addressing, key index + 1 in each used bucket, 0 in the others.
    private var table: [Int] = []
    /// Set at the first text outside ASCII; from then on the only index.
    private var strings: [String: Value]?

    init(capacity: Int) {
        spans.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
        // Room for one text's plain text, and a few dozen bytes for each key.
        plain.reserveCapacity(128)
        bytes = [UInt8](repeating: 0, count: 32 * max(capacity, 4))
    }

    /// Empties the set, keeping its room: one set serves the choices of every question.
    mutating func removeAll() {
        used = 0
        spans.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        table = []
        strings = nil
    }

    /// Inserts the key of the nodes' plain text, unless it is blank or seen before.
    mutating func insert(_ nodes: [Node], _ value: Value) -> Outcome {
        if strings != nil { return insert(key: TriviaQuiz.choiceKey(of: nodes), value) }
        plain.removeAll(keepingCapacity: true)
        nodes.appendPlainText(to: &plain)
        let start = used
        let count: Int? = plain.withUnsafeBufferPointer { text in
            guard !text.contains(where: { $0 >= 0x80 }) else { return nil }
            if bytes.count < start + text.count {
                // Made whole, not element by element: twice the room, or what this key needs.
                bytes += [UInt8](repeating: 0, count: max(start + text.count - bytes.count, bytes.count))
            }
            return bytes.withUnsafeMutableBufferPointer { buffer in
                let key = UnsafeMutableBufferPointer(rebasing: buffer[start..<(start + text.count)])
                // On ASCII, collapsing's white space is ASCII's.
                var unchanged = true
                return String.collapseWhitespace(text, into: key, unchanged: &unchanged)
            }
        }
        guard let count else {
            let key = TriviaQuiz.choiceKey(String(decoding: plain, as: UTF8.self))
            useStrings()
            return insert(key: key, value)
        }
        guard count > 0 else { return .blank }
        if let index = index(ofKeyAt: start, count: count) { return .seen(values[index]) }
        used += count
        spans.append((start, count))
        values.append(value)
        if spans.count > Self.searched { addToTable(spans.count - 1) }
        return .first
    }

    private mutating func insert(key: String, _ value: Value) -> Outcome {
        guard !key.isEmpty else { return .blank }
        if let first = strings![key] { return .seen(first) }
        strings![key] = value
        return .first
    }

    /// The keys so far as strings, in a dictionary that takes every key from now on.
    private mutating func useStrings() {
        var strings = [String: Value](minimumCapacity: 2 * spans.count + 8)
        for (i, span) in spans.enumerated() {
            strings[String(decoding: bytes[span.start..<(span.start + span.count)], as: UTF8.self)] = values[i]
        }
        self.strings = strings
        bytes = []
        used = 0
        spans = []
        values = []
        table = []
    }

    /// The key already inserted that has the bytes at `start` (at the end of `bytes`).
    private func index(ofKeyAt start: Int, count: Int) -> Int? {
        bytes.withUnsafeBufferPointer { bytes in
            func equal(_ i: Int) -> Bool {
                let span = spans[i]
                guard span.count == count else { return false }
                for k in 0..<count where bytes[span.start + k] != bytes[start + k] { return false }
                return true
            }
            guard !table.isEmpty else { return spans.indices.first(where: equal) }
            let mask = table.count - 1
            var bucket = Self.hash(bytes, start, count) & mask
            while table[bucket] != 0 {
                if equal(table[bucket] - 1) { return table[bucket] - 1 }
                bucket = (bucket + 1) & mask
            }
            return nil
        }
    }

    /// Adds key `index` to the table, making the table anew (twice the keys' size, or more)
    /// when it is missing or half full.
    private mutating func addToTable(_ index: Int) {
        guard table.count >= 2 * spans.count else {
            var size = 64
            while size < 4 * spans.count { size *= 2 }
            table = Array(repeating: 0, count: size)
            for i in spans.indices { place(i) }
            return
        }
        place(index)
    }

    private mutating func place(_ index: Int) {
        let mask = table.count - 1
        let span = spans[index]
        var bucket = bytes.withUnsafeBufferPointer { Self.hash($0, span.start, span.count) } & mask
        while table[bucket] != 0 { bucket = (bucket + 1) & mask }
        table[bucket] = index + 1
    }

    /// FNV-1a over the key's bytes: the table is a build's, so no seed is needed.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int {
        let hash = FNV1a.hash(UnsafeBufferPointer(rebasing: bytes[start..<(start + count)]))
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
