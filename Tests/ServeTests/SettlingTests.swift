import Foundation
@testable import Serve
import Site
import Synchronization
import Testing

/// A file read while its writer is half done must not flash an error: an empty file just
/// changed is waited for, and a rebuild during which a file of its batch changed is done again.
@Suite struct SettlingTests {
    let quiz = "---\nkind: personality\ntitle: Tiny\n---\n## Q\n- A {a}\n- B {b}\n## A {#a .outcome}\n## B {#b .outcome}\n"
    let second: Int64 = 1_000_000_000

    @Test func anEmptyFileJustChangedIsWaitedFor() {
        let settling = Settling(settle: .milliseconds(500))
        let now = 1_000 * second
        let young = FileSystem.Stamp(size: 0, modified: now - second / 10)
        #expect(settling.wait(["a.md": young], now: now) == .milliseconds(400))
        // A file with text, an empty one that settled, one from a clock ahead: read now.
        #expect(settling.wait(["a.md": FileSystem.Stamp(size: 1, modified: now)], now: now) == nil)
        #expect(settling.wait(["a.md": FileSystem.Stamp(size: 0, modified: now - second)], now: now) == nil)
        #expect(settling.wait(["a.md": FileSystem.Stamp(size: 0, modified: now + second)], now: now) == nil)
        #expect(settling.wait(["a.md": young, "b.md": FileSystem.Stamp(size: 0, modified: now - second / 5)], now: now)
            == .milliseconds(400))
    }

    @Test func aHeldBatchIsNotReadyBeforeItsTime() {
        var coalescer = Coalescer(quiet: .milliseconds(10), longest: .milliseconds(500))
        let t0 = ContinuousClock.now
        coalescer.hold(["a.md"], at: t0, until: t0 + .seconds(2))
        #expect(coalescer.take(at: t0 + .seconds(1)) == nil)
        // A later event does not make it ready sooner.
        coalescer.add(["b.md"], at: t0 + .milliseconds(1500))
        #expect(coalescer.take(at: t0 + .milliseconds(1900)) == nil)
        #expect(coalescer.take(at: t0 + .seconds(2))?.paths == ["a.md", "b.md"])
        #expect(coalescer.deadline == nil)
    }

    /// An editor creates the file empty, then writes it: no error is shown for the empty file.
    @Test func anEmptyNewFileIsReadOnceWritten() async {
        let folder = WatchedFolder()
        folder.write("Content/quiz.md", quiz)
        // A settle time no test run outlasts: the outcome does not depend on the machine's speed.
        let (session, lines) = folder.session(settle: .seconds(3600))
        let messages = session.subscribe(page: nil)
        folder.write("Content/new.md", "")
        #expect(session.rebuild(batch: [folder.path + "/Content/new.md"]) == .held)
        #expect(lines().count == 1)
        #expect(!session.site.hasErrors)
        folder.write("Content/new.md", quiz.replacingOccurrences(of: "title: Tiny", with: "title: New"))
        #expect(session.rebuild(batch: [folder.path + "/Content/new.md"]) == .rebuilt)
        #expect(lines().last == "Rebuilt Content/new.md in _ ms: 4 pages changed.")
        #expect(session.site.hasFile("new/index.html"))
        session.stop()
        // One message, from the rebuild of the whole file, without errors.
        let received = await Self.received(messages)
        #expect(received.count == 1 && received.allSatisfy { $0.contains("\"errors\":\"\"") })
    }

    /// A file left empty on purpose is read once it settled, and its error shown.
    @Test func anEmptyFileThatSettledIsRead() {
        let folder = WatchedFolder()
        folder.write("Content/quiz.md", quiz)
        let (session, lines) = folder.session(settle: .zero)
        folder.write("Content/new.md", "")
        #expect(session.rebuild(batch: [folder.path + "/Content/new.md"]) == .rebuilt)
        #expect(lines().last?.hasPrefix("Rebuilt Content/new.md in _ ms: no page changed; 1 error") == true)
    }

    /// The writer goes on while the rebuild reads: what was read is thrown away, not shown,
    /// and read again.
    @Test func aFileThatChangedWhileItWasReadIsReadAgain() async {
        let folder = WatchedFolder()
        folder.write("Content/quiz.md", quiz)
        let path = folder.path + "/Content/quiz.md"
        let half = String(quiz.prefix(30)), whole = quiz + "\n"
        // Reading the file gives what the writer has written so far, and the writer then
        // finishes (the first time only).
        let writing = Mutex(false)
        var fs = FileSystem.disk
        fs.readInto = nil
        fs.read = { file throws(FileSystem.Failure) in
            let bytes = try FileSystem.disk.read(file)
            if file == path, writing.withLock({ was in defer { was = false }; return was }) {
                try? whole.write(toFile: path, atomically: false, encoding: .utf8)
            }
            return bytes
        }
        let (session, lines) = folder.session(fileSystem: fs, settle: .zero)
        let messages = session.subscribe(page: nil)
        folder.write("Content/quiz.md", half)
        writing.withLock { $0 = true }
        #expect(session.rebuild(batch: [path]) == .readAgain)
        #expect(lines().count == 1)
        #expect(!session.site.hasErrors)
        #expect(session.rebuild(batch: [path]) == .rebuilt)
        #expect(lines().last == "Rebuilt Content/quiz.md in _ ms: no page changed.")
        session.stop()
        // One message, from the rebuild of the whole file, without errors.
        let received = await Self.received(messages)
        #expect(received.count == 1 && received.allSatisfy { $0.contains("\"errors\":\"\"") })
    }

    /// Every message a stream had, once the session stopped (which ends it).
    static func received(_ stream: AsyncStream<String>) async -> [String] {
        var all: [String] = []
        for await message in stream { all.append(message) }
        return all
    }
}
