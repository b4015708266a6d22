import Foundation
import PackagePlugin

/// `swift package cloudschema <lint|diff|format|generate|export|explain> [arguments]`:
/// runs the `cloudschema` tool over the schema files of the package's targets (all, or
/// those named with `--target NAME`), one schema per target.
///
/// The plugin declares no permissions, so `lint`, `diff`, `format --check` and everything
/// that only reads work in CI without flags. SwiftPM permissions are per plugin, not per
/// invocation: declaring write access would make every run, even `lint`, fail without a
/// terminal unless `--allow-writing-to-package-directory` is passed. The two commands that
/// write into the source tree (`format --in-place`, `generate`) say so, and are run as
/// `swift package --allow-writing-to-package-directory cloudschema format --in-place`.
@main
struct CloudSchemaCommand: CommandPlugin {
    static let subcommands = ["lint", "diff", "format", "generate", "export", "explain"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        var rest = extractor.remainingArguments
        guard let subcommand = rest.first, Self.subcommands.contains(subcommand) else {
            throw PluginError(
                "usage: swift package cloudschema <\(Self.subcommands.joined(separator: "|"))> [--target NAME] [arguments]")
        }
        rest.removeFirst()
        let tool = try context.tool(named: "cloudschema").url
        let root = context.package.directoryURL

        if subcommand == "explain" {
            try run(tool, [subcommand] + rest, in: root)
            return
        }
        let targets = try targetNames.isEmpty ? context.package.targets : context.package.targets(named: targetNames)
        var ran = false
        for case let target as SourceModuleTarget in targets {
            let schemas = target.sourceFiles.map(\.url).filter { $0.pathExtension == "cloudschema" || $0.pathExtension == "ckdb" }
                .map { relativePath(of: $0, to: root) }.sorted()
            guard !schemas.isEmpty else { continue }
            ran = true
            var arguments = [subcommand] + schemas + rest
            if subcommand == "generate" && !rest.contains(where: { $0 == "--output" || $0.hasPrefix("--output=") }) {
                // Teams that commit generated code: next to the schemas, in the target.
                arguments += ["--output", relativePath(of: target.directoryURL.appendingPathComponent("Generated"), to: root)]
            }
            if writesToSourceTree(subcommand, rest) {
                print("note: '\(subcommand)' writes into the package; on macOS run it as 'swift package --allow-writing-to-package-directory cloudschema \(subcommand) ...'")
            }
            print("== \(target.name)")
            try run(tool, arguments, in: root)
        }
        if !ran {
            throw PluginError("no .cloudschema or .ckdb files in \(targetNames.isEmpty ? "this package's targets" : targetNames.joined(separator: ", "))")
        }
    }

    private func writesToSourceTree(_ subcommand: String, _ arguments: [String]) -> Bool {
        subcommand == "generate" || (subcommand == "format" && arguments.contains("--in-place"))
    }

    private func relativePath(of url: URL, to root: URL) -> String {
        let path = url.standardizedFileURL.path
        let prefix = root.standardizedFileURL.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// Runs the tool with the package root as working directory; its output goes straight through.
    private func run(_ tool: URL, _ arguments: [String], in directory: URL) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            throw PluginError("cloudschema \(arguments.first ?? "") exited with status \(process.terminationStatus)")
        }
    }
}

struct PluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
