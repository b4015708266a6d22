/// One token of Swift source, as far as a reader of declarations needs: names, keywords,
/// attributes, `#` macros, literals, operators and punctuation.
struct SwiftToken: Sendable {
    enum Kind: Hashable, Sendable {
        /// `name`, `$0`, or `` `class` `` (`text` without the backticks).
        case identifier
        /// A reserved word (`class`, `var`, `static`, `init`, `true`, `nil`, ...); contextual
        /// words (`get`, `lazy`, `final`, `actor`) are identifiers.
        case keyword
        /// `@Model`, `@Attribute`: `text` is the name without `@`.
        case attribute
        /// `#Unique`, `#sql`, `#if`: `text` is the name without `#`.
        case pound
        case integer, float
        /// A string literal; `literal` holds its content.
        case string
        /// `#/.../#` or a regex the lexer recognized; `text` as written.
        case regex
        /// A run of operator characters (`=`, `->`, `==`, `..<`, `>>`), or a postfix `?` / `!`
        /// written right after the token before it (`String?`, `value!`), alone.
        case `operator`
        /// `(` `)` `[` `]` `{` `}` `,` `:` `;` `.` `\` and an `@` or `#` that starts nothing.
        case punctuation
        /// A character that starts no Swift token; the reader skips it.
        case unknown
        case endOfFile
    }

    var kind: Kind
    /// The name, keyword, number or operator as written (string literals: as written too).
    var text: String
    var range: SourceRange
    /// A line break separates this token from the one before.
    var isAtLineStart: Bool
    /// White space or a comment separates this token from the one before.
    var hasSpaceBefore: Bool
    /// The content of a `.string` token.
    var literal: SwiftStringLiteral?

    func isPunctuation(_ spelling: String) -> Bool { kind == .punctuation && text == spelling }
    func isOperator(_ spelling: String) -> Bool { kind == .operator && text == spelling }
    func isKeyword(_ word: String) -> Bool { kind == .keyword && text == word }
    /// An identifier or keyword spelled `word` (contextual keywords are identifiers).
    func isWord(_ word: String) -> Bool { (kind == .identifier || kind == .keyword) && text == word }
}

/// A Swift string literal's content, with a map from every content byte back to the source.
///
/// `content` is what the literal means where that is known: escapes decoded (`\n`, `\"`,
/// `\u{1F600}`, and `\#n` in `#"..."#`), the indentation of a multi-line literal's closing
/// `"""` stripped from each line, an escaped line break (`\` at a line's end) removed. Each
/// interpolation `\(expr)` stays in `content` as written in the source, and `interpolations`
/// lists where. `sourcePosition(atContentOffset:)` maps a UTF-8 offset in `content` to the
/// line and column of the source byte it came from (an escape's bytes map to its `\`).
struct SwiftStringLiteral: Sendable, Hashable {
    /// One interpolation: `\(expr)` (`\#(expr)` in a raw string), as written.
    struct Interpolation: Sendable, Hashable {
        /// UTF-8 offsets in `content` of the whole `\(...)`.
        var content: Range<Int>
        /// Where the whole `\(...)` is in the source.
        var source: SourceRange
    }

    /// One line of a multi-line literal's content (single-line literals have one).
    struct Line: Sendable, Hashable {
        /// Where the line's content starts in the source, after the stripped indentation.
        var start: SourcePosition
        /// UTF-8 bytes of indentation stripped from the start of this source line.
        var strippedIndentation: Int
    }

    var content: String
    var isMultiline: Bool
    /// The number of `#` around a raw string (`#"..."#`: 1), 0 for a plain literal.
    var rawDelimiterCount: Int
    /// The source between the delimiters (for a multi-line literal: from the line after the
    /// opening `"""` to the start of the closing one's line).
    var contentRange: SourceRange
    var interpolations: [Interpolation]
    var lines: [Line]
    /// The literal ends before its closing delimiter (end of line or of file).
    var isUnterminated: Bool
    /// Maps content to source: each run starts at a content offset; a verbatim run's bytes
    /// are consecutive source bytes on one line, any other run (an escape) maps to one place.
    var runs: [Run]

    struct Run: Sendable, Hashable {
        var contentStart: Int
        var source: SourcePosition
        var isVerbatim: Bool
    }

    /// The source position of the byte at `offset` in `content` (UTF-8); `offset ==
    /// content.utf8.count` maps to the end of the content.
    func sourcePosition(atContentOffset offset: Int) -> SourcePosition {
        guard !runs.isEmpty, offset < content.utf8.count else { return contentRange.end }
        var low = 0
        var high = runs.count - 1
        while low < high {  // the last run starting at or before `offset`
            let mid = (low + high + 1) / 2
            if runs[mid].contentStart <= max(offset, 0) { low = mid } else { high = mid - 1 }
        }
        let run = runs[low]
        guard run.isVerbatim else { return run.source }
        let delta = max(offset, 0) - run.contentStart
        // Never past the literal: in a file that is not valid UTF-8 (already an error), each
        // invalid byte is three bytes of U+FFFD in `content`, so content offsets can run ahead.
        guard run.source.offset + delta <= contentRange.end.offset else { return contentRange.end }
        return SourcePosition(line: run.source.line, column: run.source.column + delta, offset: run.source.offset + delta)
    }

    /// The source range of the content bytes `range` (UTF-8 offsets in `content`).
    func sourceRange(ofContent range: Range<Int>) -> SourceRange {
        let start = sourcePosition(atContentOffset: range.lowerBound)
        var end = start
        if range.upperBound > range.lowerBound {
            let last = sourcePosition(atContentOffset: range.upperBound - 1)
            end = SourcePosition(line: last.line, column: last.column + 1, offset: last.offset + 1)
        }
        return contentRange.with(start: start, end: end)
    }
}

/// Splits Swift source into tokens and comments in one linear pass over its UTF-8 bytes, for
/// reading declarations (SwiftData models) and string literals (SQL) out of Swift files.
///
/// Never fails and never recurses: nested block comments and interpolations nested in string
/// literals are tracked with counters and an explicit stack. Comments are `Comment`s, so
/// `// cloudschema:ignore RULE reason` works as in `.cloudschema` files. What it cannot make
/// sense of (an unterminated literal or comment, a stray character) is listed in `problems`
/// for the reader to report where it matters, not reported here: most Swift files hold nothing
/// the tool reads.
struct SwiftLexer {
    /// Something the lexer read around: where, and what to tell the user.
    struct Problem: Sendable, Hashable {
        var message: String
        var range: SourceRange
    }

    private let bytes: [UInt8]
    private let fileID: Int
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var sawNewline = true
    private var sawSpace = true
    private var lastTokenLine = 0
    private var lastTokenEnd = -1

    private(set) var tokens: [SwiftToken] = []
    private(set) var comments: [Comment] = []
    private(set) var problems: [Problem] = []

    /// Every token, the last one `endOfFile`, and every comment, in source order.
    static func tokenize(_ bytes: [UInt8], file: String) -> SwiftLexer {
        var lexer = SwiftLexer(bytes: bytes, file: file)
        lexer.run()
        return lexer
    }

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.fileID = SourceFileNames.shared.id(for: file)
    }

    private var position: SourcePosition { SourcePosition(line: line, column: index - lineStart + 1, offset: index) }

    private func peek(_ ahead: Int = 0) -> UInt8 {
        let i = index + ahead
        return i < bytes.count ? bytes[i] : 0
    }

    private mutating func run() {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }
        if bytes.starts(with: [UInt8(ascii: "#"), UInt8(ascii: "!")]) {  // a script's #! line
            let start = position
            while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            comments.append(Comment(kind: .line, text: text(from: start.offset), range: range(start), isTrailing: false))
        }
        while index < bytes.count { step() }
        emit(.endOfFile, "", position)
    }

    private mutating func step() {
        let start = position
        let c = bytes[index]
        switch c {
        case 0x20, 0x09, 0x0B, 0x0C, 0x00:
            index += 1
            sawSpace = true
        case 0x0A:
            newline()
        case 0x0D:
            if peek(1) == 0x0A { index += 1 }
            newline()
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
            lineComment(start)
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
            blockComment(start)
        case UInt8(ascii: "\""):
            string(start, hashes: 0)
        case UInt8(ascii: "#"):
            pound(start)
        case UInt8(ascii: "@"):
            index += 1
            if isIdentifierStart(peek()) {
                identifierBytes()
                emit(.attribute, text(from: start.offset + 1), start)
            } else {
                emit(.punctuation, "@", start)
            }
        case UInt8(ascii: "`"):
            backtickIdentifier(start)
        case UInt8(ascii: "$"):
            index += 1
            identifierBytes()
            emit(.identifier, text(from: start.offset), start)
        case _ where isDigit(c):
            number(start)
        case _ where isIdentifierStart(c):
            identifierBytes()
            let word = text(from: start.offset)
            emit(Self.keywords.contains(word) ? .keyword : .identifier, word, start)
        case UInt8(ascii: "."):
            if isOperatorByte(peek(1)) || peek(1) == UInt8(ascii: ".") {
                operatorRun(start, dotted: true)
            } else {
                index += 1
                emit(.punctuation, ".", start)
            }
        case _ where isOperatorByte(c):
            operatorRun(start, dotted: false)
        default:
            if Self.punctuation.contains(c) {
                index += 1
                emit(.punctuation, String(UnicodeScalar(c)), start)
            } else {
                index += 1
                while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
                problems.append(Problem(message: "unexpected '\(text(from: start.offset))'", range: range(start)))
                emit(.unknown, text(from: start.offset), start)
            }
        }
    }

    private static let punctuation: Set<UInt8> = Set("()[]{},:;\\".utf8)

    /// Swift's reserved words (The Swift Programming Language, Lexical Structure, "Keywords
    /// and Punctuation"); the contextual ones stay identifiers.
    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "_",
    ]

    private mutating func newline() {
        index += 1
        line += 1
        lineStart = index
        sawNewline = true
        sawSpace = true
    }

    private mutating func emit(_ kind: SwiftToken.Kind, _ text: String, _ start: SourcePosition, literal: SwiftStringLiteral? = nil) {
        tokens.append(
            SwiftToken(
                kind: kind, text: text, range: range(start), isAtLineStart: sawNewline, hasSpaceBefore: sawSpace,
                literal: literal))
        sawNewline = false
        sawSpace = false
        lastTokenLine = line
        lastTokenEnd = index
    }

    private func range(_ start: SourcePosition) -> SourceRange { SourceRange(fileID: fileID, start: start, end: position) }
    private func text(from offset: Int) -> String { String(decoding: bytes[offset..<index], as: UTF8.self) }
    private func isTrailing(_ start: SourcePosition) -> Bool { !tokens.isEmpty && lastTokenLine == start.line && !sawNewline }

    // MARK: Comments

    private mutating func lineComment(_ start: SourcePosition) {
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        let text = text(from: start.offset)
        let isDoc = text.hasPrefix("///") && !text.hasPrefix("////")
        comments.append(Comment(kind: isDoc ? .doc : .line, text: text, range: range(start), isTrailing: isTrailing(start)))
        sawSpace = true
    }

    /// `/* ... */`, nested as Swift nests them (a depth counter, not recursion).
    private mutating func blockComment(_ start: SourcePosition) {
        let trailing = isTrailing(start)
        index += 2
        var depth = 1
        while index < bytes.count, depth > 0 {
            if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == 0x0A {
                newline()
            } else if bytes[index] == 0x0D {
                if peek(1) == 0x0A { index += 1 }
                newline()
            } else {
                index += 1
            }
        }
        if depth > 0 {
            problems.append(
                Problem(
                    message: "unterminated block comment; add '*/' to close it",
                    range: SourceRange(
                        fileID: fileID, start: start,
                        end: SourcePosition(line: start.line, column: start.column + 2, offset: start.offset + 2))))
        }
        comments.append(Comment(kind: .block, text: text(from: start.offset), range: range(start), isTrailing: trailing))
        sawSpace = true
    }

    // MARK: Names, numbers, operators

    /// One identifier's bytes: ASCII letters, digits, `_`, and any non-ASCII UTF-8 sequence
    /// (Swift allows most of Unicode in names; telling which is not this reader's job).
    private mutating func identifierBytes() {
        while index < bytes.count, isIdentifierPart(bytes[index]) {
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
        }
    }

    private mutating func backtickIdentifier(_ start: SourcePosition) {
        index += 1
        let nameStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "`"), bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        let name = text(from: nameStart)
        if peek() == UInt8(ascii: "`"), !name.isEmpty {
            index += 1
            emit(.identifier, name, start)
        } else {
            problems.append(Problem(message: "unterminated backtick name", range: range(start)))
            emit(.unknown, text(from: start.offset), start)
        }
    }

    /// `12`, `1_000`, `0x1F`, `0b1010`, `0o17`, `1.5`, `1e-3`, `0x1p4`. A sign is an operator.
    private mutating func number(_ start: SourcePosition) {
        var isFloat = false
        let radixPrefix = peek() == UInt8(ascii: "0") ? peek(1) : 0
        if radixPrefix == UInt8(ascii: "x") || radixPrefix == UInt8(ascii: "b") || radixPrefix == UInt8(ascii: "o") {
            index += 2
            while isHexDigit(peek()) || peek() == UInt8(ascii: "_") { index += 1 }
            if radixPrefix == UInt8(ascii: "x") {
                if peek() == UInt8(ascii: "."), isHexDigit(peek(1)) {
                    isFloat = true
                    index += 1
                    while isHexDigit(peek()) || peek() == UInt8(ascii: "_") { index += 1 }
                }
                if peek() | 0x20 == UInt8(ascii: "p") { isFloat = true; exponent() }
            }
        } else {
            while isDigit(peek()) || peek() == UInt8(ascii: "_") { index += 1 }
            if peek() == UInt8(ascii: "."), isDigit(peek(1)) {
                isFloat = true
                index += 1
                while isDigit(peek()) || peek() == UInt8(ascii: "_") { index += 1 }
            }
            if peek() | 0x20 == UInt8(ascii: "e") { isFloat = true; exponent() }
        }
        while isIdentifierPart(peek()) { index += 1 }  // `1abc` is not Swift; keep it one token
        emit(isFloat ? .float : .integer, text(from: start.offset), start)
    }

    private mutating func exponent() {
        index += 1
        if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
        while isDigit(peek()) || peek() == UInt8(ascii: "_") { index += 1 }
    }

    /// A run of operator characters, as Swift lexes one (`/` only when it starts no comment),
    /// except that a postfix `?` or `!` (right after a token, as in `String?`) stands alone.
    private mutating func operatorRun(_ start: SourcePosition, dotted: Bool) {
        let c = bytes[index]
        if (c == UInt8(ascii: "?") || c == UInt8(ascii: "!")) && lastTokenEnd == index {
            index += 1
            emit(.operator, String(UnicodeScalar(c)), start)
            return
        }
        index += 1
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*") { break }
            if isOperatorByte(b) || (dotted && b == UInt8(ascii: ".")) { index += 1 } else { break }
        }
        emit(.operator, text(from: start.offset), start)
    }

    // MARK: # and string literals

    /// `#Unique`, `#if`, `#"raw"#`, `##"raw"##`, `#/regex/#`, or a lone `#`.
    private mutating func pound(_ start: SourcePosition) {
        var hashes = 0
        while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
        if peek(hashes) == UInt8(ascii: "\"") {
            index += hashes
            string(start, hashes: hashes)
            return
        }
        if peek(hashes) == UInt8(ascii: "/") {
            regex(start, hashes: hashes)
            return
        }
        index += 1
        if hashes == 1, isIdentifierStart(peek()) {
            identifierBytes()
            emit(.pound, text(from: start.offset + 1), start)
        } else {
            emit(.punctuation, "#", start)
        }
    }

    /// `#/.../#`: up to a `/` followed by as many `#`, possibly over several lines.
    private mutating func regex(_ start: SourcePosition, hashes: Int) {
        let (atLineStart, afterSpace) = (sawNewline, sawSpace)  // reading its lines changes them
        index += hashes + 1
        var terminated = false
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), (0..<hashes).allSatisfy({ peek(1 + $0) == UInt8(ascii: "#") }) {
                index += 1 + hashes
                terminated = true
                break
            }
            advanceOne()
        }
        if !terminated { problems.append(Problem(message: "unterminated regex literal", range: range(start))) }
        (sawNewline, sawSpace) = (atLineStart, afterSpace)
        emit(.regex, text(from: start.offset), start)
    }

    /// One byte, counting lines.
    private mutating func advanceOne() {
        if bytes[index] == 0x0A {
            newline()
        } else if bytes[index] == 0x0D {
            if peek(1) == 0x0A { index += 1 }
            newline()
        } else {
            index += 1
        }
    }

    private func isLineBreak(_ c: UInt8) -> Bool { c == 0x0A || c == 0x0D }

    /// True at `"` (or `"""`) followed by `hashes` `#`: the literal's closing delimiter.
    private func atClosingDelimiter(hashes: Int, multiline: Bool) -> Bool {
        let quotes = multiline ? 3 : 1
        for i in 0..<quotes where peek(i) != UInt8(ascii: "\"") { return false }
        for i in 0..<hashes where peek(quotes + i) != UInt8(ascii: "#") { return false }
        return true
    }

    /// True at `\` followed by `hashes` `#` (what starts an escape in a literal with that delimiter).
    private func atEscape(hashes: Int) -> Bool {
        guard peek() == UInt8(ascii: "\\") else { return false }
        for i in 0..<hashes where peek(1 + i) != UInt8(ascii: "#") { return false }
        return true
    }

    /// A string literal starting at `index` (its opening `"`; the `#`s before it are read).
    private mutating func string(_ start: SourcePosition, hashes: Int) {
        let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        let (atLineStart, afterSpace) = (sawNewline, sawSpace)  // reading the lines of a literal changes them
        let literal = multiline ? multilineString(start, hashes: hashes) : singleLineString(start, hashes: hashes)
        (sawNewline, sawSpace) = (atLineStart, afterSpace)
        emit(.string, text(from: start.offset), start, literal: literal)
    }

    private mutating func singleLineString(_ start: SourcePosition, hashes: Int) -> SwiftStringLiteral {
        index += 1
        var builder = LiteralBuilder()
        let contentStart = position
        var terminated = false
        while index < bytes.count, !isLineBreak(bytes[index]) {
            if atClosingDelimiter(hashes: hashes, multiline: false) {
                terminated = true
                break
            }
            contentByte(&builder, hashes: hashes, multiline: false)
        }
        let contentEnd = position
        if terminated {
            index += 1 + hashes
        } else {
            problems.append(Problem(message: "unterminated string literal", range: range(start)))
        }
        return builder.literal(
            multiline: false, hashes: hashes, contentRange: SourceRange(fileID: fileID, start: contentStart, end: contentEnd),
            lines: [SwiftStringLiteral.Line(start: contentStart, strippedIndentation: 0)], unterminated: !terminated)
    }

    /// `"""` on its own line, content lines, and `"""` indented by what is stripped from each
    /// content line. The closing line is found first, so the content is read once with its
    /// indentation known.
    private mutating func multilineString(_ start: SourcePosition, hashes: Int) -> SwiftStringLiteral {
        index += 3
        // The rest of the opening line (only white space belongs there).
        while index < bytes.count, !isLineBreak(bytes[index]) { index += 1 }
        if index < bytes.count { advanceOne() }
        let contentStart = position
        let (closing, indentationSlice) = findMultilineEnd(from: index, hashes: hashes)
        let indentation = Array(indentationSlice)
        var builder = LiteralBuilder()
        var lines: [SwiftStringLiteral.Line] = []
        var first = true
        while index < closing.contentEnd {
            // One content line: strip the indentation (as much of it as the line has).
            var stripped = 0
            while stripped < indentation.count, index < closing.contentEnd, bytes[index] == indentation[stripped] {
                index += 1
                stripped += 1
            }
            if !first { builder.lineBreak(at: lineEndPosition) }
            first = false
            lines.append(SwiftStringLiteral.Line(start: position, strippedIndentation: stripped))
            var continued = false
            while index < closing.contentEnd, !isLineBreak(bytes[index]) {
                // `\` (with the delimiter's `#`s) and only white space after it joins the next line.
                if atEscape(hashes: hashes), lineContinues(after: index + 1 + hashes) {
                    continued = true
                    index += 1 + hashes
                    while index < bytes.count, !isLineBreak(bytes[index]) { index += 1 }
                    break
                }
                contentByte(&builder, hashes: hashes, multiline: true)
            }
            lineEndPosition = position
            if index < closing.contentEnd { advanceOne() }
            if continued { builder.suppressNextLineBreak = true }
        }
        let contentEnd = position
        if closing.terminated {
            // The closing line: its indentation, then `"""` and the `#`s.
            index = closing.delimiter
            index += 3 + hashes
        } else {
            problems.append(
                Problem(
                    message: "unterminated multi-line string literal; add '\"\"\"' on a line of its own",
                    range: SourceRange(
                        fileID: fileID, start: start,
                        end: SourcePosition(line: start.line, column: start.column + hashes + 3, offset: start.offset + hashes + 3))))
        }
        return builder.literal(
            multiline: true, hashes: hashes, contentRange: SourceRange(fileID: fileID, start: contentStart, end: contentEnd),
            lines: lines, unterminated: !closing.terminated)
    }

    private var lineEndPosition = SourcePosition(line: 1, column: 1, offset: 0)

    /// Only spaces and tabs from `offset` to the end of its line.
    private func lineContinues(after offset: Int) -> Bool {
        var i = offset
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        return i >= bytes.count || isLineBreak(bytes[i])
    }

    /// Where a multi-line literal starting at `from` ends, scanned ahead without moving:
    /// `contentEnd` (the start of the closing line, or the end of input), the offset of the
    /// closing `"""`, and the indentation before it. Interpolations are skipped with an
    /// explicit stack, so a `"""` inside `\( ... )` does not end the literal.
    private func findMultilineEnd(from: Int, hashes: Int) -> (
        closing: (contentEnd: Int, delimiter: Int, terminated: Bool), indentation: ArraySlice<UInt8>
    ) {
        var i = from
        var lineStartOffset = from
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x0A || c == 0x0D {
                i += (c == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A) ? 2 : 1
                lineStartOffset = i
                continue
            }
            if c == UInt8(ascii: "\"") && matches(at: i, quotes: 3, hashes: hashes) {
                // Closing only when nothing but white space precedes it on its line.
                let before = bytes[lineStartOffset..<i]
                if before.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    return ((lineStartOffset, i, true), before)
                }
                return ((lineStartOffset, i, true), before.prefix(while: { $0 == 0x20 || $0 == 0x09 }))
            }
            if c == UInt8(ascii: "\\"), (0..<hashes).allSatisfy({ i + 1 + $0 < bytes.count && bytes[i + 1 + $0] == UInt8(ascii: "#") }) {
                let after = i + 1 + hashes
                if after < bytes.count, bytes[after] == UInt8(ascii: "(") {
                    i = skipInterpolation(from: after, multiline: true)
                    continue
                }
                i = after < bytes.count && bytes[after] != 0x0A && bytes[after] != 0x0D ? after + 1 : after  // lines still count
                continue
            }
            i += 1
        }
        return ((bytes.count, bytes.count, false), bytes[bytes.count..<bytes.count])
    }

    private func matches(at offset: Int, quotes: Int, hashes: Int) -> Bool {
        guard offset + quotes + hashes <= bytes.count else { return false }
        for k in 0..<quotes where bytes[offset + k] != UInt8(ascii: "\"") { return false }
        for k in 0..<hashes where bytes[offset + quotes + k] != UInt8(ascii: "#") { return false }
        return true
    }

    /// The offset just past the `)` closing the interpolation whose `(` is at `open`.
    /// Nested parentheses and string literals (with their own interpolations) are tracked
    /// on an explicit stack; in a single-line literal, a line break ends it (unterminated).
    private func skipInterpolation(from open: Int, multiline: Bool) -> Int {
        enum Context {
            case code(depth: Int)
            case text(hashes: Int, multiline: Bool)
        }
        var stack: [Context] = [.code(depth: 1)]
        var i = open + 1
        while i < bytes.count, let top = stack.last {
            let c = bytes[i]
            if c == 0x0A || c == 0x0D, !multiline { return i }
            switch top {
            case .code(let depth):
                switch c {
                case UInt8(ascii: "("):
                    stack[stack.count - 1] = .code(depth: depth + 1)
                    i += 1
                case UInt8(ascii: ")"):
                    i += 1
                    if depth == 1 {
                        stack.removeLast()
                        if stack.isEmpty { return i }
                    } else {
                        stack[stack.count - 1] = .code(depth: depth - 1)
                    }
                case UInt8(ascii: "#"), UInt8(ascii: "\""):
                    var h = 0
                    while i + h < bytes.count, bytes[i + h] == UInt8(ascii: "#") { h += 1 }
                    guard i + h < bytes.count, bytes[i + h] == UInt8(ascii: "\"") else { i += max(h, 1); break }
                    let isMulti = matches(at: i + h, quotes: 3, hashes: 0)
                    stack.append(.text(hashes: h, multiline: isMulti))
                    i += h + (isMulti ? 3 : 1)
                default:
                    i += 1
                }
            case .text(let h, let isMulti):
                if c == UInt8(ascii: "\""), matches(at: i, quotes: isMulti ? 3 : 1, hashes: h) {
                    stack.removeLast()
                    i += (isMulti ? 3 : 1) + h
                } else if c == UInt8(ascii: "\\"),
                    (0..<h).allSatisfy({ i + 1 + $0 < bytes.count && bytes[i + 1 + $0] == UInt8(ascii: "#") })
                {
                    let after = i + 1 + h
                    if after < bytes.count, bytes[after] == UInt8(ascii: "(") {
                        stack.append(.code(depth: 1))
                        i = after + 1
                    } else {
                        i = min(after + 1, bytes.count)
                    }
                } else if (c == 0x0A || c == 0x0D) && !isMulti {
                    stack.removeLast()  // an unterminated inner literal ends at its line
                    i += 1
                } else {
                    i += 1
                }
            }
        }
        return i
    }

    /// One piece of content at `index`: an escape, an interpolation, or one verbatim byte.
    private mutating func contentByte(_ builder: inout LiteralBuilder, hashes: Int, multiline: Bool) {
        let start = position
        guard atEscape(hashes: hashes) else {
            builder.verbatim(bytes[index], at: start)
            index += 1
            return
        }
        let after = index + 1 + hashes
        let c = after < bytes.count ? bytes[after] : 0
        if c == UInt8(ascii: "(") {
            let end = skipInterpolation(from: after, multiline: multiline)
            // Copy it as written, counting the lines it spans.
            let contentFrom = builder.count
            while index < end {
                let byte = bytes[index]
                builder.verbatim(byte, at: position)
                if byte == 0x0A || (byte == 0x0D && peek(1) != 0x0A) { newline() } else { index += 1 }
            }
            builder.interpolations.append(
                .init(content: contentFrom..<builder.count, source: SourceRange(fileID: fileID, start: start, end: position)))
            return
        }
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): UInt8(ascii: "\""), UInt8(ascii: "\\"): UInt8(ascii: "\\"), UInt8(ascii: "'"): UInt8(ascii: "'"),
            UInt8(ascii: "n"): 0x0A, UInt8(ascii: "t"): 0x09, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "0"): 0,
        ]
        if let mapped = simple[c] {
            index = after + 1
            builder.escape([mapped], at: start)
            return
        }
        if c == UInt8(ascii: "u"), after + 1 < bytes.count, bytes[after + 1] == UInt8(ascii: "{") {
            var i = after + 2
            while i < bytes.count, isHexDigit(bytes[i]), i - (after + 2) < 8 { i += 1 }
            let hex = String(decoding: bytes[(after + 2)..<i], as: UTF8.self)
            if i < bytes.count, bytes[i] == UInt8(ascii: "}"), let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) {
                index = i + 1
                builder.escape(Array(String(Character(scalar)).utf8), at: start)
                return
            }
        }
        // Not an escape Swift knows: keep the backslash as written (swiftc reports it).
        problems.append(
            Problem(
                message: "invalid escape sequence in a string literal",
                range: SourceRange(
                    fileID: fileID, start: start,
                    end: SourcePosition(line: start.line, column: start.column + 1 + hashes, offset: start.offset + 1 + hashes))))
        builder.verbatim(bytes[index], at: start)
        index += 1
    }

    // MARK: Character classes

    private func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    private func isHexDigit(_ c: UInt8) -> Bool { isDigit(c) || (c | 0x20 >= 0x61 && c | 0x20 <= 0x66) }
    private func isIdentifierStart(_ c: UInt8) -> Bool { (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A) || c == 0x5F || c >= 0xC0 }
    private func isIdentifierPart(_ c: UInt8) -> Bool { isIdentifierStart(c) || isDigit(c) || c >= 0x80 }
    private func isOperatorByte(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
            UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
            UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
            true
        default: false
        }
    }
}

/// Accumulates a literal's content and its map back to the source.
private struct LiteralBuilder {
    var content: [UInt8] = []
    var runs: [SwiftStringLiteral.Run] = []
    var interpolations: [SwiftStringLiteral.Interpolation] = []
    /// The line break after an escaped line end (`\` at the end) is not content.
    var suppressNextLineBreak = false

    var count: Int { content.count }

    /// A byte copied from `at`; it extends the current verbatim run when it is the next byte on its line.
    mutating func verbatim(_ byte: UInt8, at: SourcePosition) {
        if let last = runs.last, last.isVerbatim, last.source.line == at.line,
            last.source.offset + (content.count - last.contentStart) == at.offset
        {
            content.append(byte)
            return
        }
        runs.append(.init(contentStart: content.count, source: at, isVerbatim: true))
        content.append(byte)
    }

    mutating func escape(_ value: [UInt8], at: SourcePosition) {
        runs.append(.init(contentStart: content.count, source: at, isVerbatim: false))
        content += value
    }

    /// The line break between two content lines of a multi-line literal, at the end of the earlier line.
    mutating func lineBreak(at: SourcePosition) {
        if suppressNextLineBreak {
            suppressNextLineBreak = false
            return
        }
        runs.append(.init(contentStart: content.count, source: at, isVerbatim: false))
        content.append(0x0A)
    }

    func literal(
        multiline: Bool, hashes: Int, contentRange: SourceRange, lines: [SwiftStringLiteral.Line], unterminated: Bool
    ) -> SwiftStringLiteral {
        SwiftStringLiteral(
            content: String(decoding: content, as: UTF8.self), isMultiline: multiline, rawDelimiterCount: hashes,
            contentRange: contentRange, interpolations: interpolations, lines: lines, isUnterminated: unterminated, runs: runs)
    }
}
