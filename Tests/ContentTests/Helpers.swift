import Content
import Diagnostics

func parse(_ text: String, path: String = "Content/quiz.md", options: ContentParser.Options = .init(),
           files: [String: String] = [:]) -> (ContentPiece?, [Diagnostic]) {
    // Only the files the parser says it needs, as the loader reads them: bank tests then
    // also check that the look ahead finds the bank.
    let file = SourceFile(path: path, text: text)
    var siblings: ContentParser.Siblings = [:]
    for name in ContentParser.siblings(of: file) { siblings[name] = files[name].map { .success($0) } ?? .failure(.notFound) }
    return ContentParser.parse(file, sitePath: "quiz", options: options, siblings: siblings)
}

func personality(_ text: String) -> PersonalityQuiz? {
    guard case .personality(let quiz)? = parse(text).0?.body else { return nil }
    return quiz
}

/// "LINE:COLUMN: severity: message" for compact assertions.
func located(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { "\($0.line):\($0.column): \($0.severity.rawValue): \($0.message)" }
}

let animals = """
    ---
    kind: personality
    title: Which Animal Are You?
    ---
    Answer honestly.

    ## Which food do you like the most?
    - Steak {dog}
    - Fish {cat}

    ## Which activities do you enjoy? {.multiple}
    - Swimming {cat}
    - Sleeping {cat=2 dog=-1}

    ## How much do you enjoy car rides? {.ranged}
    - I dislike them {cat}
    - I love them {dog}

    ## You are a dog! {#dog .outcome}
    Outgoing.

    ## You are a cat! {#cat .outcome}
    Independent.

    """
