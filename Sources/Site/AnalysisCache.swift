import Analysis
import Synchronization

/// The analysed content of the files used last, by file and text: `serve` keeps these
/// instead of every file's trees, and parses a file again when its analysis has been
/// dropped. Shared by the rebuild and the requests (rendering a page on demand), hence the
/// lock.
final class AnalysisCache: Sendable {
    private struct State {
        var items: [String: (text: String, analysed: AnalysedContent)] = [:]
        /// Least recently used first.
        var order: [String] = []
    }

    private let state = Mutex(State())
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    func get(_ path: String, text: String) -> AnalysedContent? {
        state.withLock { state in
            guard let item = state.items[path], item.text == text else { return nil }
            state.order.removeAll { $0 == path }
            state.order.append(path)
            return item.analysed
        }
    }

    func put(_ path: String, text: String, _ analysed: AnalysedContent) {
        state.withLock { state in
            if state.items.updateValue((text, analysed), forKey: path) != nil { state.order.removeAll { $0 == path } }
            state.order.append(path)
            while state.order.count > capacity { state.items[state.order.removeFirst()] = nil }
        }
    }

    var count: Int { state.withLock { $0.items.count } }
}
