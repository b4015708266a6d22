import Foundation

/// What code-scanning services show for a rule: SARIF `reportingDescriptor`s.
public struct DiagnosticRuleMetadata: Hashable, Sendable {
    public var id: DiagnosticID
    public var summary: String
    /// The longer explanation: the fact behind the rule and how to fix a finding.
    public var help: String
    public var defaultSeverity: Diagnostic.Severity
    public var tags: [String]
    /// The rule's documentation (SARIF `helpUri`).
    public var helpURI: String?

    public init(
        id: DiagnosticID, summary: String, help: String, defaultSeverity: Diagnostic.Severity, tags: [String] = [],
        helpURI: String? = nil
    ) {
        self.id = id
        self.summary = summary
        self.help = help
        self.defaultSeverity = defaultSeverity
        self.tags = tags
        self.helpURI = helpURI
    }
}

/// Where a SARIF log's paths are relative to: code scanning resolves `%SRCROOT%` to its checkout,
/// so paths inside the repository are written relative to its root.
public struct SARIFPaths: Sendable {
    /// The repository root (absolute, without a trailing `/`).
    public var root: String
    /// The directory the tool ran in (absolute): relative input paths are relative to it.
    public var workingDirectory: String

    public static let rootID = "%SRCROOT%"

    public init(root: String, workingDirectory: String) {
        self.root = Self.normalized(root)
        self.workingDirectory = Self.normalized(workingDirectory)
    }

    /// The current directory, with the repository it is in (`from(_:)`).
    public static func current() -> SARIFPaths { from(FileManager.default.currentDirectoryPath) }

    /// `directory`, and as root the nearest directory at or above it holding `.git` (a folder,
    /// or the file a worktree has), else `directory` itself.
    public static func from(_ directory: String) -> SARIFPaths {
        var root = normalized(directory)
        while !FileManager.default.fileExists(atPath: (root == "/" ? "" : root) + "/.git") {
            guard root != "/", let slash = root.lastIndex(of: "/") else { return SARIFPaths(root: directory, workingDirectory: directory) }
            root = slash == root.startIndex ? "/" : String(root[..<slash])
        }
        return SARIFPaths(root: root, workingDirectory: directory)
    }

    /// A file's `artifactLocation`: relative to the root with `uriBaseId` when it is inside it,
    /// else an absolute `file://` URI.
    func artifact(_ file: String) -> JSON {
        let absolute = Self.normalized(file.hasPrefix("/") ? file : workingDirectory + "/" + file)
        let prefix = root == "/" ? "/" : root + "/"
        guard absolute.hasPrefix(prefix) else {
            return .object([("uri", .string("file://" + DiagnosticRenderer.uriReference(absolute)))])
        }
        let relative = String(absolute.dropFirst(prefix.count))
        return .object([("uri", .string(DiagnosticRenderer.uriReference(relative))), ("uriBaseId", .string(Self.rootID))])
    }

    /// A directory as an absolute `file://` URI ending in `/`, as `originalUriBaseIds` requires.
    static func directoryURI(_ path: String) -> JSON {
        .object([("uri", .string("file://" + DiagnosticRenderer.uriReference(path == "/" ? "/" : path + "/")))])
    }

    /// `a/./b/../c/` → `a/c`, without touching the file system (symbolic links are kept).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        let absolute = path.hasPrefix("/")
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part != ".." || !absolute {
                parts.append(part)
            }
        }
        return (absolute ? "/" : "") + parts.joined(separator: "/")
    }
}

extension DiagnosticRenderer {
    /// The project's home (SARIF `informationUri`), and where every rule's documentation lives:
    /// `Documentation/Rules.md`, a row and an anchor per ID. The one place to change when either
    /// moves (the repository URL is a placeholder until the project is published).
    public static let repositoryURL = "https://github.com/cloudschema/cloudschema"
    public static let documentationURL = repositoryURL + "/blob/main/Documentation/Rules.md"

    /// GitHub code scanning shows at most 1,024 characters of a rule's `fullDescription`.
    static let fullDescriptionLimit = 1024

    /// SARIF 2.1.0 (OASIS), one run. `rules` describes every ID that can appear; IDs not in
    /// it are added with their ID as description, so every result has a valid `ruleIndex`.
    /// Paths are written relative to `paths.root` (`%SRCROOT%`), which code scanning maps to its checkout.
    ///
    /// SARIF columns count UTF-16 code units (its default `columnKind`), so columns are
    /// converted from the UTF-8 byte columns used elsewhere, using the source text.
    public static func sarif(
        _ diagnostics: [Diagnostic], rules: [DiagnosticRuleMetadata], sources: SourceStore, toolVersion: String, paths: SARIFPaths
    ) -> String {
        var metadata = rules
        var indexByID: [DiagnosticID: Int] = [:]
        for (i, rule) in metadata.enumerated() where indexByID[rule.id] == nil { indexByID[rule.id] = i }
        for diagnostic in diagnostics where indexByID[diagnostic.id] == nil {
            indexByID[diagnostic.id] = metadata.count
            metadata.append(
                DiagnosticRuleMetadata(
                    id: diagnostic.id, summary: diagnostic.id.rawValue, help: diagnostic.id.rawValue,
                    defaultSeverity: diagnostic.severity))
        }

        let driverRules: [JSON] = metadata.map { rule in
            var members: [(String, JSON)] = [
                ("id", .string(rule.id.rawValue)),
                ("name", .string(pascalCase(rule.id.rawValue))),
                ("shortDescription", .object([("text", .string(rule.summary))])),
                ("fullDescription", .object([("text", .string(fullDescription(rule.help)))])),
            ]
            if let uri = rule.helpURI { members.append(("helpUri", .string(uri))) }
            members += [
                (
                    "help",
                    .object([
                        ("text", .string(rule.help)),
                        ("markdown", .string("**\(rule.id)**: \(rule.summary)\n\n\(rule.help)")),
                    ])
                ),
                ("defaultConfiguration", .object([("level", .string(level(rule.defaultSeverity)))])),
                (
                    "properties",
                    .object([
                        ("tags", .array(rule.tags.map { .string($0) })),
                        ("precision", .string(precision(rule.defaultSeverity))),
                        ("problem.severity", .string(problemSeverity(rule.defaultSeverity))),
                    ])
                ),
            ]
            return .object(members)
        }

        var seen: [String: Int] = [:]
        let results: [JSON] = diagnostics.map { diagnostic in
            var members: [(String, JSON)] = [
                ("ruleId", .string(diagnostic.id.rawValue)),
                ("ruleIndex", .int(indexByID[diagnostic.id]!)),
                ("level", .string(level(diagnostic.severity))),
                ("message", .object([("text", .string(diagnostic.message))])),
            ]
            if let range = diagnostic.range {
                members.append(("locations", .array([location(range, sources, paths)])))
            }
            // Two findings with the same subject in one file are told apart by their order.
            let key = fingerprint(diagnostic, sources: sources, paths: paths)
            let occurrence = seen[key, default: 0] + 1
            seen[key] = occurrence
            members.append(("partialFingerprints", .object([(fingerprintKey, .string("\(key):\(occurrence)"))])))
            let related = diagnostic.notes.enumerated().compactMap { i, note -> JSON? in
                guard let range = note.range else { return nil }
                guard case .object(var object) = location(range, sources, paths) else { return nil }
                object.insert(("id", .int(i)), at: 0)
                object.append(("message", .object([("text", .string(note.message))])))
                return .object(object)
            }
            if !related.isEmpty { members.append(("relatedLocations", .array(related))) }
            if !diagnostic.fixIts.isEmpty {
                members.append(
                    (
                        "fixes",
                        .array(
                            diagnostic.fixIts.map { fix in
                                var byFile: [(String, [Diagnostic.FixIt.Edit])] = []
                                for edit in fix.edits {
                                    if let i = byFile.firstIndex(where: { $0.0 == edit.range.file }) {
                                        byFile[i].1.append(edit)
                                    } else {
                                        byFile.append((edit.range.file, [edit]))
                                    }
                                }
                                return .object([
                                    ("description", .object([("text", .string(fix.message))])),
                                    (
                                        "artifactChanges",
                                        .array(
                                            byFile.map { file, edits in
                                                .object([
                                                    ("artifactLocation", paths.artifact(file)),
                                                    (
                                                        "replacements",
                                                        .array(
                                                            edits.map { edit in
                                                                .object([
                                                                    ("deletedRegion", region(edit.range, sources)),
                                                                    ("insertedContent", .object([("text", .string(edit.replacement))])),
                                                                ])
                                                            })
                                                    ),
                                                ])
                                            })
                                    ),
                                ])
                            })
                    ))
            }
            return .object(members)
        }

        let log: JSON = .object([
            ("$schema", "https://json.schemastore.org/sarif-2.1.0.json"),
            ("version", "2.1.0"),
            (
                "runs",
                .array([
                    .object([
                        (
                            "tool",
                            .object([
                                (
                                    "driver",
                                    .object([
                                        ("name", "cloudschema"),
                                        ("version", .string(toolVersion)),
                                        ("informationUri", .string(repositoryURL)),
                                        ("rules", .array(driverRules)),
                                    ])
                                )
                            ])
                        ),
                        (
                            "invocations",
                            .array([
                                .object([
                                    ("executionSuccessful", true),
                                    ("workingDirectory", SARIFPaths.directoryURI(paths.workingDirectory)),
                                ])
                            ])
                        ),
                        ("originalUriBaseIds", .object([(SARIFPaths.rootID, SARIFPaths.directoryURI(paths.root))])),
                        ("columnKind", "utf16CodeUnits"),
                        ("results", .array(results)),
                    ])
                ])
            ),
        ])
        return log.rendered(indent: 2) + "\n"
    }

    /// The `partialFingerprints` key: versioned, so a change of `fingerprint` can be told apart.
    static let fingerprintKey = "cloudschemaSubject/v1"

    /// What identifies a finding across commits while lines move: its rule, its file (as the log
    /// writes it) and its subject: the element it is in (`field Bed.name`, the key a baseline
    /// uses), else the source text its range starts with (on that line), and the message without
    /// line and column numbers. Hashed with 64-bit FNV-1a, which is stable across runs and
    /// platforms, unlike `Hasher`.
    static func fingerprint(_ diagnostic: Diagnostic, sources: SourceStore, paths: SARIFPaths) -> String {
        var subject = diagnostic.id.rawValue + "\u{0}"
        if let range = diagnostic.range {
            subject += paths.artifact(range.file).rendered() + "\u{0}"
            if let element = diagnostic.element {
                subject += element.description
            } else if let line = sources.line(range.start.line, in: range.file) {
                let start = min(max(range.start.column - 1, 0), line.count)
                let end = range.end.line == range.start.line ? min(max(range.end.column - 1, start), line.count) : line.count
                subject += String(decoding: line.dropFirst(start).prefix(end - start), as: UTF8.self)
            }
            subject += "\u{0}"
        }
        subject += diagnostic.message.replacing(#/:\d+(:\d+)?|\bline \d+/#, with: "")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in subject.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The rule's help cut at the last sentence that ends within GitHub's 1,024 characters (the
    /// whole text stays in `help`); a single longer sentence is cut at a word, with an ellipsis.
    static func fullDescription(_ help: String) -> String {
        guard help.count > fullDescriptionLimit else { return help }
        let head = help.prefix(fullDescriptionLimit)
        if let end = head.ranges(of: ". ").last?.lowerBound { return String(head[...end]) }
        let cut = head.dropLast().lastIndex(of: " ") ?? head.index(before: head.endIndex)
        return String(head[..<cut]) + "…"
    }

    static func level(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// GitHub code scanning's `problem.severity`, from the rule's default severity.
    static func problemSeverity(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "recommendation"
        }
    }

    /// GitHub code scanning's `precision`: errors state documented facts (never a false error);
    /// unsure facts are warnings (CONTRIBUTING.md), and notes are advice.
    static func precision(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: "very-high"
        case .warning: "high"
        case .info: "medium"
        }
    }

    /// `ENCRYPTED_INDEXED` → `EncryptedIndexed`.
    static func pascalCase(_ id: String) -> String {
        id.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
    }

    private static func location(_ range: SourceRange, _ sources: SourceStore, _ paths: SARIFPaths) -> JSON {
        .object([
            (
                "physicalLocation",
                .object([("artifactLocation", paths.artifact(range.file)), ("region", region(range, sources))])
            )
        ])
    }

    private static func region(_ range: SourceRange, _ sources: SourceStore) -> JSON {
        .object([
            ("startLine", .int(range.start.line)),
            ("startColumn", .int(utf16Column(range.start, file: range.file, sources))),
            ("endLine", .int(range.end.line)),
            ("endColumn", .int(utf16Column(range.end, file: range.file, sources))),
        ])
    }

    /// A 1-based UTF-16 column for a 1-based UTF-8 byte column (unchanged for ASCII lines).
    static func utf16Column(_ position: SourcePosition, file: String, _ sources: SourceStore) -> Int {
        guard let line = sources.line(position.line, in: file) else { return position.column }
        let prefix = line.prefix(max(position.column - 1, 0))
        if prefix.allSatisfy({ $0 < 0x80 }) { return position.column }
        return String(decoding: prefix, as: UTF8.self).utf16.count + 1
    }

    /// A URI reference for a path: `/` kept, everything outside RFC 3986's unreserved set
    /// percent-encoded.
    static func uriReference(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
