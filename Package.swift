// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "quizgen",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "quizgen", targets: ["quizgen"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        // CSV question banks: RFC 4180 quoting, embedded newlines, BOM, CRLF, and an error on
        // a stray quote (yaslab/CSV.swift reads malformed quoting silently and loses characters).
        .package(url: "https://github.com/swiftcsv/SwiftCSV", from: "0.10.0"),
    ],
    targets: [
        // cmark from the system (Debian: libcmark-dev). Only the Markdown target imports it.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        .target(name: "Diagnostics"),
        .target(name: "Markdown", dependencies: ["CCmark"]),
        .target(name: "Content", dependencies: ["Markdown", "Diagnostics", "Yams", "SwiftCSV"]),
        .target(name: "Analysis", dependencies: ["Content", "Diagnostics"]),
        .target(
            name: "Render",
            dependencies: ["Content", "Analysis", "Markdown", .product(name: "Mustache", package: "swift-mustache")],
            plugins: ["TemplateEmbedder"]
        ),
        // The one system call Swift cannot make directly (renameat2, for the atomic swap).
        .target(name: "CSystem"),
        .target(name: "Site", dependencies: ["Content", "Analysis", "Render", "Diagnostics", "CSystem"]),
        .executableTarget(
            name: "quizgen",
            dependencies: ["Site", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

        // Build-time embedding of the repository's Templates/ into the binary, so an installed
        // quizgen has its defaults from any folder and Templates/ stays the single source.
        .executableTarget(name: "EmbedTemplates"),
        .plugin(name: "TemplateEmbedder", capability: .buildTool(), dependencies: ["EmbedTemplates"]),

        // Helpers shared by the test targets: golden files, repository paths, running the binary.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics"]),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown", "TestSupport"]),
        .testTarget(name: "ContentTests", dependencies: ["Content", "Diagnostics", "Markdown", "TestSupport"]),
        .testTarget(name: "AnalysisTests", dependencies: ["Analysis", "Content", "Site", "TestSupport"]),
        // Golden files are read by path (Golden.swift), not as bundle resources.
        .testTarget(
            name: "RenderTests", dependencies: ["Render", "Site", "Content", "Analysis", "TestSupport"],
            exclude: ["__Golden__"]),
        .testTarget(name: "SiteTests", dependencies: ["Site", "Diagnostics", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["quizgen", "TestSupport"]),
    ]
)
