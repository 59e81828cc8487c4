import CArena
import CCmark

/// Memory for cmark's allocations during one parse: a few large blocks handed out in order
/// and freed together once the tree is converted.
///
/// cmark makes an allocation per node and per piece of text and frees them one by one, at
/// the end and meanwhile (line buffers, delimiters); with the C allocator that cost more
/// than a third of what cmark's parsing itself does. Here an allocation moves a pointer, a
/// `free` does nothing, and freeing the tree is freeing the blocks, without walking it.
/// cmark's allocator hooks take no context, so the arena of the parse under way is found
/// through a thread-local: parses run side by side on several threads. The arena itself is
/// C (CArena): Swift reached a thread-local only through `pthread_getspecific`, and cmark
/// called it through a closure thunk, about 100 instructions an allocation.
enum ParseArena {
    /// One arena's blocks and where the next allocation goes.
    typealias State = quizgen_arena

    static let header = Int(quizgen_arena_header)
    static let firstBlock = Int(quizgen_arena_first_block)
    static let largestBlock = Int(quizgen_arena_largest_block)

    /// Runs `body` with an allocator for cmark whose memory lasts until `body` returns.
    static func with<R>(_ body: (UnsafeMutablePointer<cmark_mem>) -> R) -> R {
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State(next: nil, end: nil, last: nil, newest: nil, block_size: firstBlock))
        let previous = quizgen_arena_enter(state)
        defer {
            quizgen_arena_leave(state, previous)
            state.deinitialize(count: 1)
            state.deallocate()
        }
        return body(allocator)
    }

    /// cmark's allocator: the arena's functions, in C (CArena's header says why).
    nonisolated(unsafe) static let allocator: UnsafeMutablePointer<cmark_mem> = {
        let mem = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
        mem.initialize(to: cmark_mem(calloc: quizgen_arena_calloc, realloc: quizgen_arena_realloc, free: quizgen_arena_free))
        return mem
    }()

    static func current() -> UnsafeMutablePointer<State> {
        quizgen_arena_state()
    }

    /// Memory as `malloc` gives it, not cleared.
    static func allocate(_ size: Int, in state: UnsafeMutablePointer<State>) -> UnsafeMutableRawPointer {
        quizgen_arena_allocate(state, size)
    }

    static func reallocate(
        _ pointer: UnsafeMutableRawPointer?, to size: Int, in state: UnsafeMutablePointer<State>
    ) -> UnsafeMutableRawPointer {
        quizgen_arena_reallocate(state, pointer, size)
    }
}
