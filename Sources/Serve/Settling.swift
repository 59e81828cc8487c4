import Foundation
import Site

/// Whether the files of a batch were whole when the rebuild read them. An editor may create
/// a file empty and write it a moment later, or still be writing while the rebuild reads:
/// read then, the file's half (or its emptiness) flashed a spurious error on every page until
/// the next rebuild. So an empty file changed less than `settle` ago is waited for (a file
/// the author leaves empty is read once it settles), and a rebuild during which a file of
/// its batch changed size or time is thrown away and done again once the writes settle.
struct Settling: Sendable {
    /// How long an empty file is given to be written.
    var settle: Duration

    /// The batch's files as they are now (what is no file is left out).
    static func stamps(_ paths: some Sequence<String>, fileSystem fs: FileSystem) -> [String: FileSystem.Stamp] {
        var stamps: [String: FileSystem.Stamp] = [:]
        for path in paths { stamps[path] = fs.stamp(path) }
        return stamps
    }

    /// How long to wait before the batch is read: until its newest empty file is `settle`
    /// old; nil when none is that young. `now` is the wall clock's (file times are on it),
    /// in nanoseconds since 1970; a time ahead of it (another computer's clock) is not
    /// waited for, so a batch is never held for ever.
    func wait(_ stamps: [String: FileSystem.Stamp], now: Int64) -> Duration? {
        let settle = settle / .nanoseconds(1)
        let youngest = stamps.values.filter { $0.size == 0 }.map { Double(now - $0.modified) }.filter { $0 >= 0 && $0 < settle }.min()
        return youngest.map { .nanoseconds(Int64(settle - $0)) }
    }

    /// The wall clock, in nanoseconds since 1970.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
