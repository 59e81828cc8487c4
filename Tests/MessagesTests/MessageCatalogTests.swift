import Testing
@testable import Messages

@Suite struct MessageCatalogTests {
    @Test func englishReads() {
        #expect(MessageLibrary.builtInDiagnostics == [])
        let en = MessageLibrary.builtIn.english
        #expect(en.text("trivia.next_question") == "Next question")
        #expect(en.text("quiz.question_of", ["n": 3, "total": 10]) == "Question 3 of 10")
        #expect(en.plural("common.points", count: 5) == "5 points")
        #expect(en.plural("common.points", count: 1) == "1 point")
    }
}
