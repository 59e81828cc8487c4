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
    /// A batch held back (a file still being written) is not ready before this.
    private var notBefore: ContinuousClock.Instant?

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

    /// Puts a batch taken at `now` back, not to be ready before `until` (nor before the
    /// quiet spell after any later event).
    public mutating func hold(
        _ held: some Sequence<String>, overflow lost: Bool = false, at now: ContinuousClock.Instant, until: ContinuousClock.Instant
    ) {
        add(held, overflow: lost, at: now)
        notBefore = max(notBefore ?? until, until)
    }

    /// When the pending batch will be ready; nil when nothing is pending.
    public var deadline: ContinuousClock.Instant? {
        guard let first, let last else { return nil }
        let ready = min(last + quiet, first + longest)
        return notBefore.map { max($0, ready) } ?? ready
    }

    /// The batch, when it is ready at `now`; the coalescer is then empty again.
    public mutating func take(at now: ContinuousClock.Instant) -> (paths: Set<String>, overflow: Bool)? {
        guard let deadline, now >= deadline else { return nil }
        defer { paths = []; overflow = false; first = nil; last = nil; notBefore = nil }
        return (paths, overflow)
    }
}
