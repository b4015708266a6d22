import CloudSchemaCommandLine
import CloudSchemaCore
import CloudSchemaTools
import Foundation

enum PullCommand {
    static let spec = CommandSpec(
        name: "pull",
        abstract: "Export a container's deployed schema with cktool, as .ckdb.",
        positionals: "[<paths> ...]",
        positionalHelp: "Schema files or folders whose `container` declaration names the container. (default: .)",
        options: [
            .option("environment", value: "name", "The CloudKit environment: development or production."),
            .option("team-id", value: "id", "Your Apple Developer team ID."),
            .option("container-id", value: "id", "The container, instead of the schema's `container` declaration."),
            .option("output", value: "file", "Write the .ckdb to this file (only when its bytes change) instead of standard output."),
        ],
        examples: [
            "cloudschema pull Schemas/Garden --environment production --team-id ABCDE12345 --output CloudKit/production.ckdb",
            "cloudschema pull --environment development --team-id ABCDE12345 --container-id iCloud.app.gardenlog",
        ],
        discussion: """
            Runs 'xcrun cktool export-schema --team-id T --container-id C --environment E --output-file F' \
            (cktool ships with Xcode 13 or later; the management token stays with cktool: 'xcrun cktool \
            save-token --type management'). The file is written atomically, and not at all when cktool fails. \
            Exit codes: 0 exported, 2 usage errors, a schema without a container, or a failed cktool run.
            """)

    static func run(_ arguments: ParsedArguments) -> Int32 {
        guard let teamID = arguments.value("team-id"), let name = arguments.value("environment") else {
            Terminal.err("error: pull needs --environment and --team-id\nUsage: \(spec.usage)\n")
            return 2
        }
        var sources = SourceStore()
        do throws(Diagnostic) {
            guard let environment = CKTool.Environment(rawValue: name) else {
                throw Diagnostic.error(
                    .cktoolEnvironmentUnknown,
                    "unknown environment '\(name)'; cktool's environments are development and production", at: nil)
            }
            let containerID: String
            if let explicit = arguments.value("container-id") {
                containerID = explicit
            } else {
                let loaded = SchemaLoader.load(paths: arguments.positionals.isEmpty ? ["."] : arguments.positionals)
                sources = loaded.sources
                if let unreadable = loaded.diagnostics.first(where: { $0.id == .inputUnreadable }) { throw unreadable }
                containerID = try CKTool.containerID(explicit: nil, schema: loaded)
            }
            let target = CKTool.Target(teamID: teamID, containerID: containerID, environment: environment)
            let output = arguments.value("output")
            let bytes = try CKTool.exportSchema(target, shownOutput: output)
            guard let output else {
                Terminal.out(String(decoding: bytes, as: UTF8.self))
                return 0
            }
            if let existing = FileManager.default.contents(atPath: output), [UInt8](existing) == bytes { return 0 }
            do throws(FileWriter.Failure) {
                try FileWriter.write(bytes, to: output)
            } catch {
                throw Diagnostic.error(.outputUnwritable, error.description, at: nil)
            }
            return 0
        } catch {
            Terminal.err(DiagnosticRenderer.text([error], sources: sources))
            return 2
        }
    }
}
