import CloudSchemaCore

/// What every shipped version does with the current schema's changes: one diff per version
/// (`diff --against 'git:v*'`, oldest first), read as a matrix of changes by versions. Users
/// keep old versions installed, so each change meets all of them at once.
public struct VersionMatrix: Sendable {
    /// The versions, oldest first, each with the current schema compared against it.
    public var versions: [(name: String, diff: SchemaDiff)]

    /// One change (by kind and subject), with what each version does with it.
    public struct Row: Hashable, Sendable {
        /// The change as the oldest version that sees it reports it.
        public var change: SchemaChange
        /// Per version, oldest first: the change as that version's diff has it, or nil when
        /// that version has no such change (it already has what the row adds, or another row
        /// says what it sees).
        public var cells: [SchemaChange?]
        /// The oldest version from which on every version takes the change without a finding;
        /// nil when even the newest one doesn't.
        public var oldestSafe: Int?
    }

    public var rows: [Row]

    public init(_ versions: [(name: String, diff: SchemaDiff)]) {
        self.versions = versions
        func key(_ change: SchemaChange) -> String { "\(change.kind) \(change.subject.displayName)" }
        var order: [String] = []
        var cells: [String: [SchemaChange?]] = [:]
        for (i, version) in versions.enumerated() {
            for change in version.diff.changes {
                let k = key(change)
                if cells[k] == nil {
                    order.append(k)
                    cells[k] = Array(repeating: nil, count: versions.count)
                }
                if cells[k]![i] == nil { cells[k]![i] = change }
            }
        }
        rows = order.map { k in
            let row = cells[k]!
            let safe = row.map { $0?.isFlagged != true }
            var oldest: Int? = nil
            for i in safe.indices.reversed() {
                guard safe[i] else { break }
                oldest = i
            }
            return Row(change: row.compactMap { $0 }.first!, cells: row, oldestSafe: oldest)
        }
    }

    public var isBreaking: Bool { versions.contains { $0.diff.isBreaking } }

    /// What some version's comparison could not see: the kinds of change a `.ckdb` cannot
    /// state, and what a reader left out (`SWIFT_UNREADABLE`), each once.
    public var unchecked: [SchemaDiff.Unchecked] {
        SchemaDiff.Unchecked.allCases.filter { kind in versions.contains { $0.diff.unchecked.contains(kind) } }
    }
    public var notRead: [Diagnostic] {
        var seen = Set<String>()
        return versions.flatMap(\.diff.notRead).filter { seen.insert("\($0.range?.file ?? "") \($0.message)").inserted }
    }

    /// What a version built from an older schema does with a change, in a few words.
    public static func effect(_ change: SchemaChange) -> String {
        let effect: String
        switch change.kind {
        case .fieldAdded, .modelAttributeAdded: effect = "ignores the new field; records it creates lack it"
        case .recordTypeAdded, .modelAdded: effect = "skips the new type's records"
        case .enumCaseAdded: effect = "keeps the unknown value"
        case .indexRemoved: effect = "loses its queries on the index"
        case .fieldRenameSuspected: effect = "writes the old field, not the new one"
        case .fieldRemoved, .modelAttributeRemoved, .recordTypeRemoved, .modelRemoved, .enumCaseRemoved, .keyValueKeyRemoved:
            effect = "writes the removed shape back"
        case .fieldTypeChanged, .modelAttributeTypeChanged, .enumRawTypeChanged, .keyValueKeyTypeChanged, .referenceTargetChanged,
            .enumCaseRawValueChanged, .fieldEncryptionChanged, .modelAttributeEncryptionChanged:
            effect = "writes a stale shape back"
        case .fieldMadeRequired, .modelAttributeMadeRequired: effect = "saves records without it"
        case .fieldMadeOptional: effect = "expects a value newer versions may not save"
        case .fieldDefaultChanged: effect = "reads the old default"
        default: effect = change.olderVersions == nil ? "unaffected" : "sees the change"
        }
        return change.rule.map { "\(effect) (\($0.id))" } ?? effect
    }
}

/// Renders a `VersionMatrix`: `text` for terminals, `markdown` (a table) for a pull request.
public enum VersionMatrixReport {
    private static func name(_ row: VersionMatrix.Row) -> String { row.change.subject.displayName }

    private static func oldestSafe(_ row: VersionMatrix.Row, _ matrix: VersionMatrix) -> String {
        row.oldestSafe.map { matrix.versions[$0].name } ?? "none"
    }

    private static func verdict(_ matrix: VersionMatrix, against: String) -> String {
        let breaking = matrix.versions.filter { $0.diff.isBreaking }.map(\.name)
        guard breaking.isEmpty else {
            return
                "Breaking against \(breaking.joined(separator: ", ")): installed apps of \(breaking.count == 1 ? "that version" : "those versions") break."
        }
        let review = matrix.rows.filter { $0.oldestSafe == nil }.count
        return "No breaking changes against any of the \(matrix.versions.count) versions matching \(against)"
            + (review == 0 ? "." : "; \(review) change\(review == 1 ? "" : "s") with warnings to review.")
    }

    /// What went unseen against some version, so the matrix says it is partial (never a silent skip).
    private static func partial(_ matrix: VersionMatrix, bullet: String) -> String {
        var out = ""
        if !matrix.unchecked.isEmpty {
            out += "Not checked: \(DiffReport.uncheckedReason):\n"
            for kind in matrix.unchecked { out += "\(bullet)\(kind.message) [\(kind.rules.map(\.id.rawValue).joined(separator: ", "))]\n" }
        }
        if !matrix.notRead.isEmpty {
            out += "Not read: \(DiffReport.notReadReason):\n"
            for diagnostic in matrix.notRead {
                let place = diagnostic.range.map { "\($0.file):\($0.start.line):\($0.start.column): " } ?? ""
                out += "\(bullet)\(place)\(diagnostic.message) [\(diagnostic.id)]\n"
            }
        }
        return out
    }

    public static func text(_ matrix: VersionMatrix, against: String) -> String {
        let names = matrix.versions.map(\.name)
        var out =
            "What each version matching \(against) does with this schema's changes (oldest first: \(names.joined(separator: ", "))):\n"
        for row in matrix.rows {
            let place = row.change.location.map { " (\($0.file):\($0.start.line):\($0.start.column))" } ?? ""
            out += "\n\(name(row)): \(row.change.message)\(place)\n"
            let width = names.map(\.count).max() ?? 0
            for (version, cell) in zip(names, row.cells) {
                out += "  \(version.padding(toLength: width, withPad: " ", startingAt: 0))  \(cell.map(VersionMatrix.effect) ?? "-")\n"
            }
            out += "  oldest safe: \(oldestSafe(row, matrix))\n"
        }
        out +=
            matrix.rows.isEmpty ? "\nNo changes against any of them.\n" : "\n- : no such change against that version (it has it already).\n"
        out += partial(matrix, bullet: "  ")
        return DiagnosticRenderer.visible(out + verdict(matrix, against: against) + "\n", keepingLineBreaks: true)
    }

    public static func markdown(_ matrix: VersionMatrix, against: String) -> String {
        let names = matrix.versions.map(\.name)
        var out = "### CloudSchema: what each installed version does with these changes\n\n"
        out +=
            "Against every git tag matching `\(against)`, oldest first. `-`: no such change against that version (it has it already).\n\n"
        out += "| Change | \(names.map { "`\($0)`" }.joined(separator: " | ")) | Oldest safe |\n"
        out += "|---|\(names.map { _ in "---|" }.joined())---|\n"
        for row in matrix.rows {
            let cells = row.cells.map {
                $0.map { ($0.isBreaking ? "❌ " : $0.isFlagged ? "⚠️ " : "") + DiffReport.cell(DiffReport.inline(VersionMatrix.effect($0))) }
                    ?? "-"
            }
            out +=
                "| `\(name(row))`: \(DiffReport.cell(DiffReport.inline(row.change.message))) | \(cells.joined(separator: " | ")) | \(row.oldestSafe.map { "`\(names[$0])`" } ?? "none") |\n"
        }
        let notes = partial(matrix, bullet: "- ")
        out += notes.isEmpty ? "" : "\n" + notes
        out += "\n\(verdict(matrix, against: "`\(against)`"))\n\n"
        out += "<sub>Generated by `cloudschema diff --against \(against) --format markdown`.</sub>\n"
        return DiagnosticRenderer.visible(out, keepingLineBreaks: true)
    }
}
