/// The files `init` and `new` write: one short example of each kind, its comments in the
/// front matter (YAML `#` lines), since a comment in the Markdown would be raw HTML, which a
/// build leaves out with a warning. Each builds without warnings (tested).
enum Starter: String, CaseIterable {
    case personality, trivia, story

    /// The file name `init` gives the example in Content/.
    var exampleName: String {
        switch self {
        case .personality: "which-season.md"
        case .trivia: "planets.md"
        case .story: "the-door.md"
        }
    }

    /// The example's own title, which `new` replaces.
    var exampleTitle: String {
        switch self {
        case .personality: "Which Season Are You?"
        case .trivia: "The Planets"
        case .story: "The Door"
        }
    }

    /// The starter for `new`: the example with a title made from the file name, so that a
    /// new file does not show the same title as the example `init` wrote, or as another new
    /// one, and its description commented out: the example's would describe the wrong quiz
    /// on the index page until the author noticed.
    func text(title: String) -> String {
        var text = text.replacingFirst("\ntitle: \(exampleTitle)\n", with: "\ntitle: \(Self.yamlScalar(title))\n")
        if let start = text.firstRange(of: "\ndescription: "),
           let end = text[start.upperBound...].firstIndex(of: "\n") {
            text.replaceSubrange(start.lowerBound..<end, with: "\n" + Self.descriptionToFillIn)
        }
        return text
    }

    /// The description line of a `new` starter, for the author to write and uncomment.
    /// Its note stands on a line of its own: after the value, uncommented, it would be a
    /// comment that cuts the description (which `check` warns about).
    static let descriptionToFillIn = "# Shown under the title on the index page:\n# description: One line about it"

    /// `my-first-story.md` → "My first story": dashes, underscores, dots and spaces part the
    /// words, which are joined by one space, and the first letter is made a capital (as a
    /// sentence, like the starters' descriptions). Between two characters of a script written
    /// without spaces (Chinese, Japanese) the separator goes: `最初の-物語` → "最初の物語",
    /// `第1章-the-cave` → "第1章 the cave". Korean is written with spaces, and keeps them.
    /// - Parameter language: the site's, for the capital: a Turkish `istanbul` is "İstanbul".
    static func title(fromFileName path: String, language: String? = nil) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if name.hasSuffix(".md") { name.removeLast(3) }
        let words = name.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " || $0 == "." })
        guard !words.isEmpty else { return "Untitled" }
        var title = ""
        for word in words {
            if let last = title.unicodeScalars.last, let next = word.unicodeScalars.first,
               !(writtenWithoutSpaces(last) && writtenWithoutSpaces(next)) {
                title += " "
            }
            title += word
        }
        return capitalized(title, language: language)
    }

    /// Whether a character belongs to text written without spaces between words: Han, kana,
    /// Bopomofo, and the CJK punctuation and full-width forms written among them.
    static func writtenWithoutSpaces(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x2FDF,    // CJK and Kangxi radicals
             0x3000...0x303F,    // CJK symbols and punctuation (、。「」々〆〇)
             0x3040...0x30FF,    // Hiragana, Katakana
             0x3100...0x312F,    // Bopomofo
             0x3190...0x31FF,    // Kanbun, Bopomofo extended, CJK strokes, Katakana extensions
             0x3200...0x33FF,    // enclosed CJK letters (㈱) and CJK compatibility (㌔)
             0x3400...0x4DBF,    // CJK unified ideographs extension A
             0x4E00...0x9FFF,    // CJK unified ideographs
             0xF900...0xFAFF,    // CJK compatibility ideographs
             0xFE30...0xFE4F,    // CJK compatibility forms
             0xFF01...0xFF60,    // full-width forms (！, Ａ)
             0xFF61...0xFF9F,    // half-width CJK punctuation and Katakana
             0x1B000...0x1B16F,  // Kana supplement and extended
             0x20000...0x3FFFF:  // CJK unified ideographs extensions B on
            true
        default:
            false
        }
    }

    /// The text with its first letter a capital: by Unicode's title case, which leaves alone a
    /// script without capitals (CJK) or that does not capitalise a sentence (Georgian: "ა" stays,
    /// where upper case would give "Ა"), makes "ǆ" "ǅ" (not "Ǆ"), and a Turkish or Azerbaijani
    /// dotted "i" "İ". A first character that is no letter ("1st") stays as it is.
    static func capitalized(_ text: String, language: String?) -> String {
        guard let first = text.first, first.isLetter, let scalar = first.unicodeScalars.first else { return text }
        let primary = language?.split(separator: "-").first?.lowercased()
        let capital = scalar == "i" && (primary == "tr" || primary == "az") ? "İ" : scalar.properties.titlecaseMapping
        return capital + String(String.UnicodeScalarView(first.unicodeScalars.dropFirst())) + text.dropFirst()
    }

    /// Plain when YAML reads it back as written, else double-quoted.
    static func yamlScalar(_ text: String) -> String {
        let reserved = ["true", "false", "yes", "no", "on", "off", "null", "y", "n"]
        if text.first?.isLetter == true, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " }),
           !reserved.contains(text.lowercased()) {
            return text
        }
        return "\"" + text.map { $0 == "\"" || $0 == "\\" ? "\\\($0)" : "\($0)" }.joined() + "\""
    }

    var text: String {
        switch self {
        case .personality: """
            ---
            kind: personality
            # The title of the page and of its entry on the index page.
            title: Which Season Are You?
            description: Three questions to find the season that suits you.
            # shuffle-questions: true   # show the questions in a random order
            # shuffle-answers: true     # and the answers of each question
            #
            # Below the front matter: the introduction, then one '## heading' per question,
            # its answers as a list. {summer autumn=2} after an answer scores 1 for summer and
            # 2 for autumn. A heading with .outcome and an #id is a result; the highest total
            # wins, and a tie goes to the outcome written first.
            ---
            Answer as you feel today: the season with the most points is yours.

            ## Where would you rather spend an afternoon?
            - On a beach {summer}
            - In a forest of red leaves {autumn}
            - By the fire with a book {winter}
            - In a garden in bloom {spring}

            ## What do you like to do with friends? {.multiple}
            Pick as many as you like, or none.

            - Swim {summer}
            - Pick apples {autumn}
            - Build a snowman {winter}
            - Plant seeds {spring=2}

            ## How much do you like the heat? {.ranged}
            - Not at all {winter}
            - A little {autumn}
            - Quite a lot {spring}
            - The hotter the better {summer}

            ## Summer ☀️ {#summer .outcome}
            Bright and warm, you bring everyone outside.

            ## Autumn 🍂 {#autumn .outcome}
            Calm and thoughtful, you enjoy the colours of change.

            ## Winter ❄️ {#winter .outcome}
            Quiet and cosy, you make any room feel like home.

            ## Spring 🌱 {#spring .outcome}
            Curious and hopeful, you see the start of things.

            """
        case .trivia: """
            ---
            kind: trivia
            title: The Planets
            description: Four questions about the solar system.
            # Points per level: a question marked .easy is worth 1 point, .hard 3.
            points: {easy: 1, hard: 3}
            # pick: 3          # draw 3 questions at random for each play
            # time: 20         # seconds per question
            # pass: 50         # pass mark, in percent
            # on-wrong: end    # end the game at the first wrong answer
            # bank: more.csv   # more questions from a CSV file beside this one
            #
            # Below the front matter: one '## heading' per question, its choices as a list,
            # [x] for the right ones. A blockquote after the list explains the answer.
            ---
            How well do you know our neighbours in space?

            ## Which planet is closest to the Sun? {.easy}
            - [x] Mercury
            - [ ] Venus
            - [ ] Mars

            ## Which planet is the largest? {.easy}
            - [ ] Saturn
            - [x] Jupiter
            - [ ] Neptune

            > Jupiter is more than twice as massive as all the other planets together.

            ## Which planets have rings? {.multiple .hard}
            - [x] Saturn
            - [x] Uranus
            - [ ] Mars

            ## How many planets go round the Sun? {points=2}
            - [ ] Seven
            - [x] Eight
            - [ ] Nine

            > Pluto has been called a dwarf planet since 2006.

            """
        case .story: """
            ---
            kind: story
            title: The Door
            description: A very short story with two endings.
            # start: hall   # begin at another page than the first
            #
            # Below the front matter: one '## heading' per page. A link to a page's #id is a
            # choice; a page without choices is an ending (ending=good, bad or neutral colours
            # it on the story's map). `quizgen graph` prints the story's graph.
            ---
            You find a door at the end of the garden.

            ## The garden
            The door is old and painted green. A key hangs beside it.

            - [Open the door](#hall)
            - [Go back to the house](#house)

            ## Behind the door {#hall}
            A long hall leads to a sunlit room.

            - [Walk in](#room)
            - [Close the door again](#house)

            ## The sunlit room {#room ending=good}
            Someone has set the table for you. The end.

            ## Back in the house {#house ending=neutral}
            You make tea and wonder about the door. The end.

            """
        }
    }

    /// quizgen.yml for `init`: every setting, commented.
    static let settings = """
        # Site settings. Every key is optional.
        title: My Quizzes
        # description: A line under the title on the index page.
        # language: en                         # the lang of pages that do not set their own
        # base-url: https://example.org/quiz/  # only for absolute link-preview URLs
        # media-origins: [https://images.example.org]
        # map-choices: tooltips                # story maps: choices' words on hover, not on the arrows

        """

    static let gitignore = "public/\n"
}

extension String {
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        var copy = self
        copy.replaceSubrange(range, with: replacement)
        return copy
    }
}
