/// Splits template text into text runs and tags, and applies whitespace control.
///
/// ## Whitespace rules
///
/// 1. **A line that holds only block tags and comments vanishes with its line.**
///    When everything on a line other than spaces and tabs is `{% … %}` tags
///    and `{# … #}` comments (no `{{ … }}` output, no other text), the line's
///    leading spaces and tabs and its line break are removed, so
///
///    ```
///    {% for field in fields %}
///        let {{ field.name }}: Int
///    {% endfor %}
///    ```
///
///    renders one `    let …: Int` line per field and nothing for the tag lines.
///    A tag that shares its line with text or output is left as written, and
///    so is a line with a dashed tag (rule 2 then decides alone).
///
/// 2. **Dashes trim explicitly.** `{%-`, `{{-` and `{#-` remove all whitespace
///    (spaces, tabs, line breaks) before the tag; `-%}`, `-}}` and `-#}` remove
///    all whitespace after it.
///
/// 3. **An include alone on its line is indented like that line.** The
///    leading whitespace of the line is put in front of every non-empty line
///    the included template renders (as Mustache does with standalone
///    partials), so an include nested in a type body stays aligned. The line
///    break after the tag goes with the line, so the included template
///    supplies its own (template files normally end with one).
///
/// Text is otherwise copied byte for byte, including the final line break.
struct TemplateLexer {
    struct Token {
        enum Kind { case text, output, block, comment }
        var kind: Kind
        /// Text: the bytes to copy (narrowed by whitespace control). Tags: the whole tag, delimiters included.
        var range: Range<Int>
        /// Tags: the inside, without delimiters and dashes.
        var content: Range<Int>
        var trimsBefore = false
        var trimsAfter = false
        /// For a block tag alone on its line: that line's leading whitespace.
        var lineIndent: Range<Int>?
    }

    let source: TemplateSource
    private var bytes: [UInt8] { source.bytes }

    init(source: TemplateSource) {
        self.source = source
    }

    func tokenize() throws(TemplateError) -> [Token] {
        var tokens = try scan()
        removeStandaloneLines(&tokens)
        applyDashes(&tokens)
        return tokens.filter { $0.kind != .text || !$0.range.isEmpty }
    }

    // MARK: Scanning

    private static let open = UInt8(ascii: "{")
    private static let close = UInt8(ascii: "}")
    private static let percent = UInt8(ascii: "%")
    private static let hash = UInt8(ascii: "#")
    private static let dash = UInt8(ascii: "-")

    private func scan() throws(TemplateError) -> [Token] {
        var tokens: [Token] = []
        var textStart = 0
        var i = 0
        let n = bytes.count
        while i + 1 < n {
            guard bytes[i] == Self.open else {
                i += 1
                continue
            }
            let marker = bytes[i + 1]
            let kind: Token.Kind
            switch marker {
            case Self.open: kind = .output
            case Self.percent: kind = .block
            case Self.hash: kind = .comment
            default:
                i += 1
                continue
            }
            if textStart < i {
                tokens.append(Token(kind: .text, range: textStart..<i, content: textStart..<i))
            }
            let closer = marker == Self.open ? Self.close : marker
            let tagStart = i
            var contentStart = i + 2
            let trimsBefore = contentStart < n && bytes[contentStart] == Self.dash
            if trimsBefore { contentStart += 1 }
            guard let closeAt = findClose(closer, from: contentStart, quotes: kind != .comment) else {
                let (open, close) = Self.delimiters(kind)
                throw source.error("unclosed tag '\(open)'; expected '\(close)'", at: tagStart)
            }
            var contentEnd = closeAt
            let trimsAfter = contentEnd > contentStart && bytes[contentEnd - 1] == Self.dash
            if trimsAfter { contentEnd -= 1 }
            i = closeAt + 2
            tokens.append(
                Token(
                    kind: kind, range: tagStart..<i, content: contentStart..<max(contentStart, contentEnd),
                    trimsBefore: trimsBefore, trimsAfter: trimsAfter))
            textStart = i
        }
        if textStart < n {
            tokens.append(Token(kind: .text, range: textStart..<n, content: textStart..<n))
        }
        return tokens
    }

    static func delimiters(_ kind: Token.Kind) -> (String, String) {
        switch kind {
        case .output: ("{{", "}}")
        case .block: ("{%", "%}")
        case .comment, .text: ("{#", "#}")
        }
    }

    /// The offset of the closing `}}`, `%}` or `#}`, skipping quoted strings inside expressions.
    private func findClose(_ closer: UInt8, from start: Int, quotes: Bool) -> Int? {
        var i = start
        let n = bytes.count
        while i < n {
            let byte = bytes[i]
            if quotes && (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")) {
                i += 1
                while i < n && bytes[i] != byte {
                    i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
                }
                i += 1
                continue
            }
            if byte == closer && i + 1 < n && bytes[i + 1] == Self.close {
                return i
            }
            i += 1
        }
        return nil
    }

    // MARK: Whitespace control

    private func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private func isWhitespace(_ byte: UInt8) -> Bool {
        isBlank(byte) || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// Rule 1 (and the indentation for rule 3). Decisions look at the original
    /// text (`content`), trimming narrows `range`, so neighbouring lines don't
    /// influence each other.
    private func removeStandaloneLines(_ tokens: inout [Token]) {
        func isTag(_ i: Int) -> Bool { tokens[i].kind == .block || tokens[i].kind == .comment }
        var i = 0
        while i < tokens.count {
            guard isTag(i) else {
                i += 1
                continue
            }
            // The run of tags on this line: tags separated by spaces and tabs only.
            var last = i
            while true {
                if last + 1 < tokens.count && isTag(last + 1) {
                    last += 1
                } else if last + 2 < tokens.count, tokens[last + 1].kind == .text, isTag(last + 2),
                    tokens[last + 1].content.allSatisfy({ isBlank(bytes[$0]) })
                {
                    last += 2
                } else {
                    break
                }
            }
            defer { i = last + 1 }
            // A dash anywhere in the run means the author controls this line's whitespace.
            guard !(i...last).contains(where: { tokens[$0].trimsBefore || tokens[$0].trimsAfter }) else { continue }

            // Left: the line starts with blanks only before the run.
            var indentStart = tokens[i].range.lowerBound
            if i > 0 {
                let previous = tokens[i - 1]
                guard previous.kind == .text else { continue }
                let text = previous.content
                var j = text.upperBound
                while j > text.lowerBound && isBlank(bytes[j - 1]) { j -= 1 }
                let atLineStart = j > text.lowerBound ? bytes[j - 1] == UInt8(ascii: "\n") : i - 1 == 0
                guard atLineStart else { continue }
                indentStart = j
            }
            // Right: blanks, then a line break or the end of the template.
            var nextStart: Int?
            if last + 1 < tokens.count {
                let next = tokens[last + 1]
                guard next.kind == .text else { continue }
                var j = next.content.lowerBound
                while j < next.content.upperBound && isBlank(bytes[j]) { j += 1 }
                if j < next.content.upperBound && bytes[j] == UInt8(ascii: "\r") { j += 1 }
                if j < next.content.upperBound && bytes[j] == UInt8(ascii: "\n") {
                    nextStart = j + 1
                } else if j == next.content.upperBound && last + 1 == tokens.count - 1 {
                    nextStart = j
                } else {
                    continue
                }
            }
            // Standalone: drop the indentation, the blanks between tags and the line break.
            if i > 0 {
                tokens[i - 1].range = tokens[i - 1].range.lowerBound..<min(tokens[i - 1].range.upperBound, indentStart)
            }
            for k in i...last where tokens[k].kind == .text {
                tokens[k].range = tokens[k].range.lowerBound..<tokens[k].range.lowerBound
            }
            for k in i...last where tokens[k].kind == .block {
                tokens[k].lineIndent = indentStart..<tokens[i].range.lowerBound
            }
            if let nextStart {
                tokens[last + 1].range = max(tokens[last + 1].range.lowerBound, nextStart)..<tokens[last + 1].range.upperBound
            }
        }
    }

    /// Rule 2: `{%-` / `-%}` and friends trim all adjacent whitespace.
    private func applyDashes(_ tokens: inout [Token]) {
        for i in tokens.indices where tokens[i].kind != .text {
            if tokens[i].trimsBefore && i > 0 && tokens[i - 1].kind == .text {
                var range = tokens[i - 1].range
                while !range.isEmpty && isWhitespace(bytes[range.upperBound - 1]) {
                    range = range.lowerBound..<(range.upperBound - 1)
                }
                tokens[i - 1].range = range
            }
            if tokens[i].trimsAfter && i + 1 < tokens.count && tokens[i + 1].kind == .text {
                var range = tokens[i + 1].range
                while !range.isEmpty && isWhitespace(bytes[range.lowerBound]) {
                    range = (range.lowerBound + 1)..<range.upperBound
                }
                tokens[i + 1].range = range
            }
        }
    }
}
