import CloudSchemaCommandLine
import CloudSchemaCore
import CloudSchemaTools

enum ExplainErrorCommand {
    static let spec = CommandSpec(
        name: "explain-error",
        abstract: "Explain a CloudKit, Core Data or SQLiteData schema error message: its rule, the element it names, the fix.",
        positionals: "<message> [<paths> ...]",
        positionalHelp: "The error message as logged (quote it), then the schema files or folders to find the elements it names in.",
        options: [],
        examples: [
            #"cloudschema explain-error "Cannot create new type CD_Trip in production schema" Sources/Models"#,
            #"cloudschema explain-error "Field 'name' is not marked queryable" Schemas/Garden"#,
        ],
        discussion: """
            Recognises the messages Documentation/Commands.md lists under 'cloudschema explain-error', several in one pasted log. \
            With paths, each type, field, entity or table the message names is looked up in the schema read (CD_Trip \
            is the SwiftData model Trip) and shown at its line. Exit codes: 0 recognised, 1 a message the catalog \
            does not know, 2 usage or I/O errors.
            """)

    static func run(_ arguments: ParsedArguments) -> Int32 {
        guard let message = arguments.positionals.first else {
            Terminal.err("error: expected the error message\nUsage: \(spec.usage)\n")
            return 2
        }
        let matches = ErrorCatalog.matches(in: message)
        guard !matches.isEmpty else {
            Terminal.err(
                "error: no known CloudKit, Core Data or SQLiteData schema error in this message; Documentation/Commands.md lists those explain-error knows\n"
            )
            return 1
        }
        let paths = Array(arguments.positionals.dropFirst())
        var schema: Schema?
        if !paths.isEmpty {
            let loaded = SchemaLoader.load(paths: paths)
            if let unreadable = loaded.diagnostics.first(where: { $0.id == .inputUnreadable }) {
                Terminal.err(DiagnosticRenderer.text([unreadable], sources: loaded.sources))
                return 2
            }
            schema = loaded.schema
            let errors = loaded.diagnostics.count(.error)
            if errors > 0 {
                Terminal.err(
                    "note: the schema has \(errors) error\(errors == 1 ? "" : "s") ('cloudschema lint' shows them); elements in the parts with errors may be missing below\n"
                )
            }
        }
        var out = ""
        for match in matches {
            let entry = match.entry
            let rule = entry.rule.flatMap(DiagnosticRegistry.rule)
            out += "\(entry.origin.rawValue): \(entry.meaning)\n"
            out += "rule: " + (rule.map { "\($0.id) (cloudschema explain \($0.id))" } ?? "none: lint cannot see this cause") + "\n"
            out += "fix: \(entry.fix ?? rule?.fix ?? "")\n"
            out += "source: \(entry.source)\n"
            if let schema {
                for name in match.names {
                    let label = [name.type, name.field].compactMap { $0 }.joined(separator: ".")
                    let elements = ErrorCatalog.elements(name, in: schema)
                    if elements.isEmpty { out += "  \(label): not declared in the schema read\n" }
                    for element in elements {
                        let place = element.range.map { "\($0.file):\($0.start.line):\($0.start.column): " } ?? ""
                        out += "  \(place)\(element.description)\n"
                    }
                }
            }
            out += "\n"
        }
        Terminal.out(String(out.dropLast()))
        return 0
    }
}
