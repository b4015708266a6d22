import CloudSchemaCore

extension FuzzTarget {
    /// Every input is read as a `.sql` migration and as the SQL of a Swift migration
    /// (`#sql("""…""")`), then linted and rendered: nothing crashes or hangs, and every
    /// diagnostic points inside its file.
    static let sql = FuzzTarget(name: "sql") { bytes in
        let swift =
            Array("migrator.registerMigration(\"m\") { db in\n    try #sql(\"\"\"\n".utf8) + bytes
            + Array("\n\"\"\").execute(db)\n}\n".utf8)
        for (file, text) in [("Fuzz.sql", bytes), ("Fuzz.swift", swift)] {
            let loaded = SchemaLoader.load(bytes: [(file, text)])
            let diagnostics = Linter.lint(loaded)
            if let problem = outOfBounds(diagnostics, size: text.count) { return "\(file): \(problem)" }
            _ = DiagnosticRenderer.text(diagnostics, sources: loaded.sources)
        }
        return nil
    }
}
