import Testing

@testable import CloudSchemaCore
@testable import CloudSchemaTools

/// cloudschema.json's `breaking` section configures `cloudschema diff`'s rules with the keys
/// `lint` uses, applied through the same `LintConfiguration.severity(of:in:)`.
@Suite struct BreakingConfigurationTests {
    /// Two findings against the deployed schema: FIELD_NO_DELETE (error, 'notes' removed) and
    /// INDEX_NO_DELETE (warning, @queryable dropped from 'name').
    let deployed = """
        record Plant {
            name: String @queryable
            notes: String?
        }
        """
    let current = """
        record Plant {
            name: String
        }
        """

    /// The flagged changes as "RULE_ID severity", with the current schema read from `file`.
    func findings(_ config: String, file: String = "/project/Schemas/Garden.cloudschema") -> [String] {
        let (configuration, problems) = ConfigurationLoader.parse(Array(config.utf8), path: "/project/cloudschema.json")
        #expect(problems.isEmpty, "\(problems.map(\.message))")
        let before = SchemaLoader.load(sources: [("deployed.cloudschema", deployed)])
        let after = SchemaLoader.load(sources: [(file, current)])
        let diff = SchemaComparison.compare(deployed: before.schema, current: after.schema).configured { _ in configuration }
        return diff.changes.filter(\.isFlagged).map { "\($0.rule!.id) \($0.severity!.rawValue)" }
    }

    func configProblems(_ config: String) -> [String] {
        ConfigurationLoader.parse(Array(config.utf8), path: "cloudschema.json").1.map(\.message)
    }

    @Test func defaultsAreTheRulesSeverities() {
        #expect(findings("{}") == ["FIELD_NO_DELETE error", "INDEX_NO_DELETE warning"])
        // A lint section leaves the breaking rules alone, even with `use`.
        #expect(findings(#"{"lint": {"use": ["records"]}}"#) == ["FIELD_NO_DELETE error", "INDEX_NO_DELETE warning"])
    }

    @Test func severityUseExceptAndIgnore() {
        #expect(
            findings(#"{"breaking": {"severity": {"FIELD_NO_DELETE": "warning", "INDEX_NO_DELETE": "error"}}}"#)
                == ["INDEX_NO_DELETE error", "FIELD_NO_DELETE warning"])
        #expect(findings(#"{"breaking": {"except": ["INDEX_NO_DELETE"]}}"#) == ["FIELD_NO_DELETE error"])
        #expect(findings(#"{"breaking": {"use": ["INDEX_NO_DELETE"]}}"#) == ["INDEX_NO_DELETE warning"])
        #expect(findings(#"{"breaking": {"severity": {"breaking": "off"}}}"#) == [])
        let ignore = #"{"breaking": {"ignore": {"FIELD_NO_DELETE": ["Legacy/**"]}}}"#
        #expect(findings(ignore, file: "/project/Legacy/Garden.cloudschema") == ["INDEX_NO_DELETE warning"])
        #expect(findings(ignore) == ["FIELD_NO_DELETE error", "INDEX_NO_DELETE warning"])
    }

    /// A rule that is off leaves its change in the report as a safe one; the verdict follows.
    @Test func aChangeWhoseRuleIsOffIsSafe() {
        let (configuration, _) = ConfigurationLoader.parse(
            Array(#"{"breaking": {"except": ["breaking"]}}"#.utf8), path: "/p/cloudschema.json")
        let diff = SchemaComparison.compare(
            deployed: SchemaLoader.load(sources: [("a.cloudschema", deployed)]).schema,
            current: SchemaLoader.load(sources: [("b.cloudschema", current)]).schema
        ).configured { _ in configuration }
        #expect(diff.verdict == .safe && diff.diagnostics.isEmpty)
        #expect(diff.safe.map(\.kind) == [.fieldRemoved, .indexRemoved] || diff.safe.map(\.kind) == [.indexRemoved, .fieldRemoved])
    }

    @Test func eachSectionTakesItsOwnRules() {
        #expect(
            configProblems(#"{"lint": {"except": ["FIELD_NO_DELETE"]}, "breaking": {"severity": {"ENCRYPTED_INDEXED": "off"}}}"#)
                == [
                    "FIELD_NO_DELETE is a breaking-change rule; configure it under 'breaking'",
                    "ENCRYPTED_INDEXED is a lint rule; configure it under 'lint'",
                ])
        #expect(
            configProblems(#"{"breaking": {"use": ["CONFIG_INVALID", "FIELD_NO_DELET"], "except": ["records"]}}"#)
                == [
                    "CONFIG_INVALID reports config problems; it is always on and cannot be configured",
                    "unknown rule 'FIELD_NO_DELET' or category; did you mean 'FIELD_NO_DELETE'?; 'cloudschema lint --list-rules' lists them",
                    "unknown rule 'records' or category; 'cloudschema lint --list-rules' lists them",
                ])
    }
}
