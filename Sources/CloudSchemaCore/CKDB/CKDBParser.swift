/// What parsing one `.ckdb` file produces.
public struct CKDBParseResult: Sendable {
    /// The schema in canonical order (see `CKDBParser`); every element has `format == .ckdb`.
    public var schema: Schema
    public var diagnostics: [Diagnostic]
    /// Comments that attach to no record type, field or role (file headers, section banners,
    /// comments before grants), in source order, for the importer to put back.
    public var detachedComments: [CKDBComment]
}

/// A recovering parser for Apple's CloudKit Schema Language (`.ckdb`), producing the same
/// `Schema` model and diagnostics (IDs, ranges) as the `.cloudschema` front end.
///
/// - Keywords match in any letter case (`record type` = `RECORD TYPE`); Apple's documentation
///   does not say, and every real file writes them in upper case. Names keep their case.
/// - Only Apple's five reserved words (GRANT, PREFERRED, QUERYABLE, SORTABLE, SEARCHABLE) need
///   quotes as names; `from`, `to`, `type`, `date`, `index`, `list`, `record` are valid names.
/// - The model is canonical: CloudKit keeps no order ("the order of the elements may differ"),
///   so record types, fields and grants are sorted the way `cktool export-schema` sorts them,
///   and the six implicit system fields are always present (the ones written keep their spans
///   and indexes). Grants stay one per clause, two to one role included (together they grant
///   the union), so export and import write them back as they were. Source order stays
///   available through `spans`.
/// - CloudKit's own record types parse as exports write them: `Users`, and `"cloudkit.share"`
///   with its `"cloudkit.*"` fields; in them, any quoted `"___*"` field is a system field.
/// - Every field is optional (`.ckdb` cannot say required). `.ckdb` states no database: a
///   Core Data mirror (`CD_*`, `CDMR`) is placed in Core Data's zone of the private database; any
///   other record type with grants in the public database (grants only mean something there,
///   though exports list default grants on every type); one without, in the private database's
///   default zone. References are untyped.
/// - Comments directly above (or at the end of the line of) a record type, field or role become
///   its `doc`; the rest are `detachedComments`.
///
/// Linear time, no recursion, no input-dependent force unwraps.
public struct CKDBParser {
    /// Parses one file: the schema and every diagnostic (sorted).
    public static func parse(_ bytes: [UInt8], file: String) -> (Schema, [Diagnostic]) {
        let result = parseFile(bytes, file: file)
        return (result.schema, result.diagnostics)
    }

    public static func parse(_ text: String, file: String) -> (Schema, [Diagnostic]) { parse(Array(text.utf8), file: file) }

    /// Parses one file, keeping detached comments for `CKDBImporter`.
    public static func parseFile(_ bytes: [UInt8], file: String) -> CKDBParseResult {
        let lexer = CKDBLexer.tokenize(bytes, file: file)
        // Stray characters are reported by the lexer; the parser reads on as if they were not there.
        var parser = CKDBParser(tokens: lexer.tokens.filter { $0.kind != .other }, comments: lexer.comments, file: file)
        parser.allTokens = lexer.tokens
        for token in lexer.tokens where token.kind == .other && token.text == "." { parser.dots[token.range.start.offset] = token }
        let accepted = parser.parseSchema()
        let lexerDiagnostics = lexer.diagnostics.filter { !parser.joinedDots.contains($0.range?.start.offset ?? -1) }
        let diagnostics = (accepted ? lexerDiagnostics + parser.diagnostics : parser.diagnostics).sorted()
        return CKDBParseResult(schema: parser.schema, diagnostics: diagnostics, detachedComments: parser.detached)
    }

    // MARK: State

    private let tokens: [CKDBToken]
    /// Including `.other` tokens, to recognise a file that is not a schema.
    private var allTokens: [CKDBToken] = []
    /// Stray `.` tokens by offset, and those joined into an unquoted dotted name (reported once, by the parser).
    private var dots: [Int: CKDBToken] = [:]
    private var joinedDots: Set<Int> = []
    private let comments: [CKDBComment]
    private let file: String
    private var index = 0
    private var commentCursor = 0
    var diagnostics: [Diagnostic] = []
    private var detached: [CKDBComment] = []
    var schema = Schema()

    var records: [PendingRecord] = []
    var roleRanges: [String: SourceRange] = [:]
    /// What a trailing comment attaches to.
    private var lastAttachable: Attachable = .none

    private enum Attachable {
        case none
        case role(Int)
        case record
        case field(Int)
    }

    struct PendingGrant {
        var permissions: Grant.Permissions
        var role: String
        var roleRange: SourceRange
        var range: SourceRange
    }

    struct PendingRecord {
        var name: String
        var nameRange: SourceRange
        var range: SourceRange
        var doc: [String] = []
        var fields: [Field] = []
        var fieldDocs: [[String]] = []
        var grants: [PendingGrant] = []
    }

    private init(tokens: [CKDBToken], comments: [CKDBComment], file: String) {
        self.tokens = tokens
        self.comments = comments
        self.file = file
    }

    private struct Recover: Error {}

    // MARK: Tokens

    private var current: CKDBToken { tokens[index] }
    private func peek(_ ahead: Int = 1) -> CKDBToken { tokens[min(index + ahead, tokens.count - 1)] }
    private var atEnd: Bool { current.kind == .endOfFile }
    private var previous: CKDBToken { tokens[max(index - 1, 0)] }

    @discardableResult
    private mutating func advance() -> CKDBToken {
        let token = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    private func describe(_ token: CKDBToken) -> String {
        switch token.kind {
        case .word: "'\(token.text)'"
        case .quoted: "\"\(token.text)\""
        case .leftParen: "'('"
        case .rightParen: "')'"
        case .leftAngle: "'<'"
        case .rightAngle: "'>'"
        case .comma: "','"
        case .semicolon: "';'"
        case .other: "'\(token.text)'"
        case .endOfFile: "the end of the file"
        }
    }

    mutating func error(
        _ id: DiagnosticID, _ message: String, at range: SourceRange, notes: [Diagnostic.Note] = [], fixIts: [Diagnostic.FixIt] = []
    ) {
        diagnostics.append(.error(id, message, at: range, notes: notes, fixIts: fixIts))
    }

    /// Safe (`lint --fix` applies it): the parser already read the file as if it were written
    /// this way, so the schema it yields, and what it deploys, is the same; only the spelling
    /// becomes one cktool accepts (a quoted name, a missing ';', ',' or 'TO', a stray ',', an index
    /// option written twice).
    private static func spelling(_ fixIt: Diagnostic.FixIt) -> Diagnostic.FixIt {
        var fixIt = fixIt
        fixIt.isSafe = true
        return fixIt
    }

    private mutating func error(_ message: String, at range: SourceRange, notes: [Diagnostic.Note] = [], fixIts: [Diagnostic.FixIt] = []) {
        diagnostics.append(.error(.syntaxError, message, at: range, notes: notes, fixIts: fixIts))
    }

    private mutating func fail(_ message: String) -> Recover {
        error(message, at: current.range)
        return Recover()
    }

    private func range(from start: SourceRange) -> SourceRange {
        SourceRange(file: file, start: start.start, end: max(previous.range.end, start.end))
    }

    /// `RECORD TYPE` or `CREATE ROLE`: the start of the next statement.
    private var atStatementStart: Bool {
        (current.isKeyword("RECORD") && peek().isKeyword("TYPE")) || (current.isKeyword("CREATE") && peek().isKeyword("ROLE"))
    }

    // MARK: Comments

    /// Distributes the comments before `token`: trailing ones to the last record type, field or
    /// role; the run directly above `token` is returned as its doc; the rest are detached.
    private mutating func takeComments(before token: CKDBToken, attachTo wantsDoc: Bool) -> [String] {
        var pending: [CKDBComment] = []
        while commentCursor < comments.count, comments[commentCursor].range.start.offset < token.range.start.offset {
            let comment = comments[commentCursor]
            commentCursor += 1
            if comment.isTrailing, attachTrailing(comment) { continue }
            pending.append(comment)
        }
        guard wantsDoc else {
            detached += pending
            return []
        }
        // The run of comments with no blank line between them and the token.
        var firstOfRun = pending.count
        var nextLine = token.range.start.line
        while firstOfRun > 0, pending[firstOfRun - 1].range.end.line >= nextLine - 1 {
            firstOfRun -= 1
            nextLine = pending[firstOfRun].range.start.line
        }
        detached += pending[..<firstOfRun]
        return pending[firstOfRun...].flatMap(\.lines)
    }

    private mutating func attachTrailing(_ comment: CKDBComment) -> Bool {
        switch lastAttachable {
        case .none: return false
        case .role(let i):
            guard i < schema.roles.count else { return false }
            schema.roles[i].doc = Self.docText((schema.roles[i].doc.map { [$0] } ?? []) + comment.lines)
        case .record:
            guard !records.isEmpty else { return false }
            records[records.count - 1].doc += comment.lines
        case .field(let i):
            guard !records.isEmpty, i < records[records.count - 1].fieldDocs.count else { return false }
            records[records.count - 1].fieldDocs[i] += comment.lines
        }
        return true
    }

    /// Lines joined with "\n", without leading and trailing empty lines; nil when empty.
    static func docText(_ lines: [String]) -> String? {
        var lines = lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    // MARK: Statements (the schema is built in CKDBParser+Build.swift)

    /// False when the file is not a schema at all (then only one diagnostic is reported).
    private mutating func parseSchema() -> Bool {
        if current.isKeyword("DEFINE") {
            _ = takeComments(before: current, attachTo: false)
            advance()
            if current.isKeyword("SCHEMA") {
                advance()
            } else {
                error("expected 'SCHEMA' after 'DEFINE', found \(describe(current))", at: current.range)
            }
        } else if atStatementStart {
            error(
                "expected 'DEFINE SCHEMA' at the start of the file, found \(describe(current))", at: current.range,
                fixIts: [Self.spelling(.insert("DEFINE SCHEMA\n\n", at: current.range, "insert 'DEFINE SCHEMA'"))])
        } else {
            notASchema()
            return false
        }
        while !atEnd {
            if current.kind == .semicolon { advance(); continue }
            let start = current
            do {
                if current.isKeyword("CREATE") && peek().isKeyword("ROLE") {
                    try parseRole()
                } else if current.isKeyword("RECORD") && peek().isKeyword("TYPE") {
                    try parseRecord()
                } else if current.isKeyword("DEFINE") && peek().isKeyword("SCHEMA") {
                    error(
                        "'DEFINE SCHEMA' is written once, at the start of the file; remove this one", at: current.range.union(peek().range))
                    advance(); advance()
                } else {
                    throw fail("expected 'RECORD TYPE' or 'CREATE ROLE', found \(describe(current))")
                }
            } catch {
                skipStatement(from: start)
            }
        }
        _ = takeComments(before: current, attachTo: false)
        finish()
        return true
    }

    /// One clear error for a file that does not start with `DEFINE SCHEMA` and has no schema statement first.
    private mutating func notASchema() {
        let words = Set(allTokens.prefix(2000).filter { $0.kind == .word }.map(\.text))
        let swiftWords: Set<String> = ["import", "struct", "class", "func", "let", "var", "enum", "extension", "protocol"]
        let looksLikeSwift =
            !words.isDisjoint(with: swiftWords)
            || allTokens.prefix(2000).contains { $0.kind == .other && $0.text.contains("{") }
        if atEnd {
            error(.ckdbNotASchema, "empty .ckdb file; a CloudKit schema starts with 'DEFINE SCHEMA'", at: current.range)
            return
        }
        error(
            .ckdbNotASchema,
            "this is not a CloudKit schema: a .ckdb file starts with 'DEFINE SCHEMA', found \(describe(current))"
                + (looksLikeSwift
                    ? "; the file looks like Swift source, so rename it or replace it with the output of 'cktool export-schema'" : ""),
            at: current.range)
    }

    /// After an error at statement level: skip past the next `;` or to the next `RECORD TYPE` / `CREATE ROLE`.
    private mutating func skipStatement(from start: CKDBToken) {
        if current.range.start.offset == start.range.start.offset, !atEnd { advance() }
        var depth = 0
        while !atEnd {
            if depth <= 0, atStatementStart { return }
            switch current.kind {
            case .leftParen: depth += 1
            case .rightParen: depth -= 1
            case .semicolon where depth <= 0:
                advance()
                return
            default: break
            }
            advance()
        }
    }

    private mutating func expectSemicolon(after what: String) {
        if current.kind == .semicolon {
            advance()
            return
        }
        let at = previous.range.endOnly
        error("expected ';' after \(what)", at: at, fixIts: [Self.spelling(.insert(";", at: at, "insert ';'"))])
    }

    private mutating func parseRole() throws {
        let doc = takeComments(before: current, attachTo: true)
        let keyword = advance()
        advance()  // ROLE
        guard current.kind == .word || current.kind == .quoted else {
            throw fail("expected a role name after 'CREATE ROLE', found \(describe(current))")
        }
        let name = advance()
        let range = range(from: keyword.range)
        if name.text.hasPrefix("_") || CKDB.builtInRoles[name.text] != nil {
            error(
                "'\(name.text)' is a built-in role (\"_creator\", \"_icloud\", \"_world\"); choose a name starting with a letter",
                at: name.range)
        } else if !CKDB.isUserIdentifier(name.text) {
            error("'\(name.text)' is not a valid role name; use letters, digits and '_', starting with a letter", at: name.range)
        } else if name.kind == .word, CKDB.reservedWords.contains(name.upper) {
            reservedName(name)
        }
        if let first = roleRanges[name.text] {
            error(
                .nameDuplicate, "role '\(name.text)' is declared twice; remove one", at: name.range,
                notes: [.init("first declared here", at: first)])
        } else if !name.text.isEmpty {
            roleRanges[name.text] = name.range
            schema.roles.append(Role(name: name.text, doc: Self.docText(doc), spans: SourceSpans(range: range, name: name.range)))
            lastAttachable = .role(schema.roles.count - 1)
        }
        expectSemicolon(after: "role '\(name.text)'")
    }

    private mutating func reservedName(_ token: CKDBToken) {
        error(
            "'\(token.text)' is a reserved word; write \"\(token.text)\" in double quotes to use it as a name", at: token.range,
            fixIts: [Self.spelling(.replace(token.range, with: "\"\(token.text)\"", "write \"\(token.text)\""))])
    }

    // MARK: Record types

    private mutating func parseRecord() throws {
        let doc = takeComments(before: current, attachTo: true)
        let keyword = advance()
        advance()  // TYPE
        guard current.kind == .word || current.kind == .quoted else {
            throw fail("expected a record type name after 'RECORD TYPE', found \(describe(current))")
        }
        let name = joinDottedName(advance())
        checkName(name, what: "record type")
        records.append(PendingRecord(name: name.text, nameRange: name.range, range: range(from: keyword.range), doc: doc))
        lastAttachable = .record
        guard current.kind == .leftParen else {
            throw fail("expected '(' to begin the fields of record type '\(name.text)', found \(describe(current))")
        }
        let open = advance()
        parseBody(of: name.text, open: open)
        records[records.count - 1].range = range(from: keyword.range)
        if current.kind == .semicolon || previous.kind == .rightParen {
            expectSemicolon(after: "record type '\(name.text)'")
        }
    }

    /// `cloudkit.share` written without quotes reaches the parser as `cloudkit`, a stray `.`, `share`:
    /// joined into the quoted name it was meant to be, with one error (cktool requires the quotes).
    private mutating func joinDottedName(_ name: CKDBToken) -> CKDBToken {
        guard name.kind == .word, current.kind == .word, let dot = dots[name.range.end.offset],
            current.range.start.offset == dot.range.end.offset
        else { return name }
        let rest = advance()
        var joined = name
        joined.kind = .quoted
        joined.text = name.text + "." + rest.text
        joined.upper = joined.text
        joined.range = name.range.union(rest.range)
        joinedDots.insert(dot.range.start.offset)
        error(
            "write \"\(joined.text)\" in double quotes: a name with a '.' must be quoted", at: joined.range,
            fixIts: [Self.spelling(.replace(joined.range, with: "\"\(joined.text)\"", "write \"\(joined.text)\""))])
        return joined
    }

    private mutating func checkName(_ token: CKDBToken, what: String) {
        if token.kind == .quoted, CKDB.isSystemRecordType(token.text) { return }
        if token.kind == .word, CKDB.reservedWords.contains(token.upper) {
            reservedName(token)
        } else if token.text.hasPrefix("_") {
            error(
                "'\(token.text)' starts with '_', which CloudKit reserves for system names; a \(what) name starts with a letter",
                at: token.range)
        } else if !CKDB.isUserIdentifier(token.text) {
            error("'\(token.text)' is not a valid \(what) name; use letters, digits and '_', starting with a letter", at: token.range)
        }
    }

    /// Items separated by commas up to `)`. A mistake skips to the next `,` or `)`; a missing `)`
    /// is reported where the next statement (or `;`, or the end) begins.
    private mutating func parseBody(of owner: String, open: CKDBToken) {
        var afterComma: CKDBToken?
        var itemCount = 0
        while true {
            if current.kind == .rightParen {
                if let comma = afterComma, itemCount > 0 {
                    error(
                        "remove the ',' after the last item of record type '\(owner)'", at: comma.range,
                        fixIts: [Self.spelling(.remove(comma.range, "remove ','"))])
                }
                _ = takeComments(before: current, attachTo: false)
                advance()
                return
            }
            if atEnd || current.kind == .semicolon || atStatementStart {
                error(
                    "expected ')' to close record type '\(owner)' before \(describe(current))", at: current.range,
                    notes: [.init("'(' opened here", at: open.range)])
                return
            }
            if current.kind == .comma {
                // A comma alone on its line goes with the line break before it (no blank line is left), unless a comment is between.
                let between = previous.range.end.offset...current.range.start.offset
                let alone =
                    current.isAtLineStart && peek().isAtLineStart && index > 0
                    && !comments.contains { between.contains($0.range.start.offset) }
                let removal = alone ? previous.range.endOnly.union(current.range) : current.range
                error("expected a field or GRANT, found ','", at: current.range, fixIts: [Self.spelling(.remove(removal, "remove ','"))])
                afterComma = advance()
                continue
            }
            itemCount += 1
            do {
                try parseItem()
            } catch {
                skipItem()
            }
            if current.kind == .comma {
                afterComma = advance()
                continue
            }
            afterComma = nil
            if current.kind == .rightParen || atEnd || current.kind == .semicolon || atStatementStart { continue }
            if current.isAtLineStart && (current.kind == .word || current.kind == .quoted) {
                let at = previous.range.endOnly
                error(
                    "expected ',' between the items of record type '\(owner)'", at: at,
                    fixIts: [Self.spelling(.insert(",", at: at, "insert ','"))])
                continue
            }
            error("expected ',' or ')' after the item, found \(describe(current))", at: current.range)
            skipItem()
            if current.kind == .comma { afterComma = advance() }
        }
    }

    /// Skips to the next `,` or `)` of the body (or a statement start, `;`, the end).
    private mutating func skipItem() {
        var depth = 0
        while !atEnd {
            if current.kind == .semicolon || atStatementStart { return }
            if depth == 0 && (current.kind == .comma || current.kind == .rightParen) { return }
            if current.kind == .leftAngle { depth += 1 }
            if current.kind == .rightAngle { depth = max(depth - 1, 0) }
            if current.kind == .leftParen { depth += 1 }
            if current.kind == .rightParen { depth = max(depth - 1, 0) }
            advance()
        }
    }

    private static let typeWords: Set<String> = [
        "ASSET", "BYTES", "DOUBLE", "ENCRYPTED", "INT64", "LOCATION", "NUMBER", "REFERENCE", "STRING", "TIMESTAMP", "LIST",
    ]

    private mutating func parseItem() throws {
        // GRANT starts a grant, unless it is a field named "grant" written without quotes (then a type follows).
        if current.isKeyword("GRANT"),
            !(peek().kind == .word && Self.typeWords.contains(peek().upper) && !["READ", "CREATE", "WRITE"].contains(peek().upper))
        {
            _ = takeComments(before: current, attachTo: false)
            try parseGrant()
            return
        }
        let doc = takeComments(before: current, attachTo: true)
        try parseField(doc: doc)
    }

    private mutating func parseGrant() throws {
        let keyword = advance()
        lastAttachable = .none
        var permissions: Grant.Permissions = []
        repeat {
            switch current.kind == .word ? current.upper : "" {
            case "READ": permissions.insert(.read)
            case "CREATE": permissions.insert(.create)
            case "WRITE": permissions.insert(.write)
            default: throw fail("expected READ, CREATE or WRITE after 'GRANT', found \(describe(current))")
            }
            advance()
        } while current.kind == .comma && peek().kind == .word && ["READ", "CREATE", "WRITE"].contains(peek().upper)
            && advance().kind == .comma
        if current.isKeyword("TO") {
            advance()
        } else {
            let at = current
            // Unsafe for a word at a line start: the parser skips the grant instead of reading it as the role.
            var insertTo = Diagnostic.FixIt.insert("TO ", at: at.range, "insert 'TO'")
            insertTo.isSafe = at.kind == .quoted || !at.isAtLineStart
            error(
                "expected 'TO' and a role after the permissions, as in GRANT READ TO \"_world\"; found \(describe(at))", at: at.range,
                fixIts: at.kind == .quoted || at.kind == .word ? [insertTo] : [])
            guard at.kind == .quoted || (at.kind == .word && !at.isAtLineStart) else { throw Recover() }
        }
        guard current.kind == .word || current.kind == .quoted else {
            throw fail(
                "expected a role (\"_world\", \"_icloud\", \"_creator\" or a CREATE ROLE name) after 'TO', found \(describe(current))")
        }
        let role = advance()
        records[records.count - 1].grants.append(
            PendingGrant(permissions: permissions, role: role.text, roleRange: role.range, range: range(from: keyword.range)))
    }

    private mutating func parseField(doc: [String]) throws {
        guard current.kind == .word || current.kind == .quoted else {
            throw fail("expected a field name or GRANT, found \(describe(current))")
        }
        let nameToken = joinDottedName(advance())
        if nameToken.isUnterminated { throw Recover() }
        let name = nameToken.text
        // CloudKit's own record types (`"cloudkit.share"`) carry fields of its own (`"cloudkit.title"`).
        let isOwnedByCloudKit =
            nameToken.kind == .quoted && CKDB.isSystemRecordTypeField(name)
            && records.last.map { CKDB.isSystemRecordType($0.name) } == true
        let isSystem = name.hasPrefix("_") && (SystemFields.contains(name) || isOwnedByCloudKit)
        if nameToken.kind == .word, CKDB.reservedWords.contains(nameToken.upper) {
            reservedName(nameToken)
        } else if nameToken.kind == .word, name.hasPrefix("_") {
            if isSystem {
                error(
                    "write system field names in double quotes: \"\(name)\"", at: nameToken.range,
                    fixIts: [Self.spelling(.replace(nameToken.range, with: "\"\(name)\"", "write \"\(name)\""))])
            } else {
                error(
                    "'\(name)' starts with '_', which CloudKit reserves for system names; a field name starts with a letter",
                    at: nameToken.range)
            }
        } else if !isSystem, !isOwnedByCloudKit {
            if name.hasPrefix("_") {
                error(
                    "'\(name)' is not a CloudKit system field; the system fields are \(SystemFields.all.map { "\"\($0.name)\"" }.joined(separator: ", "))\(Spelling.hint(Spelling.closest(to: name, among: SystemFields.all.map(\.name))))",
                    at: nameToken.range)
            } else if !CKDB.isUserIdentifier(name) {
                error("'\(name)' is not a valid field name; use letters, digits and '_', starting with a letter", at: nameToken.range)
            }
        }
        guard let (type, encrypted, typeRange) = try parseType(field: name) else {
            throw Recover()
        }
        var field = Field(name: name, type: type, isOptional: true, isEncrypted: encrypted, isSystem: isSystem)
        var attributes: AttributeRanges = [:]
        options: while current.kind == .word {
            let upper = current.upper
            guard let option = CKDB.indexOptions.first(where: { $0.word == upper })?.index else {
                if current.isAtLineStart || current.isKeyword("GRANT") { break options }
                let word = current
                error(
                    .attributeUnknown,
                    "unknown field option '\(word.text)'; use QUERYABLE, SORTABLE or SEARCHABLE\(Spelling.hint(Spelling.closest(to: word.text, among: CKDB.indexOptions.map(\.word))))",
                    at: word.range)
                advance()
                continue
            }
            let key = current.text.lowercased()
            if field.indexes.contains(option) {
                error(
                    .attributeMisplaced, "\(current.text) is written twice; remove one", at: current.range,
                    fixIts: [Self.spelling(.remove(previous.range.endOnly.union(current.range), "remove it"))])
            } else {
                attributes[key] = current.range
                field.indexes.insert(option)
            }
            advance()
        }
        if isSystem, let expected = SystemFields.type(of: name), expected != type || encrypted {
            error(
                .typeMisplaced,
                "system field '\(name)' is \(expected.cloudKitType); CloudKit does not let you change its type",
                at: typeRange,
                fixIts: [.replace(typeRange, with: expected.cloudKitType.description, "write \(expected.cloudKitType)")])
        }
        field.spans = SourceSpans(range: range(from: nameToken.range), name: nameToken.range, type: typeRange, attributes: attributes)
        records[records.count - 1].fields.append(field)
        records[records.count - 1].fieldDocs.append(doc)
        lastAttachable = .field(records[records.count - 1].fields.count - 1)
    }

    /// `[LIST <] [ENCRYPTED] primitive [PREFERRED AS INT64|DOUBLE] [>]`, iteratively (nested lists
    /// are reported, never recursed into). Nil after reporting a problem the field cannot survive.
    private mutating func parseType(field: String) throws -> (FieldType, Bool, SourceRange)? {
        let start = current
        var listDepth = 0
        var encrypted = false
        var nestedReported = false
        var encryptedToken: CKDBToken?
        var typeError = false
        while true {
            if current.isKeyword("ENCRYPTED") {
                if encryptedToken == nil { encryptedToken = current }
                encrypted = true
                advance()
                if current.isKeyword("LIST") {
                    error(
                        .typeMisplaced, "write LIST<ENCRYPTED T>: ENCRYPTED goes inside the list, before the element type",
                        at: previous.range.union(current.range))
                    typeError = true
                }
                continue
            }
            guard current.isKeyword("LIST") else { break }
            let list = advance()
            listDepth += 1
            if listDepth == 2, !nestedReported {
                nestedReported = true
                error(.listNested, "lists cannot contain lists; CloudKit's LIST holds single values", at: list.range)
            }
            if current.kind == .leftAngle {
                advance()
            } else {
                error("expected '<' after LIST, as in LIST<STRING>, found \(describe(current))", at: current.range)
                throw Recover()
            }
        }
        guard current.kind == .word else {
            throw fail(
                "expected a type for field '\(field)' (STRING, INT64, DOUBLE, TIMESTAMP, BYTES, ASSET, LOCATION, REFERENCE, LIST<...>), found \(describe(current))"
            )
        }
        let word = advance()
        var element: FieldType?
        switch word.upper {
        case "STRING": element = .string
        case "INT64": element = .int64
        case "DOUBLE": element = .double
        case "TIMESTAMP": element = .date
        case "BYTES": element = .data
        case "ASSET": element = .asset
        case "LOCATION": element = .location
        case "REFERENCE": element = .reference(target: nil)
        case "NUMBER":
            var preferred: FieldType.NumberPreference?
            if current.isKeyword("PREFERRED") {
                advance()
                if current.isKeyword("AS") {
                    advance()
                } else {
                    error("expected 'AS' after 'PREFERRED', as in NUMBER PREFERRED AS INT64, found \(describe(current))", at: current.range)
                }
                switch current.kind == .word ? current.upper : "" {
                case "INT64": preferred = .int64; advance()
                case "DOUBLE": preferred = .double; advance()
                default:
                    error("expected INT64 or DOUBLE after 'PREFERRED AS', found \(describe(current))", at: current.range)
                    typeError = true
                }
            }
            element = .number(preferred: preferred)
        default:
            let known = ["STRING", "INT64", "DOUBLE", "TIMESTAMP", "BYTES", "ASSET", "LOCATION", "REFERENCE", "NUMBER", "LIST"]
            error(
                .typeUnknown,
                "unknown type '\(word.text)' for field '\(field)'; CloudKit types are STRING, INT64, DOUBLE, TIMESTAMP, BYTES, ASSET, LOCATION, REFERENCE, NUMBER and LIST<...>\(Spelling.hint(Spelling.closest(to: word.text, among: known)))",
                at: word.range)
            typeError = true
        }
        if let encryptedToken, let element,
            [FieldType.asset, .reference(target: nil)].contains(element) || { if case .number = element { true } else { false } }()
        {
            let what =
                element == .asset
                ? "ASSET is already encrypted by CloudKit"
                : element == .reference(target: nil) ? "REFERENCE stays unencrypted so the server can use it" : "NUMBER cannot be encrypted"
            error(
                .typeMisplaced,
                "ENCRYPTED applies to BYTES, STRING, DOUBLE, INT64, LOCATION and TIMESTAMP; \(what), so remove ENCRYPTED",
                at: encryptedToken.range.union(word.range))
            typeError = true
        }
        for _ in 0..<listDepth {
            if current.kind == .rightAngle {
                advance()
            } else {
                error("expected '>' to close LIST<, found \(describe(current))", at: current.range)
                typeError = true
                break
            }
        }
        let typeRange = range(from: start.range)
        guard let element, !typeError, !nestedReported else { return nil }
        return (listDepth > 0 ? .list(element) : element, encrypted, typeRange)
    }
}
