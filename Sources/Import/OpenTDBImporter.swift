import Diagnostics
import Support

/// An Open Trivia DB API response (https://opentdb.com/api_config.php), as saved from
/// `api.php?amount=N`: `{"response_code": 0, "results": [{"category", "type", "difficulty",
/// "question", "correct_answer", "incorrect_answers"}]}`, texts HTML-encoded (the API's
/// default). `boolean` questions have the answers "True" and "False". The difficulty becomes
/// the level, with the usual points per level written in the front matter. A response saved
/// with `encode=base64`, `encode=url3986` or `encode=urlLegacy` is recognised and decoded.
enum OpenTDBImporter {
    /// How the response's texts are written: the API's `encode` option.
    enum Encoding: String {
        case html = "the default"
        case base64 = "encode=base64"
        case url = "encode=url3986"

        func decode(_ text: String) -> String? {
            switch self {
            case .html: HTMLText.decodeEntities(text)
            case .base64: OpenTDBImporter.base64Decoded(text)
            case .url: OpenTDBImporter.percentDecoded(text)
            }
        }
    }

    static let responseCodes = [
        1: "no results: the API had too few questions for the request",
        2: "invalid parameter: one of the request's arguments was not valid",
        3: "token not found", 4: "token empty: the session token has returned every question",
        5: "rate limit: too many requests",
    ]
    static let levels = ["easy", "medium", "hard"]

    static func importing(_ file: SourceFile, name: String) -> Imported {
        func error(_ message: String, at offset: Int, hint: String? = nil) -> Diagnostic {
            file.diagnostic(.error, message, byteOffset: offset, hint: hint)
        }
        let root: JSONNode
        switch JSONReader.read(file.text[...]) {
        case .success(let node): root = node
        case .failure(let problem): return .failed([error("not valid JSON: \(problem.message)", at: problem.offset)])
        }
        var diagnostics: [Diagnostic] = []
        // A bare array of questions (as some tools save them) works as well as the response.
        var list = root
        if case .object = root.value {
            if let code = root["response_code"], case .number(let n) = code.value, n != 0 {
                return .failed([error(
                    "the response says it has no questions: response code \(Int(n))" + (responseCodes[Int(n)].map { ", \($0)" } ?? ""),
                    at: code.offset, hint: "request the questions again and save the new response")])
            }
            guard let results = root["results"] else {
                return .failed([error("this JSON has no \"results\"", at: root.offset,
                                      hint: "save the whole response of https://opentdb.com/api.php?amount=10")])
            }
            list = results
        }
        guard case .array(let items) = list.value else {
            return .failed([error("\"results\" is \(list.value.kindName), not a list of questions", at: list.offset)])
        }
        var draft = TriviaDraft(title: name, points: [("easy", 3), ("medium", 5), ("hard", 10)])
        var categories: [String] = []
        let encoding = encoding(of: items)
        for item in items {
            guard case .object = item.value else {
                diagnostics.append(error("a question is \(item.value.kindName), not an object", at: item.offset))
                continue
            }
            /// The string's text, decoded; nil (with an error) when it does not decode.
            func decoded(_ node: JSONNode, _ what: String) -> String? {
                guard let string = node.string else { return nil }
                if let text = encoding.decode(string) { return text }
                diagnostics.append(error(
                    "\(what) is not \(encoding == .base64 ? "base64" : "URL-encoded") like the rest of this response (saved with \(encoding.rawValue))",
                    at: node.offset, hint: "save the response again with the API's default encoding (no encode= in the request)"))
                return nil
            }
            /// A choice, located at its string, where a problem with it is said.
            func choice(_ text: String, correct: Bool, at offset: Int) -> TriviaDraft.Choice {
                let (line, column) = file.position(ofByte: offset)
                return TriviaDraft.Choice(text: .plain(text), correct: correct, line: line, column: column)
            }
            func text(_ key: String) -> String? {
                guard let node = item[key] else {
                    diagnostics.append(error("this question has no \"\(key)\"", at: item.offset))
                    return nil
                }
                guard node.string != nil else {
                    diagnostics.append(error("\"\(key)\" is \(node.value.kindName), not a string", at: node.offset))
                    return nil
                }
                return decoded(node, "\"\(key)\"")
            }
            let question = text("question")
            let correct = text("correct_answer")
            var wrong: [TriviaDraft.Choice] = []
            if let node = item["incorrect_answers"] {
                if case .array(let answers) = node.value {
                    for answer in answers {
                        if answer.string != nil {
                            if let text = decoded(answer, "an incorrect answer") { wrong.append(choice(text, correct: false, at: answer.offset)) }
                        } else {
                            diagnostics.append(error("an incorrect answer is \(answer.value.kindName), not a string", at: answer.offset))
                        }
                    }
                } else {
                    diagnostics.append(error("\"incorrect_answers\" is \(node.value.kindName), not a list", at: node.offset))
                }
            } else {
                diagnostics.append(error("this question has no \"incorrect_answers\"", at: item.offset))
            }
            var level: String?
            if let node = item["difficulty"] {
                if let value = decoded(node, "\"difficulty\"")?.lowercased(), levels.contains(value) { level = value } else {
                    diagnostics.append(file.diagnostic(
                        .warning, "unknown difficulty; the question is worth 1 point", byteOffset: node.offset,
                        hint: "Open Trivia DB's difficulties are easy, medium and hard"))
                }
            }
            if let node = item["category"], let category = decoded(node, "\"category\""), !categories.contains(category) {
                categories.append(category)
            }
            var type = "multiple"
            if let node = item["type"] {
                let value = decoded(node, "\"type\"")
                if let value, ["multiple", "boolean"].contains(value) { type = value } else {
                    diagnostics.append(file.diagnostic(
                        .warning, "unknown question type" + (value.map { " '\($0)'" } ?? "") + "; read as multiple choice",
                        byteOffset: node.offset, hint: "Open Trivia DB's types are multiple and boolean"))
                }
            }
            guard let question, let correct else { continue }
            var choices = [choice(correct, correct: true, at: item["correct_answer"]?.offset ?? item.offset)] + wrong
            // True before False, as readers expect them, whichever is right.
            if type == "boolean" {
                choices.sort { $0.text.readable == "True" && $1.text.readable != "True" }
            }
            let (line, column) = file.position(ofByte: item.offset)
            let drafted = TriviaDraft.Question(
                text: .plain(question), choices: choices, level: level, line: line, column: column)
            if let problem = TriviaDraft.problem(with: drafted, file: file) {
                diagnostics.append(problem)
            } else {
                draft.questions.append(drafted)
            }
        }
        if categories.count == 1 { draft.title = categories[0] }
        if items.isEmpty {
            diagnostics.append(error("the response has no questions", at: list.offset))
        }
        return TriviaImport.finish(draft, diagnostics: diagnostics, name: name, file: file)
    }

    /// The encoding of a response, from its question texts: base64 when all of them (and every
    /// type) are base64 of UTF-8 text; URL encoding when none has a space and some have an
    /// escape; else the default, HTML.
    static func encoding(of items: [JSONNode]) -> Encoding {
        let questions = items.compactMap { $0["question"]?.string }
        let types = items.compactMap { $0["type"]?.string }
        guard questions.contains(where: { !$0.isEmpty }) else { return .html }
        if (questions + types).allSatisfy({ base64Decoded($0) != nil }) { return .base64 }
        if questions.allSatisfy({ !$0.contains(where: \.isWhitespace) && percentDecoded($0) != nil }),
           questions.contains(where: { $0.contains("%") || $0.contains("+") }) {
            return .url
        }
        return .html
    }

    static let base64Digits: [UInt8: UInt8] = {
        var table: [UInt8: UInt8] = [:]
        for (value, digit) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[digit] = UInt8(value)
        }
        return table
    }()

    /// Padded base64 of UTF-8 text, decoded; nil for anything else.
    static func base64Decoded(_ text: String) -> String? {
        let digits = Array(text.utf8)
        guard digits.count % 4 == 0 else { return nil }
        let padding = digits.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        guard padding <= 2 else { return nil }
        var bytes: [UInt8] = []
        var buffer: UInt32 = 0
        for (index, digit) in digits.dropLast(padding).enumerated() {
            guard let value = base64Digits[digit] else { return nil }
            buffer = buffer << 6 | UInt32(value)
            if index % 4 == 3 {
                bytes += [UInt8(buffer >> 16 & 0xFF), UInt8(buffer >> 8 & 0xFF), UInt8(buffer & 0xFF)]
                buffer = 0
            }
        }
        switch padding {
        case 1: bytes += [UInt8(buffer >> 10 & 0xFF), UInt8(buffer >> 2 & 0xFF)]
        case 2: bytes.append(UInt8(buffer >> 4 & 0xFF))
        default: break
        }
        return utf8Text(bytes)
    }

    /// `%XX` escapes decoded, and `+` as a space (`encode=urlLegacy`; url3986 escapes a `+`);
    /// nil when an escape is broken or the bytes are not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var rest = text.utf8[...]
        while let byte = rest.popFirst() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                let pair = rest.prefix(2)
                guard pair.count == 2, pair.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
                      let value = UInt8(String(decoding: pair, as: UTF8.self), radix: 16) else { return nil }
                bytes.append(value)
                rest = rest.dropFirst(2)
            default: bytes.append(byte)
            }
        }
        return utf8Text(bytes)
    }

    /// The text of UTF-8 bytes without control characters other than line breaks and tabs.
    static func utf8Text(_ bytes: [UInt8]) -> String? {
        guard ImportSource.firstInvalid(bytes[...]) == nil else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" || $0.value == 0x7F }) else { return nil }
        return text
    }
}
