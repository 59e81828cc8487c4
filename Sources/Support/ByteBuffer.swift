/// Bytes of a page while it is built: the HTML renderer, the escaper and the templates all
/// append to one of these. Appending to `[UInt8]` cost about 75 instructions a call (its
/// generic copy, a uniqueness check, a capacity check) for pieces that are mostly a tag of
/// a few bytes; here an append is a capacity check and a copy, inlined where it is made.
///
/// Not copyable: it owns its memory, freed when it goes; `array()` copies the bytes out.
/// `ByteBuffer.array(capacity:_:)` starts in memory on the stack instead, and owns memory
/// only once what is written outgrows that.
public struct ByteBuffer: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    /// False while the bytes are written into memory lent by `array(capacity:_:)`.
    @usableFromInline var owns = true
    @usableFromInline var written: Int

    /// How many bytes are written.
    @inlinable
    public var count: Int { written }

    @inlinable
    public init(capacity: Int = 256) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
        written = 0
    }

    /// A buffer writing into `memory`, which it does not free.
    init(lending memory: UnsafeMutableBufferPointer<UInt8>) {
        base = memory.baseAddress!
        capacity = memory.count
        written = 0
        owns = false
    }

    deinit { if owns { base.deallocate() } }

    /// What `write` writes, as an array of exactly its size. It is written first into a
    /// kilobyte on the stack (growing onto the heap past that, or at once when `capacity` is
    /// more), so that most texts allocate only the array: a second allocation and its
    /// freeing cost more than the appends the buffer saves on a short text.
    public static func array(capacity: Int, _ write: (inout ByteBuffer) -> Void) -> [UInt8] {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { memory in
            var out = ByteBuffer(lending: memory)
            if capacity > memory.count { out.reserve(capacity) }
            write(&out)
            return out.array()
        }
    }

    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        if written == capacity { grow(toHold: 1) }
        base[written] = byte
        written += 1
    }

    @inlinable @inline(__always)
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let n = bytes.count
        if capacity - written < n { grow(toHold: n) }
        (base + written).initialize(from: source, count: n)
        written += n
    }

    /// A literal, read in place.
    @inlinable @inline(__always)
    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    @inlinable @inline(__always)
    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// A string's UTF-8, read in place.
    @inlinable @inline(__always)
    public mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// The last byte written, if any.
    @inlinable
    public var last: UInt8? { written > 0 ? base[written - 1] : nil }

    /// Room for `n` more bytes at least, doubling so that a page grows in a few steps.
    @usableFromInline
    mutating func grow(toHold n: Int) {
        let newCapacity = Swift.max(capacity * 2, count + n)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        if owns { base.deallocate() }
        base = newBase
        capacity = newCapacity
        owns = true
    }

    /// Forgets what is written, keeping the memory for what comes next.
    public mutating func removeAll() {
        written = 0
    }

    /// Forgets the last `n` bytes written.
    public mutating func removeLast(_ n: Int) {
        precondition(n >= 0 && n <= written, "removing more bytes than were written")
        written -= n
    }

    /// Room for `n` more bytes, allocated now (a caller that knows what is coming).
    public mutating func reserve(_ n: Int) {
        if capacity - count < n { grow(toHold: n) }
    }

    /// The bytes, for a moment.
    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// The bytes as an array of exactly their size. Made empty and reserved, whose allocation
    /// is specialised for bytes: `init(unsafeUninitializedCapacity:)` and the other ways to
    /// make an array of a size allocate through the standard library's generic path, which
    /// cost about 800 instructions a call.
    public func array() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
        return bytes
    }
}

extension [UInt8] {
    /// Appends what a buffer holds.
    public mutating func append(_ buffer: borrowing ByteBuffer) {
        buffer.withUnsafeBufferPointer { append(contentsOf: $0) }
    }
}
