/// Writes script JSON straight into bytes, escaped as `ScriptJSON` escapes: a page's data
/// built as a `ScriptJSON` tree first cost more to make and free than to encode.
///
/// The caller opens and closes containers in order; commas are the writer's business.
public struct ScriptJSONWriter {
    public private(set) var bytes: [UInt8] = []
    /// Whether the next key or value follows another in its container.
    private var follows = false

    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    public mutating func beginObject() { open(UInt8(ascii: "{")) }
    public mutating func endObject() { close(UInt8(ascii: "}")) }
    public mutating func beginArray() { open(UInt8(ascii: "[")) }
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// An object's key; its value comes next.
    public mutating func key(_ name: String) {
        separate()
        ScriptJSON.encodeString(name, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        follows = false
    }

    public mutating func int(_ n: Int) {
        separate()
        ScriptJSON.encodeInt(n, into: &bytes)
    }

    public mutating func bool(_ b: Bool) {
        separate()
        bytes += (b ? "true" : "false").utf8
    }

    public mutating func string(_ s: String) {
        separate()
        ScriptJSON.encodeString(s, into: &bytes)
    }

    /// A string already as UTF-8 (rendered HTML).
    public mutating func utf8(_ text: [UInt8]) {
        separate()
        text.withUnsafeBufferPointer { ScriptJSON.encodeString($0, into: &bytes) }
    }

    public mutating func value(_ value: ScriptJSON) {
        separate()
        value.encode(into: &bytes)
    }

    /// Members of the open object encoded elsewhere (`"a":1,"b":2`, no braces): words made
    /// once per language and spliced into every page's data.
    public mutating func members(_ encoded: [UInt8]) {
        guard !encoded.isEmpty else { return }
        separate()
        bytes += encoded
    }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        follows = false
    }

    private mutating func close(_ bracket: UInt8) {
        bytes.append(bracket)
        follows = true
    }

    @inline(__always)
    private mutating func separate() {
        if follows { bytes.append(UInt8(ascii: ",")) }
        follows = true
    }
}
