import CloudSchemaCore

/// Semantic tokens: the names of a `.cloudschema` or `.ckdb` document by what they name (the
/// references rename finds), so a contextual word used as a name (a field called `in`, a case
/// called `read`, a field in a predicate) is coloured as a name whatever the TextMate grammar
/// guessed. Keywords, types and literals are left to the grammar.
extension LanguageServer {
    /// The legend's token types; a token's type is its index here.
    static let semanticTokenTypes = ["struct", "enum", "enumMember", "property", "namespace", "class", "type"]

    mutating func semanticTokens(_ uri: String) -> JSON {
        let path = Self.path(of: uri)
        let (analysis, references) = indexed(uri)
        guard let text = analysis.texts[path] else { return .object([("data", [])]) }
        let schema = analysis.loaded.schema
        var declared: [String: Int] = [:]
        for record in schema.recordTypes { declared[record.name] = 0 }
        for type in schema.enums { declared[type.name] = 1 }
        for model in schema.models { declared[model.name] = 5 }
        for zone in schema.zones { declared[zone.name] = 4 }
        for role in schema.roles { declared[role.name] = 6 }
        for store in schema.keyValueStores { declared[store.name] = 6 }
        var data: [JSON] = []
        var last = (line: 0, character: 0)
        for reference in references where reference.range.file == path {
            let type: Int
            switch reference.symbol {
            case .declaration(let name):
                guard let kind = declared[name] else { continue }
                type = kind
            case .member: type = 3
            case .enumCase: type = 2
            }
            let start = text.lineAndCharacter(reference.range.start.offset)
            let end = text.lineAndCharacter(reference.range.end.offset)
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
