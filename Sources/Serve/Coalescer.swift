/// Gathers the paths of a burst of changes into one rebuild: an editor's save is several
/// events (write a temporary file, rename it, change its mode), and a `git checkout`
/// hundreds. A batch is ready once no event has come for `quiet`, or `longest` after its
/// first event, so that a stream of changes that never pauses still gets rebuilds.
public struct Coalescer: Sendable {
    public var quiet: Duration
    public var longest: Duration
    private(set) var paths: Set<String> = []
    private(set) var overflow = false
    private var first: ContinuousClock.Instant?
    private var last: ContinuousClock.Instant?

    public init(quiet: Duration = .milliseconds(10), longest: Duration = .milliseconds(500)) {
        self.quiet = quiet
        self.longest = longest
    }

    /// Adds the paths of events seen at `now`; `overflow` when events were lost.
    public mutating func add(_ new: some Sequence<String>, overflow lost: Bool = false, at now: ContinuousClock.Instant) {
        var any = lost
        for path in new { paths.insert(path); any = true }
        overflow = overflow || lost
        guard any else { return }
        if first == nil { first = now }
        last = now
    }

    /// When the pending batch will be ready; nil when nothing is pending.
    public var deadline: ContinuousClock.Instant? {
        guard let first, let last else { return nil }
        return min(last + quiet, first + longest)
    }

    /// The batch, when it is ready at `now`; the coalescer is then empty again.
    public mutating func take(at now: ContinuousClock.Instant) -> (paths: Set<String>, overflow: Bool)? {
        guard let deadline, now >= deadline else { return nil }
        defer { paths = []; overflow = false; first = nil; last = nil }
        return (paths, overflow)
    }
}
