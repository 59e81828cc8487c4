import Yams

/// Bounds what YAML aliases (`*name`) can make of a small text, before Yams composes it.
///
/// Yams shares an aliased node rather than copying it, but it hashes every mapping key to
/// find duplicates, and a key that is an alias of an alias of… (the "billion laughs") is
/// hashed in full: ten lines of front matter took 21 seconds. The events of libyaml are
/// not reachable from here (Yams keeps its `CYaml` target private, so no target of ours can
/// declare it), so the text is composed once with every alias written out as a plain
/// placeholder scalar of the same width. That tree has no aliases, cannot blow up, and has
/// the same shape and the same marks as the real one; walking it in document order gives
/// each anchor's expanded size and height, and so what each alias would add.
public enum YAMLAliases {
    /// How many values all the aliases of one text may stand for together.
    public static let maximumExpansion = 100_000
    /// How deep a value that comes from an alias may end up (the top mapping is level 1).
    public static let maximumDepth = 64

    /// Takes the place of the `*` of an alias in the measured text: one Unicode scalar (libyaml
    /// counts columns in scalars, so every mark stays where it was), from the private use
    /// area (so no author writes it by chance), and one that may start a plain scalar.
    public static let placeholder: Unicode.Scalar = "\u{E000}"

    /// An alias that goes over a limit, at the alias (libyaml's 1-based line and column).
    public struct Refusal: Error, Equatable {
        public var message: String
        public var hint: String
        public var line: Int
        public var column: Int
    }

    /// The text's tree with aliases as placeholder scalars (nil when the text has no alias,
    /// or is empty), after checking the limits. Throws a `Refusal`, or the `YamlError` that
    /// composing the text itself would throw (its marks are the text's own).
    public static func measure(_ yaml: String) throws -> YAMLNode? {
        guard let measurable = substitutingAliases(yaml) else { return nil }
        // The parser owns the anchors; nodes hold them weakly, so it must outlive the walk.
        let parser = try Parser(yaml: measurable, resolver: .basic, constructor: .default, encoding: .utf8)
        guard let root = try parser.singleRoot() else { return nil }
        try withExtendedLifetime(parser) {
            var walk = Walk()
            _ = try walk.visit(root, depth: 1)
        }
        return YAMLNode(root)
    }

    /// The text with every `*` that is followed by an anchor character replaced by the
    /// placeholder; nil when there is none. Every alias libyaml can read is replaced, even
    /// where a `*name` is only text (in quotes, a comment, mid-word): those are counted as
    /// aliases too, which errs on the safe side.
    public static func substitutingAliases(_ yaml: String) -> String? {
        let bytes = Array(yaml.utf8)
        var out: [UInt8]?
        for (i, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "*"), i + 1 < bytes.count, isAnchorByte(bytes[i + 1]) {
                if out == nil {
                    out = Array(bytes[..<i])
                    out!.reserveCapacity(bytes.count + 64)
                }
                out!.append(contentsOf: [0xEE, 0x80, 0x80])  // U+E000 in UTF-8
            } else {
                out?.append(byte)
            }
        }
        return out.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Text from the measured tree as the author wrote it, for messages (duplicate keys).
    public static func restoringStars(_ text: String) -> String {
        guard text.unicodeScalars.contains(placeholder) else { return text }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: text.unicodeScalars.lazy.map { $0 == placeholder ? "*" : $0 })
        return String(out)
    }

    /// libyaml's anchor names: ASCII letters, digits, `_` and `-`.
    public static func isAnchorByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x2D
    }

    /// One pass over the measured tree in document order, so that an alias sees the anchor
    /// that libyaml would give it (the latest one defined before it, shadowing included).
    struct Walk {
        /// Expanded size (values, collections included) and height of each anchored node.
        var anchors: [String: (size: Int, height: Int)] = [:]
        /// Values added by aliases so far.
        var expanded = 0

        mutating func visit(_ node: Yams.Node, depth: Int) throws(Refusal) -> (size: Int, height: Int) {
            var size = 1
            var height = 1
            switch node {
            case .scalar(let scalar):
                if let aliased = try aliases(in: scalar, depth: depth) { (size, height) = aliased }
            case .sequence(let sequence):
                for child in sequence {
                    let measured = try visit(child, depth: depth + 1)
                    size += measured.size
                    height = max(height, measured.height + 1)
                }
            case .mapping(let mapping):
                for (key, value) in mapping {
                    for child in [key, value] {
                        let measured = try visit(child, depth: depth + 1)
                        size += measured.size
                        height = max(height, measured.height + 1)
                    }
                }
            case .alias:
                // Compose resolves every alias; the measured text has none left anyway.
                break
            }
            // Registered after the node's own children, as Yams does: an alias inside the
            // node it names refers to an earlier anchor of that name, or to none.
            if let anchor = node.anchor { anchors[anchor.rawValue] = (size, height) }
            return (size, height)
        }

        /// Size and height of a scalar made of placeholders, nil when it holds none. A scalar
        /// that is exactly one placeholder is an alias; any other one holding placeholders
        /// (text, or an alias run into a plain scalar by a syntax error) counts each of them.
        mutating func aliases(in scalar: Yams.Node.Scalar, depth: Int) throws(Refusal) -> (size: Int, height: Int)? {
            let scalars = scalar.string.unicodeScalars
            guard scalars.contains(placeholder) else { return nil }
            var size = 0
            var height = 1
            var rest = scalars[...]
            while let star = rest.firstIndex(of: placeholder) {
                let nameStart = scalars.index(after: star)
                let nameEnd = rest[nameStart...].firstIndex { !($0.isASCII && isAnchorByte(UInt8($0.value))) } ?? rest.endIndex
                let name = String(String.UnicodeScalarView(rest[nameStart..<nameEnd]))
                rest = rest[nameEnd...]
                // An alias used before its anchor is an error of its own, reported by Yams.
                let target = anchors[name] ?? (1, 1)
                let mark = scalar.mark
                func refuse(_ message: String) -> Refusal {
                    Refusal(
                        message: message,
                        hint: "an alias *\(name) repeats what &\(name) marks; aliases may repeat at most "
                            + "\(Self.grouped(maximumExpansion)) values in all, nested at most \(maximumDepth) levels deep",
                        line: mark?.line ?? 1, column: mark?.column ?? 1)
                }
                expanded += target.size
                if expanded > maximumExpansion {
                    throw refuse("YAML aliases repeat more than \(Self.grouped(maximumExpansion)) values")
                }
                if depth + target.height - 1 > maximumDepth {
                    throw refuse("the YAML alias *\(name) nests values more than \(maximumDepth) levels deep")
                }
                size += target.size
                height = max(height, target.height)
            }
            return (max(size, 1), height)
        }

        static func grouped(_ n: Int) -> String {
            var digits = Array(String(n))
            var i = digits.count - 3
            while i > 0 {
                digits.insert(",", at: i)
                i -= 3
            }
            return String(digits)
        }
    }
}
