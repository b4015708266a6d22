import CloudSchemaCore

enum LintCommand {
    static let spec = CommandSpec(
        name: "lint",
        abstract: "Check schemas for syntax errors and CloudKit sync mistakes.",
        positionals: "[<paths> ...]",
        positionalHelp: "Schema files or folders, searched recursively for *.cloudschema. (default: .)",
        options: [
            .option("format", value: "format", "Output format.", default: "text", choices: ["text", "json"])
        ],
        examples: [
            "cloudschema lint Schemas",
            "cloudschema lint Sources/App/Garden.cloudschema --format json",
        ])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        let paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
        let loaded = SchemaLoader.load(paths: paths)
        let diagnostics = loaded.diagnostics
        switch arguments.value("format") {
        case "json":
            Terminal.out(DiagnosticRenderer.json(diagnostics))
        default:
            Terminal.out(DiagnosticRenderer.text(diagnostics, sources: loaded.sources, color: Terminal.stdoutSupportsColor))
            if !diagnostics.isEmpty { Terminal.err(DiagnosticRenderer.summary(diagnostics) + "\n") }
        }
        if diagnostics.contains(where: { $0.id == .inputUnreadable }) { return 2 }
        return diagnostics.hasErrors ? 1 : 0
    }
}
