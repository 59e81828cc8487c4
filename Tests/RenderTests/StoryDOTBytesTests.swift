@testable import Render
import Support
import Testing

/// The DOT writer's byte-level pieces give what the text-level ones they replaced gave.
@Suite struct StoryDOTBytesTests {
    /// Quoting by runs gives what quoting byte by byte gives, with each kind of replaced
    /// byte at the start, in the middle and at the end of a label, and next to another.
    @Test func quotingByRunsMatchesByteByByte() {
        func reference(_ text: String, spaces: Bool) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += spaces ? "\\\\\\\\" : "\\\\"
                case "&": out += "&amp;"
                case "\n": out += spaces ? " " : "\\n"
                case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}": out += " "
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        let specials = ["\"", "\\", "&", "\n", "\u{1}", "\t", "\u{7F}", "\u{85}", "\u{9F}", "\u{A0}", "é", "¿", "中"]
        for special in specials {
            for text in [special, "a" + special, special + "b", "ab" + special + "cd", special + special, "x" + special + "y" + special] {
                for spaces in [false, true] {
                    var out = ByteBuffer()
                    var bytes = text
                    bytes.withUTF8 { StoryDOT.appendQuoted($0, as: spaces ? .tooltip : .label, into: &out) }
                    #expect(out.array() == Array(reference(text, spaces: spaces).utf8), "\(text.debugDescription)")
                }
            }
        }
        #expect(StoryDOT.quoted("") == "\"\"")
    }

    @Test func nodeNumbersInDecimal() {
        for n in [0, 1, 9, 10, 11, 99, 100, 101, 12_345] {
            var out = ByteBuffer()
            out.append(0x70)
            StoryDOT.appendDecimal(n, to: &out)
            #expect(out.array() == Array("p\(n)".utf8))
        }
    }

    /// Names already in lower-case ASCII are used as they are; the rest as `lowercased()` has it.
    @Test func fileNameKeysInLowerCase() {
        for name in ["door", "Door", "DOOR", "page-3", "x-y_z", "", "École", "洞窟", "ÀB"] {
            #expect(SitePaths.lowercased(name) == name.lowercased())
        }
    }
}
