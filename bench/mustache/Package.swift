// swift-tools-version: 6.0
import PackageDescription

// quizgen's Mustache engine against hummingbird's swift-mustache, which it replaced, on the
// built-in templates: `swift run -c release --package-path bench/mustache`. A package of its
// own so that quizgen never depends on swift-mustache.
let package = Package(
    name: "MustacheBench",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "quizgen", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
    ],
    targets: [
        .executableTarget(
            name: "MustacheBench",
            dependencies: [
                .product(name: "Templating", package: "quizgen"),
                .product(name: "Mustache", package: "swift-mustache"),
            ]),
    ],
    // A script of top-level code with shared state, run on one thread.
    swiftLanguageModes: [.v5]
)
