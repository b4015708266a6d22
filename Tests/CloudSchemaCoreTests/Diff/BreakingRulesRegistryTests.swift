import Testing

@testable import CloudSchemaCore

/// `BreakingRules.all` is what `--list-rules` and `explain` print.
@Suite("Breaking-change rule registry")
struct BreakingRulesRegistryTests {
    /// rules.md, "Breaking changes": ID and default severity.
    static let catalogue: [(String, Diagnostic.Severity)] = [
        ("RECORD_TYPE_NO_DELETE", .error), ("FIELD_NO_DELETE", .error), ("FIELD_SAME_TYPE", .error),
        ("FIELD_NO_ENCRYPTION_CHANGE", .error), ("FIELD_NEW_REQUIRED", .error), ("FIELD_RENAME_SUSPECTED", .warning),
        ("INDEX_NO_DELETE", .warning), ("ENUM_CASE_NO_DELETE", .error), ("ENUM_CASE_SAME_VALUE", .error),
        ("REFERENCE_TARGET_CHANGED", .warning), ("RECORD_DATABASE_CHANGED", .error),
        ("NUMBER_PREFERRED_CHANGED", .error), ("MODEL_NO_DELETE", .error), ("MODEL_ATTRIBUTE_NO_DELETE", .error),
        ("MODEL_ATTRIBUTE_SAME_TYPE", .error), ("KV_KEY_SAME_TYPE", .error),
    ]

    @Test func everyCatalogueRuleIsRegisteredWithItsSeverity() {
        for (id, severity) in Self.catalogue {
            let rule = BreakingRules.rule(DiagnosticID(id))
            #expect(rule?.defaultSeverity == severity, "\(id)")
        }
        // Additions beyond the catalogue are listed after it.
        #expect(BreakingRules.all.prefix(Self.catalogue.count).map(\.id.rawValue) == Self.catalogue.map(\.0))
        #expect(
            BreakingRules.all.dropFirst(Self.catalogue.count).map(\.id.rawValue) == [
                "GRANT_NO_DELETE", "FIELD_TYPE_NARROWED", "SUBSCRIPTION_REMOVED", "SUBSCRIPTION_CHANGED", "SQL_MIGRATION_EDITED",
            ])
    }

    @Test func everyRuleIsDocumented() {
        #expect(Set(BreakingRules.all.map(\.id)).count == BreakingRules.all.count)
        for rule in BreakingRules.all {
            #expect(rule.summary.hasSuffix("."), "\(rule.id)")
            #expect(rule.explanation.count > 60, "\(rule.id)")
            #expect(!rule.fix.isEmpty, "\(rule.id)")
            #expect(rule.id.rawValue.allSatisfy { $0.isUppercase || $0 == "_" }, "\(rule.id)")
        }
    }

    @Test func unknownIDsAreNotBreakingRules() {
        #expect(BreakingRules.rule("ENCRYPTED_INDEXED") == nil)
    }
}
