/// The command line of the replay harness (the build without libFuzzer).
struct ReplayOptions: Equatable {
    var corpus = ""
    var mutations = 2000
    var seconds = 60.0
    var seed: UInt64 = 1
    var slowest = 5
    var workers = 1
    /// Run only this mutation, as named in the list of slowest inputs.
    var reproduce: Int?
    /// With `reproduce`: where to write the mutated input.
    var output: String?
    var help = false

    static let usage = """
        usage: QuizgenFuzz CORPUS_DIR [--mutations N] [--seconds S] [--seed N] [--slowest K] [--jobs J]
               QuizgenFuzz CORPUS_DIR --reproduce K [--seed N] [--output FILE]
               QuizgenFuzz --help
        """

    static let help = usage + """


        Replays every input in CORPUS_DIR through check and build in memory, then runs N seeded
        random mutations of them, and checks what must hold for any input: diagnostics point
        into their files, a failed build writes nothing, the same input builds to the same bytes.
        Each file is a small site cut at lines `=====` (see Tests/Fuzz/README.md). At the end
        it lists the slowest inputs, each with a way to run it again.

        Options:
          --mutations N   mutations to run after the corpus (default 2000)
          --seconds S     time limit for the mutations, in seconds (default 60); the corpus is
                          always replayed whole. Reaching it before N mutations is a failure.
          --seed N        seed of the mutations (default 1). Mutation K of a seed and a corpus
                          is the same input on every run, however many run and in what order.
          --slowest K     how many of the slowest inputs to list (default 5; 0 for none)
          --jobs J        inputs run at once (default: one per core)
          --reproduce K   run only mutation K of the seed (no corpus replay) and print its time
          --output FILE   with --reproduce: also write the mutated input to FILE, e.g. to add
                          it to the corpus as a regression
          -h, --help      show this help

        Exit status:
          0  every corpus input and all N mutations ran and every check held
          1  the time limit stopped the run before N mutations (it says how many ran)
          2  a usage error, or no inputs in CORPUS_DIR
          A check that fails stops the run at once with a non-zero status (a failed precondition
          traps, and Swift prints a backtrace), after naming the inputs that were running.
        """

    enum ParseError: Error, Equatable, CustomStringConvertible {
        case unknown(String)
        case missingValue(String)
        case badValue(String, String)
        case noCorpus
        case outputWithoutReproduce

        var description: String {
            switch self {
            case .unknown(let argument): "unknown argument '\(argument)'"
            case .missingValue(let option): "\(option) needs a value"
            case .badValue(let option, let value): "\(option): '\(value)' is not a valid value"
            case .noCorpus: "no CORPUS_DIR given"
            case .outputWithoutReproduce: "--output is only for --reproduce"
            }
        }
    }

    static func parse(_ arguments: [String], cores: Int) throws(ParseError) -> ReplayOptions {
        var options = ReplayOptions()
        options.workers = max(1, cores)
        var corpus: String?
        var rest = arguments[...]
        func value<T>(_ option: String, _ read: (String) -> T?) throws(ParseError) -> T {
            guard let text = rest.popFirst() else { throw .missingValue(option) }
            guard let value = read(text) else { throw .badValue(option, text) }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help": options.help = true
            case "--mutations": options.mutations = try value(argument) { Int($0).flatMap { $0 >= 0 ? $0 : nil } }
            case "--seconds": options.seconds = try value(argument) { Double($0).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil } }
            case "--seed": options.seed = try value(argument) { UInt64($0) }
            case "--slowest": options.slowest = try value(argument) { Int($0).flatMap { $0 >= 0 ? $0 : nil } }
            case "--jobs": options.workers = try value(argument) { Int($0).flatMap { $0 >= 1 ? $0 : nil } }
            case "--reproduce": options.reproduce = try value(argument) { Int($0).flatMap { $0 >= 0 ? $0 : nil } }
            case "--output": options.output = try value(argument) { $0 }
            default:
                guard !argument.hasPrefix("-"), corpus == nil else { throw .unknown(argument) }
                corpus = argument
            }
        }
        if options.help { return options }
        guard let corpus else { throw .noCorpus }
        if options.output != nil, options.reproduce == nil { throw .outputWithoutReproduce }
        options.corpus = corpus
        return options
    }
}
