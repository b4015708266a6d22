/// A recursive-descent parser for `.cloudschema` files.
///
/// Recovery: a mistake inside a member skips to the end of that line, a mistake in a
/// declaration header skips to the next declaration, and a declaration keyword at the
/// start of a line inside a body closes a body whose `}` is missing. So one run reports
/// every independent error, and one mistake reports one error.
public struct Parser {
    /// Words that start declarations or grants. Use backticks to use one as a name.
    public static let keywords: Set<String> = [
        "container", "role", "zone", "enum", "record", "model", "keyvalue", "subscription", "grant",
    ]

    /// Safe (`lint --fix` applies it): the parser already reads the keyword as this name, so
    /// backticks change nothing stored or deployed.
    static func backticked(_ token: Token) -> Diagnostic.FixIt {
        var fixIt = Diagnostic.FixIt.replace(token.range, with: "`\(token.text)`", "write `\(token.text)`")
        fixIt.isSafe = true
        return fixIt
    }

    /// A switch, not a set lookup: this runs for every name in a file.
    package static func isKeyword(_ word: String) -> Bool {
        word == "grant" || isDeclarationKeyword(word)
    }

    static func isDeclarationKeyword(_ word: String) -> Bool {
        // By length first: a name is then compared with one keyword or none, not with each.
        switch word.utf8.count {
        case 4: word == "role" || word == "zone" || word == "enum"
        case 5: word == "model"
        case 6: word == "record"
        case 8: word == "keyvalue"
        case 9: word == "container"
        case 12: word == "subscription"
        default: false
        }
    }

    /// Tokens are read as the parser goes (one ahead), never all at once: a large file
    /// would otherwise hold every token and the whole tree together.
    private var lexer: Lexer
    /// The range of the last token consumed: all that is needed of it.
    private var previous: SourceRange?
    private var current: Token
    private var following: Token
    private let file: String
    /// How many tokens have been consumed.
    private var index = 0
    private var diagnostics: [Diagnostic]
    /// Nesting of types and list literals; bounded so no input can exhaust the stack.
    private var depth = 0
    private static let maximumDepth = 32

    /// Parses one file. Diagnostics include the lexer's; the tree holds everything that could be read.
    public static func parse(_ text: String, file: String) -> (syntax: SourceFileSyntax, diagnostics: [Diagnostic]) {
        parse(Array(text.utf8), file: file)
    }

    public static func parse(_ bytes: [UInt8], file: String) -> (syntax: SourceFileSyntax, diagnostics: [Diagnostic]) {
        var parser = Parser(lexer: Lexer(bytes: bytes, file: file), file: file)
        let declarations = parser.parseDeclarations()
        // Parsing stops at the end of the file, so the lexer has seen all of it.
        let syntax = SourceFileSyntax(path: file, declarations: declarations, comments: parser.lexer.comments)
        return (syntax, parser.lexer.diagnostics + parser.diagnostics)
    }

    private init(lexer: Lexer, file: String, previous: SourceRange? = nil) {
        var lexer = lexer
        current = lexer.next()
        following = lexer.next()
        self.lexer = lexer
        self.file = file
        self.previous = previous
        diagnostics = []
    }

    /// Thrown after a diagnostic is recorded, to unwind to the nearest recovery point.
    private struct Recover: Error {}

    // MARK: Token access

    private var atEnd: Bool { current.kind == .endOfFile }

    /// Consumes the current token and returns it. Tokens are moved along (swapped), never
    /// copied: each token's text is then retained and released once, and this runs per token.
    @discardableResult
    private mutating func advance() -> Token {
        guard current.kind != .endOfFile else { return current }
        previous = current.range
        index += 1
        var token = lexer.next()
        swap(&token, &following)
        swap(&token, &current)
        return token
    }

    private func isWord(_ word: String) -> Bool {
        current.kind == .identifier && current.text == word
    }

    private mutating func consume(_ kind: Token.Kind) -> Token? {
        current.kind == kind ? advance() : nil
    }

    private mutating func fail(_ message: String, at range: SourceRange? = nil, notes: [Diagnostic.Note] = []) -> Recover {
        diagnostics.append(.error(.syntaxError, message, at: range ?? current.range, notes: notes))
        return Recover()
    }

    private mutating func tooDeep(_ what: String) -> Recover {
        fail("\(what) nested more than \(Self.maximumDepth) levels deep; write a simpler \(what)")
    }

    private mutating func expect(_ kind: Token.Kind, _ message: @autoclosure () -> String) throws -> Token {
        if let token = consume(kind) { return token }
        throw fail("\(message()), found \(describe(current))")
    }

    private func describe(_ token: Token) -> String {
        switch token.kind {
        case .identifier: "'\(token.text)'"
        case .backtickIdentifier: "`\(token.text)`"
        case .string: "a string"
        case .integer, .float: "'\(token.text)'"
        default: token.kind.spelling
        }
    }

    private func range(from start: SourceRange) -> SourceRange {
        let last = previous ?? current.range
        return start.with(start: start.start, end: max(last.end, start.end))
    }

    /// A declaration keyword at the start of a line, followed by a name: the start of the next declaration.
    private var atDeclarationStart: Bool {
        current.kind == .identifier && current.isAtLineStart && Self.isDeclarationKeyword(current.text)
            && (following.kind == .identifier || following.kind == .backtickIdentifier || following.kind == .string)
    }

    // MARK: Recovery

    private var atMemberStart: Bool {
        (current.kind == .identifier || current.kind == .backtickIdentifier) && following.kind == .colon
    }

    /// Skips to the next token that starts a line (or `;`, `}` at this depth, or the end).
    private mutating func skipToEndOfLine() {
        var depth = 0
        if !atEnd { advance() }
        while !atEnd {
            if depth == 0 && (current.isAtLineStart || current.kind == .rightBrace || current.kind == .semicolon) {
                return
            }
            // An unclosed '[' or '(' must not swallow the rest of the body.
            if current.isAtLineStart && (current.kind == .rightBrace || atDeclarationStart || atMemberStart) { return }
            if current.kind == .leftBrace || current.kind == .leftParen || current.kind == .leftBracket { depth += 1 }
            if current.kind == .rightParen || current.kind == .rightBracket { depth = max(depth - 1, 0) }
            if current.kind == .rightBrace { depth -= 1 }
            advance()
        }
    }

    /// Skips to the next declaration keyword at the start of a line, stepping over braced bodies.
    private mutating func skipToNextDeclaration() {
        var depth = 0
        if !atEnd { advance() }
        while !atEnd {
            if atDeclarationStart { return }
            if current.kind == .leftBrace { depth += 1 }
            if current.kind == .rightBrace {
                depth -= 1
                if depth <= 0 {
                    advance()
                    if depth < 0 { depth = 0 }
                    continue
                }
            }
            advance()
        }
    }

    /// After a member or a body-less declaration: the next thing must start a new line.
    private mutating func requireSeparator(after what: @autoclosure () -> String) {
        if atEnd || current.isAtLineStart || current.kind == .rightBrace { return }
        if consume(.semicolon) != nil { return }
        diagnostics.append(
            .error(.syntaxError, "expected a new line or ';' after \(what()), found \(describe(current))", at: current.range))
        skipToEndOfLine()
        _ = consume(.semicolon)
    }

    // MARK: Doc comments

    /// The `///` lines directly above the current token (and below the previous one).
    private func docComment() -> DocSyntax? {
        let tokenStart = current.range.start.offset
        let previousEnd = previous?.end.offset ?? 0
        let comments = lexer.comments
        // Binary search for the last comment before the token.
        var low = 0
        var high = comments.count
        while low < high {
            let mid = (low + high) / 2
            if comments[mid].range.start.offset < tokenStart { low = mid + 1 } else { high = mid }
        }
        var i = low - 1
        var lines: [Comment] = []
        var expectedLine = current.range.start.line - 1
        while i >= 0, comments[i].range.start.offset >= previousEnd, comments[i].kind == .doc,
            comments[i].range.start.line == expectedLine
        {
            lines.append(comments[i])
            expectedLine -= 1
            i -= 1
        }
        guard let first = lines.last, let last = lines.first else { return nil }
        let text = lines.reversed().map(\.body).joined(separator: "\n")
        return DocSyntax(text: text, range: first.range.union(last.range))
    }

    // MARK: Declarations

    /// `reparse` sets it: at each top-level checkpoint, the old parse's checkpoint to go on
    /// with instead of parsing the rest again, if any.
    private var reusable: ((Checkpoint) -> Int?)?
    /// The state between two top-level declarations, recorded for `reparse`.
    private var checkpoints: [Checkpoint] = []
    /// Where parsing stopped for the old parse's checkpoint `reusable` named.
    private var reused: (checkpoint: Checkpoint, old: Int)?

    private mutating func parseDeclarations(_ declarations: [DeclarationSyntax] = []) -> [DeclarationSyntax] {
        var declarations = declarations
        while !atEnd {
            if let previous {
                let checkpoint = Checkpoint(
                    previous: previous, lexerOffset: lexer.offset, declarations: declarations.count, diagnostics: diagnostics.count)
                if let old = reusable?(checkpoint) {
                    reused = (checkpoint, old)
                    break
                }
                checkpoints.append(checkpoint)
            }
            if consume(.semicolon) != nil { continue }
            let doc = docComment()
            let start = current
            guard start.kind == .identifier, Self.isDeclarationKeyword(start.text) else {
                let hint = current.kind == .rightBrace ? "; this '}' closes nothing" : ""
                diagnostics.append(
                    .error(
                        .syntaxError,
                        "expected a declaration (record, model, enum, zone, role, keyvalue, subscription or container), found \(describe(current))\(hint)",
                        at: current.range))
                skipToNextDeclaration()
                continue
            }
            do {
                if let declaration = try parseDeclaration(doc: doc) { declarations.append(declaration) }
            } catch {
                if current.range.start.offset == start.range.start.offset {
                    skipToNextDeclaration()
                } else if !atDeclarationStart {
                    skipToNextDeclaration()
                }
            }
        }
        return declarations
    }

    private mutating func parseDeclaration(doc: DocSyntax?) throws -> DeclarationSyntax? {
        let keyword = advance()
        switch keyword.text {
        case "container":
            let value = try expect(
                .string, "expected the container identifier in quotes after 'container', as in container \"iCloud.com.example.app\"")
            requireSeparator(after: "the container")
            return .container(ContainerSyntax(identifier: value.text, identifierRange: value.range, range: range(from: keyword.range)))
        case "role":
            let name = try parseName("a role name after 'role'")
            requireSeparator(after: "role '\(name.name)'")
            return .role(RoleSyntax(doc: doc, name: name, range: range(from: keyword.range)))
        case "zone":
            let name = try parseName("a zone name after 'zone'")
            let attributes = try parseAttributes()
            requireSeparator(after: "zone '\(name.name)'")
            return .zone(ZoneSyntax(doc: doc, name: name, attributes: attributes, range: range(from: keyword.range)))
        case "enum":
            return .enumeration(try parseEnum(keyword: keyword, doc: doc))
        case "subscription":
            return .subscription(try parseSubscription(keyword: keyword, doc: doc))
        case "record":
            let name = try parseName("a record type name after 'record'")
            var placement: NameSyntax?
            if isWord("in") {
                advance()
                placement = try parseName("'public', 'private' or a zone name after 'in'", allowKeywords: true)
            }
            let attributes = try parseAttributes()
            var fields: [FieldSyntax] = []
            var grants: [GrantSyntax] = []
            try parseBody(of: "record '\(name.name)'", allowsGrants: true, fields: &fields, grants: &grants)
            return .record(
                RecordSyntax(
                    doc: doc, name: name, placement: placement, attributes: attributes, fields: fields, grants: grants,
                    range: range(from: keyword.range)))
        case "model":
            let name = try parseName("a model name after 'model'")
            let attributes = try parseAttributes()
            var properties: [FieldSyntax] = []
            var grants: [GrantSyntax] = []
            try parseBody(of: "model '\(name.name)'", allowsGrants: false, fields: &properties, grants: &grants)
            return .model(
                ModelSyntax(doc: doc, name: name, attributes: attributes, properties: properties, range: range(from: keyword.range)))
        default:  // keyvalue
            let name = try parseName("a name after 'keyvalue'")
            let attributes = try parseAttributes()
            var keys: [FieldSyntax] = []
            var grants: [GrantSyntax] = []
            try parseBody(of: "keyvalue '\(name.name)'", allowsGrants: false, fields: &keys, grants: &grants)
            return .keyValue(KeyValueSyntax(doc: doc, name: name, attributes: attributes, keys: keys, range: range(from: keyword.range)))
        }
    }

    private mutating func parseName(_ what: String, allowKeywords: Bool = false) throws -> NameSyntax {
        switch current.kind {
        case .backtickIdentifier:
            let token = advance()
            return NameSyntax(name: token.text, range: token.range, isBackticked: true)
        case .identifier:
            let token = advance()
            if !allowKeywords, Self.isKeyword(token.text) {
                diagnostics.append(
                    .error(
                        .syntaxError,
                        "'\(token.text)' is a keyword; write `\(token.text)` in backticks to use it as a name",
                        at: token.range,
                        fixIts: [Self.backticked(token)]))
            }
            return NameSyntax(name: token.text, range: token.range, isBackticked: false)
        default:
            throw fail("expected \(what), found \(describe(current))")
        }
    }

    private mutating func parseBody(
        of owner: String, allowsGrants: Bool, fields: inout [FieldSyntax], grants: inout [GrantSyntax]
    ) throws {
        guard let open = consume(.leftBrace) else {
            let looksLikeMembers = following.kind == .colon
            diagnostics.append(
                .error(.syntaxError, "expected '{' to begin the body of \(owner), found \(describe(current))", at: current.range))
            guard looksLikeMembers else { throw Recover() }
            try parseMembers(of: owner, open: nil, allowsGrants: allowsGrants, fields: &fields, grants: &grants)
            fields.dropSpareCapacity()
            return
        }
        try parseMembers(of: owner, open: open.range, allowsGrants: allowsGrants, fields: &fields, grants: &grants)
        fields.dropSpareCapacity()
    }

    private mutating func parseMembers(
        of owner: String, open: SourceRange?, allowsGrants: Bool, fields: inout [FieldSyntax], grants: inout [GrantSyntax]
    ) throws {
        let openNote = open.map { [Diagnostic.Note("'{' opened here", at: $0)] } ?? []
        while true {
            if consume(.rightBrace) != nil { return }
            if consume(.semicolon) != nil { continue }
            if atEnd {
                diagnostics.append(
                    .error(.syntaxError, "expected '}' to close \(owner) at the end of the file", at: current.range, notes: openNote))
                return
            }
            if atDeclarationStart {
                diagnostics.append(
                    .error(
                        .syntaxError, "expected '}' to close \(owner) before this declaration",
                        at: current.range, notes: openNote))
                return
            }
            let memberStart = index
            do {
                let doc = docComment()
                if allowsGrants, isWord("grant"), following.kind != .colon {
                    grants.append(try parseGrant())
                    requireSeparator(after: "the grant")
                } else {
                    try parseField(doc: doc, into: &fields)
                    requireSeparator(after: "'\(fields[fields.count - 1].name.name)'")
                }
            } catch {
                // A member cut short by a line break: the next line is already the next member.
                if index == memberStart || !current.isAtLineStart { skipToEndOfLine() }
            }
        }
    }

    /// Appends the field to `fields`: made there, it is not copied (a field is large, and a copy
    /// retains all it holds).
    private mutating func parseField(doc: DocSyntax?, into fields: inout [FieldSyntax]) throws {
        if !allowsFieldName(current) {
            throw fail("expected a member name, found \(describe(current))")
        }
        let name = try parseName("a member name")
        _ = try expect(.colon, "expected ':' and a type after '\(name.name)'")
        let type = try parseType()
        var defaultValue: ExpressionSyntax?
        if consume(.equals) != nil {
            defaultValue = try parseExpression("a default value after '='")
        }
        let attributes = try parseAttributes()
        let range = range(from: name.range)
        fields.append(
            FieldSyntax(doc: doc, name: name, type: type, defaultValue: defaultValue, attributes: attributes, range: range))
    }

    private func allowsFieldName(_ token: Token) -> Bool {
        token.kind == .identifier || token.kind == .backtickIdentifier
    }

    private mutating func parseGrant() throws -> GrantSyntax {
        let keyword = advance()
        var permissions: [NameSyntax] = []
        repeat {
            let token = current
            guard token.kind == .identifier, LanguageVocabulary.permissions.contains(token.text) else {
                throw fail("expected 'read', 'create' or 'write' in the grant, found \(describe(token))")
            }
            advance()
            permissions.append(NameSyntax(name: token.text, range: token.range, isBackticked: false))
        } while consume(.comma) != nil
        guard isWord("to") else {
            throw fail("expected 'to' and a role after the permissions, as in grant read to world; found \(describe(current))")
        }
        advance()
        let role = try parseName("a role (world, icloud, creator or a declared role) after 'to'", allowKeywords: true)
        return GrantSyntax(permissions: permissions, role: role, range: range(from: keyword.range))
    }

    private mutating func parseEnum(keyword: Token, doc: DocSyntax?) throws -> EnumSyntax {
        let name = try parseName("an enum name after 'enum'")
        var rawType: NameSyntax?
        if consume(.colon) != nil {
            rawType = try parseName("a raw type (String or Int64) after ':'")
        }
        let attributes = try parseAttributes()
        guard let open = consume(.leftBrace) else {
            throw fail("expected '{' to begin the cases of enum '\(name.name)', found \(describe(current))")
        }
        var cases: [EnumCaseSyntax] = []
        while true {
            if let close = consume(.rightBrace) {
                return EnumSyntax(
                    doc: doc, name: name, rawType: rawType, attributes: attributes, cases: cases,
                    range: range(from: keyword.range), bodyRange: open.range.union(close.range))
            }
            if consume(.semicolon) != nil || consume(.comma) != nil { continue }
            if atEnd || atDeclarationStart {
                diagnostics.append(
                    .error(
                        .syntaxError,
                        atEnd
                            ? "expected '}' to close enum '\(name.name)' at the end of the file"
                            : "expected '}' to close enum '\(name.name)' before this declaration",
                        at: current.range, notes: [.init("'{' opened here", at: open.range)]))
                return EnumSyntax(
                    doc: doc, name: name, rawType: rawType, attributes: attributes, cases: cases,
                    range: range(from: keyword.range), bodyRange: range(from: open.range))
            }
            do {
                let caseDoc = docComment()
                if isWord("case"), following.kind == .identifier || following.kind == .backtickIdentifier { advance() }
                let caseName = try parseName("an enum case name")
                var rawValue: ExpressionSyntax?
                if consume(.equals) != nil {
                    rawValue = try parseExpression("a raw value after '='")
                }
                cases.append(EnumCaseSyntax(doc: caseDoc, name: caseName, rawValue: rawValue, range: range(from: caseName.range)))
                if !(atEnd || current.isAtLineStart || current.kind == .rightBrace || current.kind == .comma
                    || current.kind == .semicolon)
                {
                    throw fail("expected a new line, ',' or ';' after case '\(caseName.name)', found \(describe(current))")
                }
            } catch {
                skipToEndOfLine()
            }
        }
    }

    // MARK: Subscriptions

    private mutating func parseSubscription(keyword: Token, doc: DocSyntax?) throws -> SubscriptionSyntax {
        let name = try parseName("a subscription name after 'subscription'")
        let kindToken = current
        guard kindToken.kind == .identifier, let kind = SubscriptionSyntax.Kind(rawValue: kindToken.text) else {
            throw fail(
                "expected 'on RecordType', 'zone ZoneName' or 'database private|shared' after subscription '\(name.name)', found \(describe(current))"
            )
        }
        advance()
        let target: NameSyntax
        switch kind {
        case .on: target = try parseName("a record type after 'on'")
        case .zone: target = try parseName("a zone name after 'zone'", allowKeywords: true)
        case .database:
            let token = current
            guard token.kind == .identifier, ["private", "shared", "public"].contains(token.text) else {
                throw fail("expected 'private' or 'shared' after 'database', found \(describe(token))")
            }
            advance()
            target = NameSyntax(name: token.text, range: token.range, isBackticked: false)
        }
        var whereRange: SourceRange?
        var predicate: PredicateSyntax?
        var firesRange: SourceRange?
        var events: [NameSyntax] = []
        if isWord("where"), !current.isAtLineStart {
            let word = advance()
            guard kind == .on else {
                throw fail(
                    "only a query subscription ('on RecordType') has a predicate; a \(kind.rawValue) subscription covers every record",
                    at: word.range)
            }
            predicate = try parsePredicate()
            whereRange = range(from: word.range)
        }
        if isWord("fires"), !current.isAtLineStart {
            let word = advance()
            guard kind == .on else {
                throw fail(
                    "only a query subscription ('on RecordType') chooses its events; a \(kind.rawValue) subscription fires on every change",
                    at: word.range)
            }
            repeat {
                let token = current
                guard token.kind == .identifier, LanguageVocabulary.subscriptionEvents.contains(token.text) else {
                    throw fail("expected 'create', 'update' or 'delete' after 'fires', found \(describe(token))")
                }
                advance()
                events.append(NameSyntax(name: token.text, range: token.range, isBackticked: false))
            } while consume(.comma) != nil
            firesRange = range(from: word.range)
        }
        let attributes = try parseAttributes()
        requireSeparator(after: "subscription '\(name.name)'")
        return SubscriptionSyntax(
            doc: doc, name: name, kind: kind, kindRange: kindToken.range, target: target, whereRange: whereRange,
            predicate: predicate, firesRange: firesRange, events: events, attributes: attributes,
            range: range(from: keyword.range))
    }

    /// Two tokens written without a space between them (`&&`, `==`, `<=`).
    private func adjacent(_ first: Token, _ second: Token) -> Bool {
        first.range.end.offset == second.range.start.offset
    }

    /// `term && term && ...`, on one line; `||` is reported (CloudKit has no OR).
    private mutating func parsePredicate() throws -> PredicateSyntax {
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maximumDepth { throw tooDeep("predicate") }
        var terms = [try parsePredicateTerm()]
        var operators: [SourceRange] = []
        while true {
            if current.kind == .pipe, following.kind == .pipe, adjacent(current, following) {
                throw fail(
                    "CloudKit predicates have no OR ('||'); declare one subscription per alternative",
                    at: current.range.union(following.range))
            }
            guard current.kind == .ampersand, !current.isAtLineStart else { break }
            guard following.kind == .ampersand, adjacent(current, following) else { throw fail("expected '&&', found '&'") }
            let first = advance()
            let second = advance()
            operators.append(first.range.union(second.range))
            terms.append(try parsePredicateTerm())
        }
        return terms.count == 1 ? terms[0] : .and(terms, operators: operators)
    }

    private mutating func parsePredicateTerm() throws -> PredicateSyntax {
        if current.isAtLineStart { throw fail("expected a condition on the same line", at: previous ?? current.range) }
        if current.kind == .bang {
            let bang = advance()
            depth += 1
            defer { depth -= 1 }
            if depth > Self.maximumDepth { throw tooDeep("predicate") }
            return .not(try parsePredicateTerm(), bang: bang.range)
        }
        if let open = consume(.leftParen) {
            let inner = try parsePredicate()
            _ = try expect(.rightParen, "expected ')' to close the '(' of the predicate")
            return .parenthesized(inner, range: range(from: open.range))
        }
        let field = try parseName("a field name, '!' or '(' in the predicate", allowKeywords: true)
        if consume(.dot) != nil {
            let method = try parseName("a method after '.', as in \(field.name).contains(\"x\")", allowKeywords: true)
            _ = try expect(.leftParen, "expected '(' after '\(field.name).\(method.name)'")
            var arguments: [ExpressionSyntax] = []
            while current.kind != .rightParen {
                arguments.append(try parseExpression("an argument of '\(method.name)'"))
                if consume(.comma) == nil { break }
            }
            _ = try expect(.rightParen, "expected ')' to close the arguments of '\(method.name)'")
            return .call(receiver: field, method: method, arguments: arguments, range: range(from: field.range))
        }
        let op = current
        var spelling: String
        switch op.kind {
        case .equals where following.kind == .equals && adjacent(op, following): spelling = "=="
        case .bang where following.kind == .equals && adjacent(op, following): spelling = "!="
        case .leftAngle: spelling = "<"
        case .rightAngle: spelling = ">"
        case .equals: throw fail("expected '==' to compare '\(field.name)', found '='")
        default:
            throw fail(
                "expected a comparison (==, !=, <, <=, >, >=) or a method such as '.contains(…)' after '\(field.name)', found \(describe(op))"
            )
        }
        var operatorRange = advance().range
        if spelling == "==" || spelling == "!=" {
            operatorRange = operatorRange.union(advance().range)
        } else if current.kind == .equals, adjacent(op, current) {
            spelling += "="
            operatorRange = operatorRange.union(advance().range)
        }
        let value = try parseExpression("a value after '\(spelling)'")
        return .comparison(field: field, operator: spelling, operatorRange: operatorRange, value: value)
    }

    // MARK: Types, expressions, attributes

    private mutating func parseType() throws -> TypeSyntax {
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maximumDepth { throw tooDeep("type") }
        var type: TypeSyntax
        if current.isAtLineStart {
            throw fail("expected a type after ':' on the same line", at: previous ?? current.range)
        }
        let start = current.range
        if consume(.leftBracket) != nil {
            let element = try parseType()
            _ = try expect(.rightBracket, "expected ']' to close the list type")
            type = .list(element, range: range(from: start))
        } else if current.kind == .identifier || current.kind == .backtickIdentifier {
            let token = advance()
            let name = NameSyntax(name: token.text, range: token.range, isBackticked: token.kind == .backtickIdentifier)
            var arguments: [TypeSyntax] = []
            if consume(.leftAngle) != nil {
                repeat { arguments.append(try parseType()) } while consume(.comma) != nil
                _ = try expect(.rightAngle, "expected '>' to close the generic arguments of '\(name.name)'")
            }
            type = .named(name, arguments: arguments, range: range(from: start))
        } else {
            throw fail("expected a type (String, Int64, [String], Reference<Bed>, ...), found \(describe(current))")
        }
        // Each '?' wraps once more: bounded like brackets, so `T???...` cannot build a tree
        // too deep to destroy.
        var optionals = 0
        while current.kind == .question, !current.isAtLineStart {
            optionals += 1
            if depth + optionals > Self.maximumDepth { throw tooDeep("type") }
            advance()
            type = .optional(type, range: range(from: start))
        }
        return type
    }

    private mutating func parseExpression(_ what: String) throws -> ExpressionSyntax {
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maximumDepth { throw tooDeep("value") }
        let token = current
        if token.isAtLineStart && depth == 1 {  // list elements may span lines
            throw fail("expected \(what) on the same line", at: previous ?? current.range)
        }
        switch token.kind {
        case .string:
            advance()
            return .string(token.text, range: token.range)
        case .integer:
            advance()
            return .integer(token.text, range: token.range)
        case .float:
            advance()
            return .float(token.text, range: token.range)
        case .identifier, .backtickIdentifier:
            advance()
            let name = NameSyntax(name: token.text, range: token.range, isBackticked: token.kind == .backtickIdentifier)
            if current.kind == .leftParen, current.range.start.offset == token.range.end.offset {  // `UUID()`
                advance()
                _ = try expect(.rightParen, "expected ')'; a value such as UUID() takes no arguments")
                return .call(name, range: range(from: token.range))
            }
            return .name(name)
        case .dot:
            advance()
            let name = try parseName("an enum case name after '.'", allowKeywords: true)
            return .enumCase(name, range: token.range.union(name.range))
        case .leftBracket:
            advance()
            var elements: [ExpressionSyntax] = []
            while current.kind != .rightBracket {
                elements.append(try parseExpression("a list element"))
                if consume(.comma) == nil { break }
            }
            _ = try expect(.rightBracket, "expected ']' to close the list")
            return .list(elements, range: range(from: token.range))
        default:
            throw fail("expected \(what), found \(describe(token))")
        }
    }

    private mutating func parseAttributes() throws -> [AttributeSyntax] {
        var attributes: [AttributeSyntax] = []
        while let at = consume(.at) {
            guard current.kind == .identifier || current.kind == .backtickIdentifier,
                current.range.start.offset == at.range.end.offset
            else {
                throw fail("expected an attribute name right after '@', as in @queryable", at: at.range)
            }
            let token = advance()
            let name = NameSyntax(name: token.text, range: token.range, isBackticked: false)
            var arguments: [ExpressionSyntax]?
            if current.kind == .leftParen, !current.isAtLineStart {
                advance()
                var list: [ExpressionSyntax] = []
                while current.kind != .rightParen {
                    list.append(try parseExpression("an argument of @\(name.name)"))
                    if consume(.comma) == nil { break }
                }
                _ = try expect(.rightParen, "expected ')' to close the arguments of @\(name.name)")
                arguments = list
            }
            attributes.append(AttributeSyntax(name: name, arguments: arguments, range: range(from: at.range)))
        }
        return attributes
    }
}

extension Array {
    /// The same elements in storage of their own size. A large file's tree lives until it is
    /// resolved, and appending leaves up to half of a member list's storage spare: on records
    /// of 20 fields that spare room was a fifth of the tree (issue 17, generate's peak memory).
    mutating func dropSpareCapacity() {
        guard capacity > count + count / 8 else { return }
        self = withUnsafeBufferPointer { Array($0) }
    }
}

// MARK: Reparsing after an edit

/// The parser's state between two top-level declarations: after `previous`, with the lexer
/// read up to `lexerOffset`, and the declarations and diagnostics made so far counted.
struct Checkpoint {
    /// The range of the token before it.
    var previous: SourceRange
    var lexerOffset: Int
    var declarations: Int
    var diagnostics: Int
}

/// A parse with what `Parser.reparse` needs to take it up again after an edit.
struct ResumableParse {
    var bytes: [UInt8]
    var syntax: SourceFileSyntax
    /// The lexer's diagnostics are told apart from the parser's, and the whole text's first
    /// invalid UTF-8 from both: each is put together again in its own way.
    var invalidUTF8: Diagnostic?
    var lexerDiagnostics: [Diagnostic]
    var parserDiagnostics: [Diagnostic]
    var checkpoints: [Checkpoint]
    /// The declarations `reparse` parsed (the others it kept or moved); all for a first parse.
    var parsed: Range<Int>

    /// As `Parser.parse` lists them.
    var diagnostics: [Diagnostic] { (invalidUTF8.map { [$0] } ?? []) + lexerDiagnostics + parserDiagnostics }
}

extension Parser {
    /// `parse`, keeping the checkpoints `reparse` starts and stops at.
    static func resumableParse(_ bytes: [UInt8], file: String) -> ResumableParse {
        var parser = Parser(lexer: Lexer(bytes: bytes, file: file, checksUTF8: false), file: file)
        let declarations = parser.parseDeclarations()
        return ResumableParse(
            bytes: bytes, syntax: SourceFileSyntax(path: file, declarations: declarations, comments: parser.lexer.comments),
            invalidUTF8: Lexer.invalidUTF8Diagnostic(bytes, file: file), lexerDiagnostics: parser.lexer.diagnostics,
            parserDiagnostics: parser.diagnostics, checkpoints: parser.checkpoints, parsed: declarations.indices)
    }

    /// What `parse` makes of `bytes`, the old text with one stretch replaced, made from the old
    /// parse: parsing starts at the last checkpoint the edit cannot have changed and stops at
    /// the first checkpoint after it where the parser is in the state the old parse had there
    /// (after the same bytes, on a line that begins after the edit). From there on the old
    /// parse is what parsing would make again, at positions moved by the edit. What it keeps of
    /// the old parse is moved out of `old` (and moved in place); the rest is the caller's to free.
    static func reparse(_ old: inout ResumableParse, to bytes: [UInt8]) -> ResumableParse {
        let file = old.syntax.path
        let edit = TextEdit(from: old.bytes, to: bytes)
        guard edit.oldEnd > edit.start || edit.newEnd > edit.start else { return old }
        // What the lexer returned up to a checkpoint depends on no byte from two past its offset on.
        let resumed = old.checkpoints.lastIndex { $0.lexerOffset + 3 <= edit.start }
        var parser: Parser
        var declarations: [DeclarationSyntax] = []
        var before = 0  // the offset parsing starts at: what precedes it is as it was
        var firstParsed = 0
        if let resumed {
            let checkpoint = old.checkpoints[resumed]
            parser = Parser(lexer: Lexer(bytes: bytes, file: file, after: checkpoint.previous), file: file, previous: checkpoint.previous)
            parser.checkpoints = Array(old.checkpoints[..<resumed])
            parser.diagnostics = Array(old.parserDiagnostics[..<checkpoint.diagnostics])
            declarations = Array(old.syntax.declarations[..<checkpoint.declarations])
            firstParsed = checkpoint.declarations
            before = checkpoint.previous.end.offset
        } else {
            parser = Parser(lexer: Lexer(bytes: bytes, file: file, checksUTF8: false), file: file)
        }
        let delta = bytes.count - old.bytes.count
        let oldEnds = old.checkpoints.map(\.previous.end.offset)
        parser.reusable = { checkpoint in
            let end = checkpoint.previous.end
            // The line break that starts this line must be after the edit, in the unchanged text.
            guard end.offset - (end.column - 1) > edit.newEnd else { return nil }
            let index = oldEnds.partitioningIndex { $0 >= end.offset - delta }
            return index < oldEnds.count && oldEnds[index] == end.offset - delta ? index : nil
        }
        declarations = parser.parseDeclarations(declarations)
        let prefixComments = old.syntax.comments.prefix { $0.range.start.offset < before }
        let prefixLexerDiagnostics = old.lexerDiagnostics.filter { ($0.range?.start.offset ?? 0) < before }
        var result = ResumableParse(
            bytes: bytes,
            syntax: SourceFileSyntax(path: file, declarations: declarations, comments: prefixComments + parser.lexer.comments),
            invalidUTF8: Lexer.invalidUTF8Diagnostic(bytes, file: file),
            lexerDiagnostics: prefixLexerDiagnostics + parser.lexer.diagnostics,
            parserDiagnostics: parser.diagnostics, checkpoints: parser.checkpoints, parsed: firstParsed..<declarations.count)
        guard let (checkpoint, index) = parser.reused else { return result }
        // Parsing stopped at `checkpoint`: the rest is the old parse's, from its checkpoint `index` on.
        let reused = old.checkpoints[index]
        let newEnd = checkpoint.previous.end.offset
        let oldEnd = reused.previous.end.offset
        let shift = PositionShift(
            after: edit.oldEnd, offset: delta, lines: checkpoint.previous.end.line - reused.previous.end.line)
        result.parsed = firstParsed..<checkpoint.declarations
        // Taken out of `old`, so that each is held once and moves in place.
        var kept = old.syntax.declarations
        old.syntax.declarations = []
        kept.removeSubrange(..<reused.declarations)
        shift.each(&kept, shift.apply)
        result.syntax.declarations.replaceSubrange(checkpoint.declarations..., with: kept)
        result.syntax.comments.removeAll { $0.range.start.offset >= newEnd }
        result.syntax.comments += old.syntax.comments.drop { $0.range.start.offset < oldEnd }.map { shift.moved($0, shift.apply) }
        result.lexerDiagnostics.removeAll { ($0.range?.start.offset ?? 0) >= newEnd }
        result.lexerDiagnostics += old.lexerDiagnostics.filter { ($0.range?.start.offset ?? 0) >= oldEnd }.map {
            shift.moved($0, shift.apply)
        }
        result.parserDiagnostics.removeSubrange(checkpoint.diagnostics...)
        result.parserDiagnostics += old.parserDiagnostics[reused.diagnostics...].map { shift.moved($0, shift.apply) }
        result.checkpoints += old.checkpoints[index...].map { old in
            var moved = shift.moved(old, shift.apply)
            moved.declarations += checkpoint.declarations - reused.declarations
            moved.diagnostics += checkpoint.diagnostics - reused.diagnostics
            return moved
        }
        return result
    }
}

/// Where two texts differ: one stretch, `start..<oldEnd` of the old text, `start..<newEnd` of the new.
struct TextEdit {
    var start: Int
    var oldEnd: Int
    var newEnd: Int

    init(from old: [UInt8], to new: [UInt8]) {
        (start, oldEnd, newEnd) = old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                let common = min(old.count, new.count)
                // Eight bytes at a time while they agree, then byte by byte (a keystroke in a large file).
                func word(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt64 {
                    UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: at, as: UInt64.self)
                }
                var prefix = 0
                while prefix + 8 <= common && word(old, prefix) == word(new, prefix) { prefix += 8 }
                while prefix < common && old[prefix] == new[prefix] { prefix += 1 }
                var suffix = 0
                while suffix + 8 <= common - prefix && word(old, old.count - 8 - suffix) == word(new, new.count - 8 - suffix) {
                    suffix += 8
                }
                while suffix < common - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
                return (prefix, old.count - suffix, new.count - suffix)
            }
        }
    }
}
