import CloudSchemaCore
import CloudSchemaTools

extension FuzzTarget {
    /// `format` as a `.cloudschema` file: it refuses only input with syntax errors, formatting
    /// its output changes nothing (idempotence), and the output resolves to an equal `Schema`.
    static let format = FuzzTarget(name: "format") { bytes in
        let file = "Fuzz.cloudschema"
        switch SchemaFormatter.format(bytes, file: file) {
        case .syntaxErrors(let diagnostics):
            if !diagnostics.contains(where: { $0.severity == .error }) { return "refused without a syntax error" }
            return outOfBounds(diagnostics, size: bytes.count)
        case .failed(let reason):
            return "the formatter rejected its own output: \(reason)"
        case .formatted(let text):
            guard case .formatted(let again) = SchemaFormatter.format(text, file: file) else {
                return "formatted text does not format again"
            }
            if again != text { return "not idempotent: formatting the output changes it" }
            let before = SchemaLoader.load(bytes: [(file, bytes)]).schema
            let after = SchemaLoader.load(bytes: [(file, Array(text.utf8))]).schema
            if before != after { return "the formatted text resolves to a different schema" }
            return nil
        }
    }
}
