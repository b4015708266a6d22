import CloudSchemaCore

extension FuzzTarget {
    /// Export, then import, then export again: once an input (`.cloudschema` or `.ckdb`) resolves
    /// without errors, its export parses cleanly, imports to a `.cloudschema` that resolves
    /// cleanly, and that exports to the same `.ckdb` text (a fixed point).
    static let exportImport = FuzzTarget(name: "export-import") { bytes in
        for file in ["Fuzz.cloudschema", "Fuzz.ckdb"] {
            let loaded = SchemaLoader.load(bytes: [(file, bytes)])
            if loaded.diagnostics.hasErrors { continue }
            let exported = CKDBExporter.export(loaded.schema)
            let parsed = CKDBParser.parseFile(Array(exported.utf8), file: "Exported.ckdb")
            if let error = parsed.diagnostics.first(where: { $0.severity == .error }) {
                return "\(file): the export does not parse: \(error.message)"
            }
            let imported = CKDBImporter.importSchema(parsed)
            let reloaded = SchemaLoader.load(bytes: [("Imported.cloudschema", Array(imported.utf8))])
            if let error = reloaded.diagnostics.first(where: { $0.severity == .error }) {
                return "\(file): the import of the export does not resolve: \(error.message)"
            }
            if CKDBExporter.export(reloaded.schema) != exported {
                return "\(file): export → import → export changes the .ckdb"
            }
        }
        return nil
    }
}
