/// One token of a `.ckdb` file.
struct CKDBToken: Sendable {
    enum Kind: Hashable, Sendable {
        /// An unquoted word: a keyword or a name (the parser decides by context).
        case word
        /// `"name"`: always a name. `text` is the content without quotes.
        case quoted
        case leftParen, rightParen, leftAngle, rightAngle, comma, semicolon
        /// A run of characters that belong to no token (`{`, `.`, `@`, ...), reported by the lexer.
        case other
        case endOfFile
    }

    var kind: Kind
    var text: String
    /// `text` in upper case, for matching keywords without regard to case.
    var upper: String
    var range: SourceRange
    /// True when a line break separates this token from the previous one.
    var isAtLineStart: Bool
    /// A quoted name without its closing quote (already reported by the lexer).
    var isUnterminated = false

    func isKeyword(_ keyword: String) -> Bool { kind == .word && upper == keyword }
}

/// A comment in a `.ckdb` file (`// ...`, `-- ...` or `/* ... */`).
public struct CKDBComment: Hashable, Sendable {
    /// The comment as written, markers included.
    public var text: String
    public var range: SourceRange
    /// Code precedes the comment on its line.
    public var isTrailing: Bool
    public var isBlock: Bool

    /// A `#` line, which Apple's grammar lacks (CKDB_HASH_COMMENT).
    var isHash: Bool { text.hasPrefix("#") }

    /// The text without markers, one entry per line, each trimmed of surrounding white space.
    public var lines: [String] {
        let inner: Substring =
            isBlock ? text.dropFirst(2).dropLast(text.hasSuffix("*/") && text.count >= 4 ? 2 : 0) : text.dropFirst(isHash ? 1 : 2)
        return inner.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map { CKDBComment.trim($0) }
    }

    static func trim(_ s: Substring) -> String {
        var s = s
        while let c = s.first, c == " " || c == "\t" || c == "\r" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\r" { s = s.dropLast() }
        return String(s)
    }
}

/// Splits `.ckdb` text into tokens and comments in one linear pass over its UTF-8 bytes.
/// Accepts a BOM, CRLF/CR/LF line breaks, tabs, and no trailing newline. Never fails: problems
/// become diagnostics (kept separately so the parser can drop them for a file that is not a schema).
struct CKDBLexer {
    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var sawNewline = true
    private var lastTokenLine = 0
    /// The CKDB_HASH_COMMENT warning in `diagnostics`, once the first `#` line is seen.
    private var hashCommentWarning: Int?

    private(set) var tokens: [CKDBToken] = []
    private(set) var comments: [CKDBComment] = []
    private(set) var diagnostics: [Diagnostic] = []

    static func tokenize(_ bytes: [UInt8], file: String) -> CKDBLexer {
        var lexer = CKDBLexer(bytes: bytes, file: file)
        lexer.run()
        return lexer
    }

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    private var position: SourcePosition { SourcePosition(line: line, column: index - lineStart + 1, offset: index) }

    private func peek(_ ahead: Int = 0) -> UInt8 {
        let i = index + ahead
        return i < bytes.count ? bytes[i] : 0
    }

    private mutating func run() {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }
        if let invalid = Lexer.invalidUTF8Diagnostic(bytes, file: file) { diagnostics.append(invalid) }
        while index < bytes.count {
            let start = position
            let c = bytes[index]
            switch c {
            case 0x20, 0x09, 0x0C, 0x0B:
                index += 1
            case 0x0A:
                newline()
            case 0x0D:
                if peek(1) == 0x0A { index += 1 }
                newline()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"), UInt8(ascii: "-") where peek(1) == UInt8(ascii: "-"):
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
                comments.append(
                    CKDBComment(text: text(from: start.offset), range: range(start), isTrailing: isTrailing(start), isBlock: false))
            case UInt8(ascii: "#") where sawNewline:
                hashComment(start)
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                blockComment(start)
            case UInt8(ascii: "\""):
                quoted(start)
            case _ where isWordByte(c):
                while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
                emit(.word, text(from: start.offset), start)
            default:
                if let kind = Self.punctuation[c] {
                    index += 1
                    emit(kind, String(UnicodeScalar(c)), start)
                } else {
                    other(start)
                }
            }
        }
        emit(.endOfFile, "", position)
    }

    private static let punctuation: [UInt8: CKDBToken.Kind] = [
        UInt8(ascii: "("): .leftParen, UInt8(ascii: ")"): .rightParen, UInt8(ascii: "<"): .leftAngle,
        UInt8(ascii: ">"): .rightAngle, UInt8(ascii: ","): .comma, UInt8(ascii: ";"): .semicolon,
    ]

    private mutating func newline() {
        index += 1
        line += 1
        lineStart = index
        sawNewline = true
    }

    private mutating func emit(_ kind: CKDBToken.Kind, _ text: String, _ start: SourcePosition) {
        let upper = kind == .word ? text.uppercased() : text
        tokens.append(CKDBToken(kind: kind, text: text, upper: upper, range: range(start), isAtLineStart: sawNewline))
        sawNewline = false
        lastTokenLine = line
    }

    private func range(_ start: SourcePosition) -> SourceRange { SourceRange(file: file, start: start, end: position) }
    private func text(from offset: Int) -> String { String(decoding: bytes[offset..<index], as: UTF8.self) }
    private func isTrailing(_ start: SourcePosition) -> Bool { !tokens.isEmpty && lastTokenLine == start.line && !sawNewline }

    private mutating func blockComment(_ start: SourcePosition) {
        index += 2
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                index += 2
                comments.append(
                    CKDBComment(text: text(from: start.offset), range: range(start), isTrailing: isTrailing(start), isBlock: true))
                return
            }
            if bytes[index] == 0x0A {
                newline()
            } else if bytes[index] == 0x0D {
                if peek(1) == 0x0A { index += 1 }
                newline()
            } else {
                index += 1
            }
        }
        diagnostics.append(
            .error(
                .syntaxError, "unterminated block comment; add '*/' to close it",
                at: SourceRange(
                    file: file, start: start, end: SourcePosition(line: start.line, column: start.column + 2, offset: start.offset + 2))))
        comments.append(CKDBComment(text: text(from: start.offset), range: range(start), isTrailing: false, isBlock: true))
    }

    /// A line starting with `#`, which Apple's grammar lacks: read as a comment, so the rest of
    /// the file is checked, with one warning for the file.
    private mutating func hashComment(_ start: SourcePosition) {
        let hash = SourceRange(
            file: file, start: start, end: SourcePosition(line: start.line, column: start.column + 1, offset: start.offset + 1))
        if hashCommentWarning == nil {
            hashCommentWarning = diagnostics.count
            // Safe: a comment is no part of the schema, so writing it with // changes nothing stored or deployed.
            var fixIt = Diagnostic.FixIt("write these comments with //", edits: [])
            fixIt.isSafe = true
            diagnostics.append(
                .warning(
                    .ckdbHashComment,
                    "'#' starts no comment in the CloudKit Schema Language (its comments are //, -- and /* */), so cktool may reject this file; write these lines with //",
                    at: hash, fixIts: [fixIt]))
        }
        // One fix-it for the file's every '#' line, as the warning is said once.
        if let warning = hashCommentWarning {
            diagnostics[warning].fixIts[0].edits.append(.init(range: hash, replacement: "//"))
        }
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        comments.append(CKDBComment(text: text(from: start.offset), range: range(start), isTrailing: false, isBlock: false))
    }

    /// `"name"` on one line. An unterminated name is reported at its opening quote.
    private mutating func quoted(_ start: SourcePosition) {
        index += 1
        let contentStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        let content = String(decoding: bytes[contentStart..<index], as: UTF8.self)
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            emit(.quoted, content, start)
        } else {
            diagnostics.append(
                .error(.syntaxError, "unterminated quoted name; add a closing '\"' on the same line", at: range(start)))
            emit(.quoted, content, start)
            tokens[tokens.count - 1].isUnterminated = true
        }
    }

    /// One token and one diagnostic for a run of characters that start no token.
    private mutating func other(_ start: SourcePosition) {
        repeat {
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
        } while index < bytes.count && !isWordByte(bytes[index]) && Self.punctuation[bytes[index]] == nil
            && ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "\""), UInt8(ascii: "/"), UInt8(ascii: "-")].contains(bytes[index])
        let shown = text(from: start.offset)
        // Bytes that are not UTF-8 were reported once for the file.
        if Lexer.firstInvalidUTF8(Array(bytes[start.offset..<index])) == nil {
            diagnostics.append(
                .error(
                    .syntaxError, "unexpected '\(shown)'; a .ckdb file has names, keywords, '(', ')', '<', '>', ',' and ';'",
                    at: range(start)))
        }
        emit(.other, shown, start)
    }

    private func isWordByte(_ c: UInt8) -> Bool { CKDB.isLetter(c) || (c >= 0x30 && c <= 0x39) || c == 0x5F }
}
