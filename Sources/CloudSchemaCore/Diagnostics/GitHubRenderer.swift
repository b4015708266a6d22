extension DiagnosticRenderer {
    /// GitHub Actions workflow commands, one per diagnostic:
    /// `::error file=F,line=L,col=C,endLine=L,endColumn=C,title=ID::message`.
    /// Info findings become `::notice`. Notes are appended to the message on their own lines.
    /// Escaping follows the Actions runner: in the message `%`, CR and LF; in properties
    /// also `:` and `,`. Other control characters are shown escaped (`visible`): the log
    /// viewer interprets ANSI sequences.
    public static func github(_ diagnostics: [Diagnostic]) -> String {
        var out = ""
        for diagnostic in diagnostics {
            let command: String
            switch diagnostic.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .info: command = "notice"
            }
            var properties: [(String, String)] = []
            if let range = diagnostic.range {
                properties += [
                    ("file", range.file), ("line", String(range.start.line)), ("col", String(range.start.column)),
                    ("endLine", String(range.end.line)), ("endColumn", String(range.end.column)),
                ]
            }
            properties.append(("title", diagnostic.id.rawValue))
            var message = diagnostic.message
            for note in diagnostic.notes {
                let location = note.range.map { "\($0.file):\($0.start.line):\($0.start.column): " } ?? ""
                message += "\n\(location)note: \(note.message)"
            }
            out += "::\(command) "
            out += properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
            out += "::\(escapeData(message))\n"
        }
        return out
    }

    package static func escapeData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case _ where isControl(scalar): out += escaped(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func escapeProperty(_ text: String) -> String {
        var out = ""
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
