import CloudSchemaCore

extension FuzzTarget {
    /// A schema, optionally followed by a `cloudschema.json` (`---8<---` between them): the config
    /// is read, the schema linted with it (suppression comments included), and the findings
    /// rendered in every format. Diagnostics point inside their file; linting twice gives the
    /// same findings.
    static let lint = FuzzTarget(name: "lint") { bytes in
        let parts = parts(bytes)
        let schema = parts[0]
        let file = "/fuzz/" + fileName(for: schema)
        var configuration = LintConfiguration.default
        if parts.count > 1 {
            let (parsed, problems) = ConfigurationLoader.parse(parts[1], path: "/fuzz/cloudschema.json")
            if let problem = outOfBounds(problems, size: parts[1].count) { return "cloudschema.json: \(problem)" }
            configuration = parsed
        }
        let loaded = SchemaLoader.load(bytes: [(file, schema)])
        let findings = Linter.lint(loaded) { _ in configuration }
        if let problem = outOfBounds(findings, size: schema.count) { return problem }
        if Linter.lint(loaded, configuration: { _ in configuration }) != findings { return "linting twice gave different findings" }
        _ = DiagnosticRenderer.text(findings, sources: loaded.sources, color: true)
        _ = DiagnosticRenderer.json(findings)
        _ = DiagnosticRenderer.github(findings)
        _ = DiagnosticRenderer.sarif(
            findings, rules: DiagnosticRegistry.lintMetadata, sources: loaded.sources, toolVersion: "fuzz",
            paths: SARIFPaths(root: "/repo", workingDirectory: "/repo"))
        return nil
    }
}
