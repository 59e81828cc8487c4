import Foundation
import Testing

/// Golden-file testing: compares generated text with a committed file under the test
/// target's `__Golden__/` folder. `QUIZGEN_RECORD=1 swift test` writes the files anew;
/// review the diff before committing it.
public enum Golden {
    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment["QUIZGEN_RECORD"] == "1"
    }

    public static func assertMatches(
        _ actual: String, named name: String, testFile: String = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let folder = URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("__Golden__")
        let url = folder.appendingPathComponent(name)
        if isRecording {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record(
                Comment(rawValue: "no golden file \(url.path); run QUIZGEN_RECORD=1 swift test to create it"),
                sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            let message = "\(name) differs from its golden file:\n\(firstDifference(expected, actual))\n"
                + "If the change is intended, run QUIZGEN_RECORD=1 swift test and review the diff."
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }

    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(e.count, a.count) {
            let el = i < e.count ? String(e[i]) : "<end of file>"
            let al = i < a.count ? String(a[i]) : "<end of file>"
            if el != al { return "line \(i + 1):\n  expected: \(el)\n  actual:   \(al)" }
        }
        return "(no line differs)"
    }
}

/// Paths of the repository, for tests that read the sample site or run the binary.
public enum Repository {
    public static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url = url.deletingLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// The built `quizgen` binary next to the test bundle.
    public static var binary: URL {
        let products = Bundle.main.bundleURL.deletingLastPathComponent()
        for candidate in [products.appendingPathComponent("quizgen"), Bundle.main.bundleURL.appendingPathComponent("quizgen")]
        where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        return root.appendingPathComponent(".build/debug/quizgen")
    }

    /// A fresh temporary folder, removed by the caller when it likes.
    public static func temporaryFolder(_ name: String = "quizgen") -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Runs a program and collects what it printed.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public static func run(_ executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil) throws -> ProcessResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if let environment { process.environment = environment }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes before waiting, so a full pipe cannot block the child.
        let outData = DispatchQueue.global().sync { out.fileHandleForReading.readDataToEndOfFile() }
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
