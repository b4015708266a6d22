import CloudSchemaCore

/// Quick fixes: each fix-it of a diagnostic on the requested lines, and for a lint finding in a
/// `.cloudschema` file a `// cloudschema:ignore RULE <reason>` comment on the line before it
/// (where `Lint/Suppression.swift` reads it as covering the element or line that follows). When
/// cloudschema.json names a baseline, a finding it can hold may be added to it: a WorkspaceEdit
/// that replaces the baseline's whole text, which any client applies without custom code.
extension LanguageServer {
    mutating func codeActions(_ uri: String, _ params: PositionedJSON?) throws(RequestError) -> JSON {
        let path = Self.path(of: uri)
        let analysis = analysis(uri, linted: true)
        guard let text = analysis.texts[path], let start = Self.point(params?["range"]?["start"]),
            let end = Self.point(params?["range"]?["end"])
        else {
            throw RequestError(code: .invalidParams, message: "codeAction needs textDocument.uri and a range")
        }
        // Lines, not characters: a cursor anywhere on a finding's line offers its fixes.
        let lines = start.line...max(start.line, end.line)
        var actions: [JSON] = []
        for finding in analysis.diagnostics ?? [] {
            guard let range = finding.range, range.file == path,
                lines.overlaps(text.lineAndCharacter(range.start.offset).line...text.lineAndCharacter(range.end.offset).line)
            else { continue }
            let diagnostic = diagnostic(finding, text, analysis)
            for fix in finding.fixIts {
                let edits = fix.edits.map { ($0.range.file, $0.range.start.offset, $0.range.end.offset, $0.replacement) }
                actions.append(action(fix.message, diagnostic, edits, analysis.texts, preferred: finding.fixIts.count == 1))
            }
            if let add = addToBaseline(finding, diagnostic, analysis) { actions.append(add) }
            if path.hasSuffix(".cloudschema"), LintRegistry.rule(finding.id) != nil, !DiagnosticID.frontEnd.contains(finding.id) {
                let line = text.lineStarts[text.lineAndCharacter(range.start.offset).line]
                let indent = text.bytes[line...].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                let comment = String(decoding: indent, as: UTF8.self) + "// \(Suppression.prefix) \(finding.id) <reason>\n"
                actions.append(
                    action("Ignore \(finding.id) here", diagnostic, [(path, line, line, comment)], analysis.texts, preferred: false))
            }
        }
        return .array(actions)
    }

    /// "Add to the baseline": the configured baseline file, as open or on disk, with the finding
    /// added. Offered only for a baseline file that exists (`lint --write-baseline` creates it).
    private func addToBaseline(_ finding: Diagnostic, _ diagnostic: JSON, _ analysis: Analysis) -> JSON? {
        guard Baseline.canHold(finding), let path = analysis.configurations.configuration(for: finding.range?.file).baselinePath,
            let bytes = documents[documentURI(of: path)] ?? (try? fileSystem.contents(of: path))
        else { return nil }
        var (baseline, problems) = Baseline.parse(bytes, path: path)
        guard problems.isEmpty else { return nil }
        baseline.add(finding)
        let what = finding.element.map { " on \($0)" } ?? ""
        return action(
            "Add \(finding.id)\(what) to the baseline", diagnostic,
            [(path, 0, bytes.count, String(decoding: baseline.bytes, as: UTF8.self))],
            [path: LSPText(bytes, encoding: client.encoding)], preferred: false)
    }

    /// A `quickfix` CodeAction whose WorkspaceEdit makes `edits` (file, start, end, new text).
    private func action(
        _ title: String, _ diagnostic: JSON, _ edits: [(String, Int, Int, String)], _ texts: [String: LSPText], preferred: Bool
    ) -> JSON {
        var changes: [(String, JSON)] = []
        for file in Set(edits.map(\.0)).sorted() {
            guard let text = texts[file] else { continue }
            let textEdits: [JSON] = edits.filter { $0.0 == file }.map { edit in
                .object([("range", text.range(edit.1, edit.2)), ("newText", .string(edit.3))])
            }
            changes.append((documentURI(of: file), .array(textEdits)))
        }
        return .object([
            ("title", .string(title)), ("kind", "quickfix"), ("diagnostics", [diagnostic]), ("isPreferred", .bool(preferred)),
            ("edit", .object([("changes", .object(changes))])),
        ])
    }
}
