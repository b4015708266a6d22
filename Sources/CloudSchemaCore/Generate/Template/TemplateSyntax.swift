/// A parsed template: text runs, outputs and blocks, as the parser builds them (`CompiledTemplate`
/// flattens them into arrays of plain values for rendering).
enum TemplateNode: Sendable {
    case text(String)
    case output(TemplateExpression)
    /// `{% if %}…{% elif %}…{% else %}…{% endif %}`: the first true branch renders, else `otherwise`.
    indirect case conditional(branches: [(condition: TemplateExpression, body: [TemplateNode])], otherwise: [TemplateNode])
    /// `{% for variable in sequence %}…{% else %}…{% endfor %}`; `empty` renders when there is nothing to iterate.
    indirect case loop(variable: TemplateName, sequence: TemplateExpression, body: [TemplateNode], empty: [TemplateNode])
    /// `{% include "name" %}`; `indent` is the line's indentation when the tag is alone on its line.
    indirect case include(name: String, indent: String, at: Int)
}

/// An expression inside `{{ }}` or a block tag. `at` values are byte offsets into the template.
/// Names are numbered when parsed (`TemplateName`), so rendering never hashes them; messages
/// quote an expression through `spelling`.
enum TemplateExpression: Sendable {
    case literal(TemplateValue, at: Int)
    case variable(TemplateName, at: Int)
    indirect case member(TemplateExpression, name: TemplateName, at: Int)
    indirect case filter(TemplateExpression, TemplateFilter, arguments: [TemplateExpression], at: Int)
    indirect case not(TemplateExpression)
    indirect case and(TemplateExpression, TemplateExpression)
    indirect case or(TemplateExpression, TemplateExpression)
    indirect case equal(TemplateExpression, TemplateExpression, negated: Bool)

    /// The expression as written, for messages: `field.swiftName`.
    var spelling: String {
        switch self {
        case .literal(let value, _): value.description
        case .variable(let name, _): name.name
        case .member(let base, let name, _): "\(base.spelling).\(name)"
        case .filter(let base, let filter, _, _): "\(base.spelling) | \(filter.rawValue)"
        case .not(let operand): "not \(operand.spelling)"
        case .and(let a, let b): "\(a.spelling) and \(b.spelling)"
        case .or(let a, let b): "\(a.spelling) or \(b.spelling)"
        case .equal(let a, let b, let negated): "\(a.spelling) \(negated ? "!=" : "==") \(b.spelling)"
        }
    }
}

/// Turns lexer tokens into nodes; block structure and expressions are checked here,
/// so syntax errors surface before anything renders.
struct TemplateParser {
    private let source: TemplateSource
    private let tokens: [TemplateLexer.Token]
    private var position = 0
    /// Open `if`/`for` blocks; bounded so no template can exhaust the stack.
    private var blockDepth = 0
    static let maximumBlockDepth = 64

    init(source: TemplateSource) throws(TemplateError) {
        self.source = source
        self.tokens = try TemplateLexer(source: source).tokenize()
    }

    mutating func parse() throws(TemplateError) -> [TemplateNode] {
        let (nodes, end) = try parseNodes(inside: nil)
        if let end {
            throw source.error("unexpected '\(end.keyword)'", at: end.at)
        }
        return nodes
    }

    /// An open block the parser is inside: its keyword, where it starts and which tags may continue it.
    private struct OpenBlock {
        var keyword: String
        var at: Int
        var continuations: Set<String>
        var closer: String
    }

    /// A tag that ended a body: its keyword, its expression reader, and where it is.
    private struct EndTag {
        var keyword: String
        var reader: ExpressionReader
        var at: Int
    }

    private mutating func parseNodes(inside block: OpenBlock?) throws(TemplateError) -> ([TemplateNode], EndTag?) {
        var nodes: [TemplateNode] = []
        while position < tokens.count {
            let token = tokens[position]
            position += 1
            switch token.kind {
            case .text:
                nodes.append(.text(source.text(token.range)))
            case .comment:
                continue
            case .output:
                var reader = try ExpressionReader(source: source, range: token.content, tagStart: token.range.lowerBound)
                guard !reader.atEnd else {
                    throw source.error("empty '{{ }}'; expected an expression", at: token.range.lowerBound)
                }
                let expression = try reader.parseExpression()
                try reader.expectEnd()
                nodes.append(.output(expression))
            case .block:
                var reader = try ExpressionReader(source: source, range: token.content, tagStart: token.range.lowerBound)
                guard let (keyword, _) = reader.takeIdentifier() else {
                    throw source.error("expected a tag name after '{%'", at: token.range.lowerBound)
                }
                let at = token.range.lowerBound
                switch keyword {
                case "if":
                    nodes.append(try parseIf(&reader, at: at))
                case "for":
                    nodes.append(try parseFor(&reader, at: at))
                case "include":
                    let (name, _) = try reader.expectString(what: "a template name in quotes after 'include'")
                    try reader.expectEnd()
                    let indent = token.lineIndent.map { source.text($0) } ?? ""
                    nodes.append(.include(name: name, indent: indent, at: at))
                case "elif", "else", "endif", "endfor":
                    guard let block, block.continuations.contains(keyword) || keyword == block.closer else {
                        let expected =
                            block.map {
                                "; expected '{% \($0.closer) %}' to close the '\($0.keyword)' on line \(source.location(of: $0.at).line)"
                            } ?? ""
                        throw source.error("unexpected '\(keyword)'\(expected)", at: at)
                    }
                    return (nodes, EndTag(keyword: keyword, reader: reader, at: at))
                default:
                    throw source.error("unknown tag '\(keyword)'", at: at)
                }
            }
        }
        return (nodes, nil)
    }

    /// The body of `block` up to the tag that continues or closes it.
    private mutating func parseBody(of block: OpenBlock) throws(TemplateError) -> ([TemplateNode], EndTag) {
        guard blockDepth < Self.maximumBlockDepth else {
            throw source.error("blocks nested more than \(Self.maximumBlockDepth) deep", at: block.at)
        }
        blockDepth += 1
        defer { blockDepth -= 1 }
        let (nodes, end) = try parseNodes(inside: block)
        guard let end else {
            throw source.error("unclosed '\(block.keyword)'; expected '{% \(block.closer) %}'", at: block.at)
        }
        return (nodes, end)
    }

    private mutating func parseIf(_ reader: inout ExpressionReader, at: Int) throws(TemplateError) -> TemplateNode {
        var branches: [(condition: TemplateExpression, body: [TemplateNode])] = []
        var condition = try reader.parseExpression()
        try reader.expectEnd()
        let block = OpenBlock(keyword: "if", at: at, continuations: ["elif", "else"], closer: "endif")
        while true {
            var (body, end) = try parseBody(of: block)
            branches.append((condition, body))
            switch end.keyword {
            case "elif":
                condition = try end.reader.parseExpression()
                try end.reader.expectEnd()
            case "else":
                try end.reader.expectEnd()
                let closing = OpenBlock(keyword: "if", at: at, continuations: [], closer: "endif")
                let (otherwise, final) = try parseBody(of: closing)
                try final.reader.expectEnd()
                return .conditional(branches: branches, otherwise: otherwise)
            default:
                try end.reader.expectEnd()
                return .conditional(branches: branches, otherwise: [])
            }
        }
    }

    private mutating func parseFor(_ reader: inout ExpressionReader, at: Int) throws(TemplateError) -> TemplateNode {
        guard let (variable, _) = reader.takeIdentifier() else {
            throw source.error("expected a variable name after 'for'", at: reader.offset)
        }
        let inAt = reader.offset
        guard let (keyword, _) = reader.takeIdentifier(), keyword == "in" else {
            throw source.error("expected 'in' after 'for \(variable)'", at: inAt)
        }
        let sequence = try reader.parseExpression()
        try reader.expectEnd()
        let block = OpenBlock(keyword: "for", at: at, continuations: ["else"], closer: "endfor")
        let (body, end) = try parseBody(of: block)
        try end.reader.expectEnd()
        var empty: [TemplateNode] = []
        if end.keyword == "else" {
            let closing = OpenBlock(keyword: "for", at: at, continuations: [], closer: "endfor")
            let final: EndTag
            (empty, final) = try parseBody(of: closing)
            try final.reader.expectEnd()
        }
        return .loop(variable: TemplateName(variable), sequence: sequence, body: body, empty: empty)
    }
}

/// Reads the expression language inside one tag:
///
/// ```
/// expression := or
/// or         := and ("or" and)*
/// and        := not ("and" not)*
/// not        := "not" not | comparison
/// comparison := filtered (("==" | "!=") filtered)?
/// filtered   := postfix ("|" filterName (":" postfix ("," postfix)*)?)*
/// postfix    := primary ("." name)*
/// primary    := "string" | 'string' | integer | true | false | null | name | "(" expression ")"
/// ```
struct ExpressionReader {
    private enum Token: Equatable {
        case identifier(String)
        case string(String)
        case integer(Int)
        case symbol(String)
    }

    private let source: TemplateSource
    private var tokens: [(token: Token, at: Int)] = []
    private var index = 0
    /// Operators and parentheses read so far: a bound on the expression tree's depth, so no
    /// tag can exhaust the stack when its tree is built, evaluated or destroyed.
    private var operators = 0
    static let maximumOperators = 256
    private let end: Int

    init(source: TemplateSource, range: Range<Int>, tagStart: Int) throws(TemplateError) {
        self.source = source
        self.end = range.upperBound
        let bytes = source.bytes
        var i = range.lowerBound
        while i < range.upperBound {
            let byte = bytes[i]
            let start = i
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                i += 1
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                var value: [UInt8] = []
                i += 1
                while i < range.upperBound && bytes[i] != byte {
                    if bytes[i] == UInt8(ascii: "\\") && i + 1 < range.upperBound {
                        i += 1
                        switch bytes[i] {
                        case UInt8(ascii: "n"): value.append(UInt8(ascii: "\n"))
                        case UInt8(ascii: "t"): value.append(UInt8(ascii: "\t"))
                        case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): value.append(bytes[i])
                        default:
                            throw source.error(
                                "unknown escape '\\\(String(decoding: [bytes[i]], as: UTF8.self))' in string; use \\n, \\t, \\\\, \\\" or \\'",
                                at: i - 1)
                        }
                    } else {
                        value.append(bytes[i])
                    }
                    i += 1
                }
                guard i < range.upperBound else {
                    throw source.error("unterminated string", at: start)
                }
                i += 1
                tokens.append((.string(String(decoding: value, as: UTF8.self)), start))
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                while i < range.upperBound && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
                guard let value = Int(source.text(start..<i)) else {
                    throw source.error("integer '\(source.text(start..<i))' is too large", at: start)
                }
                tokens.append((.integer(value), start))
            case UInt8(ascii: "="), UInt8(ascii: "!"):
                guard i + 1 < range.upperBound && bytes[i + 1] == UInt8(ascii: "=") else {
                    let hint = byte == UInt8(ascii: "!") ? "; use 'not' for negation" : "; use '==' to compare"
                    throw source.error("unexpected '\(String(decoding: [byte], as: UTF8.self))'\(hint)", at: start)
                }
                i += 2
                tokens.append((.symbol(source.text(start..<i)), start))
            case UInt8(ascii: "."), UInt8(ascii: "|"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "("), UInt8(ascii: ")"):
                i += 1
                tokens.append((.symbol(source.text(start..<i)), start))
            default:
                guard Self.isNameByte(byte) else {
                    let scalar = String(decoding: bytes[start..<min(start + Self.scalarLength(byte), range.upperBound)], as: UTF8.self)
                    throw source.error("unexpected character '\(scalar)' in expression", at: start)
                }
                while i < range.upperBound && (Self.isNameByte(bytes[i]) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i])) {
                    i += 1
                }
                tokens.append((.identifier(source.text(start..<i)), start))
            }
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || byte == UInt8(ascii: "_")
    }

    private static func scalarLength(_ lead: UInt8) -> Int {
        lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    var atEnd: Bool { index == tokens.count }
    /// Where the next token starts (or the end of the tag's inside).
    var offset: Int { atEnd ? end : tokens[index].at }

    mutating func takeIdentifier() -> (String, Int)? {
        guard !atEnd, case .identifier(let name) = tokens[index].token else { return nil }
        index += 1
        return (name, tokens[index - 1].at)
    }

    mutating func expectString(what: String) throws(TemplateError) -> (String, Int) {
        guard !atEnd, case .string(let value) = tokens[index].token else {
            throw source.error("expected \(what)", at: offset)
        }
        index += 1
        return (value, tokens[index - 1].at)
    }

    func expectEnd() throws(TemplateError) {
        guard atEnd else {
            throw source.error("unexpected \(describe(tokens[index].token)) in tag", at: offset)
        }
    }

    private func describe(_ token: Token) -> String {
        switch token {
        case .identifier(let name): "'\(name)'"
        case .string: "string"
        case .integer(let value): "'\(value)'"
        case .symbol(let symbol): "'\(symbol)'"
        }
    }

    private mutating func countOperator() throws(TemplateError) {
        operators += 1
        if operators > Self.maximumOperators {
            throw source.error(
                "expression has more than \(Self.maximumOperators) operators; split it with an include or a simpler condition", at: offset)
        }
    }

    private mutating func take(_ symbol: String) -> Bool {
        guard !atEnd, tokens[index].token == .symbol(symbol) else { return false }
        index += 1
        return true
    }

    private mutating func takeKeyword(_ keyword: String) -> Bool {
        guard !atEnd, tokens[index].token == .identifier(keyword) else { return false }
        index += 1
        return true
    }

    mutating func parseExpression() throws(TemplateError) -> TemplateExpression {
        var lhs = try parseAnd()
        while takeKeyword("or") {
            try countOperator()
            lhs = .or(lhs, try parseAnd())
        }
        return lhs
    }

    private mutating func parseAnd() throws(TemplateError) -> TemplateExpression {
        var lhs = try parseNot()
        while takeKeyword("and") {
            try countOperator()
            lhs = .and(lhs, try parseNot())
        }
        return lhs
    }

    private mutating func parseNot() throws(TemplateError) -> TemplateExpression {
        if takeKeyword("not") {
            try countOperator()
            return .not(try parseNot())
        }
        let lhs = try parseFiltered()
        if take("==") {
            return .equal(lhs, try parseFiltered(), negated: false)
        }
        if take("!=") {
            return .equal(lhs, try parseFiltered(), negated: true)
        }
        return lhs
    }

    private mutating func parseFiltered() throws(TemplateError) -> TemplateExpression {
        var value = try parsePostfix()
        while take("|") {
            try countOperator()
            guard let (name, at) = takeIdentifier() else {
                throw source.error("expected a filter name after '|'", at: offset)
            }
            guard let filter = TemplateFilter(rawValue: name) else {
                throw source.error("unknown filter '\(name)'", at: at)
            }
            var arguments: [TemplateExpression] = []
            if take(":") {
                repeat {
                    arguments.append(try parsePostfix())
                } while take(",")
            }
            guard filter.arity.contains(arguments.count) else {
                throw source.error("filter '\(name)' \(filter.arityDescription), not \(arguments.count)", at: at)
            }
            value = .filter(value, filter, arguments: arguments, at: at)
        }
        return value
    }

    private mutating func parsePostfix() throws(TemplateError) -> TemplateExpression {
        var value = try parsePrimary()
        while take(".") {
            try countOperator()
            guard let (name, at) = takeIdentifier() else {
                throw source.error("expected a member name after '.'", at: offset)
            }
            value = .member(value, name: TemplateName(name), at: at)
        }
        return value
    }

    private static let reservedWords: Set<String> = ["and", "or", "not", "in"]

    private mutating func parsePrimary() throws(TemplateError) -> TemplateExpression {
        guard !atEnd else {
            throw source.error("expected an expression", at: offset)
        }
        let (token, at) = tokens[index]
        index += 1
        switch token {
        case .string(let value): return .literal(.string(value), at: at)
        case .integer(let value): return .literal(.int(value), at: at)
        case .identifier("true"): return .literal(.bool(true), at: at)
        case .identifier("false"): return .literal(.bool(false), at: at)
        case .identifier("null"), .identifier("nil"): return .literal(.null, at: at)
        case .identifier(let name) where !Self.reservedWords.contains(name): return .variable(TemplateName(name), at: at)
        case .symbol("("):
            try countOperator()
            let inner = try parseExpression()
            guard take(")") else {
                throw source.error("expected ')'", at: offset)
            }
            return inner
        default:
            throw source.error("expected an expression, found \(describe(token))", at: at)
        }
    }
}
