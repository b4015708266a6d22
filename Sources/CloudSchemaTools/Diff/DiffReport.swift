import CloudSchemaCore

/// Renders a `SchemaDiff` as `cloudschema diff` prints it: `text` for terminals and
/// Xcode, `json` for tools, `markdown` for a pull-request comment, and `github` for
/// workflow annotations.
public enum DiffReport {
    /// "2 breaking changes, 1 warning, 3 safe changes", or "no changes".
    public static func summary(_ diff: SchemaDiff) -> String {
        func count(_ n: Int, _ word: String) -> String? { n == 0 ? nil : "\(n) \(word)\(n == 1 ? "" : "s")" }
        let breaking = diff.count(.error)
        let warnings = diff.count(.warning)
        let parts = [
            count(breaking, "breaking change"), count(warnings, "warning"),
            count(diff.changes.count - breaking - warnings, "safe change"),
        ].compactMap { $0 }
        return parts.isEmpty ? "no changes" : parts.joined(separator: ", ")
    }

    /// Why some kinds of change went unchecked, and how to check them.
    static let uncheckedReason = "a .ckdb cannot state these kinds of change, so the comparison could not check them"
    static let uncheckedAdvice = "Compare with the deployed schema's source, `--against git:REV[:PATH]`, to check them too."

    /// " Partial check: 3 kinds of change not checked.", or "" when everything was checked.
    private static func partial(_ diff: SchemaDiff) -> String {
        let (n, r) = (diff.unchecked.count, diff.notRead.count)
        let parts = [
            n == 0 ? nil : "\(n) kind\(n == 1 ? "" : "s") of change not checked",
            r == 0 ? nil : "\(r) declaration\(r == 1 ? "" : "s") not read",
        ].compactMap { $0 }
        return parts.isEmpty ? "" : " Partial check: \(parts.joined(separator: ", "))."
    }

    static let notReadReason = "the readers left these out of either side, so a change to them is not checked"

    // MARK: Text

    /// Findings in the swiftc form (breaking first), each followed by what to do
    /// instead and what older app versions see, then the safe changes, what was not
    /// checked, and a verdict line. Each change's parts are read where they are stored
    /// (`changes[i].message`): a copy of a whole change retains every string in it, and those
    /// copies made the report grow faster than the diff.
    /// With `gate` (`--require-deployed`), what `against` lacks is listed last, apart from the verdict.
    public static func text(
        _ diff: SchemaDiff, against: String, sources: SourceStore, color: Bool = false, gate: DeploymentGap? = nil
    ) -> String {
        var out = ""
        let changes = diff.changes
        for i in changes.indices {
            guard var diagnostic = changes[i].diagnostic else { continue }
            diagnostic.notes.removeAll { $0.range == nil }
            out += DiagnosticRenderer.text([diagnostic], sources: sources, color: color)
            if let fix = changes[i].fix { out += "    fix: \(DiagnosticRenderer.visible(fix))\n" }
            if let older = changes[i].olderVersions { out += "    note: \(DiagnosticRenderer.visible(older))\n" }
        }
        if diff.count(nil) > 0 {
            if !out.isEmpty { out += "\n" }
            out += "Safe changes:\n"
            for i in changes.indices where !changes[i].isFlagged {
                let place = changes[i].location.map { "\($0.file):\($0.start.line):\($0.start.column): " } ?? ""
                out += "  \(DiagnosticRenderer.visible(place + changes[i].message))\n"
                if let older = changes[i].olderVersions { out += "    note: \(DiagnosticRenderer.visible(older))\n" }
            }
        }
        if !diff.unchecked.isEmpty {
            if !out.isEmpty { out += "\n" }
            out += "Not checked: \(uncheckedReason):\n"
            for kind in diff.unchecked {
                out += "  \(kind.message) [\(kind.rules.map(\.id.rawValue).joined(separator: ", "))]\n"
            }
            out += uncheckedAdvice + "\n"
        }
        if !diff.notRead.isEmpty {
            if !out.isEmpty { out += "\n" }
            out += "Not read: \(notReadReason):\n"
            for diagnostic in diff.notRead {
                let place = diagnostic.range.map { "\($0.file):\($0.start.line):\($0.start.column): " } ?? ""
                out += "  \(DiagnosticRenderer.visible(place + diagnostic.message)) [\(diagnostic.id)]\n"
            }
        }
        if !out.isEmpty { out += "\n" }
        let verdict: String
        switch diff.verdict {
        case .breaking: verdict = "Breaking: \(summary(diff)) against \(against); production cannot take this schema as is."
        case .review: verdict = "Deployable, with warnings to review: \(summary(diff)) against \(against)."
        case .safe: verdict = "Additive only: \(summary(diff)) against \(against)."
        case .unchanged: verdict = "No changes against \(against)."
        }
        out += DiagnosticRenderer.visible(verdict) + partial(diff) + "\n"
        guard let gate else { return out }
        out += "\n" + gateVerdict(gate, against: against)
        for change in gate.missing {
            let place = change.location.map { "\($0.file):\($0.start.line):\($0.start.column): " } ?? ""
            out += "  \(DiagnosticRenderer.visible(place + change.message))\n"
        }
        return gate.isEmpty ? out : out + deployAdvice + "\n"
    }

    /// The release gate's verdict line: what `against` lacks, or that it has everything.
    private static func gateVerdict(_ gate: DeploymentGap, against: String) -> String {
        gate.isEmpty
            ? "Deployed: \(against) has every record type, field, index, grant and role this schema uses.\n"
            : "Not deployed: \(gate.summary(in: against)); \(DeploymentGap.releaseAdvice):\n"
    }

    /// How production gets them: cktool imports only to development; production takes
    /// development's schema through the Console (ckdb-language 3.2, 4.1).
    static let deployAdvice =
        "Deploy them with the CloudKit Console's Deploy Schema Changes (cktool cannot import to production), then commit a new production export; `cloudschema plan` lists the steps."

    // MARK: JSON

    /// tooling.md's diagnostics object with `changes` (and `verdict`, `against`, and the
    /// kinds of change left `unchecked`) beside `diagnostics`.
    /// With `gate`, `notDeployed` lists the changes `against` lacks (each also a DIFF_NOT_DEPLOYED
    /// error among the diagnostics) and `deployed` says whether it lacks none.
    public static func json(_ diff: SchemaDiff, against: String, gate: DeploymentGap? = nil) -> String {
        var extra: [(String, JSON)] = [
            ("against", .string(against)), ("verdict", .string(diff.verdict.rawValue)),
            ("changes", .array(diff.changes.map(\.json))), ("unchecked", .array(diff.unchecked.map(\.json))),
        ]
        if let gate {
            extra += [("deployed", .bool(gate.isEmpty)), ("notDeployed", .array(gate.missing.map(\.json)))]
        }
        return DiagnosticRenderer.json(diff.diagnostics + diff.notRead + gateDiagnostics(gate, against: against), extra: extra)
    }

    /// One DIFF_NOT_DEPLOYED error per change `against` lacks, at the schema's line.
    private static func gateDiagnostics(_ gate: DeploymentGap?, against: String) -> [Diagnostic] {
        (gate?.missing ?? []).map { change in
            Diagnostic(
                .diffNotDeployed, .error, "\(change.message), but \(against) lacks it; \(DeploymentGap.releaseAdvice)",
                at: change.location)
        }
    }

    // MARK: Markdown

    /// A pull-request review comment: a verdict line, one table of changes per record
    /// type (model, enum...) with breaking ones marked and what older app versions see,
    /// what to do about each, and what could not be checked. Control characters from the
    /// schemas are shown escaped.
    /// `diagram` (`SchemaGraph.changes`) is drawn as a Mermaid block after the tables, which
    /// GitHub renders in the pull-request comment.
    /// With `gate`, a checklist of what `against` lacks follows the verdict line.
    public static func markdown(
        _ diff: SchemaDiff, against: String, diagram: SchemaGraph? = nil, gate: DeploymentGap? = nil
    ) -> String {
        DiagnosticRenderer.visible(unescapedMarkdown(diff, against: against, diagram: diagram, gate: gate), keepingLineBreaks: true)
    }

    private static func unescapedMarkdown(_ diff: SchemaDiff, against: String, diagram: SchemaGraph?, gate: DeploymentGap?) -> String {
        let complete = diff.unchecked.isEmpty && diff.notRead.isEmpty
        var out = "### \(headline(diff, against: against))\(complete ? "" : " (partial check)")\n\n"
        if let gate {
            out += "#### \(gate.isEmpty ? "✅" : "❌") \(gateVerdict(gate, against: "`\(against)`"))\n"
            for change in gate.missing {
                let place = change.location.map { " (`\($0.file):\($0.start.line)`)" } ?? ""
                out += "- [ ] \(cell(inline(sentence(change.message))))\(place)\n"
            }
            out += gate.isEmpty ? "\n" : "\n\(deployAdvice)\n\n"
        }
        let footer =
            "<sub>Generated by `cloudschema diff --against \(against)\(gate == nil ? "" : " --require-deployed") --format markdown`.</sub>\n"
        if diff.verdict == .unchanged, complete { return gate == nil ? out : out + footer }
        out += changesSection(diff)
        if let diagram {
            out += "#### Record types changed\n\n"
            out += "Added (+), removed (-) and changed (~) record types and fields, with the types they reference or are referenced by.\n\n"
            out += "```mermaid\n\(MermaidRenderer.render(diagram))```\n\n"
        }
        if !diff.unchecked.isEmpty {
            out += "#### Not checked\n\n"
            out += "\(sentence(uncheckedReason)):\n\n"
            for kind in diff.unchecked {
                out += "- \(inline(sentence(kind.message))) (\(kind.rules.map { "`\($0.id)`" }.joined(separator: ", ")))\n"
            }
            out += "\n\(uncheckedAdvice)\n\n"
        }
        if !diff.notRead.isEmpty {
            out += "#### Not read\n\n\(sentence(notReadReason)):\n\n"
            for diagnostic in diff.notRead {
                let place = diagnostic.range.map { "`\($0.file):\($0.start.line)`: " } ?? ""
                out += "- \(place)\(cell(inline(diagnostic.message))) (`\(diagnostic.id)`)\n"
            }
            out += "\n"
        }
        return out + footer
    }

    /// The verdict's explanation, the tables of changes and what to do.
    private static func changesSection(_ diff: SchemaDiff) -> String {
        var out = ""
        switch diff.verdict {
        case .breaking:
            let breaking = diff.changes.filter(\.isBreaking)
            if breaking.contains(where: { if case .migration = $0.subject { false } else { true } }) {
                out +=
                    "Production CloudKit schemas are additive only: record types and fields can be added, never removed, renamed or retyped. "
            }
            if breaking.contains(where: { if case .migration = $0.subject { true } else { false } }) {
                out += "A shipped migration runs once on each device and is never run again, so it can't be edited or removed. "
            }
            out += "Deploying this schema would fail or break app versions already installed.\n\n"
        case .review:
            out += "Nothing here is rejected by CloudKit, but the warnings below can break app versions already installed.\n\n"
        case .safe:
            out += "Every change is additive, so the schema can be deployed to production.\n\n"
        case .unchanged:
            return out
        }
        out += "**\(summary(diff).prefix(1).uppercased() + summary(diff).dropFirst())**\n\n"

        var groups: [(key: String, changes: [SchemaChange])] = []
        var positions: [String: Int] = [:]
        for change in diff.changes {
            let group = change.subject.group
            let key = "\(group.kind) `\(group.name)`"
            if let i = positions[key] {
                groups[i].changes.append(change)
            } else {
                positions[key] = groups.count
                groups.append((key, [change]))
            }
        }
        for group in groups {
            out += "#### \(group.key)\n\n"
            out += "| | Change | Rule | Where |\n|---|---|---|---|\n"
            for change in group.changes {
                let rule = change.rule.map { "`\($0.id)`" } ?? ""
                let place = change.location.map { "`\($0.file):\($0.start.line)`" } ?? "(removed)"
                let older = change.olderVersions.map { "<br>" + cell(inline(sentence($0))) } ?? ""
                out += "| \(mark(change)) | \(cell(inline(sentence(change.message))))\(older) | \(rule) | \(place) |\n"
            }
            out += "\n"
        }
        let flagged = diff.changes.filter(\.isFlagged)
        if !flagged.isEmpty {
            out += "#### What to do\n\n"
            for change in flagged {
                guard let rule = change.rule else { continue }
                out += "- \(symbol(change)) `\(change.subject.displayName)` (`\(rule.id)`): \(cell(inline(change.fix ?? rule.fix)))\n"
            }
            out += "\n"
        }
        return out
    }

    private static func headline(_ diff: SchemaDiff, against: String) -> String {
        let n = diff.count(.error)
        let w = diff.count(.warning)
        switch diff.verdict {
        case .breaking: return "❌ CloudSchema: \(n) breaking change\(n == 1 ? "" : "s") against `\(against)`"
        case .review: return "⚠️ CloudSchema: no breaking changes, \(w) warning\(w == 1 ? "" : "s") to review against `\(against)`"
        case .safe: return "✅ CloudSchema: additive changes only against `\(against)`"
        case .unchanged: return "✅ CloudSchema: no schema changes against `\(against)`"
        }
    }

    private static func mark(_ change: SchemaChange) -> String {
        switch change.severity {
        case .error?: "❌ **breaking**"
        case .warning?: "⚠️ warning"
        case .info?: "ℹ️ note"
        case nil: "✅ safe"
        }
    }

    private static func symbol(_ change: SchemaChange) -> String {
        switch change.severity {
        case .error?: "❌"
        case .warning?: "⚠️"
        case .info?: "ℹ️"
        case nil: "✅"
        }
    }

    /// Message text as Markdown: 'names' and @attributes (which GitHub would turn into
    /// user mentions) become code spans.
    static func inline(_ text: String) -> String {
        var out = ""
        var inCode = false
        var i = text.startIndex
        let quoted = codeQuoted(text)
        i = quoted.startIndex
        while i < quoted.endIndex {
            let c = quoted[i]
            if c == "`" { inCode.toggle() }
            if !inCode, c == "@", let end = attributeEnd(in: quoted, from: i) {
                out += "`" + quoted[i..<end] + "`"
                i = end
                continue
            }
            out.append(c)
            i = quoted.index(after: i)
        }
        return out
    }

    /// The end of `@name` or `@name(...)` starting at `start`, if it is one.
    private static func attributeEnd(in text: String, from start: String.Index) -> String.Index? {
        var i = text.index(after: start)
        while i < text.endIndex, text[i].isLetter || text[i].isNumber || text[i] == "_" { i = text.index(after: i) }
        guard i > text.index(after: start) else { return nil }
        if i < text.endIndex, text[i] == "(", let close = text[i...].firstIndex(of: ")") {
            return text.index(after: close)
        }
        return i
    }

    /// Names quoted as 'x' in messages become `x` in Markdown.
    private static func codeQuoted(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "'") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "'"), !after[..<close].isEmpty,
                !after[..<close].contains(where: { $0 == " " || $0 == "`" })
            else {
                out += rest[...open]
                rest = after
                continue
            }
            out += rest[..<open] + "`" + after[..<close] + "`"
            rest = after[after.index(after: close)...]
        }
        return out + rest
    }

    /// "field 'x' added" -> "Field 'x' added".
    private static func sentence(_ message: String) -> String {
        message.prefix(1).uppercased() + message.dropFirst()
    }

    /// Text safe inside a table cell: no line breaks, pipes escaped.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "|", with: "\\|")
            .replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
    }

    // MARK: GitHub annotations

    /// One `::error file=...,line=...,col=...,endLine=...,endColumn=...,title=ID::message`
    /// workflow command per finding (warnings as `::warning`), through the shared `github`
    /// renderer; the fix and what older app versions see follow the message on their own
    /// lines. A safe change older app versions notice is a `::notice` titled with its kind;
    /// kinds of change left unchecked are one `::notice` titled DIFF_UNCHECKED.
    /// With `gate`, each change `against` lacks is a DIFF_NOT_DEPLOYED error.
    public static func github(_ diff: SchemaDiff, against: String = "", gate: DeploymentGap? = nil) -> String {
        var diagnostics: [Diagnostic] = []
        for change in diff.changes {
            var diagnostic: Diagnostic
            if let finding = change.diagnostic {
                diagnostic = finding
                if let fix = change.fix { diagnostic.message += "\nFix: \(fix)" }
                diagnostic.notes = []
            } else if change.olderVersions != nil {
                diagnostic = Diagnostic(DiagnosticID(change.kind.rawValue), .info, change.message, at: change.location)
            } else {
                continue
            }
            if let older = change.olderVersions { diagnostic.message += "\n\(sentence(older))." }
            diagnostics.append(diagnostic)
        }
        if !diff.unchecked.isEmpty {
            let kinds = diff.unchecked.map { "- \($0.message) (\($0.rules.map(\.id.rawValue).joined(separator: ", ")))" }
            let message = "Not checked: \(uncheckedReason):\n" + kinds.joined(separator: "\n") + "\n" + uncheckedAdvice
            diagnostics.append(Diagnostic(.diffUnchecked, .info, message, at: nil))
        }
        return DiagnosticRenderer.github(diagnostics + diff.notRead + gateDiagnostics(gate, against: against))
    }
}

// MARK: Failure

extension DiffReport {
    /// When `diff` cannot compare (a side that cannot be read or has errors, an invalid
    /// configuration), each format still writes its document: `problem` says why there is no
    /// comparison ("the deployed schema (git:main) has errors; ..."), `diagnostics` are the
    /// errors behind it. JSON: no changes, `"verdict": "failed"` and `"error": problem`.
    public static func json(failure problem: String, _ diagnostics: [Diagnostic], against: String) -> String {
        DiagnosticRenderer.json(
            diagnostics,
            extra: [
                ("against", .string(against)), ("verdict", .string("failed")), ("error", .string(problem)),
                ("changes", .array([])), ("unchecked", .array([])),
            ])
    }

    /// A review comment saying that there is no review and why, with the first errors.
    public static func markdown(failure problem: String, _ diagnostics: [Diagnostic], against: String) -> String {
        let shown = 20
        var out = "### ❌ CloudSchema: cannot check for breaking changes against `\(against)`\n\n\(cell(sentence(problem))).\n\n"
        for diagnostic in diagnostics.prefix(shown) {
            let place = diagnostic.range.map { "`\($0.file):\($0.start.line):\($0.start.column)`: " } ?? ""
            out += "- \(place)\(cell(inline(diagnostic.message))) (`\(diagnostic.id)`)\n"
        }
        if diagnostics.count > shown { out += "- and \(diagnostics.count - shown) more; `cloudschema lint` lists them all\n" }
        if !diagnostics.isEmpty { out += "\n" }
        out += "<sub>Generated by `cloudschema diff --against \(against) --format markdown`.</sub>\n"
        return DiagnosticRenderer.visible(out, keepingLineBreaks: true)
    }

    /// One annotation per error, then `problem` as an error of its own.
    public static func github(failure problem: String, _ diagnostics: [Diagnostic]) -> String {
        DiagnosticRenderer.github(diagnostics) + "::error title=cloudschema diff::\(DiagnosticRenderer.escapeData(problem))\n"
    }
}
