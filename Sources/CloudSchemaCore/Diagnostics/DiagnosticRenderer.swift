/// Renders diagnostics for people (`text`, the swiftc/Xcode form) and for tools (`json`).
public enum DiagnosticRenderer {
    // MARK: Text

    /// `file:line:col: severity: message [ID]`, the source line, and a caret underline;
    /// notes follow as `file:line:col: note: ...`. ANSI colors only when `color` is true.
    /// Control characters from input are shown escaped (`visible`), and a long line is
    /// quoted only around the range.
    public static func text(_ diagnostics: [Diagnostic], sources: SourceStore, color: Bool = false) -> String {
        var out = ""
        for diagnostic in diagnostics {
            out += headline(
                range: diagnostic.range, label: diagnostic.severity.rawValue,
                message: "\(diagnostic.message) [\(diagnostic.id)]", color: color ? colorCode(diagnostic.severity) : nil)
            if let range = diagnostic.range { out += excerpt(range, sources: sources, color: color) }
            for note in diagnostic.notes {
                out += headline(range: note.range, label: "note", message: note.message, color: color ? "\u{1B}[1;30m" : nil)
                // A note at the finding's own place (why it is graded so) needs no second excerpt.
                if let range = note.range, range != diagnostic.range { out += excerpt(range, sources: sources, color: color) }
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
        let location = visible(range.map { "\($0.file):\($0.start.line):\($0.start.column): " } ?? "cloudschema: ")
        let message = visible(message)
        guard let color else { return "\(location)\(label): \(message)\n" }
        let bold = "\u{1B}[1m"
        let reset = "\u{1B}[0m"
        return "\(bold)\(location)\(reset)\(color)\(label):\(reset) \(bold)\(message)\(reset)\n"
    }

    /// A line longer than this many bytes is quoted only around the range.
    static let excerptWidth = 160
    /// How many bytes of a long line are quoted on each side of the range.
    static let excerptContext = 60

    private static func excerpt(_ range: SourceRange, sources: SourceStore, color: Bool) -> String {
        guard let line = sources.line(range.start.line, in: range.file) else { return "" }
        let bytes = Array(line)
        let startByte = min(max(range.start.column - 1, 0), bytes.count)
        let endByte = range.end.line == range.start.line ? min(max(range.end.column - 1, startByte), bytes.count) : bytes.count
        var from = 0
        var to = bytes.count
        if bytes.count > excerptWidth {
            from = max(startByte - excerptContext, 0)
            to = min(max(endByte, startByte + 1) + excerptContext, bytes.count, from + excerptWidth)
            // Whole characters only.
            while from > 0, bytes[from] & 0xC0 == 0x80 { from -= 1 }
            while to < bytes.count, bytes[to] & 0xC0 == 0x80 { to += 1 }
        }
        let caretStart = min(startByte, to)
        let caretEnd = min(endByte, to)
        func shown(_ range: Range<Int>) -> String { visible(String(decoding: bytes[range], as: UTF8.self)) }
        let lead = from > 0 ? "..." : ""
        let before = lead + shown(from..<caretStart)
        let underlined = shown(caretStart..<caretEnd)
        let text = before + underlined + shown(caretEnd..<to) + (to < bytes.count ? "..." : "")
        // Pad with the line's own tabs so the caret lines up under the same characters.
        var pad = ""
        for scalar in before.unicodeScalars { pad += scalar == "\t" ? "\t" : " " }
        let marker = "^" + String(repeating: "~", count: max(underlined.count, 1) - 1)
        let caret = color ? "\u{1B}[1;32m\(marker)\u{1B}[0m" : marker
        return "\(text)\n\(pad)\(caret)\n"
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

    package static func location(_ range: SourceRange?) -> [(String, JSON)] {
        guard let range else { return [] }
        return [
            ("file", .string(range.file)), ("line", .int(range.start.line)), ("column", .int(range.start.column)),
            ("endLine", .int(range.end.line)), ("endColumn", .int(range.end.column)),
        ]
    }
}
