import Foundation
import Synchronization

/// Tells of changes below some folders, on a thread of its own, until stopped: the paths
/// that changed (a file or a folder, written, made, deleted or renamed), or `overflow`
/// when it lost track and everything must be looked at again.
public protocol FileWatcher: Sendable {
    /// Starts watching; `notice` is called from the watcher's thread.
    func start(_ notice: @escaping @Sendable (_ paths: [String], _ overflow: Bool) -> Void)
    func stop()
    /// Watches where these links lead too, reporting changes there under the links' paths;
    /// replaces the links given before.
    func follow(_ links: [WatchedPaths.Link])
}

/// A flag the watcher threads read between waits.
final class StopFlag: Sendable {
    private let stopped = Atomic<Bool>(false)
    var isSet: Bool { stopped.load(ordering: .acquiring) }
    func set() { stopped.store(true, ordering: .releasing) }
}

/// A watcher's thread: runs `step` over and over until stopped; `stop` returns once the
/// thread has ended, so nothing of a stopped watcher is left running.
final class WatchThread: Sendable {
    private let stopFlag = StopFlag()
    private let done = DispatchSemaphore(value: 0)
    private let running = Atomic<Bool>(false)

    /// `step` must return within a fraction of a second (a wait with a timeout).
    func start(name: String, _ step: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            while !stopFlag.isSet { step() }
            done.signal()
        }
        thread.name = name
        running.store(true, ordering: .releasing)
        thread.start()
    }

    func stop() {
        stopFlag.set()
        if running.exchange(false, ordering: .acquiringAndReleasing) { done.wait() }
    }
}

/// The best watcher here: inotify on Linux, else polling.
public func makeFileWatcher(trees: [String], root: String, polling: Bool = false) -> any FileWatcher {
    if !polling, let inotify = InotifyWatcher(trees: trees, root: root) { return inotify }
    return PollingWatcher(trees: trees, root: root)
}
