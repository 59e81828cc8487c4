import CQuizgenSystem
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The running children's process ids, where a signal handler can read them without a
/// lock: one slot per child, 0 when free. quizgen runs one `dot` per core, and a few more
/// when graphs are drawn alone.
nonisolated(unsafe) private let childSlots: UnsafeMutablePointer<Int32> = {
    let slots = UnsafeMutablePointer<Int32>.allocate(capacity: childSlotCount)
    slots.initialize(repeating: 0, count: childSlotCount)
    return slots
}()
private let childSlotCount = 256

/// The `dot` processes quizgen has running, so that Ctrl-C or SIGTERM can stop them with
/// it: a `dot` drawing a huge map runs for minutes, and one left behind kept drawing for
/// nobody. Once stopped, no new one starts, so a rebuild that was drawing ends at once.
public final class ChildProcesses: Sendable {
    public static let shared = ChildProcesses()

    /// Whether everything was stopped; the running children are in `childSlots`, written
    /// under this lock.
    private let stopped = Mutex(false)

    /// The signals that stop quizgen, which a child must not inherit blocked.
    static let stopping: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Starts `process` and counts it as running, unless everything was stopped. It is
    /// started with the stopping signals unblocked: a dispatch worker thread blocks them,
    /// and a program inherits its parent thread's mask, so `dot` could not be stopped but
    /// by SIGKILL.
    func run(_ process: Process) throws {
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in Self.stopping { sigaddset(&unblocked, signal) }
        var previous = sigset_t()
        try stopped.withLock { stopped in
            guard !stopped else { throw CocoaError(.userCancelled) }
            pthread_sigmask(SIG_UNBLOCK, &unblocked, &previous)
            defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
            try process.run()
            if let free = (0..<childSlotCount).first(where: { childSlots[$0] == 0 }) { childSlots[free] = process.processIdentifier }
        }
    }

    /// A process that has been waited for: no longer one to stop.
    func ended(_ process: Process) {
        let pid = process.processIdentifier
        stopped.withLock { _ in
            if let slot = (0..<childSlotCount).first(where: { childSlots[$0] == pid }) { childSlots[slot] = 0 }
        }
    }

    /// Stops every running child with SIGKILL (`dot` has nothing to clean up) and starts
    /// no more. For quizgen's own Ctrl-C and SIGTERM.
    public func stopAll() {
        stopped.withLock { stopped in
            stopped = true
            for slot in 0..<childSlotCount where childSlots[slot] > 0 { kill(childSlots[slot], SIGKILL) }
        }
    }

    /// Ctrl-C, SIGTERM, SIGHUP or SIGQUIT remove the build's staging folder (else left until
    /// the next build), stop the running children, then quizgen, with the shell's status for
    /// the signal. A handler, not a thread waiting for the signal: any thread may take it (a
    /// command runs on one of Swift's threads, not the main one), and the handler reads the
    /// children from fixed slots and the staging folder's path from C, as a signal handler
    /// may. The children are stopped last, just before the end: one stopped earlier, a build
    /// could start another `dot` while the folder was removed.
    public static func stopWithSignals() {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler = .init(sa_handler: { signal in
            quizgen_staging_remove_on_signal()
            for slot in 0..<childSlotCount where childSlots[slot] > 0 { kill(childSlots[slot], SIGKILL) }
            _exit(128 + signal)
        })
        #else
        action.__sigaction_u = .init(__sa_handler: { signal in
            quizgen_staging_remove_on_signal()
            for slot in 0..<childSlotCount where childSlots[slot] > 0 { kill(childSlots[slot], SIGKILL) }
            _exit(128 + signal)
        })
        #endif
        sigemptyset(&action.sa_mask)
        for signal in stopping { sigaction(signal, &action, nil) }
    }
}
