import Foundation

/// Every diagnostic ID the tool can report, with its documentation: the lint rules, the
/// breaking-change rules and the always-on IDs. `explain`, `lint --list-rules`, SARIF rule
/// metadata, Documentation/Rules.md's rule table and config validation read it from here.
public enum DiagnosticRegistry {
    /// Lint rules (catalogue order), then breaking-change rules, then the always-on IDs.
    public static let all: [DiagnosticRule] = LintRegistry.rules.map(\.metadata) + BreakingRules.all + AlwaysOnRules.all

    private static let byID: [DiagnosticID: DiagnosticRule] = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })

    public static func rule(_ id: DiagnosticID) -> DiagnosticRule? { byID[id] }

    /// The rules cloudschema.json can configure: lint and breaking-change rules.
    public static let configurable: [DiagnosticRule] = all.filter(\.isConfigurable)

    /// SARIF `tool.driver.rules` for a lint run: every ID lint can report, lint rules first,
    /// then the always-on IDs by name.
    public static var lintMetadata: [DiagnosticRuleMetadata] {
        let lint = all.filter { $0.kind == .lint }
        let alwaysOn = all.filter { !$0.isConfigurable && $0.kind != .diff }.sorted { $0.id < $1.id }
        return (lint + alwaysOn).map {
            DiagnosticRuleMetadata(
                id: $0.id, summary: $0.summary, help: $0.help, defaultSeverity: $0.defaultSeverity,
                tags: [$0.category.rawValue], helpURI: documentationURL(of: $0))
        }
    }

    /// Where a rule is documented: its row in `Documentation/Rules.md`, whose table (`markdown()`)
    /// gives every ID an anchor of its own name.
    public static func documentationURL(of rule: DiagnosticRule) -> String {
        DiagnosticRenderer.documentationURL + "#" + rule.id.rawValue
    }

    /// The rules a listing shows, by category: the configurable ones, or with `all` every ID.
    private static func listed(all everything: Bool) -> [(RuleCategory, [DiagnosticRule])] {
        let rules = everything ? all : configurable
        return RuleCategory.allCases.map { category in (category, rules.filter { $0.category == category }) }
            .filter { !$0.1.isEmpty }
    }

    // MARK: Listings

    /// `--list-rules --format text`: one line per rule (with `all`, every ID and its kind).
    public static func textList(all everything: Bool = false) -> String {
        let width = (everything ? all : configurable).map(\.id.rawValue.count).max() ?? 0
        var out = ""
        for (category, rules) in listed(all: everything) {
            out += "\(category.title) [\(category.rawValue)]\n"
            for rule in rules {
                let id = rule.id.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
                let severity = rule.defaultSeverity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
                let kind = everything ? rule.kind.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) : ""
                out += "  \(id)  \(severity) \(kind)\(rule.summary)\n"
            }
            out += "\n"
        }
        if !everything {
            out += "Lint rules are configured under \"lint\" in cloudschema.json, breaking-change rules under \"breaking\".\n"
            out += "'cloudschema lint --list-rules --all' also lists the IDs that are always on.\n"
        }
        return out + "Run 'cloudschema explain RULE_ID' for the fact behind a rule and how to fix a finding.\n"
    }

    /// `--list-rules --format json`: `explanation` holds the fix too (as `explain` prints it).
    public static func json(all everything: Bool = false) -> String {
        JSON.object([
            ("version", 1),
            (
                "rules",
                .array(
                    listed(all: everything).flatMap(\.1).map { rule in
                        .object([
                            ("id", .string(rule.id.rawValue)), ("kind", .string(rule.kind.rawValue)),
                            ("category", .string(rule.category.rawValue)),
                            ("severity", .string(rule.defaultSeverity.rawValue)), ("summary", .string(rule.summary)),
                            ("explanation", .string(rule.help)), ("fix", .string(rule.fix)),
                        ])
                    })
            ),
        ]).rendered(indent: 2) + "\n"
    }

    /// `--list-rules --format markdown`; with `all`, Documentation/Rules.md's table (between its
    /// rules markers). Each row ends with an anchor named by the ID (`Rules.md#SWIFT_UNREADABLE`),
    /// which SARIF's `helpUri` links to.
    public static func markdown(all everything: Bool = false) -> String {
        var out = ""
        for (category, rules) in listed(all: everything) {
            out += "### \(category.title)\n\n"
            out +=
                everything
                ? "| ID | kind | default | what it catches |\n|---|---|---|---|\n" : "| ID | default | what it catches |\n|---|---|---|\n"
            for rule in rules {
                let summary = rule.summary.replacingOccurrences(of: "|", with: "\\|")
                let kind = everything ? " \(rule.kind.rawValue) |" : ""
                out += "| `\(rule.id)` |\(kind) \(rule.defaultSeverity.rawValue) | \(summary) <a id=\"\(rule.id)\"></a> |\n"
            }
            out += "\n"
        }
        return out
    }

    /// `cloudschema explain RULE_ID`.
    public static func explanation(of id: DiagnosticID) -> String? {
        guard let rule = rule(id) else { return nil }
        switch rule.kind {
        case .lint:
            return """
                \(rule.id): \(rule.summary)
                category: \(rule.category.rawValue)    default severity: \(rule.defaultSeverity.rawValue)

                \(rule.help)

                Disable it in cloudschema.json with {"lint": {"except": ["\(rule.id)"]}}, or silence one finding with
                // cloudschema:ignore \(rule.id) <reason>
                on the line before the declaration or member, or at its end.

                """
        case .breaking:
            return """
                \(rule.id): \(rule.summary)
                category: \(rule.category.rawValue)    default severity: \(rule.defaultSeverity.rawValue)

                \(rule.help)

                Reported by 'cloudschema diff'. Disable it in cloudschema.json with {"breaking": {"except": ["\(rule.id)"]}},
                or change its severity with {"breaking": {"severity": {"\(rule.id)": "warning"}}}.

                """
        default:
            return """
                \(rule.id): \(rule.summary)
                category: \(rule.category.rawValue)    severity: \(rule.defaultSeverity.rawValue) (always on, not configurable)

                \(rule.help)

                """
        }
    }
}
