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

    /// `my-first-story.md` → "My first story": dashes and underscores become spaces, and the
    /// first letter is made upper case (as a sentence, like the starters' descriptions).
    static func title(fromFileName path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if name.hasSuffix(".md") { name.removeLast(3) }
        let words = name.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " || $0 == "." })
        guard let first = words.first else { return "Untitled" }
        return ([first.prefix(1).uppercased() + first.dropFirst()] + words.dropFirst().map(String.init)).joined(separator: " ")
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
