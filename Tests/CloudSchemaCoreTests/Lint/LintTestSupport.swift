import Testing

@testable import CloudSchemaCore

/// One rule's documentation-style test: a schema that triggers it with the exact findings
/// (`"line:col-line:col severity ID"`), and a close variant that must not trigger it.
/// `synced`: the SQLite tables the app syncs, as cloudschema.json's `sqlitedata` section lists them.
struct RuleCase: Sendable, CustomTestStringConvertible {
    var rule: String
    var triggers: String
    var expected: [String]
    var clean: String
    var synced: [String]?

    init(_ rule: String, _ triggers: String, _ expected: [String], clean: String, synced: [String]? = nil) {
        self.rule = rule
        self.triggers = triggers
        self.expected = expected
        self.clean = clean
        self.synced = synced
    }

    var testDescription: String { rule }
}

/// Lints one in-memory file with the default configuration, or one whose `sqlitedata` section
/// names the `synced` tables; Swift as an app whose entitlements enable CloudKit.
func lintFindings(_ text: String, file: String = "Test.cloudschema", synced: [String]? = nil) -> [Diagnostic] {
    let loaded = SchemaLoader.load(sources: [(file, text)] + (file.hasSuffix(".swift") ? [cloudKitEntitlements] : []))
    var configuration = LintConfiguration.default
    configuration.sqlitedata = synced.map { SQLiteDataConfiguration(tables: $0) }
    return Linter.lint(loaded) { _ in configuration }
}

/// `"line:col-line:col severity ID"` for each finding.
func describe(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { d in
        let r = d.range.map { "\($0.start.line):\($0.start.column)-\($0.end.line):\($0.end.column) " } ?? ""
        return "\(r)\(d.severity.rawValue) \(d.id)"
    }
}

func check(_ c: RuleCase, file: String = "Test.cloudschema") {
    let rule = DiagnosticID(c.rule)
    #expect(LintRegistry.rule(rule) != nil, "\(c.rule) is not registered")
    let found = lintFindings(c.triggers, file: file, synced: c.synced)
    #expect(
        !found.contains { DiagnosticID.frontEnd.contains($0.id) && $0.severity == .error },
        "snippet has front-end errors: \(describe(found))")
    #expect(describe(found.filter { $0.id == rule }) == c.expected, "all findings: \(describe(found))")
    let clean = lintFindings(c.clean, file: file, synced: c.synced)
    #expect(
        !clean.contains { DiagnosticID.frontEnd.contains($0.id) && $0.severity == .error },
        "clean variant has front-end errors: \(describe(clean))")
    #expect(!clean.contains { $0.id == rule }, "clean variant triggers \(c.rule): \(describe(clean))")
}
