import CloudSchemaCore

extension FuzzTarget {
    /// Every input read as Swift source (`Fuzz.swift`), for its `@Model` classes: reading, linting,
    /// rendering and exporting never crash or hang, and every diagnostic points inside the input.
    /// Read as an Xcode project and an entitlements file too, linting a model beside them never crashes.
    static let swift = FuzzTarget(name: "swift") { bytes in
        let loaded = SchemaLoader.load(bytes: [("Fuzz.swift", bytes)])
        let diagnostics = Linter.lint(loaded)
        if let problem = outOfBounds(diagnostics, size: bytes.count) { return problem }
        _ = DiagnosticRenderer.text(diagnostics, sources: loaded.sources)
        if !loaded.diagnostics.hasErrors { _ = CKDBExporter.export(loaded.schema) }
        // The same bytes as the Xcode project and entitlements a model's sync is decided by.
        let app = SchemaLoader.load(bytes: [
            ("App.xcodeproj/project.pbxproj", bytes), ("App/App.entitlements", bytes),
            ("App/Item.swift", Array("@Model final class Item { var name: String }".utf8)),
        ])
        _ = Linter.lint(app)
        return nil
    }
}
