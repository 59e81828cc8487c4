import Foundation

// Usage: EmbedTemplates [--enum NAME] OUTPUT.swift FILE...
// Writes an enum (DefaultTemplates unless named) with each file's text as an escaped Swift
// string literal, keyed by file name.
@main
enum EmbedTemplates {
    static func main() {
        var arguments = CommandLine.arguments.dropFirst()
        var enumName = "DefaultTemplates"
        if arguments.first == "--enum", arguments.count >= 2 {
            enumName = arguments.dropFirst().first!
            arguments = arguments.dropFirst(2)
        }
        guard let output = arguments.first else {
            FileHandle.standardError.write("usage: EmbedTemplates [--enum NAME] OUTPUT.swift FILE...\n".data(using: .utf8)!)
            exit(2)
        }

        var swift = "// Generated from Templates/ by the TemplateEmbedder plugin. Do not edit.\n\n"
        swift += "enum \(enumName) {\n    static let files: [String: String] = [\n"
        for path in arguments.dropFirst() {
            let name = URL(fileURLWithPath: path).lastPathComponent
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                FileHandle.standardError.write("EmbedTemplates: cannot read \(path) as UTF-8\n".data(using: .utf8)!)
                exit(1)
            }
            swift += "        \(literal(name)): \(literal(text)),\n"
        }
        if arguments.count == 1 { swift += "        :\n" }
        swift += "    ]\n}\n"
        do {
            try swift.write(toFile: output, atomically: true, encoding: .utf8)
        } catch {
            FileHandle.standardError.write("EmbedTemplates: cannot write \(output): \(error)\n".data(using: .utf8)!)
            exit(1)
        }
    }

    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
