/// Renders diagnostics for people (`text`, the swiftc/Xcode form) and for tools (`json`).
public enum DiagnosticRenderer {
    // MARK: Text

    /// `file:line:col: severity: message [ID]`, the source line, and a caret underline;
    /// notes follow as `file:line:col: note: ...`. ANSI colors only when `color` is true.
    public static func text(_ diagnostics: [Diagnostic], sources: SourceStore, color: Bool = false) -> String {
        var out = ""
        for diagnostic in diagnostics {
            out += headline(
                range: diagnostic.range, label: diagnostic.severity.rawValue,
                message: "\(diagnostic.message) [\(diagnostic.id)]", color: color ? colorCode(diagnostic.severity) : nil)
            if let range = diagnostic.range { out += excerpt(range, sources: sources, color: color) }
            for note in diagnostic.notes {
                out += headline(range: note.range, label: "note", message: note.message, color: color ? "\u{1B}[1;30m" : nil)
                if let range = note.range { out += excerpt(range, sources: sources, color: color) }
            }
        }
        return out
    }

    /// "2 errors, 1 warning" (or "no problems").
    public static func summary(_ diagnostics: [Diagnostic]) -> String {
        let parts = [(Diagnostic.Severity.error, "error"), (.warning, "warning"), (.info, "info")].compactMap {
            severity, word -> String? in
            let n = diagnostics.count(severity)
            return n == 0 ? nil : "\(n) \(word)\(n == 1 || word == "info" ? "" : "s")"
        }
        return parts.isEmpty ? "no problems" : parts.joined(separator: ", ")
    }

    private static func colorCode(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: "\u{1B}[1;31m"
        case .warning: "\u{1B}[1;35m"
        case .info: "\u{1B}[1;36m"
        }
    }

    private static func headline(range: SourceRange?, label: String, message: String, color: String?) -> String {
        let location = range.map { "\($0.file):\($0.start.line):\($0.start.column): " } ?? "cloudschema: "
        guard let color else { return "\(location)\(label): \(message)\n" }
        let bold = "\u{1B}[1m"
        let reset = "\u{1B}[0m"
        return "\(bold)\(location)\(reset)\(color)\(label):\(reset) \(bold)\(message)\(reset)\n"
    }

    private static func excerpt(_ range: SourceRange, sources: SourceStore, color: Bool) -> String {
        guard let lineBytes = sources.line(range.start.line, in: range.file) else { return "" }
        let line = String(decoding: lineBytes, as: UTF8.self)
        let startByte = min(max(range.start.column - 1, 0), lineBytes.count)
        let endByte =
            range.end.line == range.start.line
            ? min(max(range.end.column - 1, startByte), lineBytes.count) : lineBytes.count
        // Pad with the line's own tabs so the caret lines up under the same characters.
        let prefix = lineBytes.prefix(startByte)
        var pad = ""
        for scalar in String(decoding: prefix, as: UTF8.self).unicodeScalars {
            pad += scalar == "\t" ? "\t" : " "
        }
        let underlined = String(decoding: lineBytes[lineBytes.startIndex + startByte..<lineBytes.startIndex + endByte], as: UTF8.self)
        let width = max(underlined.count, 1)
        let marker = "^" + String(repeating: "~", count: width - 1)
        let shown = color ? "\u{1B}[1;32m\(marker)\u{1B}[0m" : marker
        return "\(line)\n\(pad)\(shown)\n"
    }

    // MARK: JSON

    /// tooling.md's format: `{"version": 1, "diagnostics": [...], "summary": {...}}`, plus any extra top-level members.
    public static func json(_ diagnostics: [Diagnostic], extra: [(String, JSON)] = []) -> String {
        let object: JSON = .object(
            [("version", 1), ("diagnostics", .array(diagnostics.map(json)))] + extra + [
                (
                    "summary",
                    .object([
                        ("errors", .int(diagnostics.count(.error))), ("warnings", .int(diagnostics.count(.warning))),
                        ("infos", .int(diagnostics.count(.info))),
                    ])
                )
            ])
        return object.rendered(indent: 2) + "\n"
    }

    public static func json(_ diagnostic: Diagnostic) -> JSON {
        var members: [(String, JSON)] = [
            ("id", .string(diagnostic.id.rawValue)), ("severity", .string(diagnostic.severity.rawValue)),
            ("message", .string(diagnostic.message)),
        ]
        members += location(diagnostic.range)
        members.append(
            ("notes", .array(diagnostic.notes.map { .object([("message", .string($0.message))] + location($0.range)) })))
        members.append(
            (
                "fixIts",
                .array(
                    diagnostic.fixIts.map { fix in
                        .object([
                            ("message", .string(fix.message)),
                            (
                                "edits",
                                .array(
                                    fix.edits.map { edit in
                                        .object(location(edit.range) + [("replacement", .string(edit.replacement))])
                                    })
                            ),
                        ])
                    })
            ))
        return .object(members)
    }

    static func location(_ range: SourceRange?) -> [(String, JSON)] {
        guard let range else { return [] }
        return [
            ("file", .string(range.file)), ("line", .int(range.start.line)), ("column", .int(range.start.column)),
            ("endLine", .int(range.end.line)), ("endColumn", .int(range.end.column)),
        ]
    }
}
