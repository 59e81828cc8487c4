import Testing
@testable import quizgen

/// The title `new` makes from a file name.
@Suite struct StarterTitleTests {
    @Test func latinNamesBecomeASentence() {
        #expect(Starter.title(fromFileName: "Content/my-first-story.md") == "My first story")
        #expect(Starter.title(fromFileName: "which_tree") == "Which tree")
        #expect(Starter.title(fromFileName: "a--b__c..d  e") == "A b c d e")
        #expect(Starter.title(fromFileName: "Content/---.md") == "Untitled")
        #expect(Starter.title(fromFileName: "1st-quiz") == "1st quiz")
    }

    /// Chinese and Japanese are written without spaces: a separator between two of their
    /// characters goes, and one beside a Latin letter or a digit is a space as before.
    @Test func separatorsBetweenCJKCharactersGo() {
        #expect(Starter.title(fromFileName: "Content/最初の-物語.md") == "最初の物語")
        #expect(Starter.title(fromFileName: "カタカナ_ひらがな.漢字") == "カタカナひらがな漢字")
        #expect(Starter.title(fromFileName: "我的-第一个-故事") == "我的第一个故事")
        #expect(Starter.title(fromFileName: "物語-「洞窟」") == "物語「洞窟」")
        #expect(Starter.title(fromFileName: "第1章-the-cave") == "第1章 the cave")
        #expect(Starter.title(fromFileName: "東京-quiz") == "東京 quiz")
        #expect(Starter.title(fromFileName: "quiz-東京") == "Quiz 東京")
        #expect(Starter.title(fromFileName: "2024-年") == "2024 年")
        // Korean is written with spaces between words.
        #expect(Starter.title(fromFileName: "첫번째-이야기") == "첫번째 이야기")
    }

    /// The capital is the first letter's title case: scripts without capitals, or that do
    /// not capitalise a sentence, stay as they are.
    @Test func theFirstLetterIsACapitalOnlyWhereTheScriptHasOne() {
        #expect(Starter.title(fromFileName: "東京") == "東京")
        #expect(Starter.title(fromFileName: "ひらがな") == "ひらがな")
        #expect(Starter.title(fromFileName: "ქართული-ენა") == "ქართული ენა", "Georgian: upper case would be Mtavruli")
        #expect(Starter.title(fromFileName: "αλφάβητο") == "Αλφάβητο")
        #expect(Starter.title(fromFileName: "ǆungla") == "ǅungla", "title case, not upper case")
        #expect(Starter.title(fromFileName: "e\u{301}cole") == "E\u{301}cole")
        #expect(Starter.title(fromFileName: "ıstanbul") == "Istanbul")
        #expect(Starter.title(fromFileName: "istanbul") == "Istanbul")
        #expect(Starter.title(fromFileName: "istanbul", language: "tr") == "İstanbul")
        #expect(Starter.title(fromFileName: "ıstanbul", language: "tr") == "Istanbul")
        #expect(Starter.title(fromFileName: "istanbul", language: "az-Latn") == "İstanbul")
        #expect(Starter.title(fromFileName: "istanbul", language: "en") == "Istanbul")
    }
}
