/// Every lint rule, in catalogue order (category, then the order of the family's file).
public enum LintRegistry {
    public static let rules: [LintRule] =
        (RecordRules.all + EncryptionRules.all + IndexRules.all + DatabaseRules.all + ModelRules.all
        + KeyValueRules.all + SubscriptionRules.all + SQLiteDataRules.all + AppCodeRules.all + SuppressionRules.all).enumerated().sorted {
            ($0.element.category, $0.offset) < ($1.element.category, $1.offset)
        }.map(\.element)

    private static let byID: [DiagnosticID: LintRule] = Dictionary(rules.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })

    public static func rule(_ id: DiagnosticID) -> LintRule? { byID[id] }
}
