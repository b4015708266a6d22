import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// Compares two `.cloudschema` texts: `before` is read as `deployed.cloudschema`,
/// `after` as `current.cloudschema`. Both must be free of front-end errors.
func compare(_ before: String, _ after: String, sourceLocation: SourceLocation = #_sourceLocation) -> SchemaDiff {
    let deployed = SchemaLoader.load(sources: [("deployed.cloudschema", before)])
    let current = SchemaLoader.load(sources: [("current.cloudschema", after)])
    let errors = (deployed.diagnostics + current.diagnostics).filter { $0.severity == .error }
    #expect(errors.isEmpty, "test schema has errors: \(errors.map(\.message))", sourceLocation: sourceLocation)
    return SchemaComparison.compare(deployed: deployed.schema, current: current.schema)
}

/// The flagged changes as "RULE_ID line:column" (in the current schema), or
/// "RULE_ID (deployed line:column)" for removals with nothing to point at.
func findings(_ before: String, _ after: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    compare(before, after, sourceLocation: sourceLocation).changes.filter(\.isFlagged).map(\.finding)
}

/// The safe changes' kinds.
func safeKinds(_ before: String, _ after: String, sourceLocation: SourceLocation = #_sourceLocation) -> [SchemaChange.Kind] {
    let diff = compare(before, after, sourceLocation: sourceLocation)
    #expect(
        !diff.isBreaking && diff.warnings.isEmpty, "unexpected findings: \(diff.changes.filter(\.isFlagged).map(\.finding))",
        sourceLocation: sourceLocation)
    return diff.safe.map(\.kind)
}

extension SchemaChange {
    var finding: String {
        let id = rule?.id.rawValue ?? kind.rawValue
        if let location { return "\(id) \(location.start.line):\(location.start.column)" }
        if let deployedLocation { return "\(id) (deployed \(deployedLocation.start.line):\(deployedLocation.start.column))" }
        return id
    }
}
