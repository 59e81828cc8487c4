#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCmark

/// Memory for cmark's allocations during one parse: a few large blocks handed out in order
/// and freed together once the tree is converted.
///
/// cmark makes an allocation per node and per piece of text and frees them one by one, at
/// the end and meanwhile (line buffers, delimiters); with the C allocator that cost more
/// than a third of what cmark's parsing itself does. Here an allocation moves a pointer, a
/// `free` does nothing, and freeing the tree is freeing the blocks, without walking it.
/// cmark's allocator hooks take no context, so the arena of the parse under way is found
/// through a thread-local: parses run side by side on several threads.
enum ParseArena {
    /// One arena's blocks and where the next allocation goes.
    struct State {
        var next: UnsafeMutableRawPointer?
        var end: UnsafeMutableRawPointer?
        /// The last allocation, which `realloc` can grow where it is.
        var last: UnsafeMutableRawPointer?
        /// The newest block; each block's first word points to the one before it.
        var newest: UnsafeMutableRawPointer?
        var blockSize: Int
    }

    /// Each allocation is preceded by its size (for `realloc`); sizes are rounded to this, so
    /// every allocation keeps `malloc`'s alignment.
    static let header = 16
    static let firstBlock = 64 * 1024
    static let largestBlock = 1024 * 1024

    /// Runs `body` with an allocator for cmark whose memory lasts until `body` returns.
    static func with<R>(_ body: (UnsafeMutablePointer<cmark_mem>) -> R) -> R {
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State(blockSize: firstBlock))
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, state)
        defer {
            var block = state.pointee.newest
            while let current = block {
                block = current.load(as: UnsafeMutableRawPointer?.self)
                free(current)
            }
            pthread_setspecific(key, previous)
            state.deinitialize(count: 1)
            state.deallocate()
        }
        return body(allocator)
    }

    nonisolated(unsafe) static let allocator: UnsafeMutablePointer<cmark_mem> = {
        let mem = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
        mem.initialize(to: cmark_mem(
            calloc: { count, size in
                let (total, overflow) = count.multipliedReportingOverflow(by: size)
                if overflow { fail() }
                let pointer = ParseArena.allocate(total, in: ParseArena.current())
                // Zeroed here, as asked: zeroing whole blocks cleared far more than cmark uses.
                return memset(pointer, 0, total)
            },
            realloc: { pointer, size in ParseArena.reallocate(pointer, to: size, in: ParseArena.current()) },
            free: { _ in }))
        return mem
    }()

    static let key: pthread_key_t = {
        var key = pthread_key_t()
        guard pthread_key_create(&key, nil) == 0 else { fail() }
        return key
    }()

    static func current() -> UnsafeMutablePointer<State> {
        guard let state = pthread_getspecific(key) else { fail() }
        return state.assumingMemoryBound(to: State.self)
    }

    /// Memory as `malloc` gives it, not cleared.
    static func allocate(_ size: Int, in state: UnsafeMutablePointer<State>) -> UnsafeMutableRawPointer {
        let rounded = (size + header - 1) & ~(header - 1)
        if let next = state.pointee.next, let end = state.pointee.end, end - next >= rounded + header {
            return place(size, rounded: rounded, at: next, in: state)
        }
        // A new block; what is left of the old one stays unused.
        let blockSize = max(state.pointee.blockSize, rounded + 2 * header)
        guard let block = malloc(blockSize) else { fail() }
        block.storeBytes(of: state.pointee.newest, as: UnsafeMutableRawPointer?.self)
        state.pointee.newest = block
        state.pointee.end = block + blockSize
        state.pointee.blockSize = min(state.pointee.blockSize * 2, largestBlock)
        return place(size, rounded: rounded, at: block + header, in: state)
    }

    private static func place(
        _ size: Int, rounded: Int, at start: UnsafeMutableRawPointer, in state: UnsafeMutablePointer<State>
    ) -> UnsafeMutableRawPointer {
        start.storeBytes(of: size, as: Int.self)
        let pointer = start + header
        state.pointee.next = pointer + rounded
        state.pointee.last = pointer
        return pointer
    }

    static func reallocate(
        _ pointer: UnsafeMutableRawPointer?, to size: Int, in state: UnsafeMutablePointer<State>
    ) -> UnsafeMutableRawPointer {
        guard let pointer else { return allocate(size, in: state) }
        let old = (pointer - header).load(as: Int.self)
        // The last allocation grows (or shrinks) where it is while its block has room.
        let rounded = (size + header - 1) & ~(header - 1)
        if pointer == state.pointee.last, let end = state.pointee.end, end - pointer >= rounded {
            (pointer - header).storeBytes(of: size, as: Int.self)
            state.pointee.next = pointer + rounded
            return pointer
        }
        let moved = allocate(size, in: state)
        moved.copyMemory(from: pointer, byteCount: min(old, size))
        return moved
    }

    /// What cmark's own allocator does when memory runs out.
    static func fail() -> Never {
        abort()
    }
}
