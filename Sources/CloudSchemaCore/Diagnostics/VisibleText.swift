extension DiagnosticRenderer {
    /// Whether printing `scalar` as it is could do more than show a character: C0 controls
    /// (ESC starts terminal escape sequences), DEL, C1 controls (CSI is a one-character ESC [),
    /// and the bidirectional overrides that reorder how a line reads ("Trojan Source").
    /// Tab is kept: it is how source is indented.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `text` with every control character written out as `\u{1B}`, so what comes from input
    /// (names, strings, comments, file paths) can never drive the terminal, CI log or viewer
    /// that shows a report. Line breaks are kept only when the caller lays out lines itself.
    public static func visible(_ text: String, keepingLineBreaks: Bool = false) -> String {
        func escapes(_ scalar: Unicode.Scalar) -> Bool {
            isControl(scalar) && !(keepingLineBreaks && scalar == "\n")
        }
        guard text.unicodeScalars.contains(where: escapes) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if escapes(scalar) { out += escaped(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// `\u{1B}`: how a control character is shown.
    static func escaped(_ scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }
}
