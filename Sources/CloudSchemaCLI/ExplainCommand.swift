import CloudSchemaCommandLine
import CloudSchemaCore
import CloudSchemaTools

enum ExplainCommand {
    static let spec = CommandSpec(
        name: "explain",
        abstract: "Explain a diagnostic ID: the fact behind it and how to fix a finding.",
        positionals: "<rule-id>",
        positionalHelp: "A diagnostic ID, e.g. ENCRYPTED_INDEXED ('cloudschema lint --list-rules --all' lists them).",
        options: [],
        examples: ["cloudschema explain MODEL_ATTRIBUTE_OPTIONAL_OR_DEFAULT"])

    static func run(_ arguments: ParsedArguments) -> Int32 {
        guard arguments.positionals.count == 1, let name = arguments.positionals.first else {
            Terminal.err("error: expected one rule ID\nUsage: \(spec.usage)\n")
            return 2
        }
        guard let text = DiagnosticRegistry.explanation(of: DiagnosticID(name.uppercased())) else {
            let all = DiagnosticRegistry.all.map(\.id.rawValue)
            var message = "error: unknown rule '\(name)'"
            let upper = name.uppercased()
            let distance: (String) -> Int = { Spelling.editDistance($0, upper) }
            if let close = all.min(by: { distance($0) < distance($1) }), distance(close) <= 4 {
                message += "; did you mean '\(close)'?"
            }
            Terminal.err(message + "\nRun 'cloudschema lint --list-rules' to see every rule.\n")
            return 2
        }
        Terminal.out(text)
        return 0
    }
}
