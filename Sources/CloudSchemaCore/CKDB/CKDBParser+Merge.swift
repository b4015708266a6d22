extension CKDBParser {
    /// Adds `.ckdb` schemas to a schema read from other files (`SchemaLoader`): roles by name,
    /// record types, reporting a record type declared in two files as `NAME_DUPLICATE`.
    static func merge(_ schemas: [Schema], into schema: inout Schema) -> [Diagnostic] {
        guard !schemas.isEmpty else { return [] }
        var diagnostics: [Diagnostic] = []
        // Where each name was first declared (not a copy of each record type: those are large).
        var names: [String: SourceRange?] = [:]
        for record in schema.recordTypes { names.updateValue(record.spans.name, forKey: record.cloudKitName) }
        for other in schemas {
            for role in other.roles where !schema.roles.contains(where: { $0.name == role.name }) {
                schema.roles.append(role)
            }
            for record in other.recordTypes {
                if let first = names[record.cloudKitName] {
                    diagnostics.append(
                        .error(
                            .nameDuplicate, "record type '\(record.cloudKitName)' is declared in two files; remove one",
                            at: record.spans.name, notes: [.init("first declared here", at: first)]))
                    continue
                }
                names.updateValue(record.spans.name, forKey: record.cloudKitName)
                schema.recordTypes.append(record)
            }
        }
        return diagnostics
    }
}
