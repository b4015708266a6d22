import CloudSchemaCore

/// One token of formatted output and the source token it was written from, so comments
/// written between two tokens can be put back after the same token.
struct FormatPiece {
    var text: String
    var range: SourceRange
    /// Whether a space separates this piece from the previous one on the same line.
    var spaceBefore: Bool
}

/// Thrown when the syntax tree and the tokens disagree; the formatter then leaves the file alone.
struct FormatInconsistency: Error {
    var message: String
}

/// Finds the tokens the syntax tree does not keep (`:`, `<`, `,`, `{`, ...) by offset.
struct TokenLocator {
    let tokens: [Token]

    /// The first token that starts at or after `offset`.
    func token(after offset: Int) -> Token {
        var low = 0
        var high = tokens.count - 1  // the end-of-file token is always last
        while low < high {
            let mid = (low + high) / 2
            if tokens[mid].range.start.offset < offset { low = mid + 1 } else { high = mid }
        }
        return tokens[low]
    }

    func expect(_ kind: Token.Kind, after offset: Int) throws(FormatInconsistency) -> Token {
        let token = token(after: offset)
        guard token.kind == kind else {
            throw FormatInconsistency(message: "expected \(kind.spelling) at byte \(offset), found \(token.kind.spelling)")
        }
        return token
    }
}

/// Spells syntax nodes as canonical pieces: names with backticks only where needed,
/// strings re-escaped, numbers as written, single spaces.
struct PieceWriter {
    let locator: TokenLocator
    var pieces: [FormatPiece] = []

    init(locator: TokenLocator) { self.locator = locator }

    mutating func add(_ text: String, _ range: SourceRange, space: Bool = true) {
        pieces.append(FormatPiece(text: text, range: range, spaceBefore: space))
    }

    mutating func add(_ kind: Token.Kind, _ text: String, after offset: Int, space: Bool) throws(FormatInconsistency) {
        add(text, try locator.expect(kind, after: offset).range, space: space)
    }

    /// A declared or referenced name: backticks when it is a keyword.
    static func name(_ name: NameSyntax) -> String { SchemaText.name(name.name) }

    /// `in public` / `in private` mean the databases; `` in `public` `` means a zone of that name.
    static func placement(_ name: NameSyntax) -> String {
        name.isBackticked && (name.name == "public" || name.name == "private") ? "`\(name.name)`" : SchemaText.name(name.name)
    }

    /// An enum case named `case` always keeps its backticks: `case` followed by a name is
    /// the optional `case` keyword.
    static func caseName(_ name: NameSyntax) -> String {
        name.name == "case" ? "`case`" : SchemaText.name(name.name)
    }

    /// A bare value: `` `true` `` is a name, not the Boolean, so those backticks stay.
    static func valueName(_ name: NameSyntax) -> String {
        if name.isBackticked && ["true", "false", "now", "nil"].contains(name.name) { return "`\(name.name)`" }
        return SchemaText.name(name.name)
    }

    mutating func type(_ type: TypeSyntax, space: Bool) throws(FormatInconsistency) {
        switch type {
        case .named(let name, let arguments, _):
            add(Self.name(name), name.range, space: space)
            guard !arguments.isEmpty else { return }
            try add(.leftAngle, "<", after: name.range.end.offset, space: false)
            for (i, argument) in arguments.enumerated() {
                if i > 0 { try add(.comma, ",", after: arguments[i - 1].range.end.offset, space: false) }
                try self.type(argument, space: i > 0)
            }
            try add(.rightAngle, ">", after: arguments[arguments.count - 1].range.end.offset, space: false)
        case .list(let element, let range):
            try add(.leftBracket, "[", after: range.start.offset, space: space)
            try self.type(element, space: false)
            try add(.rightBracket, "]", after: element.range.end.offset, space: false)
        case .optional(let wrapped, _):
            try self.type(wrapped, space: space)
            try add(.question, "?", after: wrapped.range.end.offset, space: false)
        }
    }

    mutating func expression(_ expression: ExpressionSyntax, space: Bool) throws(FormatInconsistency) {
        switch expression {
        case .string(let value, let range):
            add(SchemaText.stringLiteral(value), range, space: space)
        case .integer(let text, let range), .float(let text, let range):
            add(text, range, space: space)
        case .name(let name):
            add(Self.valueName(name), name.range, space: space)
        case .call(let name, let range):
            add(Self.valueName(name) + "()", range, space: space)
        case .swiftInitializer(let value, _):  // never in .cloudschema text
            if let value { try self.expression(value, space: space) }
        case .enumCase(let name, let range):
            try add(.dot, ".", after: range.start.offset, space: space)
            add(Self.name(name), name.range, space: false)
        case .list(let elements, let range):
            try add(.leftBracket, "[", after: range.start.offset, space: space)
            try list(elements)
            try add(.rightBracket, "]", after: range.end.offset - 1, space: false)
        }
    }

    /// A subscription predicate: `a && !(b == 1) && c.contains("x")`, parentheses as written.
    mutating func predicate(_ predicate: PredicateSyntax, space: Bool) throws(FormatInconsistency) {
        switch predicate {
        case .and(let terms, let operators):
            for (i, term) in terms.enumerated() {
                if i > 0 { add("&&", operators[i - 1]) }
                try self.predicate(term, space: i > 0 || space)
            }
        case .not(let inner, let bang):
            add("!", bang, space: space)
            try self.predicate(inner, space: false)
        case .parenthesized(let inner, let range):
            try add(.leftParen, "(", after: range.start.offset, space: space)
            try self.predicate(inner, space: false)
            try add(.rightParen, ")", after: range.end.offset - 1, space: false)
        case .comparison(let field, let op, let operatorRange, let value):
            add(Self.name(field), field.range, space: space)
            add(op, operatorRange)
            try expression(value, space: true)
        case .call(let receiver, let method, let arguments, let range):
            add(Self.name(receiver), receiver.range, space: space)
            try add(.dot, ".", after: receiver.range.end.offset, space: false)
            add(Self.name(method), method.range, space: false)
            try add(.leftParen, "(", after: method.range.end.offset, space: false)
            try list(arguments)
            try add(.rightParen, ")", after: range.end.offset - 1, space: false)
        }
    }

    /// `a, b, c` (a trailing comma is dropped).
    private mutating func list(_ elements: [ExpressionSyntax]) throws(FormatInconsistency) {
        for (i, element) in elements.enumerated() {
            if i > 0 { try add(.comma, ",", after: elements[i - 1].range.end.offset, space: false) }
            try expression(element, space: i > 0)
        }
    }

    mutating func attribute(_ attribute: AttributeSyntax) throws(FormatInconsistency) {
        let at = attribute.range
        add("@" + attribute.name.name, SourceRange(file: at.file, start: at.start, end: attribute.name.range.end))
        guard let arguments = attribute.arguments else { return }
        try add(.leftParen, "(", after: attribute.name.range.end.offset, space: false)
        try list(arguments)
        try add(.rightParen, ")", after: attribute.range.end.offset - 1, space: false)
    }
}
