import CloudSchemaCommandLine
import CloudSchemaCore
import CloudSchemaTools
import Foundation

enum PushCommand {
    static let spec = CommandSpec(
        name: "push",
        abstract: "Lint, check against production, then validate and import the schema into development with cktool.",
        positionals: "[<paths> ...]",
        positionalHelp: "Schema files or folders, searched recursively for *.cloudschema, *.ckdb and *.sql. (default: .)",
        options: [
            .option("team-id", value: "id", "Your Apple Developer team ID."),
            .option("container-id", value: "id", "The container, instead of the schema's `container` declaration."),
            .option(
                "against", value: "source",
                "The production schema to check against (a .ckdb export, a .cloudschema file or folder, or git:REV[:PATH]); default: pulled from production with cktool."
            ),
            .option("config", value: "file", "A cloudschema.json to use instead of the nearest one above each input."),
        ],
        examples: [
            "cloudschema push Schemas/Garden --team-id ABCDE12345",
            "cloudschema push Schemas/Garden --team-id ABCDE12345 --against CloudKit/production.ckdb",
        ],
        discussion: """
            Development only: cktool imports schemas into the development environment, and production is \
            promoted from the CloudKit Console (Deploy Schema Changes). The schema must lint without errors and \
            its diff against production must not be breaking; only then it is exported as .ckdb and sent to \
            'xcrun cktool validate-schema', then 'import-schema', with --environment development. Exit codes: \
            0 imported, 1 lint errors or breaking changes (cktool not run), 2 usage errors, a schema without a \
            container, or a failed cktool run.
            """)

    static func run(_ arguments: ParsedArguments) -> Int32 {
        guard let teamID = arguments.value("team-id") else {
            Terminal.err("error: push needs --team-id\nUsage: \(spec.usage)\n")
            return 2
        }
        let paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
        let loaded = SchemaLoader.load(paths: paths)
        let configurations = ConfigurationSet(files: loaded.sources.paths, explicitPath: arguments.value("config"))
        if !configurations.diagnostics.isEmpty {
            Terminal.err(DiagnosticRenderer.text(configurations.diagnostics.sorted(), sources: loaded.sources))
            return 2
        }
        let findings = Linter.lint(loaded, configuration: configurations.configuration(for:))
        if findings.hasErrors {
            Terminal.out(DiagnosticRenderer.text(findings, sources: loaded.sources, color: Terminal.stdoutSupportsColor))
            Terminal.err(DiagnosticRenderer.summary(findings) + "; push refused: lint must pass, so cktool was not run\n")
            return findings.contains { $0.id == .inputUnreadable } ? 2 : 1
        }
        let schema = loaded.schema.inCloudKit(configuration: configurations.configuration(for:))
        do throws(Diagnostic) {
            let containerID = try CKTool.containerID(explicit: arguments.value("container-id"), schema: loaded)
            let production = try productionSchema(arguments.value("against"), paths: paths, teamID: teamID, containerID: containerID)
            let diff = SchemaComparison.compare(deployed: production.schema, current: schema)
                .configured(configurations.configuration(for:))
            let against = arguments.value("against") ?? "production (cktool export-schema)"
            var sources = loaded.sources
            for path in production.sources.paths { if let bytes = production.sources.bytes(of: path) { sources.add(path, bytes) } }
            Terminal.out(DiffReport.text(diff, against: against, sources: sources, color: Terminal.stdoutSupportsColor))
            if diff.isBreaking {
                Terminal.err("error: push refused: the schema is not additive to production, so cktool was not run\n")
                return 1
            }
            let development = CKTool.Target(teamID: teamID, containerID: containerID, environment: .development)
            try CKTool.withTemporaryFolder { folder throws(Diagnostic) in
                let file = folder + "/schema.ckdb"
                do throws(FileWriter.Failure) {
                    try FileWriter.write(Array(CKDBExporter.export(schema).utf8), to: file)
                } catch {
                    throw Diagnostic.error(.outputUnwritable, error.description, at: nil)
                }
                let shown = "schema.ckdb"  // as `cloudschema export --output schema.ckdb` names it
                try CKTool.perform(CKTool.validateSchema(development, file: file), shown: CKTool.validateSchema(development, file: shown))
                try CKTool.perform(CKTool.importSchema(development, file: file), shown: CKTool.importSchema(development, file: shown))
            }
            Terminal.err(
                "imported into the development environment of \(containerID); deploy it to production from the CloudKit Console\n")
            return 0
        } catch {
            Terminal.err(DiagnosticRenderer.text([error], sources: loaded.sources))
            return 2
        }
    }

    /// The baseline: `--against` as `diff` reads it, else production's schema from cktool.
    private static func productionSchema(_ against: String?, paths: [String], teamID: String, containerID: String) throws(Diagnostic)
        -> LoadedSchema
    {
        let deployed: LoadedSchema
        if let against {
            do {
                deployed = try DiffSourceLoader.load(DiffSource(parsing: against), currentPaths: paths)
            } catch {
                throw Diagnostic.error(.inputUnreadable, error.message, at: nil)
            }
        } else {
            let target = CKTool.Target(teamID: teamID, containerID: containerID, environment: .production)
            deployed = SchemaLoader.load(bytes: [(path: "production.ckdb", bytes: try CKTool.exportSchema(target, shownOutput: nil))])
        }
        if let problem = deployed.diagnostics.first(where: { $0.severity == .error }) {
            throw Diagnostic.error(
                .inputUnreadable, "the production schema (\(against ?? "from cktool")) has errors: \(problem.message)", at: problem.range)
        }
        return deployed
    }
}
