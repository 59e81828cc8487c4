import Diagnostics
import Testing
@testable import Messages

@Suite struct CatalogDiagnosticsTests {
    let library = MessageLibrary.builtIn

    func diagnostics(_ yaml: String, path: String = "i18n/fr.yaml") -> [Diagnostic] {
        library.merging(siteYAML: yaml, path: path).1
    }

    @Test func yamlErrorIsLocated() {
        let found = diagnostics("trivia.submit: Envoyer\ntrivia.review: \"Bilan\n")
        #expect(found.count == 1)
        #expect(found.first?.isError == true)
        #expect(found.first?.message.hasPrefix("not valid YAML") == true)
        #expect(found.first?.file == "i18n/fr.yaml")
        #expect(found.first?.line == 2)
        #expect(found.first?.column == 16)
    }

    @Test func notAMapping() {
        let found = diagnostics("- one\n- two\n")
        #expect(found == [Diagnostic.error(
            "expected a list of 'message.id: text' lines", file: "i18n/fr.yaml", line: 1, column: 1, sourceLine: "- one")])
    }

    @Test func unknownPluralCategory() {
        let found = diagnostics("common.points:\n  one: \"{count} pt\"\n  mnay: \"{count} de pts\"\n  other: \"{count} pts\"\n")
        #expect(found == [Diagnostic.error(
            "unknown plural category 'mnay' in 'common.points'", file: "i18n/fr.yaml", line: 3, column: 3,
            hint: "did you mean 'many'?", sourceLine: "  mnay: \"{count} de pts\"")])
    }

    @Test func formTheLanguageNeverUses() {
        let found = diagnostics("common.points:\n  one: \"{count} pt\"\n  few: \"{count} p\"\n  other: \"{count} pts\"\n")
        #expect(found.map(\.severity) == [.warning, .warning])
        #expect(found[0].message == "French has no 'few' form: it is never shown")
        #expect((found[0].line, found[0].column) == (3, 3))
        #expect(found[1].message == "'common.points' has no 'many' form: 'other' is shown where French uses it")
    }

    @Test func placeholdersDifferingFromEnglish() {
        let found = diagnostics("quiz.question_of: \"Question {n} sur {totl}\"\n")
        #expect(found == [Diagnostic.error(
            "'quiz.question_of' has placeholders {n}, {totl}, but English has {n}, {total}", file: "i18n/fr.yaml",
            line: 1, column: 19, hint: "did you mean '{total}'?", sourceLine: "quiz.question_of: \"Question {n} sur {totl}\"")])
        let form = diagnostics("common.points:\n  one: \"{count} point\"\n  many: \"{count} de points\"\n  other: \"{cuont} points\"\n")
        #expect(form.map(\.message) == ["the 'other' form of 'common.points' has placeholders {cuont}, but English has {count}"])
        #expect(form.map(\.line) == [4])
    }

    /// Translators leave a value out on purpose ("第{n}問", the total being shown elsewhere):
    /// a warning at the message naming what is left out, and the text is used as written.
    @Test func aPlaceholderLeftOutIsAWarning() {
        let (merged, found) = library.merging(siteYAML: "quiz.question_of: \"第{n}問\"\n", path: "i18n/ja.yaml")
        #expect(found == [
            Diagnostic.warning(
                "'quiz.question_of' leaves out {total} of English: that value will not be shown", file: "i18n/ja.yaml",
                line: 1, column: 19, hint: "if that is meant, nothing breaks; else put {total} back in the text",
                sourceLine: "quiz.question_of: \"第{n}問\""),
        ])
        #expect(merged.resolve("ja").catalog.text("quiz.question_of", ["n": "3", "total": "5"]) == "第3問")
        let form = diagnostics("common.points:\n  one: \"un point\"\n  many: \"{count} de points\"\n  other: \"des points\"\n")
        #expect(form.map(\.message) == ["the 'other' form of 'common.points' leaves out {count} of English: that value will not be shown"])
        #expect(form.map(\.line) == [4])
        #expect(form.map(\.isError) == [false])
    }

    @Test func unknownKeyIsAWarningWithTheNearestId() {
        let (merged, found) = library.merging(siteYAML: "trivia.next_questoin: Suivante\n", path: "i18n/fr.yaml")
        #expect(found == [Diagnostic.warning(
            "unknown message id 'trivia.next_questoin'", file: "i18n/fr.yaml", line: 1, column: 1,
            hint: "did you mean 'trivia.next_question'?", sourceLine: "trivia.next_questoin: Suivante")])
        // Kept, for a site's own templates.
        #expect(merged.resolve("fr").catalog.text("trivia.next_questoin") == "Suivante")
    }

    @Test func textWherePluralFormsAreNeededAndTheReverse() {
        let found = diagnostics("common.points: \"{count} points\"\ntrivia.submit:\n  other: Valider\n")
        #expect(found.map(\.message) == [
            "'common.points' needs plural forms, as in English",
            "'trivia.submit' has no count in English: it takes one text, not plural forms",
        ])
        #expect(found.map(\.line) == [1, 3])
    }

    @Test func missingOtherForm() {
        let found = diagnostics("common.points:\n  one: \"{count} point\"\n")
        #expect(found.map(\.message) == ["'common.points' needs an 'other' form"])
        #expect((found[0].line, found[0].column) == (2, 3))
    }

    @Test func aliasesAreRefusedWhereTheyStand() {
        let found = diagnostics("trivia.submit: &v Valider\ntrivia.review: *v\ntrivia.no_answer: \"*aucune*\"\n")
        #expect(found.map(\.message) == ["a message catalog cannot use YAML aliases"])
        #expect((found[0].line, found[0].column) == (2, 16))
        // A star inside quotes is text.
        #expect(library.merging(siteYAML: "trivia.no_answer: \"*aucune*\"\n", path: "i18n/fr.yaml").0
            .resolve("fr").catalog.text("trivia.no_answer") == "*aucune*")
    }

    @Test func emptyValue() {
        let found = diagnostics("trivia.submit:\ntrivia.review: Bilan\n")
        #expect(found.map(\.message) == ["'trivia.submit' must be a text, or plural forms such as 'one: …' and 'other: …'"])
        #expect(found.map(\.line) == [1])
    }

    @Test func duplicateId() {
        let found = diagnostics("trivia.review: Bilan\ntrivia.submit: Valider\ntrivia.review: Récap\n")
        #expect(found.count == 1)
        #expect(found.first?.isError == true)
        #expect(found.first?.message.contains("'trivia.review'") == true)
    }

    @Test func badFileName() {
        let found = diagnostics("trivia.submit: Go\n", path: "i18n/4.yaml")
        #expect(found.map(\.message) == ["'4.yaml' is not named after a language"])
    }
}
