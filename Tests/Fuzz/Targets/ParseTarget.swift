import CloudSchemaCore

extension FuzzTarget {
    /// Every input goes through both front ends (.cloudschema and .ckdb) and the text renderer;
    /// every diagnostic points inside the input.
    static let parse = FuzzTarget(name: "parse") { bytes in
        for file in ["Fuzz.cloudschema", "Fuzz.ckdb"] {
            let loaded = SchemaLoader.load(bytes: [(file, bytes)])
            if let problem = outOfBounds(loaded.diagnostics, size: bytes.count) { return "\(file): \(problem)" }
            _ = DiagnosticRenderer.text(loaded.diagnostics, sources: loaded.sources)
        }
        return nil
    }
}
