import Diagnostics
import Markdown

/// The parsed tokens of an attribute block `{#id .flag key=value name name=N}`.
public struct Attributes: Sendable, Equatable {
    /// For a word in braces at the end of a heading that means nothing there (`B = {2}`, a
    /// set in a maths question): the author may have meant the braces as text.
    static let bracesAsTextHint = "braces at the end of a heading are its attribute block, left out of the heading; to show them as text, write \\{"

    public struct Token: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// `#name`
            case id(String)
            /// `.word`
            case flag(String)
            /// `key=value`; for references the value is the weight.
            case pair(key: String, value: String)
            /// `name`
            case name(String)
        }

        public var kind: Kind
        /// 1-based file line and byte column of the token's first character.
        public var line: Int
        public var column: Int
    }

    public var tokens: [Token] = []
    /// Where the block starts (the first character after `{`), for errors about the block.
    public var line = 0
    public var column = 0
    /// Whether an `#id` token was malformed (and left out, with its error): the item has
    /// tried to give an id, so "it needs one" would only repeat that error.
    public var hasMalformedID = false

    public init(tokens: [Token] = [], line: Int = 0, column: Int = 0) {
        self.tokens = tokens
        self.line = line
        self.column = column
    }

    public var id: String? {
        tokens.lazy.compactMap { if case .id(let id) = $0.kind { id } else { nil } }.first
    }

    public var idToken: Token? {
        tokens.first { if case .id = $0.kind { true } else { false } }
    }

    public var flags: [String] {
        tokens.compactMap { if case .flag(let flag) = $0.kind { flag } else { nil } }
    }

    /// Read on the tokens, without an array of the flags first.
    public func has(flag: String) -> Bool {
        tokens.contains { if case .flag(let name) = $0.kind { name == flag } else { false } }
    }

    public func token(flag: String) -> Token? {
        tokens.first { $0.kind == .flag(flag) }
    }

    /// An error at each `key=value` that sets one of `keys` again: one would be taken without
    /// a word. Only for items whose pairs are settings; on an answer they are weights, which add up.
    public func repeatedSettings(of keys: [String], in file: SourceFile) -> [Diagnostic] {
        // Most blocks hold one token or none: nothing to compare, nothing to allocate.
        guard tokens.count > 1 else { return [] }
        var first: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        for token in tokens {
            guard case .pair(let key, let value) = token.kind, keys.contains(key) else { continue }
            if let earlier = first[key] {
                diagnostics.append(file.error(
                    "'\(key)' is set twice", line: token.line, byteColumn: token.column,
                    hint: "the first is \(key)=\(earlier); keep one of them"))
            } else {
                first[key] = value
            }
        }
        return diagnostics
    }

    /// An id, reference or key: letters and digits of any script, `_` and `-`, and the
    /// combining marks that letters of many scripts carry (Devanagari's vowel signs, an
    /// accent written apart from its letter), each after a letter, a digit or another mark.
    public static func isValidName(_ name: some StringProtocol) -> Bool {
        var takesMark = false
        for scalar in name.unicodeScalars {
            if isNameScalar(scalar) {
                takesMark = scalar != "_" && scalar != "-"
            } else if !(takesMark && isMark(scalar)) {
                return false
            }
        }
        return !name.isEmpty
    }

    /// \p{M}: a mark that combines with the character before it.
    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    static func isNameScalar(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII {
            return ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || s == "_" || s == "-"
        }
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// Splits an attribute block into tokens; malformed tokens become errors and are left out.
    public static func parse(_ block: AttributeBlock, in file: SourceFile) -> (Attributes, [Diagnostic]) {
        var result = Attributes(line: block.start.line, column: block.start.column)
        var diagnostics: [Diagnostic] = []
        var source = block.text
        // Read in place, through the string's own bytes; a token's text is made as a String
        // only when a token is not ASCII or a message quotes it.
        source.withUTF8 { bytes in
            // Any space separates tokens: the ideographic space (U+3000) that an input method
            // types is one as much as ' ' is. Its width in bytes, 0 where there is none.
            func blank(at i: Int) -> Int {
                bytes[i] == 0x20 || bytes[i] == 0x09 ? 1 : bytes[i] < 0x80 ? 0 : String.whitespaceWidth(bytes, at: i)
            }
            // Room for every token at once: the array grew from empty in most blocks.
            var count = 0
            var wasBlank = true
            var j = 0
            while j < bytes.count {
                let width = blank(at: j)
                if width == 0 && wasBlank { count += 1 }
                wasBlank = width > 0
                j += max(width, 1)
            }
            result.tokens.reserveCapacity(count)
            // The token that starts after byte `end`, if any (and if it starts with `first`).
            func nextToken(after end: Int, startingWith first: UInt8?) -> Range<Int>? {
                var start = end
                while start < bytes.count, case let width = blank(at: start), width > 0 { start += width }
                guard start < bytes.count, first.map({ bytes[start] == $0 }) ?? true else { return nil }
                var stop = start
                while stop < bytes.count, blank(at: stop) == 0 { stop += 1 }
                return start..<stop
            }
            var i = 0
            while i < bytes.count {
                let width = blank(at: i)
                if width > 0 {
                    i += width
                    continue
                }
                let start = i
                while i < bytes.count, blank(at: i) == 0 { i += 1 }
                let token = UnsafeBufferPointer(rebasing: bytes[start..<i])
                let column = block.start.column + start
                func fail(_ message: String, hint: String? = nil) {
                    let text = String(decoding: token, as: UTF8.self)
                    diagnostics.append(file.error(
                        message, line: block.start.line, byteColumn: column, hint: commaHint(text) ?? hint))
                }
                // `cat = 2`, `cat =2`, `cat= 2`: one setting with spaces around its '=', one
                // error for it (its pieces, read alone, gave two that did not say why).
                if let spaced = spacedSetting(bytes, at: start..<i, next: nextToken) {
                    let written = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<spaced.end]), as: UTF8.self)
                    diagnostics.append(file.error(
                        "invalid setting '\(written)'", line: block.start.line, byteColumn: column,
                        hint: "no spaces around '=': \(spaced.key)=\(spaced.value ?? "value")"))
                    i = spaced.end
                    continue
                }
                let kind: Token.Kind
                if let ascii = asciiToken(token) {
                    switch ascii {
                    case .success(let token): kind = token
                    case .failure(let problem):
                        if token.first == UInt8(ascii: "#") { result.hasMalformedID = true }
                        fail(problem.message, hint: problem.hint)
                        continue
                    }
                } else {
                    // Read by scalars, not characters: a mark after '#', '.' or '=' joins it
                    // into one character, which would hide the sign.
                    let text = String(decoding: token, as: UTF8.self)
                    if let problem = fullWidthSign(text) {
                        if problem.isID { result.hasMalformedID = true }
                        fail(problem.message, hint: problem.hint)
                        continue
                    }
                    let scalars = text.unicodeScalars
                    if scalars.first == "#" {
                        let name = String(scalars.dropFirst())
                        guard isValidName(name) else {
                            result.hasMalformedID = true
                            fail("invalid id '\(text)'", hint: "an id is made of letters, digits, '_' and '-'")
                            continue
                        }
                        kind = .id(name)
                    } else if scalars.first == "." {
                        let name = String(scalars.dropFirst())
                        guard isValidName(name) else {
                            fail("invalid flag '\(text)'", hint: "a flag is '.' followed by a word, such as .multiple")
                            continue
                        }
                        kind = .flag(name)
                    } else if let equals = scalars.firstIndex(of: "=") {
                        let key = String(scalars[..<equals])
                        let value = String(scalars[scalars.index(after: equals)...])
                        guard isValidName(key) else {
                            fail("invalid setting '\(text)'", hint: "write key=value, such as points=3 or cat=2")
                            continue
                        }
                        guard !value.isEmpty else {
                            fail("'\(key)=' has no value", hint: "write \(key)=value with no space around '='")
                            continue
                        }
                        kind = .pair(key: key, value: value)
                    } else {
                        guard isValidName(text) else {
                            fail("invalid attribute '\(text)'", hint: "use #id, .flag, key=value or a name")
                            continue
                        }
                        kind = .name(text)
                    }
                }
                // A second id would be dropped without a word, and links to it then fail.
                if case .id(let second) = kind, let first = result.id {
                    fail("an item has one id; '#\(second)' is a second", hint: "its id is '#\(first)'; remove one of them")
                    continue
                }
                result.tokens.append(Token(kind: kind, line: block.start.line, column: column))
            }
        }
        return (result, diagnostics)
    }

    /// A setting written with spaces around its '=' that starts with the token at `token`:
    /// its key, its value (nil when none follows) and where it ends. Nil for anything else,
    /// which is read token by token. Only a name and a lone `=`, a name and `=value`, or
    /// `key=` and a plain word: the rare tokens that can be one, so other tokens look no further.
    static func spacedSetting(
        _ bytes: UnsafeBufferPointer<UInt8>, at token: Range<Int>, next: (Int, UInt8?) -> Range<Int>?
    ) -> (key: String, value: String?, end: Int)? {
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        let equals = UInt8(ascii: "=")
        // A value that is a word of its own: not a '#id', a '.flag' or another setting.
        func value(_ range: Range<Int>) -> Bool {
            let first = bytes[range.lowerBound]
            return first != UInt8(ascii: "#") && first != UInt8(ascii: ".") && !bytes[range].contains(equals)
        }
        if bytes[token.upperBound - 1] == equals {
            // `cat= 2`
            let key = token.lowerBound..<(token.upperBound - 1)
            guard !key.isEmpty, !bytes[key].contains(equals), isValidName(text(key)),
                  let after = next(token.upperBound, nil), value(after) else { return nil }
            return (text(key), text(after), after.upperBound)
        }
        // `cat = 2`, `cat =2`
        // Most tokens end here: the next one does not start with '=' (read no further than that).
        guard let sign = next(token.upperBound, equals),
              !bytes[token].contains(equals), isValidName(text(token)) else { return nil }
        if sign.count > 1 {
            let rest = (sign.lowerBound + 1)..<sign.upperBound
            return value(rest) ? (text(token), text(rest), sign.upperBound) : nil
        }
        guard let after = next(sign.upperBound, nil), value(after) else { return (text(token), nil, sign.upperBound) }
        return (text(token), text(after), after.upperBound)
    }

    /// For a token with a comma in it (`{cat, dog}`, `{cat=2,dog=1}`), written as in a list
    /// of some other syntax: the hint that tokens are separated by spaces, with the fix
    /// when the comma stands between two of them.
    public static func commaHint(_ token: String) -> String? {
        guard token.contains(",") else { return nil }
        let parts = token.split(separator: ",")
        let hint = "separate tokens with spaces, not commas"
        return parts.count > 1 ? "\(hint): \(parts.joined(separator: " "))" : hint
    }

    struct Problem: Error {
        var message: String
        var hint: String?
        /// Whether the token meant to be an id.
        var isID = false
    }

    /// A token that holds a full-width sign (`＃`, `．`, `＝`, typed by an input method for
    /// `#`, `.`, `=`) where the ASCII one gives it its meaning: an error that names it. A
    /// full-width letter or digit alone is no such sign: `{ｃａｔ}` is a name, and its check
    /// (an unknown outcome, a weight) says what is wrong with it.
    static func fullWidthSign(_ text: String) -> Problem? {
        let scalars = text.unicodeScalars
        guard let first = scalars.first else { return nil }
        let sign: String
        switch first {
        case "＃": sign = "id"
        case "．": sign = "flag"
        default:
            guard !scalars.contains("="), scalars.contains("＝") else { return nil }
            sign = "setting"
        }
        // A flag is an ASCII word, written all in full-width by the same slip; an id or a
        // reference may be full-width letters, so only its sign is made ASCII.
        var fixed = String.UnicodeScalarView()
        for scalar in scalars {
            let ascii = FullWidth.ascii(scalar)
            fixed.append(sign == "flag" || "＃．＝".unicodeScalars.contains(scalar) ? ascii ?? scalar : scalar)
        }
        let signs = sign == "flag" ? text : String(String.UnicodeScalarView(scalars.filter { "＃．＝".unicodeScalars.contains($0) }))
        guard let named = FullWidth.named(in: signs) else { return nil }
        return Problem(message: "invalid \(sign) '\(text)'", hint: "\(named): write \(String(fixed))", isID: first == "＃")
    }

    /// The common case, a token of ASCII only, read on its bytes: there every byte is a
    /// Character, so this gives what the Character-based reading above gives, for a fraction
    /// of its cost. Nil for a token with other bytes.
    static func asciiToken(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Token.Kind, Problem>? {
        guard let first = bytes.first, bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        func isName(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
            !name.isEmpty && name.allSatisfy(isNameByte)
        }
        func string(_ part: Slice<UnsafeBufferPointer<UInt8>>) -> String { String(decoding: part, as: UTF8.self) }
        // Messages only: the token as written.
        var text: String { String(decoding: bytes, as: UTF8.self) }
        let all = bytes[...]
        switch first {
        case UInt8(ascii: "#"):
            let name = all.dropFirst()
            guard isName(name) else {
                return .failure(Problem(message: "invalid id '\(text)'", hint: "an id is made of letters, digits, '_' and '-'"))
            }
            return .success(.id(string(name)))
        case UInt8(ascii: "."):
            let name = all.dropFirst()
            guard isName(name) else {
                return .failure(Problem(message: "invalid flag '\(text)'", hint: "a flag is '.' followed by a word, such as .multiple"))
            }
            return .success(.flag(string(name)))
        default:
            if let equals = all.firstIndex(of: UInt8(ascii: "=")) {
                let key = all[..<equals]
                let value = all[(equals + 1)...]
                guard isName(key) else {
                    return .failure(Problem(message: "invalid setting '\(text)'", hint: "write key=value, such as points=3 or cat=2"))
                }
                guard !value.isEmpty else {
                    let key = string(key)
                    return .failure(Problem(message: "'\(key)=' has no value", hint: "write \(key)=value with no space around '='"))
                }
                return .success(.pair(key: string(key), value: string(value)))
            }
            guard isName(all) else {
                return .failure(Problem(message: "invalid attribute '\(text)'", hint: "use #id, .flag, key=value or a name"))
            }
            return .success(.name(string(all)))
        }
    }

    /// `isNameScalar` for an ASCII byte.
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }
}
