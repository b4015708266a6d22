/// One token of a `.cloudschema` file.
public struct Token: Sendable {
    public enum Kind: Hashable, Sendable {
        case identifier  // `name`, or a keyword (the parser decides by context)
        case backtickIdentifier  // `` `from` ``: always a name, never a keyword
        case string  // text is the decoded value
        case integer
        case float
        case leftBrace, rightBrace, leftParen, rightParen, leftBracket, rightBracket
        case leftAngle, rightAngle, colon, comma, semicolon, equals, question, at, dot
        case ampersand, pipe, bang  // `&&`, `||` and `!` in subscription predicates (two tokens for `&&`)
        case endOfFile
    }

    // Stored largest first (48 bytes, not 56): a large file has millions of tokens.
    /// Identifier name, decoded string value, or number spelling.
    public var text: String
    public var range: SourceRange
    public var kind: Kind
    /// True when a line break separates this token from the previous one (members are newline-separated).
    public var isAtLineStart: Bool

    public init(kind: Kind, text: String, range: SourceRange, isAtLineStart: Bool) {
        self.kind = kind
        self.text = text
        self.range = range
        self.isAtLineStart = isAtLineStart
    }
}

extension Token.Kind {
    /// How the token is named in "expected ..." messages.
    package var spelling: String {
        switch self {
        case .identifier, .backtickIdentifier: "a name"
        case .string: "a string"
        case .integer, .float: "a number"
        case .leftBrace: "'{'"
        case .rightBrace: "'}'"
        case .leftParen: "'('"
        case .rightParen: "')'"
        case .leftBracket: "'['"
        case .rightBracket: "']'"
        case .leftAngle: "'<'"
        case .rightAngle: "'>'"
        case .colon: "':'"
        case .comma: "','"
        case .semicolon: "';'"
        case .equals: "'='"
        case .question: "'?'"
        case .at: "'@'"
        case .dot: "'.'"
        case .ampersand: "'&'"
        case .pipe: "'|'"
        case .bang: "'!'"
        case .endOfFile: "end of file"
        }
    }
}

/// A comment, kept so the formatter can put it back and suppressions can be read.
public struct Comment: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case line  // `// ...`
        case doc  // `/// ...`: documentation for the declaration or member that follows
        case block  // `/* ... */`
    }

    public var kind: Kind
    /// The full comment text as written, including `//`, `///` or `/* */`.
    public var text: String
    public var range: SourceRange
    /// True when code precedes the comment on its line (a trailing comment).
    public var isTrailing: Bool

    /// The text without its markers: `/// Hello` → `Hello`.
    public var body: String {
        switch kind {
        case .doc: Self.strip(text.dropFirst(3))
        case .line: Self.strip(text.dropFirst(2))
        case .block: Self.strip(text.dropFirst(2).dropLast(2))
        }
    }

    private static func strip(_ s: Substring) -> String {
        var s = s
        if s.first == " " { s = s.dropFirst() }
        while let last = s.last, last == " " || last == "\t" || last == "\r" { s = s.dropLast() }
        return String(s)
    }
}
