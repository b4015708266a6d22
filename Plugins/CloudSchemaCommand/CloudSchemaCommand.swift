import Foundation
import PackagePlugin

/// `swift package cloudschema <lint|diff|format|generate|export|explain> [arguments]`:
/// runs the `cloudschema` tool over the schema files of the package's targets (all, or
/// those named with `--target NAME`), one schema per target.
///
/// Output: SwiftPM prints everything a command plugin writes, stdout and stderr alike, on its
/// stdout; only messages sent through `Diagnostics` reach its stderr. So the tool's stdout goes
/// straight through (`lint --format json > report.json`, `export --format ckdb > x.ckdb`), and
/// everything else (a line naming each target, the tool's stderr) goes through `Diagnostics`.
///
/// Status: every target is processed; the plugin exits with the worst status (2 over 1 over 0).
/// SwiftPM reports any non-zero plugin status as 1, printing "exit status 2" in the last line.
///
/// The plugin declares no permissions, so `lint`, `diff`, `format --check` and everything
/// that only reads work in CI without flags. SwiftPM permissions are per plugin, not per
/// invocation: declaring write access would make every run, even `lint`, fail without a
/// terminal unless `--allow-writing-to-package-directory` is passed. The two commands that
/// write into the source tree (`format --in-place`, `generate`) check that they may, and say
/// what to pass when they may not (on macOS, where the plugin sandbox enforces it).
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
            let status = try run(tool, [subcommand] + rest, in: root)
            if status != 0 { exit(status) }
            return
        }
        let targets = try targetNames.isEmpty ? context.package.targets : context.package.targets(named: targetNames)
        let schemaTargets: [(target: SourceModuleTarget, schemas: [String])] = targets.compactMap { target in
            guard let target = target as? SourceModuleTarget else { return nil }
            let schemas = target.sourceFiles.map(\.url).filter { $0.pathExtension == "cloudschema" || $0.pathExtension == "ckdb" }
                .map { relativePath(of: $0, to: root) }.sorted()
            return schemas.isEmpty ? nil : (target, schemas)
        }
        guard !schemaTargets.isEmpty else {
            throw PluginError(
                "no .cloudschema or .ckdb files in \(targetNames.isEmpty ? "this package's targets" : targetNames.joined(separator: ", "))")
        }
        if schemaTargets.count > 1 && writesOneDocument(subcommand, rest) {
            throw PluginError(
                "'\(subcommand)' writes one document and \(schemaTargets.count) targets have schemas (\(schemaTargets.map(\.target.name).joined(separator: ", "))); choose one with --target NAME"
            )
        }
        if writesToSourceTree(subcommand, rest) && !canWrite(in: root) {
            throw PluginError(
                "'\(subcommand)' writes into the package, which SwiftPM did not allow; run it as 'swift package --allow-writing-to-package-directory cloudschema \(subcommand) ...'"
            )
        }

        let manifest = (try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
        var statuses: [(String, Int32)] = []
        for (target, schemas) in schemaTargets {
            var arguments = [subcommand] + schemas + rest
            if subcommand == "generate" {
                // Teams that commit generated code: next to the schemas, in the target.
                let explicit = Self.value(of: "output", in: rest)
                let output = explicit ?? relativePath(of: target.directoryURL.appendingPathComponent("Generated"), to: root)
                if explicit == nil { arguments += ["--output", output] }
                // Never into a target that also generates on every build: its next build would fail.
                let outputURL = URL(fileURLWithPath: output, relativeTo: root).standardizedFileURL
                if outputURL.path.hasPrefix(target.directoryURL.standardizedFileURL.path + "/"),
                    Self.appliesBuildPlugin(to: target.name, manifest: manifest)
                {
                    Diagnostics.error(
                        "\(target.name): not generating into \(output): the target applies CloudSchemaPlugin, which generates the same files on every build, so the next build would compile both; remove the plugin from the target in Package.swift to commit generated code, or keep the plugin and generate elsewhere"
                    )
                    statuses.append((target.name, 2))
                    continue
                }
            }
            Diagnostics.progress("\(target.name): cloudschema \(arguments.joined(separator: " "))")
            statuses.append((target.name, try run(tool, arguments, in: root)))
        }
        finish(subcommand, statuses: statuses)
    }

    /// Exits with the worst status, after one line saying which targets failed.
    private func finish(_ subcommand: String, statuses: [(String, Int32)]) {
        let worst = statuses.map(\.1).max() ?? 0
        guard worst != 0 else { return }
        let failed = statuses.filter { $0.1 != 0 }.map { "\($0.0): \($0.1)" }.joined(separator: ", ")
        Diagnostics.error("cloudschema \(subcommand) exited with status \(worst) (\(failed))")
        exit(worst)
    }

    private func writesToSourceTree(_ subcommand: String, _ arguments: [String]) -> Bool {
        subcommand == "generate" || (subcommand == "format" && arguments.contains("--in-place"))
    }

    /// Output that is one file: `export`, and `--format json` or `sarif`.
    private func writesOneDocument(_ subcommand: String, _ arguments: [String]) -> Bool {
        let format = Self.value(of: "format", in: arguments)
        return subcommand == "export" || format == "json" || format == "sarif"
    }

    /// The value of `--name value` or `--name=value`.
    static func value(of option: String, in arguments: [String]) -> String? {
        zip(arguments, arguments.dropFirst()).first { $0.0 == "--\(option)" }?.1
            ?? arguments.first { $0.hasPrefix("--\(option)=") }.map { String($0.dropFirst(option.count + 3)) }
    }

    /// Whether the plugin may write into `folder` (the macOS plugin sandbox allows it only with
    /// `--allow-writing-to-package-directory`): creates and removes an empty file.
    private func canWrite(in folder: URL) -> Bool {
        let probe = folder.appendingPathComponent(".cloudschema-write-check-\(ProcessInfo.processInfo.processIdentifier)")
        guard FileManager.default.createFile(atPath: probe.path, contents: nil) else { return false }
        try? FileManager.default.removeItem(at: probe)
        return true
    }

    /// Whether Package.swift applies CloudSchemaPlugin to the target: the call that declares it
    /// (`.target(name: "Garden", ..., plugins: [.plugin(name: "CloudSchemaPlugin", ...)])`) names
    /// the plugin. SwiftPM does not tell command plugins which plugins a target uses. A manifest
    /// that builds its targets in code can hide it; the build plugin then stops the build instead.
    static func appliesBuildPlugin(to target: String, manifest: String) -> Bool {
        let text = Array(manifest.utf8)
        let name = Array("\"\(target)\"".utf8)
        var index = 0
        while index + name.count <= text.count {
            defer { index += 1 }
            guard text[index..<index + name.count].elementsEqual(name),
                String(decoding: text[..<index], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("name:")
            else { continue }
            // The innermost unclosed "(" before the name opens the declaring call.
            var depth = 0
            var start = index
            while start > 0 {
                start -= 1
                if text[start] == UInt8(ascii: ")") { depth += 1 }
                if text[start] == UInt8(ascii: "(") {
                    if depth == 0 { break }
                    depth -= 1
                }
            }
            var end = index
            depth = 0
            while end < text.count {
                if text[end] == UInt8(ascii: "(") { depth += 1 }
                if text[end] == UInt8(ascii: ")") {
                    if depth == 0 { break }
                    depth -= 1
                }
                end += 1
            }
            if String(decoding: text[start..<end], as: UTF8.self).contains("\"CloudSchemaPlugin\"") { return true }
        }
        return false
    }

    private func relativePath(of url: URL, to root: URL) -> String {
        let path = url.standardizedFileURL.path
        let prefix = root.standardizedFileURL.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// Runs the tool with the package root as working directory: its stdout goes straight through,
    /// its stderr through `Diagnostics` (see the type's comment). Returns its exit status.
    private func run(_ tool: URL, _ arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if !text.isEmpty {
            Diagnostics.progress(text.hasSuffix("\n") ? String(text.dropLast()) : text)
        }
        return process.terminationStatus
    }
}

struct PluginError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
