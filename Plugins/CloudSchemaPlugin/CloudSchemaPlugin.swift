import Foundation
import PackagePlugin

/// Generates Swift from a target's `.cloudschema` (and `.ckdb`) files on every build; on a target
/// without them, lints the SwiftData models and SQLiteData migrations in its Swift files.
///
/// One build command per target with a fixed list of outputs (`<file>.cloudschema.swift` per schema
/// file, plus `CloudSchema.swift`), declared before it runs, so SwiftPM and Xcode run the
/// generator only when a schema, the config or the tool itself (`cloudschema-build`) changed. A schema
/// file over 16 KiB is generated in parts the compiler builds in parallel (`<file>.cloudschema.2.swift`,
/// …); the plugin tells the tool how many it declared. Lint errors fail the build and show on the
/// schema line (`file:line:col: error:`).
@main
struct CloudSchemaPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles.map(\.url)
        return try CloudSchemaBuildCommand.make(
            target: target.name,
            files: files,
            config: CloudSchemaBuildCommand.findConfig(in: files, searchingUpFrom: target.directoryURL),
            tool: CloudSchemaBuildCommand.tool { try context.tool(named: $0).url },
            outputDirectory: context.pluginWorkDirectoryURL)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension CloudSchemaPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url)
        return try CloudSchemaBuildCommand.make(
            target: target.displayName,
            files: files,
            config: CloudSchemaBuildCommand.findConfig(in: files, searchingUpFrom: nil),
            tool: CloudSchemaBuildCommand.tool { try context.tool(named: $0).url },
            outputDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif

enum CloudSchemaBuildCommand {
    /// The tool this plugin runs: `cloudschema-build`, which this package builds from source, or
    /// the release's prebuilt `cloudschema` when this file is the plugin of the package
    /// `Release/make-plugin-package.sh` writes (CloudSchemaPrebuiltPlugin). Both run `lint` and
    /// `generate` the same way.
    static func tool(_ named: (String) throws -> URL) throws -> URL {
        if let source = try? named("cloudschema-build") { return source }
        return try named("cloudschema")
    }

    static func isSchema(_ url: URL) -> Bool {
        url.pathExtension == "cloudschema" || url.pathExtension == "ckdb"
    }

    /// `cloudschema.json` among the target's files, else the nearest one above the target
    /// (as `cloudschema lint` finds it), stopping at the package root's parent.
    static func findConfig(in files: [URL], searchingUpFrom directory: URL?) -> URL? {
        if let config = files.first(where: { $0.lastPathComponent == "cloudschema.json" }) { return config }
        var folder = directory
        while let current = folder, current.path != "/" {
            let candidate = current.appendingPathComponent("cloudschema.json")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            if FileManager.default.fileExists(atPath: current.appendingPathComponent("Package.swift").path) { break }
            folder = current.deletingLastPathComponent()
        }
        return nil
    }

    /// The config, the baseline it names (`"lint": {"baseline": …}`) and the schema files it names
    /// (`"schema"`: a path or a list), each relative to the config's folder: the tool reads them
    /// all, so a change to any runs the command again. The tool reads and validates the config itself.
    static func configInputs(_ config: URL?) -> [URL] {
        guard let config else { return [] }
        guard let data = FileManager.default.contents(atPath: config.path),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [config] }
        let baseline = ((root["lint"] as? [String: Any])?["baseline"] as? String).map { [$0] } ?? []
        let schemas = (root["schema"] as? [String]) ?? (root["schema"] as? String).map { [$0] } ?? []
        let folder = config.deletingLastPathComponent()
        return [config]
            + (baseline + schemas).filter { !$0.isEmpty }.map {
                $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : folder.appendingPathComponent($0).standardizedFileURL
            }
    }

    /// How many files `cloudschema generate` splits a schema file into by default: one per started
    /// 16 KiB (`Generator.partCount(schemaBytes:)`, which the plugin can't import). The count is
    /// passed with `--parts`, so the tool writes exactly the files declared here even if the two
    /// ever differed, or the schema grew after SwiftPM or Xcode last ran the plugin.
    static func partCount(_ schema: URL) -> Int {
        // The size of what a link points to (attributesOfItem doesn't follow links).
        let bytes = (try? FileManager.default.attributesOfItem(atPath: schema.resolvingSymlinksInPath().path)[.size] as? Int) ?? 0
        return max(1, (bytes + 16_383) / 16_384)
    }

    /// `Garden.cloudschema.swift`, `Garden.cloudschema.2.swift`, … (`Generator.outputNames(forInput:parts:)`).
    static func outputNames(_ schema: URL, parts: Int) -> [String] {
        let name = schema.lastPathComponent
        return ["\(name).swift"] + (1..<parts).map { "\(name).\($0 + 1).swift" }
    }

    /// The build command for target `target`'s files (its schemas, and anything else); the progress
    /// line names the target, since a package may apply the plugin to several.
    static func make(target: String, files: [URL], config: URL?, tool: URL, outputDirectory: URL) throws -> [Command] {
        let sorted = files.filter(isSchema).sorted { $0.path < $1.path }
        guard !sorted.isEmpty else {
            return lintSwift(target: target, files: files, config: config, tool: tool, outputDirectory: outputDirectory)
        }
        let parts = sorted.map(partCount)
        let names = zip(sorted, parts).flatMap { outputNames($0, parts: $1) } + ["CloudSchema.swift"]
        // Code `cloudschema generate` wrote into the target: compiled beside ours, it would fail
        // the build with "multiple producers" or duplicate declarations. Say why instead.
        if let committed = files.first(where: { names.contains($0.lastPathComponent) }) {
            throw BuildPluginError(
                "\(committed.path) has the name of a file CloudSchemaPlugin generates on every build, so both would be compiled; delete the committed generated code (from 'cloudschema generate') or remove the plugin from the target"
            )
        }
        let outputs = names.map { outputDirectory.appendingPathComponent($0) }
        var arguments = ["generate"] + sorted.map(\.path) + ["--output", outputDirectory.path]
        for (schema, count) in zip(sorted, parts) { arguments += ["--parts", "\(schema.lastPathComponent)=\(count)"] }
        if let config { arguments += ["--config", config.path] }
        return [
            .buildCommand(
                displayName: "CloudSchema: generating Swift for \(target) from \(sorted.map(\.lastPathComponent).joined(separator: ", "))",
                executable: tool,
                arguments: arguments,
                environment: [:],
                // The tool itself is an input: upgrading CloudSchema regenerates.
                inputFiles: sorted + [tool] + configInputs(config),
                outputFiles: outputs)
        ]
    }
}

extension CloudSchemaBuildCommand {
    /// A target without schema files: lints the SwiftData `@Model` classes and SQLiteData
    /// migrations in its Swift files, and its CloudKit calls against the schema cloudschema.json
    /// names (`"schema"`), failing the build at the Swift line, and generates nothing.
    /// The tool decides whether there is anything to lint (the plugin does not parse Swift) and
    /// writes the stamp only when lint passes, so the command runs again only when a Swift file,
    /// the config or the tool changed, or after a failure.
    static func lintSwift(target: String, files: [URL], config: URL?, tool: URL, outputDirectory: URL) -> [Command] {
        let swiftFiles = files.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
        guard !swiftFiles.isEmpty else { return [] }
        // A comment-only Swift file: SwiftPM would make any other output a resource of the target.
        let stamp = outputDirectory.appendingPathComponent("CloudSchemaLintStamp.swift")
        // The target's entitlements say whether its `.automatic` SwiftData stores sync.
        let inputs = swiftFiles + files.filter { $0.pathExtension == "entitlements" }.sorted { $0.path < $1.path }
        var arguments = ["lint"] + inputs.map(\.path) + ["--stamp", stamp.path]
        if let config { arguments += ["--config", config.path] }
        return [
            .buildCommand(
                displayName:
                    "CloudSchema: linting SwiftData models, SQLiteData migrations and CloudKit calls in \(target) (\(swiftFiles.count) Swift file\(swiftFiles.count == 1 ? "" : "s"))",
                executable: tool,
                arguments: arguments,
                environment: [:],
                inputFiles: inputs + [tool] + configInputs(config),
                outputFiles: [stamp])
        ]
    }
}

struct BuildPluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
