/// What code-scanning services show for a rule: SARIF `reportingDescriptor`s.
public struct DiagnosticRuleMetadata: Hashable, Sendable {
    public var id: DiagnosticID
    public var summary: String
    /// The longer explanation: the fact behind the rule and how to fix a finding.
    public var help: String
    public var defaultSeverity: Diagnostic.Severity
    public var tags: [String]

    public init(id: DiagnosticID, summary: String, help: String, defaultSeverity: Diagnostic.Severity, tags: [String] = []) {
        self.id = id
        self.summary = summary
        self.help = help
        self.defaultSeverity = defaultSeverity
        self.tags = tags
    }
}

extension DiagnosticRenderer {
    /// SARIF 2.1.0 (OASIS), one run. `rules` describes every ID that can appear; IDs not in
    /// it are added with their ID as description, so every result has a valid `ruleIndex`.
    ///
    /// SARIF columns count UTF-16 code units (its default `columnKind`), so columns are
    /// converted from the UTF-8 byte columns used elsewhere, using the source text.
    public static func sarif(
        _ diagnostics: [Diagnostic], rules: [DiagnosticRuleMetadata], sources: SourceStore, toolVersion: String
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
            .object([
                ("id", .string(rule.id.rawValue)),
                ("name", .string(pascalCase(rule.id.rawValue))),
                ("shortDescription", .object([("text", .string(rule.summary))])),
                ("fullDescription", .object([("text", .string(rule.help))])),
                (
                    "help",
                    .object([
                        ("text", .string(rule.help)),
                        ("markdown", .string("**\(rule.id)**: \(rule.summary)\n\n\(rule.help)")),
                    ])
                ),
                ("defaultConfiguration", .object([("level", .string(level(rule.defaultSeverity)))])),
                ("properties", .object([("tags", .array(rule.tags.map { .string($0) }))])),
            ])
        }

        let results: [JSON] = diagnostics.map { diagnostic in
            var members: [(String, JSON)] = [
                ("ruleId", .string(diagnostic.id.rawValue)),
                ("ruleIndex", .int(indexByID[diagnostic.id]!)),
                ("level", .string(level(diagnostic.severity))),
                ("message", .object([("text", .string(diagnostic.message))])),
            ]
            if let range = diagnostic.range {
                members.append(("locations", .array([location(range, sources)])))
            }
            let related = diagnostic.notes.enumerated().compactMap { i, note -> JSON? in
                guard let range = note.range else { return nil }
                guard case .object(var object) = location(range, sources) else { return nil }
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
                                                    ("artifactLocation", artifact(file)),
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
                                        ("informationUri", "https://github.com/cloudschema/cloudschema"),
                                        ("rules", .array(driverRules)),
                                    ])
                                )
                            ])
                        ),
                        ("columnKind", "utf16CodeUnits"),
                        ("results", .array(results)),
                    ])
                ])
            ),
        ])
        return log.rendered(indent: 2) + "\n"
    }

    static func level(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// `ENCRYPTED_INDEXED` → `EncryptedIndexed`.
    static func pascalCase(_ id: String) -> String {
        id.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
    }

    private static func location(_ range: SourceRange, _ sources: SourceStore) -> JSON {
        .object([
            (
                "physicalLocation",
                .object([("artifactLocation", artifact(range.file)), ("region", region(range, sources))])
            )
        ])
    }

    private static func artifact(_ file: String) -> JSON {
        .object([("uri", .string(uriReference(file)))])
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

    /// A relative URI reference for a path: `/` kept, everything outside RFC 3986's
    /// unreserved set percent-encoded.
    static func uriReference(_ path: String) -> String {
        var out = path.hasPrefix("/") ? "file://" : ""
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
