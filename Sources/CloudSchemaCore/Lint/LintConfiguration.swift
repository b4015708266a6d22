import Foundation

/// The `generate` section of `cloudschema.json`, read by the generator.
public struct GenerateConfiguration: Hashable, Sendable {
    public enum Access: String, Hashable, Sendable, CaseIterable {
        case `public`, package, `internal`
    }

    public var access: Access?
    /// A folder of templates overriding the built-in ones, resolved against the config file's folder.
    public var templates: String?

    public init(access: Access? = nil, templates: String? = nil) {
        self.access = access
        self.templates = templates
    }
}

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

/// The configuration each input file uses, as `lint`, `diff` and `generate` read it:
/// `--config` for every file, else the nearest `cloudschema.json` above each (each read once).
public struct ConfigurationSet: Sendable {
    /// Problems in the config files read (`CONFIG_INVALID`).
    public private(set) var diagnostics: [Diagnostic] = []
    private var explicit: LintConfiguration?
    private var configs: [String: LintConfiguration] = [:]
    private var configFor: [String: String] = [:]
    private let defaults = LintConfiguration.default

    public init(files: [String], explicitPath: String?) {
        if let explicitPath {
            let (config, problems) = ConfigurationLoader.load(path: explicitPath)
            explicit = config
            diagnostics = problems
            return
        }
        var cache: [String: String?] = [:]
        for file in files {
            guard let found = ConfigurationLoader.find(for: file, cache: &cache) else { continue }
            configFor[file] = found
            if configs[found] == nil {
                let (config, problems) = ConfigurationLoader.load(path: found)
                configs[found] = config
                diagnostics += problems
            }
        }
    }

    /// The configuration for findings in `file` (nil: a finding with no location).
    public func configuration(for file: String?) -> LintConfiguration {
        if let explicit { return explicit }
        guard let file, let path = configFor[file], let config = configs[path] else { return defaults }
        return config
    }

    /// `generate` settings: --config's, else those of the first input with a config file.
    public func generateSettings(for inputs: [String]) -> GenerateConfiguration? {
        explicit?.generate ?? inputs.lazy.compactMap { configFor[$0].flatMap { configs[$0] } }.first?.generate
    }
}

/// Reads and validates `cloudschema.json`, and finds the one that applies to a file.
public enum ConfigurationLoader {
    public static let fileName = "cloudschema.json"

    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (full as NSString).standardizingPath
    }

    /// The nearest `cloudschema.json` in the folder of `file` or any folder above it.
    public static func find(for file: String, cache: inout [String: String?]) -> String? {
        var directory = (absolute(file) as NSString).deletingLastPathComponent
        var visited: [String] = []
        var found: String?
        while true {
            if let cached = cache[directory] {
                found = cached
                break
            }
            visited.append(directory)
            let candidate = directory + "/" + fileName
            if FileManager.default.fileExists(atPath: candidate) {
                found = candidate
                break
            }
            let parent = (directory as NSString).deletingLastPathComponent
            if parent == directory || parent.isEmpty { break }
            directory = parent
        }
        for folder in visited { cache[folder] = .some(found) }
        return found
    }

    /// Reads a config file; problems are `CONFIG_INVALID` errors at the key or value.
    public static func load(path: String) -> (LintConfiguration, [Diagnostic]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            var fallback = LintConfiguration.default
            fallback.path = path
            return (fallback, [.error(.configInvalid, "cannot read config file '\(path)'", at: nil)])
        }
        return parse([UInt8](data), path: path)
    }

    /// Parses config text. `path` names the file in diagnostics; its folder is the base for globs.
    public static func parse(_ bytes: [UInt8], path: String) -> (LintConfiguration, [Diagnostic]) {
        var config = LintConfiguration.default
        config.path = path
        config.directory = (absolute(path) as NSString).deletingLastPathComponent
        var diagnostics: [Diagnostic] = []
        func fail(_ message: String, _ range: SourceRange?) {
            diagnostics.append(.error(.configInvalid, message, at: range))
        }
        let root: PositionedJSON
        do {
            root = try PositionedJSON.parse(bytes, file: path)
        } catch {
            fail("\(path) is not valid JSON: \(error.message)", error.range)
            return (config, diagnostics)
        }
        guard case .object(let sections) = root.value else {
            fail("a config file holds one JSON object, as in {\"lint\": {...}}", root.range)
            return (config, diagnostics)
        }
        for section in sections {
            switch section.key {
            case "lint": readRules(section.value, kind: .lint, into: &config, fail: fail)
            case "breaking": readRules(section.value, kind: .breaking, into: &config, fail: fail)
            case "generate": readGenerate(section.value, into: &config, fail: fail)
            case "sqlitedata": config.sqlitedata = SQLiteDataConfiguration.read(section.value, fail: fail)
            default:
                fail(
                    "unknown key '\(section.key)' in \(fileName); expected lint, breaking, generate or sqlitedata\(Spelling.hint(Spelling.closest(to: section.key, among: ["lint", "breaking", "generate", "sqlitedata"])))",
                    section.keyRange)
            }
        }
        return (config, diagnostics)
    }

    /// Rule IDs and category names a `use`/`except` entry expands to, or nil after reporting.
    private static func expand(
        _ item: PositionedJSON, kind: DiagnosticKind, fail: (String, SourceRange?) -> Void
    ) -> [DiagnosticID]? {
        guard case .string(let name) = item.value else {
            fail("expected a rule ID or category name (a string), found \(item.kind)", item.range)
            return nil
        }
        return ids(named: name, at: item.range, kind: kind, fail: fail)
    }

    /// The `kind` rules a rule ID or category name stands for, or nil after reporting.
    private static func ids(
        named name: String, at range: SourceRange, kind: DiagnosticKind, fail: (String, SourceRange?) -> Void
    ) -> [DiagnosticID]? {
        let id = DiagnosticID(name)
        if DiagnosticID.frontEnd.contains(id) {
            fail("\(name) is a syntax or resolution check; it is always an error and cannot be configured", range)
            return nil
        }
        let rules = DiagnosticRegistry.configurable.filter { $0.kind == kind }
        if let rule = DiagnosticRegistry.rule(id) {
            if rule.kind == kind { return [id] }
            if rule.isConfigurable {
                fail("\(name) is a \(rule.kind == .lint ? "lint" : "breaking-change") rule; configure it under '\(rule.kind.rawValue)'", range)
            } else {
                fail("\(name) reports \(rule.kind.rawValue) problems; it is always on and cannot be configured", range)
            }
            return nil
        }
        if let category = RuleCategory(rawValue: name.lowercased()), rules.contains(where: { $0.category == category }) {
            return rules.filter { $0.category == category }.map(\.id)
        }
        let candidates = rules.map(\.id.rawValue) + Set(rules.map(\.category.rawValue)).sorted()
        fail(
            "unknown rule '\(name)' or category\(Spelling.hint(Spelling.closest(to: name, among: candidates))); 'cloudschema lint --list-rules' lists them",
            range)
        return nil
    }

    /// The `lint` or `breaking` section: the same keys, each for its own rules.
    private static func readRules(
        _ value: PositionedJSON, kind: DiagnosticKind, into config: inout LintConfiguration,
        fail: (String, SourceRange?) -> Void
    ) {
        let section = kind.rawValue
        guard case .object(let members) = value.value else {
            fail("'\(section)' must be an object, found \(value.kind)", value.range)
            return
        }
        var use: Set<DiagnosticID>?
        var except: Set<DiagnosticID> = []
        let keys = ["use", "except", "severity", "ignore"]
        for member in members {
            switch member.key {
            case "use", "except":
                guard case .array(let items) = member.value.value else {
                    fail("'\(member.key)' must be an array of rule IDs or categories, found \(member.value.kind)", member.value.range)
                    continue
                }
                var ids: Set<DiagnosticID> = []
                for item in items { ids.formUnion(expand(item, kind: kind, fail: fail) ?? []) }
                if member.key == "use" { use = (use ?? []).union(ids) } else { except.formUnion(ids) }
            case "severity":
                guard case .object(let entries) = member.value.value else {
                    fail("'severity' must be an object such as {\"RULE_ID\": \"warning\"}, found \(member.value.kind)", member.value.range)
                    continue
                }
                for entry in entries {
                    guard let ids = ids(named: entry.key, at: entry.keyRange, kind: kind, fail: fail) else { continue }
                    guard case .string(let word) = entry.value.value,
                        word == "off" || Diagnostic.Severity(rawValue: word) != nil
                    else {
                        fail("severity must be \"error\", \"warning\", \"info\" or \"off\"", entry.value.range)
                        continue
                    }
                    for id in ids {
                        if let severity = Diagnostic.Severity(rawValue: word) {
                            config.severities[id] = severity
                        } else {
                            except.insert(id)
                        }
                    }
                }
            case "ignore":
                guard case .object(let entries) = member.value.value else {
                    fail("'ignore' must be an object such as {\"RULE_ID\": [\"Legacy/**\"]}, found \(member.value.kind)", member.value.range)
                    continue
                }
                for entry in entries {
                    guard let ids = ids(named: entry.key, at: entry.keyRange, kind: kind, fail: fail) else { continue }
                    guard case .array(let items) = entry.value.value else {
                        fail("'ignore' values must be arrays of path globs, found \(entry.value.kind)", entry.value.range)
                        continue
                    }
                    var globs: [String] = []
                    for item in items {
                        guard case .string(let glob) = item.value, !glob.isEmpty else {
                            fail("a path glob must be a non-empty string, found \(item.kind)", item.range)
                            continue
                        }
                        globs.append(glob)
                    }
                    for id in ids { config.ignores[id, default: []] += globs }
                }
            default:
                fail(
                    "unknown key '\(member.key)' in '\(section)'; expected one of \(keys.joined(separator: ", "))\(Spelling.hint(Spelling.closest(to: member.key, among: keys)))",
                    member.keyRange)
            }
        }
        let all = Set(DiagnosticRegistry.configurable.filter { $0.kind == kind }.map(\.id))
        config.enabled = config.enabled.subtracting(all).union((use ?? all).subtracting(except))
    }

    private static func readGenerate(
        _ value: PositionedJSON, into config: inout LintConfiguration, fail: (String, SourceRange?) -> Void
    ) {
        guard case .object(let members) = value.value else {
            fail("'generate' must be an object, found \(value.kind)", value.range)
            return
        }
        let keys = ["access", "templates"]
        for member in members {
            switch member.key {
            case "access":
                guard case .string(let word) = member.value.value, let access = GenerateConfiguration.Access(rawValue: word)
                else {
                    fail("'access' must be \"public\", \"package\" or \"internal\"", member.value.range)
                    continue
                }
                config.generate.access = access
            case "templates":
                guard case .string(let path) = member.value.value, !path.isEmpty else {
                    fail("'templates' must be a folder path (a non-empty string)", member.value.range)
                    continue
                }
                config.generate.templates = path.hasPrefix("/") ? path : config.directory + "/" + path
            default:
                fail(
                    "unknown key '\(member.key)' in 'generate'; expected one of \(keys.joined(separator: ", "))\(Spelling.hint(Spelling.closest(to: member.key, among: keys)))",
                    member.keyRange)
            }
        }
    }
}

/// Path globs for `ignore`: `*` and `?` stop at `/`, `**` crosses folders, and a pattern
/// without wildcards also matches every path under it (`Legacy` matches `Legacy/A.cloudschema`).
enum Glob {
    static func matches(_ pattern: String, path: String) -> Bool {
        let p = Array(pattern.utf8)
        let s = Array(path.utf8)
        if !p.contains(UInt8(ascii: "*")) && !p.contains(UInt8(ascii: "?")) {
            let prefix = pattern.hasSuffix("/") ? pattern : pattern + "/"
            return path == pattern || path.hasPrefix(prefix)
        }
        // Dynamic programming over (pattern index, path index): linear in their product.
        var current = [Bool](repeating: false, count: s.count + 1)
        current[0] = true
        var i = 0
        while i < p.count {
            var next = [Bool](repeating: false, count: s.count + 1)
            if p[i] == UInt8(ascii: "*") {
                let doubleStar = i + 1 < p.count && p[i + 1] == UInt8(ascii: "*")
                // `**/` also matches zero folders.
                let skipSlash = doubleStar && i + 2 < p.count && p[i + 2] == UInt8(ascii: "/")
                var reachable = false
                for j in 0...s.count {
                    if current[j] { reachable = true }
                    next[j] = reachable
                    if j < s.count && s[j] == UInt8(ascii: "/") && !doubleStar { reachable = false }
                }
                if skipSlash {
                    // Consume `**/` as a unit: any prefix ending in '/', or nothing.
                    var after = [Bool](repeating: false, count: s.count + 1)
                    for j in 0...s.count where current[j] {
                        after[j] = true
                        for k in j..<s.count where s[k] == UInt8(ascii: "/") { after[k + 1] = true }
                    }
                    next = after
                    i += 3
                } else {
                    i += doubleStar ? 2 : 1
                }
            } else {
                for j in 0..<s.count where current[j] {
                    if p[i] == UInt8(ascii: "?") ? s[j] != UInt8(ascii: "/") : s[j] == p[i] { next[j + 1] = true }
                }
                i += 1
            }
            current = next
        }
        return current[s.count]
    }
}
