/// Splits `.cloudschema` text into tokens and comments in one linear pass over its UTF-8 bytes.
/// Never fails: every problem becomes a diagnostic and lexing goes on.
package struct Lexer {
    private let bytes: [UInt8]
    private let file: String
    private let fileID: Int
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var sawNewline = true
    private var lastTokenLine = 0

    private var emittedAny = false
    /// The comments and diagnostics of the text lexed so far.
    private(set) var comments: [Comment] = []
    private(set) var diagnostics: [Diagnostic] = []

    /// Every token, the last one `endOfFile`.
    static func tokenize(_ bytes: [UInt8], file: String) -> (tokens: [Token], comments: [Comment], diagnostics: [Diagnostic]) {
        var lexer = Lexer(bytes: bytes, file: file)
        var tokens: [Token] = []
        repeat { tokens.append(lexer.next()) } while tokens.last?.kind != .endOfFile
        return (tokens, lexer.comments, lexer.diagnostics)
    }

    /// `checksUTF8`: whether the first diagnostic says where the text is not UTF-8, if it is not.
    package init(bytes: [UInt8], file: String, checksUTF8: Bool = true) {
        self.bytes = bytes
        self.file = file
        self.fileID = SourceFileNames.shared.id(for: file)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }
        if checksUTF8, let invalid = Self.invalidUTF8Diagnostic(bytes, file: file) { diagnostics.append(invalid) }
    }

    /// A lexer that goes on just after the token at `range`, in the state lexing the file from
    /// its start had there (for `Parser.reparse`). Reports no invalid UTF-8: that is the whole file's.
    init(bytes: [UInt8], file: String, after range: SourceRange) {
        self.bytes = bytes
        self.file = file
        self.fileID = SourceFileNames.shared.id(for: file)
        let end = range.end
        index = end.offset
        line = end.line
        lineStart = end.offset - (end.column - 1)
        sawNewline = false
        lastTokenLine = end.line
        emittedAny = true
    }

    /// How far the lexer has read: what it has returned depends on no byte from here on but
    /// the next two (`peek`).
    var offset: Int { index }

    /// The next token, lexed on demand; `endOfFile` at the end, and again on every later call.
    package mutating func next() -> Token {
        while index < bytes.count {
            if let token = step() { return token }
        }
        return Token(kind: .endOfFile, text: "", range: range(position), isAtLineStart: sawNewline)
    }

    private var position: SourcePosition {
        // Inlined: called, it was passed a copy of the whole lexer, twice a token.
        @inline(__always) get { SourcePosition(line: line, column: index - lineStart + 1, offset: index) }
    }

    private func peek(_ ahead: Int = 0) -> UInt8 {
        let i = index + ahead
        return i < bytes.count ? bytes[i] : 0
    }

    /// Lexes what starts at `index`: whitespace, a comment, or the token it returns. The token
    /// is returned, not kept in the lexer: a step per token moved no 48 bytes in and out.
    private mutating func step() -> Token? {
        let c = bytes[index]
        if Self.isSpace(c) {
            // A run of spaces in one step, before anything else: an indent is several, and
            // they start no token (a step per space was a third of the steps of a schema).
            index += 1
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            return nil
        }
        let start = position
        switch c {
        case UInt8(ascii: "\n"):
            newline()
        case UInt8(ascii: "\r"):
            if peek(1) == UInt8(ascii: "\n") { index += 1 }
            newline()
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
            lineComment(start)
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
            blockComment(start)
        case UInt8(ascii: "\""):
            return string(start)
        case UInt8(ascii: "`"):
            return backtickIdentifier(start)
        case UInt8(ascii: "-") where isDigit(peek(1)):
            return number(start)
        case _ where isDigit(c):
            return number(start)
        case _ where isIdentifierStart(c):
            while index < bytes.count, isIdentifierPart(bytes[index]) { index += 1 }
            return emit(.identifier, text(from: start.offset), start)
        default:
            if let kind = Self.punctuation(c) {
                index += 1
                return emit(kind, "", start)
            }
            unexpectedCharacters(start)
        }
        return nil
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == 0x0C }

    /// The one-byte token `c` is, if any (a switch: a dictionary hashed the byte for every token).
    private static func punctuation(_ c: UInt8) -> Token.Kind? {
        switch c {
        case UInt8(ascii: "{"): .leftBrace
        case UInt8(ascii: "}"): .rightBrace
        case UInt8(ascii: "("): .leftParen
        case UInt8(ascii: ")"): .rightParen
        case UInt8(ascii: "["): .leftBracket
        case UInt8(ascii: "]"): .rightBracket
        case UInt8(ascii: "<"): .leftAngle
        case UInt8(ascii: ">"): .rightAngle
        case UInt8(ascii: ":"): .colon
        case UInt8(ascii: ","): .comma
        case UInt8(ascii: ";"): .semicolon
        case UInt8(ascii: "="): .equals
        case UInt8(ascii: "?"): .question
        case UInt8(ascii: "@"): .at
        case UInt8(ascii: "."): .dot
        case UInt8(ascii: "&"): .ampersand
        case UInt8(ascii: "|"): .pipe
        case UInt8(ascii: "!"): .bang
        default: nil
        }
    }

    private mutating func newline() {
        index += 1
        line += 1
        lineStart = index
        sawNewline = true
    }

    private mutating func emit(_ kind: Token.Kind, _ text: String, _ start: SourcePosition) -> Token {
        let token = Token(kind: kind, text: text, range: range(start), isAtLineStart: sawNewline)
        emittedAny = true
        sawNewline = false
        lastTokenLine = line
        return token
    }

    private func range(_ start: SourcePosition) -> SourceRange {
        SourceRange(fileID: fileID, start: start, end: position)
    }

    private func text(from offset: Int) -> String {
        String(decoding: bytes[offset..<index], as: UTF8.self)
    }

    private mutating func error(_ message: String, _ start: SourcePosition, end: SourcePosition? = nil) {
        diagnostics.append(
            .error(.syntaxError, message, at: SourceRange(file: file, start: start, end: end ?? position)))
    }

    // MARK: Comments

    private mutating func lineComment(_ start: SourcePosition) {
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") {
            index += 1
        }
        let text = text(from: start.offset)
        let isDoc = text.hasPrefix("///") && !text.hasPrefix("////")
        comments.append(
            Comment(kind: isDoc ? .doc : .line, text: text, range: range(start), isTrailing: isTrailing(start)))
    }

    private mutating func blockComment(_ start: SourcePosition) {
        let trailing = isTrailing(start)  // before the comment's own line breaks reset the line state
        index += 2
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                index += 2
                comments.append(
                    Comment(kind: .block, text: text(from: start.offset), range: range(start), isTrailing: trailing))
                return
            }
            if bytes[index] == UInt8(ascii: "\n") {
                newline()
            } else if bytes[index] == UInt8(ascii: "\r") {
                if peek(1) == UInt8(ascii: "\n") { index += 1 }
                newline()
            } else {
                index += 1
            }
        }
        error(
            "unterminated block comment; add '*/' to close it", start,
            end: SourcePosition(line: start.line, column: start.column + 2, offset: start.offset + 2))
        comments.append(Comment(kind: .block, text: text(from: start.offset), range: range(start), isTrailing: false))
    }

    private func isTrailing(_ start: SourcePosition) -> Bool {
        emittedAny && lastTokenLine == start.line && !sawNewline
    }

    // MARK: Literals and names

    private mutating func string(_ start: SourcePosition) -> Token {
        index += 1
        var value: [UInt8] = []
        while index < bytes.count {
            let c = bytes[index]
            switch c {
            case UInt8(ascii: "\""):
                index += 1
                return emit(.string, String(decoding: value, as: UTF8.self), start)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                error("unterminated string literal; add a closing '\"' on the same line", start)
                return emit(.string, String(decoding: value, as: UTF8.self), start)
            case UInt8(ascii: "\\"):
                escape(into: &value)
            default:
                value.append(c)
                index += 1
            }
        }
        error("unterminated string literal; add a closing '\"' on the same line", start)
        return emit(.string, String(decoding: value, as: UTF8.self), start)
    }

    private mutating func escape(into value: inout [UInt8]) {
        let start = position
        index += 1
        let c = peek()
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): UInt8(ascii: "\""), UInt8(ascii: "\\"): UInt8(ascii: "\\"),
            UInt8(ascii: "n"): 0x0A, UInt8(ascii: "t"): 0x09, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "0"): 0,
        ]
        if let mapped = simple[c] {
            value.append(mapped)
            index += 1
            return
        }
        if c == UInt8(ascii: "u"), peek(1) == UInt8(ascii: "{") {
            index += 2
            let digitsStart = index
            while index < bytes.count, isHexDigit(bytes[index]), index - digitsStart < 8 { index += 1 }
            let hex = text(from: digitsStart)
            if peek() == UInt8(ascii: "}"), !hex.isEmpty, let code = UInt32(hex, radix: 16),
                let scalar = Unicode.Scalar(code)
            {
                index += 1
                value.append(contentsOf: Array(String(Character(scalar)).utf8))
                return
            }
            while index < bytes.count, bytes[index] != UInt8(ascii: "}"), bytes[index] != UInt8(ascii: "\""),
                bytes[index] != UInt8(ascii: "\n")
            {
                index += 1
            }
            if peek() == UInt8(ascii: "}") { index += 1 }
            error("invalid Unicode escape; write \\u{1F600} with 1 to 8 hex digits of a valid scalar", start)
            return
        }
        if c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") || index >= bytes.count {
            return  // the unterminated string is reported by the caller
        }
        index += 1
        error("invalid escape sequence; use \\\", \\\\, \\n, \\t, \\r, \\0 or \\u{...}", start)
    }

    private mutating func backtickIdentifier(_ start: SourcePosition) -> Token {
        index += 1
        let nameStart = index
        while index < bytes.count, isIdentifierPart(bytes[index]) { index += 1 }
        let name = text(from: nameStart)
        if peek() == UInt8(ascii: "`"), let first = name.utf8.first, isIdentifierStart(first) {
            index += 1
            return emit(.backtickIdentifier, name, start)
        }
        if peek() == UInt8(ascii: "`") { index += 1 }
        error("a backtick name needs letters, digits or '_' between two backticks, as in `from`", start)
        return emit(.backtickIdentifier, name.isEmpty ? "_" : name, start)
    }

    private mutating func number(_ start: SourcePosition) -> Token {
        if peek() == UInt8(ascii: "-") { index += 1 }
        var isFloat = false
        while isDigit(peek()) { index += 1 }
        if peek() == UInt8(ascii: "."), isDigit(peek(1)) {
            isFloat = true
            index += 1
            while isDigit(peek()) { index += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            let sign = peek(1) == UInt8(ascii: "+") || peek(1) == UInt8(ascii: "-") ? 1 : 0
            if isDigit(peek(1 + sign)) {
                isFloat = true
                index += 1 + sign
                while isDigit(peek()) { index += 1 }
            }
        }
        if isIdentifierPart(peek()) {
            while isIdentifierPart(peek()) { index += 1 }
            error("'\(text(from: start.offset))' is not a valid name; a name cannot start with a digit", start)
            return emit(.identifier, text(from: start.offset), start)  // read on as a name: one error, not two
        }
        return emit(isFloat ? .float : .integer, text(from: start.offset), start)
    }

    private mutating func unexpectedCharacters(_ start: SourcePosition) {
        // One diagnostic for a run of stray characters, stepping over whole UTF-8 sequences.
        repeat {
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
        } while index < bytes.count && !isIdentifierPart(bytes[index]) && Self.punctuation(bytes[index]) == nil
            && !isSpaceOrQuoteOrSlash(bytes[index])
        // Bytes that are not UTF-8 were reported once for the file.
        if Self.firstInvalidUTF8(Array(bytes[start.offset..<index])) != nil { return }
        let shown = text(from: start.offset)
        error("unexpected '\(shown)'; names use ASCII letters, digits and '_'", start)
    }

    private func isSpaceOrQuoteOrSlash(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == UInt8(ascii: "\"") || c == UInt8(ascii: "/")
            || c == UInt8(ascii: "`") || c == UInt8(ascii: "-")
    }

    // MARK: Character classes

    private func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    private func isHexDigit(_ c: UInt8) -> Bool { isDigit(c) || (c | 0x20 >= 0x61 && c | 0x20 <= 0x66) }
    private func isIdentifierStart(_ c: UInt8) -> Bool { (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A) || c == 0x5F }
    private func isIdentifierPart(_ c: UInt8) -> Bool { isIdentifierStart(c) || isDigit(c) }

    // MARK: UTF-8 validation

    /// `SYNTAX_ERROR` at the first byte that is not UTF-8, shared by both lexers: the one
    /// report for the file (stray runs of such bytes are not reported again).
    static func invalidUTF8Diagnostic(_ bytes: [UInt8], file: String) -> Diagnostic? {
        guard let bad = firstInvalidUTF8(bytes) else { return nil }
        let at = position(of: bad, in: bytes)
        let end = SourcePosition(line: at.line, column: at.column + 1, offset: bad + 1)
        return .error(
            .syntaxError,
            "file is not valid UTF-8 (byte 0x\(String(bytes[bad], radix: 16, uppercase: true))); save it as UTF-8",
            at: SourceRange(file: file, start: at, end: end))
    }

    /// The offset of the first byte that is not part of a valid UTF-8 sequence, if any.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var i = 0
        let n = bytes.count
        while i < n {
            // ASCII eight bytes at a time: a schema is mostly ASCII, and every reparse checks it all.
            if i + 8 <= n, bytes.withUnsafeBytes({ $0.loadUnaligned(fromByteOffset: i, as: UInt64.self) }) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let length: Int
            var lowest: UInt8 = 0x80
            var highest: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lowest = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; highest = 0x9F
            case 0xF0: length = 4; lowest = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; highest = 0x8F
            default: return i
            }
            guard i + length <= n else { return i }
            let second = bytes[i + 1]
            guard second >= lowest && second <= highest else { return i }
            for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 { return i }
            i += length
        }
        return nil
    }

    /// Line and UTF-8 column of a byte offset, counting from the start.
    static func position(of offset: Int, in bytes: [UInt8]) -> SourcePosition {
        var line = 1
        var lineStart = 0
        var i = 0
        while i < offset {
            if bytes[i] == 0x0A || (bytes[i] == 0x0D && (i + 1 >= bytes.count || bytes[i + 1] != 0x0A)) {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        return SourcePosition(line: line, column: offset - lineStart + 1, offset: offset)
    }
}
