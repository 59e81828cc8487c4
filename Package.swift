// swift-tools-version: 6.0
import PackageDescription

// `QUIZGEN_FUZZ=1` (set by scripts/fuzz.sh, with its own scratch path) instruments the
// pipeline for libFuzzer; the plugin's tool and normal builds are left alone.
let fuzzing = Context.environment["QUIZGEN_FUZZ"] == "1"
let coverage: [SwiftSetting] = fuzzing ? [.unsafeFlags(["-sanitize=fuzzer"])] : []
let fuzzEntry: [SwiftSetting] = fuzzing ? [.unsafeFlags(["-sanitize=fuzzer", "-parse-as-library"]), .define("FUZZING")] : []
let fuzzLink: [LinkerSetting] = fuzzing ? [.unsafeFlags(["-sanitize=fuzzer", "-use-ld=lld"])] : []

// Linux only: built and tested on Debian. The system calls sit behind `canImport` shims
// (Support/WriteAll, Site/FileSystem, CSystem), but no macOS build has been tried.
let package = Package(
    name: "quizgen",
    products: [
        .executable(name: "quizgen", targets: ["quizgen"]),
        // Only for bench/mustache, which measures the engine against swift-mustache.
        .library(name: "Templating", targets: ["Templating"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // CSV question banks: RFC 4180 quoting, embedded newlines, BOM, CRLF, and an error on
        // a stray quote (yaslab/CSV.swift reads malformed quoting silently and loses characters).
        .package(url: "https://github.com/swiftcsv/SwiftCSV", from: "0.10.0"),
        // `quizgen serve`: the HTTP server (on swift-nio).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // Hummingbird's own; Serve names its event loops and channels directly.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.70.0"),
    ],
    targets: [
        // cmark from the system (Debian: libcmark-dev). Only the Markdown target imports it.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // Small helpers more than one stage needs: HTML escaping, script JSON, number and
        // string formatting, writing a whole buffer to a file descriptor.
        .target(name: "Support", swiftSettings: coverage),
        .target(name: "Diagnostics", dependencies: ["Support"], swiftSettings: coverage),
        // The arena cmark allocates from while it parses: C, for its thread-local.
        .target(name: "CArena"),
        .target(name: "Markdown", dependencies: ["CCmark", "CArena", "Support"], swiftSettings: coverage),
        // The words readers see, per language: catalogs from Templates/i18n and CLDR plural rules.
        // YAML from authors: the plain subset read directly, the rest composed by Yams with
        // aliases measured first; values and errors located.
        .target(name: "YAMLReading", dependencies: ["Diagnostics", "Yams"], swiftSettings: coverage),
        .target(name: "Messages", dependencies: ["Diagnostics", "YAMLReading", "Yams"], swiftSettings: coverage, plugins: ["TemplateEmbedder"]),
        .target(name: "Content", dependencies: ["Markdown", "Diagnostics", "Support", "YAMLReading", "Yams", "SwiftCSV"], swiftSettings: coverage),
        .target(name: "Analysis", dependencies: ["Content", "Diagnostics", "Support"], swiftSettings: coverage),
        // Mustache templates over typed values: the built-in templates and a site's own.
        .target(name: "Templating", dependencies: ["Support"], swiftSettings: coverage),
        .target(
            name: "Render",
            dependencies: ["Content", "Analysis", "Markdown", "Messages", "Templating", "Diagnostics", "Support"],
            swiftSettings: coverage,
            plugins: ["TemplateEmbedder"]
        ),
        // The one system call Swift cannot make directly (renameat2, for the atomic swap). Not
        // named CSystem, the name of swift-system's own C module, which swift-nio brings in.
        .target(name: "CQuizgenSystem", path: "Sources/CSystem"),
        .target(name: "Site", dependencies: ["Content", "Analysis", "Render", "Messages", "Diagnostics", "CQuizgenSystem", "Support"], swiftSettings: coverage),
        // quizgen import and export: Twee, GIFT, Aiken and Open Trivia DB text to quizgen
        // Markdown (and a CSV bank), and trivia quizzes to GIFT. Pure text-to-text functions.
        .target(name: "Import", dependencies: ["Content", "Analysis", "Markdown", "Diagnostics", "Support"], swiftSettings: coverage),
        // What `check` prints: the terminal report and the JSON for authors' CI.
        .target(name: "Reports", dependencies: ["Analysis", "Content", "Diagnostics", "Support"], swiftSettings: coverage),
        // The system calls `serve` needs: file-change notices (inotify on Linux), trimming the heap.
        .target(name: "CWatch"),
        // `quizgen serve`: watching the site, rebuilding what changed, serving it from memory
        // over HTTP with live reload and an error overlay.
        .target(
            name: "Serve",
            dependencies: ["Site", "Render", "Diagnostics", "Support", "CWatch",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]),
        .executableTarget(
            name: "quizgen",
            dependencies: [
                "Site", "Reports", "Import", "Content", "Diagnostics", "Support", "Serve",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // The fuzz target: libFuzzer with scripts/fuzz.sh, else a corpus replayer and mutator.
        .executableTarget(
            name: "QuizgenFuzz", dependencies: ["Site", "Reports", "Analysis", "Diagnostics"], swiftSettings: fuzzEntry, linkerSettings: fuzzLink),

        // Build-time embedding of the repository's Templates/ into the binary, so an installed
        // quizgen has its defaults from any folder and Templates/ stays the single source.
        .executableTarget(name: "EmbedTemplates"),
        .plugin(name: "TemplateEmbedder", capability: .buildTool(), dependencies: ["EmbedTemplates"]),

        // Helpers shared by the test targets: golden files, repository paths, running the binary.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics"]),
        .testTarget(name: "TemplatingTests", dependencies: ["Templating"]),
        .testTarget(name: "YAMLReadingTests", dependencies: ["YAMLReading", "TestSupport"]),
        .testTarget(name: "MessagesTests", dependencies: ["Messages", "Diagnostics"]),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown"]),
        .testTarget(name: "ContentTests", dependencies: ["Content", "Diagnostics", "Markdown", "Support", "TestSupport"]),
        .testTarget(name: "AnalysisTests", dependencies: ["Analysis", "Content", "Markdown"]),
        // Golden files are read by path (Golden.swift), not as bundle resources.
        .testTarget(
            name: "RenderTests", dependencies: ["Render", "Site", "Content", "Analysis", "Diagnostics", "Markdown", "Messages", "Support", "TestSupport"],
            exclude: ["__Golden__"]),
        .testTarget(name: "SiteTests", dependencies: ["Site", "Reports", "Diagnostics", "Messages", "TestSupport"], exclude: ["__Golden__"]),
        .testTarget(name: "ImportTests", dependencies: ["Import", "Content", "Markdown", "Diagnostics", "TestSupport"], exclude: ["__Golden__"]),
        .testTarget(
            name: "ServeTests",
            dependencies: [
                "Serve", "Site", "Render", "TestSupport",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(name: "CLITests", dependencies: ["quizgen", "TestSupport"], exclude: ["__Golden__"]),
    ]
)
