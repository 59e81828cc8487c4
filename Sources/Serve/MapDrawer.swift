import Foundation
import Site
import Synchronization

/// Draws story maps away from the rebuilds: a map `dot` has not drawn before can take up
/// to its 30-second limit, and the pages (and every other save's rebuild) need not wait for
/// it. Each batch is drawn on a thread of its own, so a later graph is not queued behind an
/// earlier one; what is drawn waits in `take` for the rebuild thread, which `drawn` wakes.
/// Ctrl-C stops the `dot`s (`ChildProcesses`), which ends the drawings at once.
final class MapDrawer: Sendable {
    typealias Drawn = (LiveSite.MapRequest, Result<[UInt8], Graphviz.Failure>)

    private let graphviz: Graphviz
    private let wake: @Sendable () -> Void
    private let results = Mutex<[Drawn]>([])
    private let running = DispatchGroup()

    init(graphviz: Graphviz, wake: @escaping @Sendable () -> Void) {
        self.graphviz = graphviz
        self.wake = wake
    }

    func draw(_ requests: [LiveSite.MapRequest]) {
        guard !requests.isEmpty else { return }
        running.enter()
        let thread = Thread { [self] in
            let drawn = graphviz.renderAll(requests.map(\.dot))
            results.withLock { $0 += zip(requests, drawn) }
            running.leave()
            wake()
        }
        thread.name = "quizgen maps"
        thread.start()
    }

    /// The maps drawn since the last call.
    func take() -> [Drawn] {
        results.withLock { results in
            defer { results = [] }
            return results
        }
    }

    /// Waits until every drawing handed in is done (for tests).
    func waitUntilDone() { running.wait() }
}
