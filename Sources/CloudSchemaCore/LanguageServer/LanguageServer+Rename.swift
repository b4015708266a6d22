/// Rename, references, highlights and workspace symbols over the `.cloudschema` files the
/// server reads as one schema. A name is found by its tokens: a declaration's name wherever a
/// declared name may stand (after `record`, `enum`, `model`, `zone`, `role`, `keyvalue`, `in`,
/// `to`, `on`, and in types after `:`, `<`, `[`); a field or enum case by its declaration and,
/// for a case, the `.case` defaults of fields of that enum. Renaming keeps what CloudKit
/// stores: a record type or field without `@name` gains `@name("old")`, a `String` enum case
/// without a raw value gains `= "old"`.
extension LanguageServer {
    enum Symbol: Equatable {
        /// A record type, enum, model, zone, role or keyvalue store: declarations share one namespace.
        case declaration(String)
        case field(record: String, name: String)
        case enumCase(type: String, name: String)
    }

    /// The identifier tokens of the analysis's `.cloudschema` sources, each with the token before it.
    static func nameTokens(_ analysis: Analysis) -> [(token: Token, previous: Token?)] {
        var result: [(Token, Token?)] = []
        for (path, text) in analysis.texts.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".cloudschema") {
            var lexer = Lexer(bytes: text.bytes, file: path)
            var previous: Token?
            while true {
                let token = lexer.next()
                if token.kind == .endOfFile { break }
                if token.kind == .identifier || token.kind == .backtickIdentifier { result.append((token, previous)) }
                previous = token
            }
        }
        return result
    }

    static let declarationContexts: Set<String> = ["record", "enum", "model", "zone", "role", "keyvalue", "in", "to", "on"]

    /// Every range where `symbol` is written.
    func occurrences(of symbol: Symbol, _ analysis: Analysis) -> [SourceRange] {
        let schema = analysis.loaded.schema
        switch symbol {
        case .declaration(let name):
            return Self.nameTokens(analysis).filter { token, previous in
                guard token.text == name, let previous else { return false }
                return [.colon, .leftAngle, .leftBracket].contains(previous.kind)
                    || (previous.kind == .identifier && Self.declarationContexts.contains(previous.text))
            }.map { $0.token.range }
        case .field(let record, let name):
            return (schema.recordType(named: record)?.fields.first { $0.name == name }?.spans.name).map { [$0] } ?? []
        case .enumCase(let type, let name):
            guard let declared = schema.enumType(named: type)?.cases.first(where: { $0.name == name })?.spans.name else { return [] }
            let defaults = schema.recordTypes.flatMap(\.fields).filter { "\($0.type)" == type }.compactMap(\.spans.defaultValue)
            let uses = Self.nameTokens(analysis).filter { token, previous in
                token.text == name && previous?.kind == .dot
                    && defaults.contains {
                        $0.file == token.range.file && $0.start.offset <= token.range.start.offset
                            && token.range.end.offset <= $0.end.offset
                    }
            }.map { $0.token.range }
            return [declared] + uses
        }
    }

    /// What the name under the cursor names, and where that name is written there.
    func symbol(at offset: Int, in path: String, _ analysis: Analysis) -> (symbol: Symbol, range: SourceRange)? {
        func holds(_ range: SourceRange?) -> Bool {
            guard let range else { return false }
            return range.file == path && range.start.offset <= offset && offset <= range.end.offset
        }
        let schema = analysis.loaded.schema
        for record in schema.recordTypes {
            for field in record.fields where holds(field.spans.name) {
                return (.field(record: record.name, name: field.name), field.spans.name!)
            }
        }
        for type in schema.enums {
            for item in type.cases where holds(item.spans.name) { return (.enumCase(type: type.name, name: item.name), item.spans.name!) }
        }
        let tokens = Self.nameTokens(analysis).filter { holds($0.token.range) }
        guard let (token, previous) = tokens.first else { return nil }
        if previous?.kind == .dot, let field = schema.recordTypes.flatMap(\.fields).first(where: { holds($0.spans.defaultValue) }),
            schema.enumType(named: "\(field.type)") != nil
        {
            return (.enumCase(type: "\(field.type)", name: token.text), token.range)
        }
        let symbol = Symbol.declaration(token.text)
        return occurrences(of: symbol, analysis).contains(token.range) ? (symbol, token.range) : nil
    }

    /// Whether the declaration is written in a `.cloudschema` file (`.ckdb` and Swift are not renamed).
    func isRenamable(_ symbol: Symbol, _ analysis: Analysis) -> Bool {
        occurrences(of: symbol, analysis).first?.file.hasSuffix(".cloudschema") == true && !declarationRanges(symbol, analysis).isEmpty
    }

    private func declarationRanges(_ symbol: Symbol, _ analysis: Analysis) -> [SourceRange] {
        let schema = analysis.loaded.schema
        guard case .declaration(let name) = symbol else { return occurrences(of: symbol, analysis).prefix(1).map { $0 } }
        let spans: [SourceSpans?] = [
            schema.recordType(named: name)?.spans, schema.enumType(named: name)?.spans, schema.model(named: name)?.spans,
            schema.zone(named: name)?.spans, schema.roles.first { $0.name == name }?.spans,
            schema.keyValueStores.first { $0.name == name }?.spans,
        ]
        return spans.compactMap { $0?.name }.filter { $0.file.hasSuffix(".cloudschema") }
    }

    // MARK: Requests

    mutating func prepareRename(_ uri: String, at position: (line: Int, character: Int)) throws(RequestError) -> JSON {
        let analysis = analysis(uri)
        let path = Self.path(of: uri)
        guard let text = analysis.texts[path],
            let (symbol, range) = symbol(at: text.offset(line: position.line, character: position.character), in: path, analysis),
            isRenamable(symbol, analysis)
        else {
            throw RequestError(
                code: .requestFailed,
                message: "only a record type, field, enum, enum case, zone, role or model declared in .cloudschema is renamed")
        }
        return text.range(range)
    }

    mutating func rename(_ uri: String, at position: (line: Int, character: Int), to newName: String) throws(RequestError) -> JSON {
        _ = try prepareRename(uri, at: position)
        let analysis = analysis(uri)
        let path = Self.path(of: uri)
        guard let text = analysis.texts[path],
            let (symbol, _) = symbol(at: text.offset(line: position.line, character: position.character), in: path, analysis)
        else { return .null }
        guard newName.utf8.first.map({ !(48...57).contains($0) }) == true, newName.utf8.allSatisfy(LSPText.isNamePart),
            !Parser.isKeyword(newName)
        else {
            throw RequestError(code: .requestFailed, message: "'\(newName)' is not a name: [A-Za-z_][A-Za-z0-9_]*, and not a keyword")
        }
        let schema = analysis.loaded.schema
        var edits = occurrences(of: symbol, analysis).map { ($0, newName) }
        switch symbol {
        case .declaration(let name):
            let declared =
                schema.recordTypes.map(\.name) + schema.enums.map(\.name) + schema.models.map(\.name) + schema.zones.map(\.name)
                + schema.roles.map(\.name) + schema.keyValueStores.map(\.name)
            guard !declared.contains(newName) else { throw RequestError(code: .requestFailed, message: "'\(newName)' is declared already") }
            if let record = schema.recordType(named: name), record.spans.attributes["name"] == nil, let header = record.spans.name,
                let brace = analysis.texts[header.file]?.bytes[header.end.offset...].firstIndex(of: UInt8(ascii: "{"))
            {
                // Before the body's `{`, after any placement and attributes: CloudKit keeps the old record type.
                var at = header
                at.start.offset = brace
                at.end.offset = brace
                edits.append((at, "@name(\"\(record.cloudKitName)\") "))
            }
        case .field(let recordName, let name):
            let record = schema.recordType(named: recordName)
            guard record?.fields.contains(where: { $0.name == newName || $0.key == newName }) == false else {
                throw RequestError(code: .requestFailed, message: "record type '\(recordName)' has a field '\(newName)' already")
            }
            if let field = record?.fields.first(where: { $0.name == name }), field.spans.attributes["name"] == nil,
                let end = field.spans.range
            {
                var at = end
                at.start = end.end
                edits.append((at, " @name(\"\(field.key)\")"))
            }
        case .enumCase(let typeName, let name):
            let type = schema.enumType(named: typeName)
            guard type?.cases.contains(where: { $0.name == newName }) == false else {
                throw RequestError(code: .requestFailed, message: "enum '\(typeName)' has a case '\(newName)' already")
            }
            if let item = type?.cases.first(where: { $0.name == name }), item.spans.defaultValue == nil,
                case .string(let raw) = item.rawValue,
                var at = item.spans.name
            {
                at.start = at.end
                edits.append((at, " = \"\(raw)\""))
            }
        }
        var changes: [(String, JSON)] = []
        for file in Set(edits.map(\.0.file)).sorted() {
            guard let fileText = analysis.texts[file] else { continue }
            let fileEdits: [JSON] = edits.filter { $0.0.file == file }.sorted { $0.0.start.offset < $1.0.start.offset }.map { range, text in
                .object([("range", fileText.range(range)), ("newText", .string(text))])
            }
            changes.append((documentURI(of: file), .array(fileEdits)))
        }
        return .object([("changes", .object(changes))])
    }

    mutating func references(_ uri: String, at position: (line: Int, character: Int), includeDeclaration: Bool) -> JSON {
        let analysis = analysis(uri)
        let path = Self.path(of: uri)
        guard let text = analysis.texts[path],
            let (symbol, _) = symbol(at: text.offset(line: position.line, character: position.character), in: path, analysis)
        else { return [] }
        let declarations = declarationRanges(symbol, analysis)
        return .array(
            occurrences(of: symbol, analysis).filter { includeDeclaration || !declarations.contains($0) }.compactMap { range in
                analysis.texts[range.file].map { .object([("uri", .string(documentURI(of: range.file))), ("range", $0.range(range))]) }
            })
    }

    mutating func highlights(_ uri: String, at position: (line: Int, character: Int)) -> JSON {
        let analysis = analysis(uri)
        let path = Self.path(of: uri)
        guard let text = analysis.texts[path],
            let (symbol, _) = symbol(at: text.offset(line: position.line, character: position.character), in: path, analysis)
        else { return [] }
        return .array(occurrences(of: symbol, analysis).filter { $0.file == path }.map { .object([("range", text.range($0))]) })
    }

    /// The declarations of every folder with an open document whose name contains the query (any case).
    mutating func workspaceSymbols(_ query: String) -> JSON {
        var symbols: [JSON] = []
        for scope in Set(documents.keys.map(Self.scope(of:))).sorted() {
            guard let uri = documents.keys.filter({ Self.scope(of: $0) == scope }).min() else { continue }
            let analysis = analysis(uri)
            let schema = analysis.loaded.schema
            // SymbolKind: Namespace 3, Class 5, Enum 10, Object 19, Key 20, Struct 23.
            var declared: [(String, Int, SourceSpans)] = schema.recordTypes.map { ($0.name, 23, $0.spans) }
            declared += schema.enums.map { ($0.name, 10, $0.spans) } + schema.models.map { ($0.name, 5, $0.spans) }
            declared += schema.zones.map { ($0.name, 3, $0.spans) } + schema.roles.map { ($0.name, 20, $0.spans) }
            declared += schema.keyValueStores.map { ($0.name, 19, $0.spans) }
            for (name, kind, spans) in declared where query.isEmpty || name.range(of: query, options: .caseInsensitive) != nil {
                guard let range = spans.name ?? spans.range, let text = analysis.texts[range.file] else { continue }
                symbols.append(
                    .object([
                        ("name", .string(name)), ("kind", .int(kind)),
                        ("location", .object([("uri", .string(documentURI(of: range.file))), ("range", text.range(range))])),
                    ]))
            }
        }
        return .array(symbols)
    }
}
