import CloudSchemaCore

extension FuzzTarget {
    /// Export and import are inverse once an input (`.cloudschema` or `.ckdb`) resolves and
    /// lints without errors (a lint error such as `Asset @encrypted` is something `.ckdb`
    /// cannot say either): its export parses cleanly, imports to a `.cloudschema` that resolves cleanly, and
    /// that exports to the same `.ckdb` text (a fixed point). A `.ckdb` input gets one round
    /// first: importing it may change what `.cloudschema` cannot say (`NUMBER` becomes `Double`).
    static let exportImport = FuzzTarget(name: "export-import") { bytes in
        for file in ["Fuzz.cloudschema", "Fuzz.ckdb"] {
            let loaded = SchemaLoader.load(bytes: [(file, bytes)])
            if Linter.lint(loaded).hasErrors { continue }
            var exported = CKDBExporter.export(loaded.schema)
            do throws(RoundTripError) {
                if file.hasSuffix(".ckdb") { exported = try roundTrip(exported) }
                if try roundTrip(exported) != exported { return "\(file): export → import → export changes the .ckdb" }
            } catch {
                return "\(file): \(error.message)"
            }
        }
        return nil
    }

    struct RoundTripError: Error {
        var message: String
    }

    /// `.ckdb` text imported to `.cloudschema` and exported again; throws when either step has errors.
    private static func roundTrip(_ ckdb: String) throws(RoundTripError) -> String {
        let parsed = CKDBParser.parseFile(Array(ckdb.utf8), file: "Exported.ckdb")
        if let error = parsed.diagnostics.first(where: { $0.severity == .error }) {
            throw RoundTripError(message: "the export does not parse: \(error.message)")
        }
        let imported = CKDBImporter.importSchema(parsed)
        let reloaded = SchemaLoader.load(bytes: [("Imported.cloudschema", Array(imported.utf8))])
        if let error = reloaded.diagnostics.first(where: { $0.severity == .error }) {
            throw RoundTripError(message: "the import of the export does not resolve: \(error.message)")
        }
        return CKDBExporter.export(reloaded.schema)
    }
}
