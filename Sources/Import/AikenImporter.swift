import Diagnostics
import Support

/// Moodle's Aiken format: a question, its choices lettered `A.` or `A)`, and `ANSWER: B`.
///
///     What is the capital of Australia?
///     A. Sydney
///     B) Canberra
///     ANSWER: B
///
/// Questions are separated by the ANSWER line (blank lines between them are usual). The
/// question may run over several lines; a choice is one line.
enum AikenImporter {
    static func importing(_ file: SourceFile, name: String) -> Imported {
        var draft = TriviaDraft(title: name)
        var diagnostics: [Diagnostic] = []
        var questionLines: [String] = []
        var questionStart = 0
        var choices: [(letter: Character, text: String, line: Int, column: Int)] = []

        func reset() {
            questionLines = []
            choices = []
        }
        for (index, raw) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = raw.trimmingWhitespace
            if line.isEmpty { continue }
            if let answer = answerLetter(line) {
                // The letter after the colon, or the colon when there is none.
                let colon = raw.firstIndex(of: ":")!
                let letterIndex = raw[raw.index(after: colon)...].firstIndex { !$0.isWhitespace } ?? colon
                let column = raw.utf8.distance(from: raw.startIndex, to: letterIndex) + 1
                guard !questionLines.isEmpty else {
                    diagnostics.append(file.error("this ANSWER line has no question before it", line: number,
                                                  hint: "each question is its text, its lettered choices, then ANSWER: and a letter"))
                    reset()
                    continue
                }
                // Lower case is read as the capital it stands for: no choice is lettered in lower case.
                guard let letter = answer, let correct = choices.firstIndex(where: { String($0.letter) == letter.uppercased() }) else {
                    let letters = choices.map { String($0.letter) }.joined(separator: ", ")
                    diagnostics.append(file.error(
                        answer.map { "the answer '\($0)' is not the letter of one of this question's choices" }
                            ?? "ANSWER: names no letter",
                        line: number, byteColumn: column,
                        hint: choices.isEmpty ? "write the choices before ANSWER, one per line: 'A. …'" : "the choices are lettered \(letters)"))
                    reset()
                    continue
                }
                var question = TriviaDraft.Question(
                    text: .plain(questionLines.joined(separator: " ")),
                    choices: choices.enumerated().map {
                        .init(text: .plain($0.element.text), correct: $0.offset == correct, line: $0.element.line, column: $0.element.column)
                    },
                    line: questionStart)
                if let problem = TriviaDraft.problem(with: question, file: file) {
                    diagnostics.append(problem)
                } else {
                    question.column = 1
                    draft.questions.append(question)
                }
                reset()
                continue
            }
            if let (letter, text) = choice(line), !questionLines.isEmpty {
                if let previous = choices.last, previous.letter >= letter {
                    diagnostics.append(file.warning(
                        "choice \(letter) comes after choice \(previous.letter)", line: number,
                        hint: "the letters tell the choices apart: ANSWER names one of them"))
                }
                // Its text's column, after the letter, the mark and the spaces.
                let lead = raw.prefix { $0.isWhitespace }.utf8.count
                let gap = raw.dropFirst(raw.prefix { $0.isWhitespace }.count + 2).prefix { $0.isWhitespace }.utf8.count
                choices.append((letter, text, number, lead + 2 + gap + 1))
                continue
            }
            if !choices.isEmpty {
                diagnostics.append(file.error(
                    "this line is neither a lettered choice nor the ANSWER line", line: number,
                    hint: "after its choices a question ends with a line such as 'ANSWER: B'"))
                reset()
                continue
            }
            if questionLines.isEmpty { questionStart = number }
            questionLines.append(line)
        }
        if !questionLines.isEmpty {
            diagnostics.append(file.error(
                "the file ends before this question's ANSWER line", line: questionStart,
                hint: "is the file cut short? Each question ends with a line such as 'ANSWER: B'"))
        }
        if draft.questions.isEmpty && !diagnostics.hasErrors {
            diagnostics.append(file.error("no Aiken questions in this file", line: 1,
                                          hint: "a question is a line of text, lettered choices ('A. …'), then 'ANSWER: A'"))
        }
        return TriviaImport.finish(draft, diagnostics: diagnostics, name: name, file: file)
    }

    /// `ANSWER: B` (any letter case, spaces allowed): the letter as written; `.some(nil)` without one.
    static func answerLetter(_ line: String) -> Character?? {
        guard line.uppercased().hasPrefix("ANSWER"), let colon = line.firstIndex(of: ":"),
              line[..<colon].trimmingWhitespace.uppercased() == "ANSWER" else { return nil }
        let rest = line[line.index(after: colon)...].trimmingWhitespace
        guard let first = rest.first, first.isLetter, first.isASCII else { return .some(nil) }
        return .some(first)
    }

    /// `A. text` or `A) text`: the capital letter and the text.
    static func choice(_ line: String) -> (Character, String)? {
        guard let letter = line.first, letter.isASCII, letter.isUppercase, line.count > 2 else { return nil }
        let mark = line[line.index(after: line.startIndex)]
        let space = line[line.index(line.startIndex, offsetBy: 2)]
        guard mark == "." || mark == ")", space == " " || space == "\t" else { return nil }
        return (letter, String(line.dropFirst(3)).trimmingWhitespace)
    }
}
