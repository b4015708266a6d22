/// Quick fixes: each fix-it of a diagnostic on the requested lines, and for a lint finding in a
/// `.cloudschema` file a `// cloudschema:ignore RULE <reason>` comment on the line before it
/// (where `Lint/Suppression.swift` reads it as covering the element or line that follows).
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
                actions.append(action(fix.message, diagnostic, edits, analysis, preferred: finding.fixIts.count == 1))
            }
            if path.hasSuffix(".cloudschema"), LintRegistry.rule(finding.id) != nil, !DiagnosticID.frontEnd.contains(finding.id) {
                let line = text.lineStarts[text.lineAndCharacter(range.start.offset).line]
                let indent = text.bytes[line...].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                let comment = String(decoding: indent, as: UTF8.self) + "// \(Suppression.prefix) \(finding.id) <reason>\n"
                actions.append(action("Ignore \(finding.id) here", diagnostic, [(path, line, line, comment)], analysis, preferred: false))
            }
        }
        return .array(actions)
    }

    /// A `quickfix` CodeAction whose WorkspaceEdit makes `edits` (file, start, end, new text).
    private func action(
        _ title: String, _ diagnostic: JSON, _ edits: [(String, Int, Int, String)], _ analysis: Analysis, preferred: Bool
    ) -> JSON {
        var changes: [(String, JSON)] = []
        for file in Set(edits.map(\.0)).sorted() {
            guard let text = analysis.texts[file] else { continue }
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
