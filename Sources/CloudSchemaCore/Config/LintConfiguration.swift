import Foundation

/// The `lint` and `breaking` sections of one `cloudschema.json` (or the defaults), resolved to rules.
///
/// Resolution follows buf: each section configures its own rules (lint rules, or
/// `cloudschema diff`'s breaking-change rules) with the same keys. An empty `use` means every
/// rule of the section; `use` and `except` take rule IDs and category names; `except` wins.
/// `severity` then changes a rule's severity (`"off"` disables it), and `ignore` drops a rule's
/// findings in files matching a glob relative to the config file's folder (`*`, `**`, `?`; a
/// plain path matches everything under it).
public struct LintConfiguration: Sendable {
    /// The config file, or nil for the defaults.
    public var path: String?
    /// The folder `ignore` globs and `generate.templates` are relative to (absolute).
    public var directory: String
    public var enabled: Set<DiagnosticID>
    public var severities: [DiagnosticID: Diagnostic.Severity]
    public var ignores: [DiagnosticID: [String]]
    public var generate: GenerateConfiguration
    /// The `sqlitedata` section: the tables SQLiteData syncs.
    public var sqlitedata: SQLiteDataConfiguration?
    /// The `swiftdata` section: the models stored without CloudKit.
    public var swiftdata: SwiftDataConfiguration?
    /// `lint.baseline`: the baseline file (absolute), and where the key was written.
    public var baselinePath: String?
    var baselineKey: SourceRange?
    /// That file as read (nil when not read, as for `lint --write-baseline`), or `lint --baseline`'s.
    public var baseline: Baseline?
    /// `"schema"`: the schema files (absolute paths) an app target's Swift code is checked
    /// against, with where the config names them.
    public var schemas: [(path: String, range: SourceRange)] = []

    public static var `default`: LintConfiguration {
        LintConfiguration(
            path: nil, directory: FileManager.default.currentDirectoryPath,
            enabled: Set(DiagnosticRegistry.configurable.map(\.id)), severities: [:], ignores: [:], generate: .init())
    }

    /// The severity a lint or breaking-change rule's findings get in `file`, or nil when the rule is off there.
    /// (Front-end diagnostics never pass through configuration.)
    public func severity(of id: DiagnosticID, in file: String?) -> Diagnostic.Severity? {
        guard enabled.contains(id) else { return nil }
        if let file, let globs = ignores[id], globs.contains(where: { Glob.matches($0, path: relativePath(file)) }) {
            return nil
        }
        return severities[id] ?? DiagnosticRegistry.rule(id)?.defaultSeverity
    }

    public func isEnabled(_ id: DiagnosticID) -> Bool { enabled.contains(id) }

    /// `file` relative to the config's folder (or as given when it is outside it).
    func relativePath(_ file: String) -> String {
        let absolute = ConfigurationLoader.absolute(file)
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return absolute.hasPrefix(base) ? String(absolute.dropFirst(base.count)) : file
    }
}
