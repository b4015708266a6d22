import CloudSchemaCommandLine
import CloudSchemaCore
import CloudSchemaTools

enum GraphCommand {
    static let spec = CommandSpec(
        name: "graph",
        abstract: "Draw the schema as a Mermaid or Graphviz (DOT) diagram.",
        positionals: "[<paths> ...]",
        positionalHelp: "Schema files or folders, searched recursively for *.cloudschema and *.ckdb; - reads standard input. (default: .)",
        options: [
            .option("format", value: "format", "Output format.", default: "mermaid", choices: ["mermaid", "dot"]),
            .option(
                "focus", value: "type",
                "Draw only this record type, model, enum or key-value store and its direct neighbours; repeat or separate with commas."),
            .assumeFilename,
        ],
        examples: [
            "cloudschema graph Schemas/Garden > garden.mmd",
            "cloudschema graph Schemas/Garden --format dot | dot -Tsvg > garden.svg",
            "cloudschema graph Schemas/Notes --focus Note,Folder",
        ],
        discussion: """
            Record types and models are boxes grouped by database and zone, with their fields, types and \\
            indexes; references and relationships are arrows labelled with the field (thick for @parent, \\
            '(deleteSelf)' for @deleteSelf); enums and key-value stores are grouped apart. Exit codes: 0 drawn, \\
            1 schema errors or an unknown --focus name, 2 usage or I/O error.
            """)

    static func run(_ arguments: ParsedArguments) -> Int32 {
        let paths = arguments.positionals.isEmpty ? ["."] : arguments.positionals
        let loaded = SchemaLoader.load(paths: paths, standardInputName: arguments.standardInputName)
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        let focus = arguments.values("focus").flatMap { $0.split(separator: ",").map(String.init) }
        let problems = errors.isEmpty ? SchemaGraph.focusDiagnostics(focus, in: loaded.schema) : errors
        if !problems.isEmpty {
            Terminal.err(DiagnosticRenderer.text(problems, sources: loaded.sources))
            Terminal.err(DiagnosticRenderer.summary(problems) + "; nothing drawn\n")
            return problems.contains { $0.id == .inputUnreadable } ? 2 : 1
        }
        let graph = SchemaGraph(loaded.schema, focus: focus.isEmpty ? nil : Set(focus))
        Terminal.out(arguments.value("format") == "dot" ? DOTRenderer.render(graph) : MermaidRenderer.render(graph))
        return 0
    }
}
