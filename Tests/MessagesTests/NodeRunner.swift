import Foundation

/// Runs a script under node when node is installed; nil otherwise.
enum NodeRunner {
    static func run(_ script: String) -> String? {
        let candidates = ["/usr/bin/node", "/usr/local/bin/node", "/opt/homebrew/bin/node"]
        guard let node = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node)
        process.arguments = ["-e", script]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
