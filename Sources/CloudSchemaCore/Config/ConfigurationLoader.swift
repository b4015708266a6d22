import Foundation

/// Reads and validates `cloudschema.json`, and finds the one that applies to a file.
public enum ConfigurationLoader {
    public static let fileName = "cloudschema.json"

    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (full as NSString).standardizingPath
    }

    /// The nearest `cloudschema.json` in the folder of `file` or any folder above it.
    public static func find(
        for file: String, cache: inout [String: String?], fileSystem: any InputFileSystem = LocalFileSystem()
    ) -> String? {
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
            if (try? fileSystem.status(of: candidate)) != nil {
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

    /// Reads a config file, and the baseline it names when `readingBaseline`; problems are
    /// `CONFIG_INVALID` errors at the key or value.
    public static func load(
        path: String, fileSystem: any InputFileSystem = LocalFileSystem(), readingBaseline: Bool = true
    ) -> (LintConfiguration, [Diagnostic]) {
        guard let bytes = try? fileSystem.contents(of: path) else {
            var fallback = LintConfiguration.default
            fallback.path = path
            return (fallback, [.error(.configInvalid, "cannot read config file '\(path)'", at: nil)])
        }
        var (config, diagnostics) = parse(bytes, path: path)
        if readingBaseline, let baseline = config.baselinePath {
            let (read, problems) = Baseline.read(baseline, fileSystem: fileSystem, at: config.baselineKey)
            config.baseline = read
            diagnostics += problems
        }
        return (config, diagnostics)
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
            case "swiftdata": config.swiftdata = SwiftDataConfiguration.read(section.value, fail: fail)
            case "schema": readSchema(section.value, into: &config, fail: fail)
            default:
                fail(
                    "unknown key '\(section.key)' in \(fileName); expected lint, breaking, generate, sqlitedata, swiftdata or schema\(Spelling.hint(Spelling.closest(to: section.key, among: ["lint", "breaking", "generate", "sqlitedata", "swiftdata", "schema"])))",
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
                fail(
                    "\(name) is a \(rule.kind == .lint ? "lint" : "breaking-change") rule; configure it under '\(rule.kind.rawValue)'",
                    range)
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
        let keys = ["use", "except", "severity", "ignore"] + (kind == .lint ? ["baseline"] : [])
        for member in members {
            switch member.key {
            case "baseline" where kind == .lint:
                guard case .string(let path) = member.value.value, !path.isEmpty else {
                    fail("'baseline' must be the path of a baseline file (a non-empty string)", member.value.range)
                    continue
                }
                config.baselinePath = path.hasPrefix("/") ? path : config.directory + "/" + path
                config.baselineKey = member.value.range
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
                    fail(
                        "'ignore' must be an object such as {\"RULE_ID\": [\"Legacy/**\"]}, found \(member.value.kind)", member.value.range)
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

    /// `"schema": "../CloudKit/production.ckdb"` (or a list of paths), relative to the config's folder.
    private static func readSchema(_ value: PositionedJSON, into config: inout LintConfiguration, fail: (String, SourceRange?) -> Void) {
        let items: [PositionedJSON]
        if case .array(let list) = value.value { items = list } else { items = [value] }
        for item in items {
            guard case .string(let path) = item.value, !path.isEmpty else {
                fail("'schema' must be a schema file path or a list of them, such as \"../CloudKit/production.ckdb\"", item.range)
                continue
            }
            config.schemas.append(
                (((path.hasPrefix("/") ? path : config.directory + "/" + path) as NSString).standardizingPath, item.range))
        }
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
