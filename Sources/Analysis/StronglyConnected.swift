/// Tarjan's strongly connected components, with an explicit stack so that a story of ten
/// thousand pages in a row cannot overflow the thread's stack.
enum StronglyConnected {
    struct Result {
        /// Component number per page.
        var component: [Int]
        /// Pages per component.
        var members: [[Int]]
    }

    /// `steps` counts each page and each choice looked at.
    static func components(_ successors: [[Int]], steps: inout Int) -> Result {
        let n = successors.count
        var index = [Int](repeating: -1, count: n)
        var low = [Int](repeating: 0, count: n)
        var onStack = [Bool](repeating: false, count: n)
        var stack: [Int] = []
        var result = Result(component: [Int](repeating: -1, count: n), members: [])
        var counter = 0
        var calls: [(page: Int, next: Int)] = []

        func visit(_ page: Int) {
            index[page] = counter
            low[page] = counter
            counter += 1
            stack.append(page)
            onStack[page] = true
            calls.append((page, 0))
        }

        for root in 0..<n where index[root] < 0 {
            visit(root)
            while let (page, next) = calls.last {
                steps += 1
                if next < successors[page].count {
                    calls[calls.count - 1].next += 1
                    let target = successors[page][next]
                    if index[target] < 0 {
                        visit(target)
                    } else if onStack[target] {
                        low[page] = min(low[page], index[target])
                    }
                    continue
                }
                calls.removeLast()
                if let caller = calls.last?.page { low[caller] = min(low[caller], low[page]) }
                guard low[page] == index[page] else { continue }
                var members: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    result.component[member] = result.members.count
                    members.append(member)
                    if member == page { break }
                }
                result.members.append(members)
            }
        }
        return result
    }
}
