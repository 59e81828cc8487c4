import Diagnostics
import Support

/// An Open Trivia DB API response (https://opentdb.com/api_config.php), as saved from
/// `api.php?amount=N`: `{"response_code": 0, "results": [{"category", "type", "difficulty",
/// "question", "correct_answer", "incorrect_answers"}]}`, texts HTML-encoded (the API's
/// default). `boolean` questions have the answers "True" and "False". The difficulty becomes
/// the level, with the usual points per level written in the front matter.
enum OpenTDBImporter {
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
        for item in items {
            guard case .object = item.value else {
                diagnostics.append(error("a question is \(item.value.kindName), not an object", at: item.offset))
                continue
            }
            func text(_ key: String) -> String? {
                guard let node = item[key] else {
                    diagnostics.append(error("this question has no \"\(key)\"", at: item.offset))
                    return nil
                }
                guard let string = node.string else {
                    diagnostics.append(error("\"\(key)\" is \(node.value.kindName), not a string", at: node.offset))
                    return nil
                }
                return HTMLText.decodeEntities(string)
            }
            let question = text("question")
            let correct = text("correct_answer")
            var wrong: [String] = []
            if let node = item["incorrect_answers"] {
                if case .array(let answers) = node.value {
                    for answer in answers {
                        if let string = answer.string { wrong.append(HTMLText.decodeEntities(string)) } else {
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
                if let value = node.string?.lowercased(), levels.contains(value) { level = value } else {
                    diagnostics.append(file.diagnostic(
                        .warning, "unknown difficulty; the question is worth 1 point", byteOffset: node.offset,
                        hint: "Open Trivia DB's difficulties are easy, medium and hard"))
                }
            }
            if let category = item["category"]?.string.map(HTMLText.decodeEntities), !categories.contains(category) {
                categories.append(category)
            }
            guard let question, let correct else { continue }
            var choices = [TriviaDraft.Choice(text: .plain(correct), correct: true)] + wrong.map { .init(text: .plain($0), correct: false) }
            // True before False, as readers expect them, whichever is right.
            if item["type"]?.string == "boolean" {
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
        return TriviaImport.finish(draft, diagnostics: diagnostics, name: name)
    }
}
