/// Writes script JSON straight into bytes, escaped as `ScriptJSON` escapes: a page's data
/// built as a `ScriptJSON` tree first cost more to make and free than to encode.
///
/// The caller opens and closes containers in order; commas are the writer's business.
/// Inlinable: a page's data is thousands of one-digit numbers and short keys, and a call
/// into this module for each cost more than writing it.
public struct ScriptJSONWriter {
    @usableFromInline var storage: [UInt8] = []
    /// Whether the next key or value follows another in its container.
    @usableFromInline var follows = false

    public var bytes: [UInt8] { storage }

    public init(capacity: Int = 256) {
        storage.reserveCapacity(capacity)
    }

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
        storage.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { key in
            for byte in key {
                assert(!ScriptJSON.mayNeedEscape[Int(byte)], "a JSON key that needs an escape")
                storage.append(byte)
            }
        }
        storage.append(UInt8(ascii: "\""))
        storage.append(UInt8(ascii: ":"))
        follows = false
    }

    /// A member of the open object: a key that may need escaping and its value.
    public mutating func member(_ name: String, _ value: ScriptJSON) {
        separate()
        ScriptJSON.encodeString(name, into: &storage)
        storage.append(UInt8(ascii: ":"))
        value.encode(into: &storage)
    }

    @inlinable
    public mutating func int(_ n: Int) {
        separate()
        ScriptJSON.encodeInt(n, into: &storage)
    }

    @inlinable
    public mutating func bool(_ b: Bool) {
        separate()
        storage += (b ? "true" : "false").utf8
    }

    public mutating func string(_ s: String) {
        separate()
        ScriptJSON.encodeString(s, into: &storage)
    }

    /// A string already as UTF-8 (rendered HTML).
    public mutating func utf8(_ text: [UInt8]) {
        separate()
        text.withUnsafeBufferPointer { ScriptJSON.encodeString($0, into: &storage) }
    }

    public mutating func value(_ value: ScriptJSON) {
        separate()
        value.encode(into: &storage)
    }

    /// Members of the open object encoded elsewhere (`"a":1,"b":2`, no braces): words made
    /// once per language and spliced into every page's data.
    public mutating func members(_ encoded: [UInt8]) {
        guard !encoded.isEmpty else { return }
        separate()
        storage += encoded
    }

    @inlinable
    mutating func open(_ bracket: UInt8) {
        separate()
        storage.append(bracket)
        follows = false
    }

    @inlinable
    mutating func close(_ bracket: UInt8) {
        storage.append(bracket)
        follows = true
    }

    @inlinable
    mutating func separate() {
        if follows { storage.append(UInt8(ascii: ",")) }
        follows = true
    }
}
