import Foundation
import PackagePlugin

/// Compiles the built-in templates into the `CloudSchemaTemplates` target:
/// every `*.template` file of the target (the package's `Templates/` folder)
/// becomes an entry of `EmbeddedTemplates.all` in one generated Swift file,
/// written by the `embed-templates` tool.
///
/// Every template file is an input of the build command, so editing one
/// re-runs the embedding; because `Templates/` is a target's folder, SwiftPM
/// watches it and asks this plugin again when a template is added, removed or
/// renamed. Nothing is looked up at run time, so the templates are there
/// whether `cloudschema` runs standalone, as a plugin tool, or from a package
/// that depends on CloudSchema.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let templates = target.sourceFiles
            .map(\.url)
            .filter { $0.lastPathComponent.hasSuffix(".template") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplates.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(templates.count) built-in templates into \(target.name)",
                executable: try context.tool(named: "embed-templates").url,
                arguments: [output.path] + templates.map(\.path),
                inputFiles: templates,
                outputFiles: [output]
            )
        ]
    }
}
