/// One token of SQLite SQL (https://www.sqlite.org/lang_keywords.html, lang_expr.html).
struct SQLToken: Sendable {
    enum Kind: Sendable {
        /// A bare word: a keyword or an unquoted name.
        case word
        /// A quoted name: `"a"`, `[a]` or `` `a` `` (text without quotes, doubled quotes undone).
        case quoted
        /// A string literal `'…'` (text without quotes).
        case string
        case number
        /// A blob literal `x'…'` (text as written).
        case blob
        /// A Swift interpolation `\(…)` in SQL read from a Swift literal, with any name bytes or
        /// quotes it is written inside (`"\(name)"`, `items_\(suffix)`): an expression the reader
        /// cannot see into (text as written).
        case interpolation
        /// Any other character, one at a time.
        case punctuation
    }

    var kind: Kind
    var text: String
    var range: SourceRange

    /// A bare word equal to `keyword` (ASCII, without regard to case).
    func isWord(_ keyword: String) -> Bool {
        kind == .word && text.count == keyword.count && text.uppercased() == keyword
    }

    func isPunctuation(_ character: Character) -> Bool { kind == .punctuation && text.first == character }

    /// A name: a bare word, a quoted name, or a string (SQLite accepts `'name'` where a name goes).
    var isName: Bool { kind == .word || kind == .quoted || kind == .string }
}

/// Splits SQL into tokens and comments. Linear and bounded: it never looks back, and an
/// unterminated string, quoted name or comment is one `SYNTAX_ERROR` that ends the input.
///
/// SQL inside a Swift string literal is read from the literal's content, with `map` giving
/// each content offset's place in the Swift file, so positions are the Swift file's, and
/// `interpolations` the content ranges of its `\(…)`, each read whole as one token.
struct SQLLexer {
    private let bytes: [UInt8]
    private let file: String
    private let end: Int
    private var offset: Int
    private var line: Int
    private var lineStart: Int
    private var lastTokenLine = 0
    private let map: (@Sendable (Int) -> SourcePosition)?
    private let interpolations: [Range<Int>]
    /// The first interpolation not yet passed (offsets only grow, so this only moves forward).
    private var nextInterpolation = 0

    private(set) var tokens: [SQLToken] = []
    private(set) var comments: [Comment] = []
    private(set) var diagnostics: [Diagnostic] = []

    /// Lexes `bytes`; `map`, when given, places each offset (a Swift literal's content), and
    /// `interpolations` (sorted content ranges) are its `\(…)`.
    init(
        _ bytes: [UInt8], file: String, map: (@Sendable (Int) -> SourcePosition)? = nil, interpolations: [Range<Int>] = []
    ) {
        self.bytes = bytes
        self.file = file
        self.map = map
        self.interpolations = interpolations
        self.end = bytes.count
        self.offset = 0
        self.line = 1
        self.lineStart = 0
        run()
    }

    private var position: SourcePosition {
        map?(offset) ?? SourcePosition(line: line, column: offset - lineStart + 1, offset: offset)
    }

    private func byte(_ at: Int) -> UInt8? { at < end ? bytes[at] : nil }

    /// Moves past one byte, counting lines (`\n`, `\r\n`, `\r`).
    private mutating func advance() {
        let b = bytes[offset]
        offset += 1
        if b == 0x0A || (b == 0x0D && byte(offset) != 0x0A) {
            line += 1
            lineStart = offset
        }
    }

    private static func isNameStart(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80
    }

    private static func isNameByte(_ b: UInt8) -> Bool { isNameStart(b) || (b >= 0x30 && b <= 0x39) || b == 0x24 }

    /// The end of the interpolation that starts here, if one does.
    private mutating func interpolationEnd() -> Int? {
        while nextInterpolation < interpolations.count, interpolations[nextInterpolation].lowerBound < offset { nextInterpolation += 1 }
        guard nextInterpolation < interpolations.count, interpolations[nextInterpolation].lowerBound == offset else { return nil }
        return min(interpolations[nextInterpolation].upperBound, end)
    }

    /// Moves past the interpolation that starts here, if one does.
    private mutating func skipInterpolation() -> Bool {
        guard let stop = interpolationEnd() else { return false }
        while offset < stop { advance() }
        return true
    }

    private mutating func run() {
        while offset < end {
            let b = bytes[offset]
            let start = position
            let startOffset = offset
            switch b {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C, 0x0B:
                advance()
            case UInt8(ascii: "-") where byte(offset + 1) == UInt8(ascii: "-"):
                while offset < end, bytes[offset] != 0x0A, bytes[offset] != 0x0D { advance() }
                addComment(.line, from: start, startOffset)
            case UInt8(ascii: "/") where byte(offset + 1) == UInt8(ascii: "*"):
                advance()
                advance()
                while offset < end, !(bytes[offset] == UInt8(ascii: "*") && byte(offset + 1) == UInt8(ascii: "/")) { advance() }
                guard offset < end else { return fail("unterminated comment; close it with */", from: start, startOffset) }
                advance()
                advance()
                addComment(.block, from: start, startOffset)
            case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"), UInt8(ascii: "["):
                let close = b == UInt8(ascii: "[") ? UInt8(ascii: "]") : b
                advance()
                var text: [UInt8] = []
                var closed = false
                var interpolated = false
                while offset < end {
                    let from = offset
                    if skipInterpolation() {
                        interpolated = true
                        text += bytes[from..<offset]
                        continue
                    }
                    let c = bytes[offset]
                    advance()
                    if c == close {
                        // A doubled quote stands for one ('it''s'); brackets have no escape.
                        if close != UInt8(ascii: "]"), byte(offset) == close {
                            advance()
                        } else {
                            closed = true
                            break
                        }
                    }
                    text.append(c)
                }
                guard closed else {
                    let what = b == UInt8(ascii: "'") ? "string" : "quoted name"
                    return fail("unterminated \(what); close it with \(Character(Unicode.Scalar(close)))", from: start, startOffset)
                }
                // A string is a value whatever it holds; a name with an interpolation is not known.
                let kind: SQLToken.Kind = b == UInt8(ascii: "'") ? .string : interpolated ? .interpolation : .quoted
                add(kind, String(decoding: kind == .interpolation ? bytes[startOffset..<offset] : text[...], as: UTF8.self), from: start)
            case _ where b | 0x20 == UInt8(ascii: "x") && byte(offset + 1) == UInt8(ascii: "'"):
                advance()
                advance()
                while offset < end, bytes[offset] != UInt8(ascii: "'") { advance() }
                guard offset < end else { return fail("unterminated blob literal; close it with '", from: start, startOffset) }
                advance()
                add(.blob, String(decoding: bytes[startOffset..<offset], as: UTF8.self), from: start)
            case _ where Self.isNameStart(b) || interpolationEnd() != nil:
                // A word, and any interpolations written against it: `\(prefix)_items` is one unknown name.
                var interpolated = false
                while offset < end {
                    if skipInterpolation() {
                        interpolated = true
                    } else if Self.isNameByte(bytes[offset]) {
                        advance()
                    } else {
                        break
                    }
                }
                add(interpolated ? .interpolation : .word, String(decoding: bytes[startOffset..<offset], as: UTF8.self), from: start)
            case _
            where (b >= 0x30 && b <= 0x39) || (b == UInt8(ascii: ".") && (byte(offset + 1).map { $0 >= 0x30 && $0 <= 0x39 } ?? false)):
                let first = offset
                while offset < end,
                    Self.isNameByte(bytes[offset]) || bytes[offset] == UInt8(ascii: ".")
                        || ((bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-"))
                            && (bytes[offset - 1] | 0x20) == UInt8(ascii: "e") && bytes[first] != UInt8(ascii: "0"))
                {
                    advance()
                }
                add(.number, String(decoding: bytes[first..<offset], as: UTF8.self), from: start)
            default:
                advance()
                add(.punctuation, String(Character(Unicode.Scalar(b))), from: start)
            }
        }
    }

    /// From `start` to where the next byte is, or just after the last byte read when the next is
    /// on another line (at the end of a literal's content: the closing `"""`'s line).
    private func range(from start: SourcePosition) -> SourceRange {
        let next = position
        guard let map, offset > 0 else { return SourceRange(file: file, start: start, end: next) }
        let last = map(offset - 1)
        guard next.line != last.line || next.offset <= last.offset else { return SourceRange(file: file, start: start, end: next) }
        return SourceRange(file: file, start: start, end: SourcePosition(line: last.line, column: last.column + 1, offset: last.offset + 1))
    }

    private mutating func add(_ kind: SQLToken.Kind, _ text: String, from start: SourcePosition) {
        tokens.append(SQLToken(kind: kind, text: text, range: range(from: start)))
        lastTokenLine = position.line
    }

    private mutating func addComment(_ kind: Comment.Kind, from start: SourcePosition, _ startOffset: Int) {
        let text = String(decoding: bytes[startOffset..<offset], as: UTF8.self)
        comments.append(
            Comment(kind: kind, text: text, range: range(from: start), isTrailing: lastTokenLine == start.line && !tokens.isEmpty))
    }

    private mutating func fail(_ message: String, from start: SourcePosition, _ startOffset: Int) {
        let next = map?(startOffset + 1) ?? SourcePosition(line: start.line, column: start.column + 1, offset: start.offset + 1)
        diagnostics.append(.error(.syntaxError, message, at: SourceRange(file: file, start: start, end: next)))
        offset = end
    }
}
