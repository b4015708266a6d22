import Foundation

/// Every lint rule, in catalogue order (category, then the order of the family's file).
public enum LintRegistry {
    public static let rules: [LintRule] =
        (RecordRules.all + EncryptionRules.all + IndexRules.all + DatabaseRules.all + ModelRules.all
        + KeyValueRules.all + SuppressionRules.all).enumerated().sorted {
            ($0.element.category, $0.offset) < ($1.element.category, $1.offset)
        }.map(\.element)

    private static let byID: [DiagnosticID: LintRule] = Dictionary(rules.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })

    public static func rule(_ id: DiagnosticID) -> LintRule? { byID[id] }

    /// The front end's checks, for `explain` and SARIF rule metadata. Always errors
    /// (NAME_CASE_COLLISION is a warning); configuration cannot change them.
    public static let frontEndSummaries: [DiagnosticID: String] = [
        .syntaxError: "The text is not valid .cloudschema syntax",
        .nameDuplicate: "Two declarations or members with one name (also across files, and through @name)",
        .nameCaseCollision: "Two names that differ only in letter case",
        .typeUnknown: "A type name that is neither built in nor declared",
        .typeMisplaced: "A known type where it cannot be used (a model in a record, Asset in a model, [String?])",
        .referenceTargetUnknown: "Reference<T> where T is not a record type",
        .defaultTypeMismatch: "A default value that does not match the field's type",
        .listNested: "A list of lists",
        .attributeUnknown: "An attribute the language does not define",
        .attributeMisplaced: "An attribute where it does not apply (e.g. @deleteSelf on a String)",
        .attributeArgumentInvalid: "An attribute with a missing, extra or wrong argument",
        .zoneUnknown: "'in Zone' naming an undeclared zone",
        .roleUnknown: "A grant to an undeclared role",
        .enumEmpty: "An enum with no cases",
        .enumRawValueDuplicate: "Two enum cases with one raw value",
        .enumRawValueInvalid: "An Int64 enum case without a raw value, or a raw value of the wrong kind",
        .inputUnreadable: "A file or folder that cannot be read, or no schema files found",
        .outputUnwritable: "A file that cannot be written (read-only, or refused by its folder or disk); it is left as it was",
        .configInvalid: "cloudschema.json is not valid JSON or has an unknown key, rule or value",
    ]

    /// Metadata for every ID a run can report, for SARIF `tool.driver.rules`.
    public static var metadata: [DiagnosticRuleMetadata] {
        rules.map {
            DiagnosticRuleMetadata(
                id: $0.id, summary: $0.summary, help: $0.explanation, defaultSeverity: $0.defaultSeverity,
                tags: [$0.category.rawValue])
        }
            + frontEndSummaries.sorted { $0.key < $1.key }.map {
                DiagnosticRuleMetadata(
                    id: $0.key, summary: $0.value,
                    help: "\($0.value). Reported \(DiagnosticID.frontEnd.contains($0.key) ? "by the parser and resolver" : "when reading or writing files"); always on and not configurable.",
                    defaultSeverity: $0.key == .nameCaseCollision ? .warning : .error, tags: ["syntax"])
            }
    }

    // MARK: Listings

    /// `--list-rules --format text`: one line per rule.
    public static func textList() -> String {
        let width = rules.map(\.id.rawValue.count).max() ?? 0
        var out = ""
        for category in RuleCategory.allCases {
            out += "\(category.title) [\(category.rawValue)]\n"
            for rule in rules where rule.category == category {
                let id = rule.id.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
                let severity = rule.defaultSeverity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
                out += "  \(id)  \(severity) \(rule.summary)\n"
            }
            out += "\n"
        }
        return out + "Run 'cloudschema explain RULE_ID' for the fact behind a rule and how to fix a finding.\n"
    }

    /// `--list-rules --format json`.
    public static func json() -> String {
        JSON.object([
            ("version", 1),
            (
                "rules",
                .array(
                    rules.map { rule in
                        .object([
                            ("id", .string(rule.id.rawValue)), ("category", .string(rule.category.rawValue)),
                            ("severity", .string(rule.defaultSeverity.rawValue)), ("summary", .string(rule.summary)),
                            ("explanation", .string(rule.explanation)),
                        ])
                    })
            ),
        ]).rendered(indent: 2) + "\n"
    }

    /// `--list-rules --format markdown`: the README's rule table (between its rules markers).
    public static func markdown() -> String {
        var out = ""
        for category in RuleCategory.allCases {
            out += "### \(category.title)\n\n| ID | default | what it catches |\n|---|---|---|\n"
            for rule in rules where rule.category == category {
                let summary = rule.summary.replacingOccurrences(of: "|", with: "\\|")
                out += "| `\(rule.id)` | \(rule.defaultSeverity.rawValue) | \(summary) |\n"
            }
            out += "\n"
        }
        return out
    }

    /// `cloudschema explain RULE_ID`.
    public static func explanation(of id: DiagnosticID) -> String? {
        if let rule = rule(id) {
            return """
                \(rule.id): \(rule.summary)
                category: \(rule.category.rawValue)    default severity: \(rule.defaultSeverity.rawValue)

                \(rule.explanation)

                Disable it in cloudschema.json with {"lint": {"except": ["\(rule.id)"]}}, or silence one finding with
                // cloudschema:ignore \(rule.id) <reason>
                on the line before the declaration or member, or at its end.

                """
        }
        if let summary = frontEndSummaries[id] {
            return """
                \(id): \(summary)
                category: syntax    severity: \(id == .nameCaseCollision ? "warning" : "error") (always on, not configurable)

                """
        }
        return nil
    }
}
