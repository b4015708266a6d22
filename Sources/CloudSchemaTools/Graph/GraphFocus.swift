import CloudSchemaCore

extension SchemaGraph {
    /// One `GRAPH_FOCUS_UNKNOWN` error for each focus name the schema does not declare.
    public static func focusDiagnostics(_ focus: [String], in schema: Schema) -> [Diagnostic] {
        let names = nodeNames(schema)
        let known = Set(names)
        return focus.filter { !known.contains($0) }.map { name in
            Diagnostic(
                .graphFocusUnknown, .error,
                "--focus '\(name)' is not a record type, model, enum or key-value store of the schema"
                    + Spelling.hint(Spelling.closest(to: name, among: names)),
                at: nil)
        }
    }
}
