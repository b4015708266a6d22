/// The stage of the pipeline that reports a diagnostic. `lint` and `breaking` rules are the
/// configurable ones (cloudschema.json's `lint` and `breaking` sections); the others are always on.
public enum DiagnosticKind: String, Hashable, Sendable, CaseIterable {
    /// The `.cloudschema` lexer and parser.
    case syntax
    /// Name, type and attribute resolution.
    case resolve
    /// Reading CloudKit Schema Language (`.ckdb`) files.
    case ckdb
    /// Finding and reading input files.
    case input
    /// Writing files.
    case output
    /// `cloudschema generate`: output file names and templates.
    case generate
    /// Reading `cloudschema.json`.
    case config
    /// `cloudschema lint`'s rules.
    case lint
    /// `cloudschema diff`'s breaking-change rules.
    case breaking
    /// `cloudschema diff`'s report itself.
    case diff

    public var isConfigurable: Bool { self == .lint || self == .breaking }
}

/// One diagnostic ID's public documentation, declared once: `explain`, `--list-rules`, SARIF
/// rule metadata, Documentation/Rules.md's rule table and `cloudschema.json` validation all read it.
public struct DiagnosticRule: Hashable, Sendable, Identifiable {
    public var id: DiagnosticID
    public var kind: DiagnosticKind
    public var category: RuleCategory
    /// The severity before configuration (for always-on IDs, the only one).
    public var defaultSeverity: Diagnostic.Severity
    /// One line: what it catches.
    public var summary: String
    /// The fact behind it, with its source.
    public var explanation: String
    /// What to do about a finding.
    public var fix: String

    public init(
        _ id: DiagnosticID, _ kind: DiagnosticKind, _ category: RuleCategory, _ severity: Diagnostic.Severity,
        summary: String, explanation: String, fix: String
    ) {
        self.id = id
        self.kind = kind
        self.category = category
        self.defaultSeverity = severity
        self.summary = summary
        self.explanation = explanation
        self.fix = fix
    }

    public var isConfigurable: Bool { kind.isConfigurable }

    /// The explanation and the fix as one paragraph, as `explain` and SARIF's help show them.
    public var help: String { "\(explanation) Fix: \(fix)" }
}
