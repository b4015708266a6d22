import Foundation

/// `lint --baseline`: findings recorded once (typically deployed debt that production cannot
/// change) and not reported again. Each is keyed by rule, file and element (`field Bed.name`),
/// not by line, so edits elsewhere keep it matched; a finding with no element is keyed by its
/// message instead. The file format is the README's (**Baseline**).
public struct Baseline: Sendable {
    public static let version = 1

    /// What a recorded finding is matched by. `file` is relative to the baseline's folder.
    public struct Key: Hashable, Sendable, Comparable {
        public var rule: DiagnosticID
        public var file: String
        public var element: Diagnostic.Element?
        /// The message, for a finding that has no element.
        public var message: String?

        public static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.file, lhs.rule.rawValue, lhs.element?.description ?? "", lhs.message ?? "")
                < (rhs.file, rhs.rule.rawValue, rhs.element?.description ?? "", rhs.message ?? "")
        }
    }

    /// Where it is read from and written to (absolute).
    public let path: String
    /// How many findings each key holds.
    public private(set) var counts: [Key: Int] = [:]
    /// Where each entry was written, for stale ones.
    private var ranges: [Key: SourceRange] = [:]

    public init(path: String, findings: [Diagnostic] = []) {
        self.path = ConfigurationLoader.absolute(path)
        for finding in findings { add(finding) }
    }

    /// Whether a finding can be recorded: a lint rule's (what a suppression comment could
    /// silence), in a file. Syntax, resolution, input and config errors never can.
    public static func canHold(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.range != nil && LintRegistry.rule(diagnostic.id) != nil
    }

    public func key(for diagnostic: Diagnostic) -> Key? {
        guard Self.canHold(diagnostic), let file = diagnostic.range?.file else { return nil }
        return Key(
            rule: diagnostic.id, file: relative(file), element: diagnostic.element,
            message: diagnostic.element == nil ? diagnostic.message : nil)
    }

    /// `file` relative to the baseline's folder (`../Schemas/Garden.cloudschema`).
    private func relative(_ file: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent.split(separator: "/")
        let target = ConfigurationLoader.absolute(file).split(separator: "/")
        let common = zip(folder, target).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: folder.count - common) + target[common...].map(String.init)).joined(separator: "/")
    }

    /// A key's file as an absolute path.
    private func absolute(_ file: String) -> String {
        ConfigurationLoader.absolute(file.hasPrefix("/") ? file : (path as NSString).deletingLastPathComponent + "/" + file)
    }

    public mutating func add(_ diagnostic: Diagnostic) {
        if let key = key(for: diagnostic) { counts[key, default: 0] += 1 }
    }

    // MARK: Matching

    /// `diagnostics` without the findings their file's baseline holds (as many of each key as it
    /// counts), plus one BASELINE_STALE info for each entry found fewer times than it counts, when
    /// its file was among `files` (the build plugin lints each target alone with one config).
    public static func apply(_ diagnostics: [Diagnostic], files: [String], baseline: (String?) -> Baseline?) -> [Diagnostic] {
        var left: [String: [Key: Int]] = [:]
        var baselines: [String: Baseline] = [:]
        var kept: [Diagnostic] = []
        for diagnostic in diagnostics {
            guard let found = baseline(diagnostic.range?.file), let key = found.key(for: diagnostic) else {
                kept.append(diagnostic)
                continue
            }
            if baselines[found.path] == nil {
                baselines[found.path] = found
                left[found.path] = found.counts
            }
            if let count = left[found.path]?[key], count > 0 {
                left[found.path]?[key] = count - 1
            } else {
                kept.append(diagnostic)
            }
        }
        // Baselines of files with no finding left: every entry of theirs may be stale.
        for file in files { if let found = baseline(file), baselines[found.path] == nil { baselines[found.path] = found } }
        guard !baselines.isEmpty else { return kept }
        let read = Set(files.map { ConfigurationLoader.absolute($0) })
        for (path, found) in baselines.sorted(by: { $0.key < $1.key }) {
            for (key, count) in found.counts.sorted(by: { $0.key < $1.key }) {
                let missing = left[path]?[key] ?? count
                guard missing > 0, read.contains(found.absolute(key.file)) else { continue }
                let what = key.element.map { "on \($0)" } ?? "'\(key.message ?? "")'"
                let number = "\(count) \(key.rule) finding\(count == 1 ? "" : "s")"
                let now =
                    missing == count
                    ? (count == 1 ? "it is no longer found" : "they are no longer found")
                    : "only \(count - missing) \(count - missing == 1 ? "is" : "are") found now"
                kept.append(
                    Diagnostic(
                        .baselineStale, .info,
                        "the baseline holds \(number) \(what) in \(key.file), but \(now); update the entry, or run 'cloudschema lint --write-baseline' again",
                        at: baselines[path]?.ranges[key]))
            }
        }
        return kept
    }

    // MARK: The file

    /// `{"version": 1, "findings": [{"rule", "file", "element" or "message", "count"}]}`, sorted,
    /// one finding a line so a change to the baseline reads as a short diff.
    public var bytes: [UInt8] {
        let findings = counts.sorted { $0.key < $1.key }.map { key, count in
            var members: [(String, JSON)] = [("rule", .string(key.rule.rawValue)), ("file", .string(key.file))]
            if let element = key.element { members.append(("element", .string(element.description))) }
            if let message = key.message { members.append(("message", .string(message))) }
            members.append(("count", .int(count)))
            return "    " + JSON.object(members).rendered()
        }
        let list = findings.isEmpty ? "[]" : "[\n" + findings.joined(separator: ",\n") + "\n  ]"
        return Array("{\n  \"version\": \(Self.version),\n  \"findings\": \(list)\n}\n".utf8)
    }

    /// Writes the file atomically, only when its bytes change; returns whether it did.
    @discardableResult
    public func write() throws(FileWriter.Failure) -> Bool {
        let new = bytes
        if let old = FileManager.default.contents(atPath: path), [UInt8](old) == new { return false }
        try FileWriter.write(new, to: path)
        return true
    }

    /// Reads a baseline file; problems are CONFIG_INVALID errors at the value.
    public static func read(_ path: String, fileSystem: any InputFileSystem = LocalFileSystem(), at reference: SourceRange? = nil)
        -> (Baseline, [Diagnostic])
    {
        guard let bytes = try? fileSystem.contents(of: path) else {
            return (
                Baseline(path: path),
                [
                    .error(
                        .configInvalid,
                        "cannot read the baseline '\(path)'; write it with 'cloudschema lint --write-baseline \(path)'", at: reference)
                ]
            )
        }
        return parse(bytes, path: path)
    }

    public static func parse(_ bytes: [UInt8], path: String) -> (Baseline, [Diagnostic]) {
        var baseline = Baseline(path: path)
        var problems: [Diagnostic] = []
        func fail(_ message: String, _ range: SourceRange) {
            problems.append(.error(.configInvalid, "baseline: \(message)", at: range))
        }
        let root: PositionedJSON
        do {
            root = try PositionedJSON.parse(bytes, file: path)
        } catch {
            fail("not valid JSON: \(error.message)", error.range)
            return (baseline, problems)
        }
        guard case .object(let members) = root.value else {
            fail("expected an object {\"version\": \(version), \"findings\": [...]}", root.range)
            return (baseline, problems)
        }
        var version: Double?
        for member in members {
            switch (member.key, member.value.value) {
            case ("version", .number(let number)): version = number
            case ("findings", .array(let items)):
                for item in items {
                    guard let (key, count) = entry(item, fail: fail) else { continue }
                    baseline.counts[key, default: 0] += count
                    baseline.ranges[key] = baseline.ranges[key] ?? item.range
                }
            default:
                fail(
                    "unexpected '\(member.key)' (\(member.value.kind)); expected \"version\": \(Self.version) and \"findings\": [...]",
                    member.keyRange)
            }
        }
        if version != Double(Self.version) {
            fail("expected \"version\": \(Self.version) (this CloudSchema reads version \(Self.version))", root.range)
        }
        return (baseline, problems)
    }

    private static func entry(_ item: PositionedJSON, fail: (String, SourceRange) -> Void) -> (Key, Int)? {
        guard case .object(let members) = item.value else {
            fail("a finding is an object {\"rule\", \"file\", \"element\" or \"message\", \"count\"}, found \(item.kind)", item.range)
            return nil
        }
        var strings: [String: String] = [:]
        var count = 1
        for member in members {
            switch (member.key, member.value.value) {
            case ("rule", .string(let s)), ("file", .string(let s)), ("element", .string(let s)), ("message", .string(let s)):
                strings[member.key] = s
            case ("count", .number(let n)) where n >= 1 && n == n.rounded() && n < 1e9: count = Int(n)
            default: fail("unexpected '\(member.key)' (\(member.value.kind)) in a finding", member.keyRange)
            }
        }
        guard let rule = strings["rule"], let file = strings["file"], (strings["element"] == nil) != (strings["message"] == nil)
        else {
            fail("a finding needs \"rule\", \"file\" and one of \"element\" or \"message\"", item.range)
            return nil
        }
        var element: Diagnostic.Element?
        if let text = strings["element"] {
            guard let read = Diagnostic.Element(text) else {
                fail("'\(text)' is no element (KIND NAME, as in \"field Bed.name\")", item.range)
                return nil
            }
            element = read
        }
        return (Key(rule: DiagnosticID(rule), file: file, element: element, message: strings["message"]), count)
    }
}

/// Which element of the schema holds a position: the innermost declaration or member whose
/// range contains it. One index per lint, so finding each finding's element stays near-linear.
struct SchemaElements {
    private struct Entry {
        var start: Int
        var end: Int
        var element: Diagnostic.Element
        var parent: Int?
    }

    private var byFile: [String: [Entry]] = [:]

    init(_ schema: Schema) {
        var found: [(SourceRange?, Diagnostic.Element)] = []
        if let container = schema.container { found.append((container.spans.range, .init(.container, container.identifier))) }
        for role in schema.roles { found.append((role.spans.range, .init(.role, role.name))) }
        for zone in schema.zones { found.append((zone.spans.range, .init(.zone, zone.name))) }
        schema.enums.forEachInPlace { type in
            found.append((type.spans.range, .init(.enum, type.name)))
            for value in type.cases { found.append((value.spans.range, .init(.case, type.name + "." + value.name))) }
        }
        schema.recordTypes.forEachInPlace { record in
            found.append((record.spans.range, .init(.record, record.name)))
            record.fields.forEachInPlace { found.append(($0.spans.range, .init(.field, record.name + "." + $0.name))) }
        }
        schema.models.forEachInPlace { model in
            found.append((model.spans.range, .init(.model, model.name)))
            model.properties.forEachInPlace { found.append(($0.spans.range, .init(.property, model.name + "." + $0.name))) }
        }
        for store in schema.keyValueStores {
            found.append((store.spans.range, .init(.store, store.name)))
            for key in store.keys { found.append((key.spans.range, .init(.key, store.name + "." + key.name))) }
        }
        for subscription in schema.subscriptions { found.append((subscription.spans.range, .init(.subscription, subscription.name))) }
        schema.sqlite.tables.forEachInPlace { table in
            found.append((table.spans.range, .init(.table, table.name)))
            table.columns.forEachInPlace { found.append(($0.spans.range, .init(.column, table.name + "." + $0.name))) }
        }
        for index in schema.sqlite.indexes { found.append((index.range, .init(.index, index.name))) }
        var grouped: [String: [Entry]] = [:]
        for case (let range?, let element) in found {
            grouped[range.file, default: []].append(Entry(start: range.start.offset, end: range.end.offset, element: element))
        }
        for (file, entries) in grouped {
            // Outer before inner at one start; each entry's parent is the nearest open one.
            var sorted = entries.sorted { ($0.start, -$0.end) < ($1.start, -$1.end) }
            var open: [Int] = []
            for i in sorted.indices {
                while let last = open.last, sorted[last].end <= sorted[i].start { open.removeLast() }
                sorted[i].parent = open.last
                open.append(i)
            }
            byFile[file] = sorted
        }
    }

    func element(at range: SourceRange?) -> Diagnostic.Element? {
        guard let range, let entries = byFile[range.file] else { return nil }
        let offset = range.start.offset
        // The last entry starting at or before the offset, then out through its parents.
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].start <= offset { low = middle + 1 } else { high = middle }
        }
        var candidate = low > 0 ? low - 1 : nil
        while let i = candidate {
            if offset < entries[i].end || offset == entries[i].start { return entries[i].element }
            candidate = entries[i].parent
        }
        return nil
    }
}
