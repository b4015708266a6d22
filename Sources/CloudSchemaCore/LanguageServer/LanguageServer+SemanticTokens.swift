/// Semantic tokens: the names of a `.cloudschema` document by what they name, so a contextual
/// word used as a name (a field called `in`, a case called `read`) is coloured as a name
/// whatever the TextMate grammar guessed. Keywords, types and literals are left to the grammar.
extension LanguageServer {
    /// The legend's token types; a token's type is its index here.
    static let semanticTokenTypes = ["struct", "enum", "enumMember", "property", "namespace", "class", "type"]
    /// The words after which a declared name stands (`in Zone`, `to Role`, `on Type`).
    static let declarationContexts: Set<String> = ["record", "enum", "model", "zone", "role", "keyvalue", "in", "to", "on"]

    mutating func semanticTokens(_ uri: String) -> JSON {
        let path = Self.path(of: uri)
        let analysis = analysis(uri)
        guard path.hasSuffix(".cloudschema"), let text = analysis.texts[path] else { return .object([("data", [])]) }
        let schema = analysis.loaded.schema
        var members: [Int: Int] = [:]  // name offset → token type
        func mark(_ range: SourceRange?, _ type: Int) {
            if let range, range.file == path { members[range.start.offset] = type }
        }
        for record in schema.recordTypes { for field in record.fields { mark(field.spans.name, 3) } }
        for model in schema.models { for property in model.properties { mark(property.spans.name, 3) } }
        for store in schema.keyValueStores { for key in store.keys { mark(key.spans.name, 3) } }
        for type in schema.enums { for item in type.cases { mark(item.spans.name, 2) } }
        var declared: [String: Int] = [:]
        for record in schema.recordTypes { declared[record.name] = 0 }
        for type in schema.enums { declared[type.name] = 1 }
        for model in schema.models { declared[model.name] = 5 }
        for zone in schema.zones { declared[zone.name] = 4 }
        for role in schema.roles { declared[role.name] = 6 }
        for store in schema.keyValueStores { declared[store.name] = 6 }
        var data: [JSON] = []
        var last = (line: 0, character: 0)
        var lexer = Lexer(bytes: text.bytes, file: path)
        var previous: Token?
        while true {
            let token = lexer.next()
            if token.kind == .endOfFile { break }
            defer { previous = token }
            guard token.kind == .identifier || token.kind == .backtickIdentifier else { continue }
            let type: Int?
            if let member = members[token.range.start.offset] {
                type = member
            } else if previous?.kind == .dot, previous.map({ $0.range.end.offset == token.range.start.offset }) == true,
                schema.enums.contains(where: { $0.cases.contains { $0.name == token.text } })
            {
                type = 2
            } else if let previous, let kind = declared[token.text],
                [.colon, .leftAngle, .leftBracket].contains(previous.kind)
                    || (previous.kind == .identifier && Self.declarationContexts.contains(previous.text))
            {
                type = kind
            } else {
                type = nil
            }
            guard let type else { continue }
            let start = text.lineAndCharacter(token.range.start.offset)
            let end = text.lineAndCharacter(token.range.end.offset)
            guard start.line == end.line else { continue }
            data += [
                .int(start.line - last.line), .int(start.line == last.line ? start.character - last.character : start.character),
                .int(end.character - start.character), .int(type), 0,
            ]
            last = start
        }
        return .object([("data", .array(data))])
    }
}
