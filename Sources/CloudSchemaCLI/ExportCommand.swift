import CloudSchemaCommandLine
import CloudSchemaCore
import CloudSchemaTools
import Foundation

enum ExportCommand {
    static let spec = CommandSpec(
        name: "export",
        abstract: "Write schemas as CloudKit Schema Language (.ckdb) for cktool import-schema.",
        positionals: "[<paths> ...]",
        positionalHelp:
            "Schema files or folders, searched recursively for *.cloudschema, *.ckdb and *.sql; - reads standard input. (default: .)",
        options: [
            .option("format", value: "format", "Output format.", default: "ckdb", choices: ["ckdb"]),
            .option("output", value: "file", "Write to this file instead of standard output."),
            .flag("comments", "Keep doc comments as // lines (cktool's own exports have none)."),
            .flag(
                "core-data-move-receipt",
                "Give each model's CD_ record type CD_moveReceipt and CD_moveReceipt_ckAsset, as Core Data creates them in some containers."
            ),
            .option("config", value: "file", "A cloudschema.json to use instead of the nearest one above each input."),
            .assumeFilename,
        ],
        examples: [
            "cloudschema export Schemas --format ckdb > schema.ckdb",
            "cloudschema export Schemas --format ckdb --output CloudKit/schema.ckdb",
        ],
        discussion: """
            The output has the layout of 'cktool export-schema' (sorted record types and fields, all system
            fields, aligned names, default grants on record types without grants, the Users record type, no
            comments), so it can be diffed against a committed export. Each SwiftData model is
            written as the CD_ record type Core Data mirroring creates for it, except models stored without
            CloudKit (a .none store, or cloudschema.json's swiftdata.localModels). The schemas are linted
            first: a schema with errors (one CloudKit would refuse, such as an encrypted asset) is not
            exported (exit code 1). Subscriptions are not part of a CloudKit schema: they are left out, with
            a note on standard error, and the app saves them at run time (SchemaRegistry.subscriptions).
            """)

    static func run(_ arguments: ParsedArguments) -> Int32 {
        let paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
        let loaded = SchemaLoader.load(paths: paths, standardInputName: arguments.standardInputName)
        let configurations = ConfigurationSet(files: loaded.sources.paths, explicitPath: arguments.value("config"))
        if !configurations.diagnostics.isEmpty {
            Terminal.err(DiagnosticRenderer.text(configurations.diagnostics.sorted(), sources: loaded.sources, color: false))
            return 2
        }
        let findings = Linter.lint(loaded, configuration: configurations.configuration(for:))
        let problems = findings.filter { $0.severity == .error }
        if !problems.isEmpty {
            Terminal.err(DiagnosticRenderer.text(problems, sources: loaded.sources))
            Terminal.err(DiagnosticRenderer.summary(problems) + "; nothing exported\n")
            return problems.contains { $0.id == .inputUnreadable } ? 2 : 1
        }
        let schema = loaded.schema.inCloudKit(configuration: configurations.configuration(for:))
        let text = CKDBExporter.export(
            schema, comments: arguments.flag("comments"), coreDataMoveReceipt: arguments.flag("core-data-move-receipt"))
        if !schema.subscriptions.isEmpty {
            let count = schema.subscriptions.count
            Terminal.err(
                "note: \(count) subscription\(count == 1 ? "" : "s") not exported: .ckdb has no subscriptions; the app saves them at run time (SchemaRegistry.subscriptions)\n"
            )
        }
        // What the readers could not read is not in the export either: said, never a silent gap.
        let unread = findings.filter { $0.id == .swiftUnreadable || $0.id == .sqlNotChecked }
        if !unread.isEmpty {
            Terminal.err(
                DiagnosticRenderer.text(unread, sources: loaded.sources, color: false)
                    + "note: what \(unread.count == 1 ? "this warning says is" : "these \(unread.count) warnings say are") not read is not exported either\n"
            )
        }
        if let output = arguments.value("output") {
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: output))
            } catch {
                Terminal.err("error: cannot write '\(output)': \(error.localizedDescription)\n")
                return 2
            }
        } else {
            Terminal.out(text)
        }
        return 0
    }
}
