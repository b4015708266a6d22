import CloudSchemaCommandLine
import CloudSchemaCore
import CloudSchemaTools

enum PlanCommand {
    static let spec = CommandSpec(
        name: "plan",
        abstract: "Plan a schema's release through CloudKit's development and production environments.",
        positionals: "[<paths> ...]",
        positionalHelp:
            "The schema being released: files or folders, searched recursively for *.cloudschema, *.ckdb and *.sql (or, when a folder has none, *.swift). (default: .)",
        options: [
            .option(
                "development", value: "source",
                "The development environment's schema: a 'cktool export-schema --environment development' file, or git:REV[:PATH]."),
            .option(
                "production", value: "source",
                "The production environment's schema: a 'cktool export-schema --environment production' file, or git:REV[:PATH]."),
            .option("team-id", value: "id", "The team id for the cktool commands (default: TEAM_ID)."),
            .option(
                "container-id", value: "id", "The container for the cktool commands (default: the schema's container, else CONTAINER_ID)."),
            .option("config", value: "file", "A cloudschema.json to use instead of the nearest one above each input."),
            .option("format", value: "format", "Output format.", default: "text", choices: ["text", "markdown", "json"]),
        ],
        examples: [
            "cloudschema plan Schemas --development CloudKit/development.ckdb --production CloudKit/production.ckdb",
            "cloudschema plan Models --development dev.ckdb --production CloudKit/production.ckdb --format markdown > release.md",
        ],
        discussion: """
            Lists what development lacks of the schema (and the cktool import that creates it), what development holds \
            that the schema doesn't (which Deploy Schema Changes would make permanent in production), the changes Deploy \
            Schema Changes applies to production and whether production can take them, and the export to commit after \
            deploying. cktool imports only to development; production is changed only from the CloudKit Console. Exit codes: \
            0 a plan, 1 production cannot take what development holds (breaking changes) or the schema has errors, 2 usage \
            or I/O errors, a cloudschema.json with errors, or an environment's schema that cannot be read.
            """)

    static func run(_ arguments: ParsedArguments) -> Int32 {
        var environments: [String: String] = [:]
        for name in ["development", "production"] {
            guard let value = arguments.value(name) else {
                Terminal.err("error: missing '--\(name) <source>'; name the \(name) environment's schema export\nUsage: \(spec.usage)\n")
                return 2
            }
            environments[name] = value
        }
        let paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
        let current = SchemaLoader.load(paths: paths)
        if current.diagnostics.hasErrors {
            let unreadable = current.diagnostics.contains { $0.id == .inputUnreadable }
            Terminal.err(
                DiagnosticRenderer.text(current.diagnostics.filter { $0.severity == .error }, sources: current.sources)
                    + "error: the schema \(unreadable ? "cannot be read" : "has errors"); fix it before planning a release\n")
            return unreadable ? 2 : 1
        }
        // Its local models and synced tables decide what is in the container: a plan without them
        // would ask production for tables and models that never sync.
        let configurations = ConfigurationSet(files: current.sources.paths, explicitPath: arguments.value("config"))
        if !configurations.diagnostics.isEmpty {
            Terminal.err(
                DiagnosticRenderer.text(configurations.diagnostics.sorted(), sources: current.sources)
                    + "error: the configuration has errors; fix it before planning a release\n")
            return 2
        }
        let configuration = configurations.configuration(for:)
        var loaded: [String: Schema] = [:]
        for name in ["development", "production"] {
            let against = environments[name]!
            do {
                let side = try DiffSourceLoader.load(try DiffSource(parsing: against), currentPaths: paths)
                if side.diagnostics.hasErrors {
                    Terminal.err(
                        DiagnosticRenderer.text(side.diagnostics.filter { $0.severity == .error }, sources: side.sources)
                            + "error: the \(name) schema (\(against)) has errors; pass a 'cktool export-schema' file\n")
                    return 2
                }
                loaded[name] = side.schema.inCloudKit(configuration: configuration)
            } catch {
                Terminal.err("error: cannot read the \(name) schema (\(against)): \(error.message)\n")
                return 2
            }
        }
        let plan = DeployPlan(
            schema: current.schema.inCloudKit(configuration: configuration), development: loaded["development"]!,
            production: loaded["production"]!)
        let inputs = DeployPlanReport.Inputs(
            schema: paths.joined(separator: " "), development: environments["development"]!, production: environments["production"]!,
            cktool: DeployCommands(teamID: arguments.value("team-id"), containerID: arguments.value("container-id") ?? plan.container),
            config: arguments.value("config"))
        switch arguments.value("format") ?? "text" {
        case "markdown": Terminal.out(DeployPlanReport.markdown(plan, inputs))
        case "json": Terminal.out(DeployPlanReport.json(plan, inputs))
        default: Terminal.out(DeployPlanReport.text(plan, inputs))
        }
        return plan.deployment.isBreaking ? 1 : 0
    }
}
