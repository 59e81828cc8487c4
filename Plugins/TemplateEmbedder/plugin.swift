import Foundation
import PackagePlugin

/// Generates `DefaultTemplates.swift` from the repository's `Templates/` folder, so the
/// built-in templates live in one place and travel inside the binary. Used by the Messages
/// target, it generates `DefaultCatalogs.swift` from `Templates/i18n/` instead: the message
/// catalogs sit beside the templates that show them, and are embedded the same way.
@main
struct TemplateEmbedder: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "Templates")
        let catalogs = target.name == "Messages"
        let folder = catalogs ? templates.appending(path: "i18n") : templates
        let enumName = catalogs ? "DefaultCatalogs" : "DefaultTemplates"
        // Files only: a subfolder (i18n/) is embedded by the target that owns it.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { !$0.hasPrefix(".") && !$0.hasPrefix("_") && !Self.isFolder(folder.appending(path: $0)) }
            .sorted()
        let inputs = names.map { folder.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "\(enumName).swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) \(catalogs ? "message catalogs" : "templates")",
                executable: try context.tool(named: "EmbedTemplates").url,
                arguments: ["--enum", enumName, output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }

    static func isFolder(_ url: URL) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &folder) && folder.boolValue
    }
}
