import Foundation
import Testing

/// A program on `PATH` that some tests run: Graphviz's `dot`, `node` for the page scripts.
///
/// A test that needs one says so with `@Test(.requires(.dot))`. Where the program is missing
/// the test is skipped, and the runner prints why; with `CI` set (to anything but the empty
/// string) it fails instead, since CI installs everything (scripts/install-deps.sh) and a
/// test that skips there tests nothing.
public struct Tool: Sendable, CustomStringConvertible {
    /// The command looked up on `PATH`.
    public let command: String
    /// What it is, for the message: "Graphviz's dot".
    public let name: String
    /// The Debian package that installs it.
    public let package: String

    public init(command: String, name: String, package: String) {
        self.command = command
        self.name = name
        self.package = package
    }

    public static let dot = Tool(command: "dot", name: "Graphviz's dot", package: "graphviz")
    public static let node = Tool(command: "node", name: "Node.js", package: "nodejs")

    /// Whether `command` is an executable file in a folder of `PATH`.
    public func isInstalled(path: String = ProcessInfo.processInfo.environment["PATH"] ?? "") -> Bool {
        path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(command)") }
    }

    public var description: String {
        "\(name) is not installed (no '\(command)' on PATH): run scripts/install-deps.sh, "
            + "or apt-get install \(package)"
    }

    /// Whether the tests run in CI, where a missing tool is a failure and not a skip.
    public static var inCI: Bool {
        !(ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty
    }
}

/// Tools a test needs that are missing where they must not be (`CI` is set).
public struct MissingTools: Error, CustomStringConvertible {
    public let tools: [Tool]
    public var description: String {
        tools.map(\.description).joined(separator: "; ") + " (CI is set, so the test fails instead of skipping)"
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where every tool is installed: otherwise it is skipped with a
    /// message naming the missing tool, or fails with that message when `CI` is set.
    public static func requires(_ tools: Tool..., sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        let missing = tools.filter { !$0.isInstalled() }
        let comment = Comment(rawValue: missing.map(\.description).joined(separator: "; "))
        return .enabled(comment, sourceLocation: sourceLocation) {
            // A condition that throws makes the runner record the error as the test's failure.
            if !missing.isEmpty, Tool.inCI { throw MissingTools(tools: missing) }
            return missing.isEmpty
        }
    }
}
