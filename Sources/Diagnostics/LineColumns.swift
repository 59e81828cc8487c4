import Synchronization

/// Where the characters of a file's long lines start, learnt as diagnostics ask for columns:
/// the index of every `stride`th character, from the line's start as far as any diagnostic
/// reached. Each of 20,000 warnings on one 400 KB line counted its column from the line's start
/// (40 s); from the checkpoint before it, each counts at most `stride` characters.
///
/// A checkpoint is where a character starts, and the text after one is broken into characters
/// as the whole line is, so counting on from it gives what counting from the start gives.
final class LineColumns: Sendable {
    static let stride = 64

    /// One line's checkpoints: `starts[k]` is where character `k × stride` starts (the line's
    /// end, for the last, when the line has exactly that many); `done` once the line's end is reached.
    private struct Walk {
        var starts: [String.Index]
        var done = false

        /// The last checkpoint at or before the target (`before` is true of it), walking on
        /// along `line` while the last one known is.
        mutating func checkpoint(in line: Substring, before: (String.Index, Int) -> Bool) -> (index: String.Index, count: Int) {
            while !done, before(starts[starts.count - 1], (starts.count - 1) * LineColumns.stride) {
                var i = starts[starts.count - 1]
                var steps = 0
                while steps < LineColumns.stride, i < line.endIndex {
                    i = line.index(after: i)
                    steps += 1
                }
                if i == line.endIndex { done = true }
                if steps == LineColumns.stride { starts.append(i) }
            }
            // The first checkpoint that is past the target, by bisection; the one before it.
            var low = 0
            var high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if before(starts[middle], middle * LineColumns.stride) { low = middle + 1 } else { high = middle }
            }
            return (starts[low - 1], (low - 1) * LineColumns.stride)
        }
    }

    private let walks = Mutex<[Int: Walk]>([:])

    /// How many characters of `line` (line `number` of the file) start before `cut`.
    func characters(before cut: String.Index, in line: Substring, number: Int) -> Int {
        var (i, count) = walks.withLock { walks in
            walks[number, default: Walk(starts: [line.startIndex])].checkpoint(in: line) { index, _ in index <= cut }
        }
        while i < cut {
            i = line.index(after: i)
            count += 1
        }
        return count
    }

    /// Where character `n` (from 0) of `line` (line `number` of the file) starts; the line's
    /// end when it has no more.
    func index(ofCharacter n: Int, in line: Substring, number: Int) -> String.Index {
        var (i, count) = walks.withLock { walks in
            walks[number, default: Walk(starts: [line.startIndex])].checkpoint(in: line) { _, count in count <= n }
        }
        while count < n, i < line.endIndex {
            i = line.index(after: i)
            count += 1
        }
        return i
    }
}
