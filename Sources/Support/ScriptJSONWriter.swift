/// Writes script JSON straight into bytes, escaped as `ScriptJSON` escapes: a page's data
/// built as a `ScriptJSON` tree first cost more to make and free than to encode.
///
/// The caller opens and closes containers in order; commas are the writer's business.
/// Inlinable: a page's data is thousands of one-digit numbers and short keys, and a call
/// into this module for each cost more than writing it.
///
/// The bytes are in a buffer of the writer's own, so that a string is escaped straight
/// into it (an array cannot be written past its count) and a byte is written without an
/// array's checks. Not copyable: the buffer is the writer's alone, freed with it.
public struct ScriptJSONWriter: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int
    /// Whether the next key or value follows another in its container.
    @usableFromInline var follows = false

    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inlinable public mutating func beginObject() { open(UInt8(ascii: "{")) }
    @inlinable public mutating func endObject() { close(UInt8(ascii: "}")) }
    @inlinable public mutating func beginArray() { open(UInt8(ascii: "[")) }
    @inlinable public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// An object's key, written as given: the keys of a page's data are short names in
    /// the renderer's code, and must need no escape (checked in debug builds, which the
    /// tests run; `member(_:_:)` escapes any key).
    @inlinable
    public mutating func key(_ name: StaticString) {
        separate()
        name.withUTF8Buffer { key in
            reserve(key.count + 3)
            base[count] = UInt8(ascii: "\"")
            for (k, byte) in key.enumerated() {
                assert(!ScriptJSON.mayNeedEscape[Int(byte)], "a JSON key that needs an escape")
                base[count + 1 + k] = byte
            }
            base[count + 1 + key.count] = UInt8(ascii: "\"")
            base[count + 2 + key.count] = UInt8(ascii: ":")
            count += key.count + 3
        }
        follows = false
    }

    /// A member of the open object: a key that may need escaping and its value.
    public mutating func member(_ name: String, _ value: ScriptJSON) {
        separate()
        var name = name
        name.withUTF8 { escape($0) }
        put(UInt8(ascii: ":"))
        append(value.utf8Encoded)
    }

    @inlinable
    public mutating func int(_ n: Int) {
        separate()
        // Most numbers of a page's data (weights, indices, points) are one digit.
        if n >= 0 && n < 10 {
            put(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: n))
        } else {
            var digits = String(n)  // a small string: no allocation
            digits.withUTF8 { append($0) }
        }
    }

    @inlinable
    public mutating func bool(_ b: Bool) {
        separate()
        append(b ? "true" : "false")
    }

    public mutating func string(_ s: String) {
        separate()
        var s = s
        s.withUTF8 { escape($0) }
    }

    /// A string already as UTF-8 (rendered HTML).
    public mutating func utf8(_ text: [UInt8]) {
        separate()
        text.withUnsafeBufferPointer { escape($0) }
    }

    public mutating func value(_ value: ScriptJSON) {
        separate()
        append(value.utf8Encoded)
    }

    /// Members of the open object encoded elsewhere (`"a":1,"b":2`, no braces): words made
    /// once per language and spliced into every page's data.
    public mutating func members(_ encoded: [UInt8]) {
        guard !encoded.isEmpty else { return }
        separate()
        append(encoded)
    }

    /// A string escaped straight into the buffer, with room made for the worst case.
    @usableFromInline
    mutating func escape(_ text: UnsafeBufferPointer<UInt8>) {
        reserve(6 * text.count + 2)
        count += ScriptJSON.escape(text, into: base + count)
    }

    @inlinable
    mutating func open(_ bracket: UInt8) {
        separate()
        put(bracket)
        follows = false
    }

    @inlinable
    mutating func close(_ bracket: UInt8) {
        put(bracket)
        follows = true
    }

    @inlinable
    mutating func separate() {
        if follows { put(UInt8(ascii: ",")) }
        follows = true
    }

    @inlinable
    mutating func put(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inlinable
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    @inlinable
    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    @inlinable
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Room for `more` bytes after those written.
    @inlinable
    mutating func reserve(_ more: Int) {
        if count + more > capacity { grow(to: count + more) }
    }

    @usableFromInline
    mutating func grow(to needed: Int) {
        capacity = max(2 * capacity, needed)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        larger.initialize(from: base, count: count)
        base.deallocate()
        base = larger
    }
}
