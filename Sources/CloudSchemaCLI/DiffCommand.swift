import CloudSchemaCommandLine
import CloudSchemaCore
import CloudSchemaTools

enum DiffCommand {
    static let spec = CommandSpec(
        name: "diff",
        abstract: "Check that schema changes are additive against the deployed schema.",
        positionals: "[<paths> ...]",
        positionalHelp:
            "Schema files or folders, searched recursively for *.cloudschema, *.ckdb and *.sql (or, when a folder has none, *.swift). (default: .)",
        options: [
            .option(
                "against", value: "source",
                "The deployed schema: files or folders, read as <paths> are, or git:REV[:PATH], the same read at a git revision (PATH default: <paths>); git:PATTERN[:PATH] (git:v*) compares with every matching tag, oldest first, as a matrix."
            ),
            .option(
                "format", value: "format", "Output format.", default: "text",
                choices: ["text", "json", "markdown", "github"]),
            .flag(
                "require-deployed",
                "Release gate: also fail (exit 1) when the schema uses a record type, field, index, grant or role the --against schema (a production export) lacks."
            ),
            .option("config", value: "file", "A cloudschema.json to use instead of the nearest one above each input."),
        ],
        examples: [
            "cloudschema diff Schemas --against git:main",
            "cloudschema diff Schemas --against production.ckdb --format markdown > review.md",
            "cloudschema diff --against git:v1.2:Schemas/Garden.cloudschema --format github",
            "cloudschema diff Schemas --against CloudKit/production.ckdb --require-deployed",
            "cloudschema diff Schemas --against 'git:v*' --format markdown",
        ],
        discussion: """
            Production CloudKit schemas are additive only: record types and fields can be added, never removed, \
            renamed or retyped. Exit codes: 0 no breaking changes (warnings allowed), 1 breaking changes or \
            schema errors, 2 usage, config or I/O errors or a deployed schema with errors; a failure is still one \
            document in json ("verdict": "failed"), markdown and github. Configure the rules under "breaking" in cloudschema.json \
            ({"breaking": {"use", "except", "severity", "ignore"}}), as lint's under "lint". With --require-deployed, \
            exit code 1 also means the schema uses something --against lacks: deploy it to production before releasing.
            """)

    static func run(_ arguments: ParsedArguments) -> Int32 {
        guard let against = arguments.value("against") else {
            Terminal.err(
                "error: missing '--against <source>'; name the deployed schema, as in --against git:main\nUsage: \(spec.usage)\n")
            return 2
        }
        let format = arguments.value("format") ?? "text"
        let source: DiffSource
        do {
            source = try DiffSource(parsing: against)
        } catch {
            Terminal.err("error: \(error.message)\nUsage: \(spec.usage)\n")
            return 2
        }
        if case .gitTags = source, format == "json" || format == "github" || arguments.flag("require-deployed") {
            Terminal.err(
                "error: '--against \(against)' compares with every matching tag and prints a matrix: use --format text or markdown, without --require-deployed\nUsage: \(spec.usage)\n"
            )
            return 2
        }
        let paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
        func fail(_ problem: String, _ diagnostics: [Diagnostic], _ sources: SourceStore, code: Int32) -> Int32 {
            switch format {
            case "json": Terminal.out(DiffReport.json(failure: problem, diagnostics, against: against))
            case "markdown": Terminal.out(DiffReport.markdown(failure: problem, diagnostics, against: against))
            case "github": Terminal.out(DiffReport.github(failure: problem, diagnostics))
            default: Terminal.err(DiagnosticRenderer.text(diagnostics, sources: sources, color: false) + "error: \(problem)\n")
            }
            return code
        }
        let current = SchemaLoader.load(paths: paths)
        if current.diagnostics.hasErrors {
            // A schema with errors resolves partially; comparing it would report phantom removals.
            let unreadable = current.diagnostics.contains { $0.id == .inputUnreadable }
            return fail(
                "the current schema \(unreadable ? "cannot be read" : "has errors"); fix it before checking for breaking changes",
                current.diagnostics.filter { $0.severity == .error }, current.sources, code: unreadable ? 2 : 1)
        }
        let configurations = ConfigurationSet(files: current.sources.paths, explicitPath: arguments.value("config"))
        if !configurations.diagnostics.isEmpty {
            return fail(
                "the configuration has errors; fix it before checking for breaking changes", configurations.diagnostics.sorted(),
                current.sources, code: 2)
        }
        let currentSchema = current.schema.inCloudKit(configuration: configurations.configuration(for:))
        var failure: Int32 = 2
        /// The current schema compared with `source` (named `name` in messages), or nil after
        /// reporting why it cannot be.
        func compared(with source: DiffSource, named name: String) -> (diff: SchemaDiff, deployed: LoadedSchema)? {
            let deployed: LoadedSchema
            do {
                deployed = try DiffSourceLoader.load(source, currentPaths: paths)
            } catch {
                failure = fail(
                    "cannot check for breaking changes without the deployed schema (\(name))",
                    [.error(.inputUnreadable, error.message, at: nil)], SourceStore(), code: 2)
                return nil
            }
            if deployed.diagnostics.hasErrors {
                failure = fail(
                    "the deployed schema (\(name)) has errors; fix or choose another source",
                    deployed.diagnostics.filter { $0.severity == .error }, deployed.sources, code: 2)
                return nil
            }
            let deployedSchema = deployed.schema.inCloudKit(configuration: configurations.configuration(for:))
            var diff = SchemaComparison.compare(deployed: deployedSchema, current: currentSchema)
                .configured(configurations.configuration(for:))
            // What both sides leave out is said once, at the current side's place.
            var unmatched = current.diagnostics.filter { $0.id == .swiftUnreadable }
            diff.notRead = unmatched
            for old in deployed.diagnostics where old.id == .swiftUnreadable {
                if let same = unmatched.firstIndex(where: { $0.message == old.message }) {
                    unmatched.remove(at: same)
                } else {
                    diff.notRead.append(old)
                }
            }
            return (diff, deployed)
        }
        if case .gitTags(let pattern, let tagPaths) = source {
            let tags: [String]
            do {
                tags = try DiffSourceLoader.tags(matching: pattern)
            } catch {
                return fail(
                    "cannot check for breaking changes without the shipped versions (\(against))",
                    [.error(.inputUnreadable, error.message, at: nil)], SourceStore(), code: 2)
            }
            var versions: [(name: String, diff: SchemaDiff)] = []
            for tag in tags {
                guard let (diff, _) = compared(with: .git(revision: tag, paths: tagPaths), named: "git:\(tag)") else { return failure }
                versions.append((tag, diff))
            }
            let matrix = VersionMatrix(versions)
            Terminal.out(
                format == "markdown"
                    ? VersionMatrixReport.markdown(matrix, against: against) : VersionMatrixReport.text(matrix, against: against))
            return matrix.isBreaking ? 1 : 0
        }
        guard let (diff, deployed) = compared(with: source, named: against) else { return failure }
        var sources = current.sources
        for path in deployed.sources.paths { if let bytes = deployed.sources.bytes(of: path) { sources.add(path, bytes) } }
        let gate = arguments.flag("require-deployed") ? DeploymentGap(diff) : nil
        switch format {
        case "json": Terminal.out(DiffReport.json(diff, against: against, gate: gate))
        case "markdown":
            let diagram = SchemaGraph.changes(diff, deployed: deployed.schema, current: current.schema)
            Terminal.out(DiffReport.markdown(diff, against: against, diagram: diagram, gate: gate))
        case "github": Terminal.out(DiffReport.github(diff, against: against, gate: gate))
        default:
            Terminal.out(DiffReport.text(diff, against: against, sources: sources, color: Terminal.stdoutSupportsColor, gate: gate))
        }
        return diff.isBreaking || gate?.isEmpty == false ? 1 : 0
    }
}
