import CloudSchemaCore
import CloudSchemaTools

extension FuzzTarget {
    /// Two schemas, deployed `---8<---` current (one part: compared with itself), each
    /// `.cloudschema` or `.ckdb`: comparing them never crashes and every report renders; a
    /// schema without errors compared with itself has no changes. (`diff` refuses schemas
    /// with errors: they resolve partially.) Both schemas and the change are drawn as `graph`
    /// and the review comment draw them.
    static let diff = FuzzTarget(name: "diff") { bytes in
        let parts = parts(bytes)
        let deployedBytes = parts[0]
        let currentBytes = parts.count > 1 ? parts[1] : parts[0]
        let deployed = SchemaLoader.load(bytes: [(fileName(for: deployedBytes, "Deployed"), deployedBytes)])
        let current = SchemaLoader.load(bytes: [(fileName(for: currentBytes, "Current"), currentBytes)])
        let diff = SchemaComparison.compare(deployed: deployed.schema, current: current.schema)
        var sources = current.sources
        for path in deployed.sources.paths { if let text = deployed.sources.bytes(of: path) { sources.add(path, text) } }
        _ = DiffReport.text(diff, against: "fuzz", sources: sources, color: true)
        _ = DiffReport.json(diff, against: "fuzz")
        _ = DiffReport.markdown(
            diff, against: "fuzz", diagram: SchemaGraph.changes(diff, deployed: deployed.schema, current: current.schema))
        for schema in [deployed.schema, current.schema] {
            _ = MermaidRenderer.render(SchemaGraph(schema))
            _ = DOTRenderer.render(SchemaGraph(schema))
        }
        _ = DiffReport.github(diff)
        for loaded in [deployed, current] where !loaded.diagnostics.hasErrors {
            let same = SchemaComparison.compare(deployed: loaded.schema, current: loaded.schema)
            if let change = same.changes.first { return "a schema compared with itself has changes: \(change.message)" }
        }
        return nil
    }
}
