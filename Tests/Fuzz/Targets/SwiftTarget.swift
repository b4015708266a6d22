import CloudSchemaCore

extension FuzzTarget {
    /// Every input read as Swift source (`Fuzz.swift`), for its `@Model` classes: reading, linting,
    /// rendering and exporting never crash or hang, and every diagnostic points inside the input.
    static let swift = FuzzTarget(name: "swift") { bytes in
        let loaded = SchemaLoader.load(bytes: [("Fuzz.swift", bytes)])
        let diagnostics = Linter.lint(loaded)
        if let problem = outOfBounds(diagnostics, size: bytes.count) { return problem }
        _ = DiagnosticRenderer.text(diagnostics, sources: loaded.sources)
        if !loaded.diagnostics.hasErrors { _ = CKDBExporter.export(loaded.schema) }
        return nil
    }
}
