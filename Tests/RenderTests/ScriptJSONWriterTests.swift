import Support
import Testing

@Suite struct ScriptJSONWriterTests {
    /// The writer gives the bytes of the same data built as a `ScriptJSON` tree.
    @Test func writesWhatTheTreeEncodes() {
        let hostile = "</script><!--\u{2028}\u{2029}\"\\&>\n\u{1}é"
        var json = ScriptJSONWriter()
        json.beginObject()
        json.key("n")
        json.int(12)
        json.key("w")
        json.beginArray()
        json.beginArray()
        json.int(-1)
        json.int(0)
        json.endArray()
        json.beginArray()
        json.endArray()
        json.beginObject()
        json.endObject()
        json.endArray()
        json.member("s\"", .string(hostile))
        json.key("h")
        json.utf8(Array(hostile.utf8))
        json.key("b")
        json.bool(false)
        json.key("v")
        json.value(.array([.null, .number(1.5), .bool(true)]))
        json.endObject()
        let tree = ScriptJSON.object([
            ("n", .int(12)),
            ("w", .array([.array([.int(-1), .int(0)]), .array([]), .object([])])),
            ("s\"", .string(hostile)),
            ("h", .utf8(Array(hostile.utf8))),
            ("b", .bool(false)),
            ("v", .array([.null, .number(1.5), .bool(true)])),
        ])
        #expect(json.bytes == tree.utf8Encoded)
    }

    /// Members encoded elsewhere are spliced with a comma only between members, and an
    /// empty list of them adds nothing.
    @Test func splicesMembers() {
        let members = Array(#""m":{"a":"b"},"p":"01""#.utf8)
        var json = ScriptJSONWriter()
        json.beginObject()
        json.members(members)
        json.members([])
        json.endObject()
        #expect(String(decoding: json.bytes, as: UTF8.self) == #"{"m":{"a":"b"},"p":"01"}"#)

        var after = ScriptJSONWriter()
        after.beginObject()
        after.key("n")
        after.int(1)
        after.members([])
        after.members(members)
        after.endObject()
        #expect(String(decoding: after.bytes, as: UTF8.self) == #"{"n":1,"m":{"a":"b"},"p":"01"}"#)
    }

    /// Past the room it starts with, the writer grows and keeps what it wrote: long strings
    /// escaped six bytes a byte, many numbers, spliced members.
    @Test func growsPastItsRoom() {
        let long = String(repeating: "<b>&amp;\u{2028}x</b>", count: 40)
        var json = ScriptJSONWriter(capacity: 0)
        var tree: [ScriptJSON] = []
        json.beginArray()
        for n in 0..<300 {
            json.int(n * 37 - 500)
            tree.append(.int(n * 37 - 500))
            if n % 50 == 0 {
                json.utf8(Array(long.utf8))
                json.string(long)
                json.bool(n % 100 == 0)
                tree += [.utf8(Array(long.utf8)), .string(long), .bool(n % 100 == 0)]
            }
        }
        json.endArray()
        #expect(json.bytes == ScriptJSON.array(tree).utf8Encoded)
    }

    /// A top-level list of values, as the writer starts without an open container.
    @Test func valuesAtTheTopAreSeparated() {
        var json = ScriptJSONWriter(capacity: 0)
        json.int(1)
        json.int(100)
        json.string("")
        #expect(String(decoding: json.bytes, as: UTF8.self) == #"1,100,"""#)
    }
}
