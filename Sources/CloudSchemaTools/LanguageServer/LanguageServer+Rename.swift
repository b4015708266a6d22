import CloudSchemaCore

/// Rename, references, highlights and workspace symbols over the files the server reads as one
/// schema. Every place a name is written is found once, by what it names: in `.cloudschema`
/// files from the syntax tree (declarations, members, types, `in Zone`, `to Role`, `on Type`,
/// `zone Zone`, `.case` values, a subscription's predicate, `@inverse(p)`, a model's
/// `@unique(a, b)`); in `.ckdb` and Swift files from the spans the schema keeps (declarations,
/// members, grants' roles). Only names declared in `.cloudschema` are renamed, and only when
/// what CloudKit holds stays: a record type, field or keyvalue key without `@name` gains
/// `@name("old")`, a `String` enum case without a raw value gains `= "old"`; a rename that would
/// change a stored name is refused (`storedNameChange`).
extension LanguageServer {
    enum Symbol: Hashable {
        /// A record type, enum, model, zone, role or keyvalue store: declarations share one namespace.
        case declaration(String)
        /// A record type's field, a model's property or a keyvalue store's key.
        case member(of: String, name: String)
        case enumCase(type: String, name: String)

        /// The top-level declaration's name: its own, or its container's.
        var declarationName: String {
            switch self {
            case .declaration(let name), .member(let name, _), .enumCase(let name, _): name
            }
        }
    }

    struct Reference {
        var symbol: Symbol
        var range: SourceRange
        /// Where the symbol is declared, not used.
        var isDeclaration: Bool
    }

    /// The document's analysis with its references, found once per analysis.
    mutating func indexed(_ uri: String) -> (analysis: Analysis, references: [Reference]) {
        var analysis = analysis(uri)
        if let references = analysis.references { return (analysis, references) }
        let references = Self.references(analysis, parses: parses)
        analysis.references = references
        analyses[Self.scope(of: uri)] = analysis
        return (analysis, references)
    }

    /// Every name written in the analysis's sources that names something the schema declares,
    /// in file and source order. Each `.cloudschema` file's tree is the analysis's own parse.
    /// `files` and `declarations` narrow it to the references of some files and, in
    /// `.cloudschema` files, of some top-level declarations (each declaration's references are
    /// inside it); `named` to the declarations (and their members) of some names elsewhere.
    static func references(
        _ analysis: Analysis, parses: ParseCache, files: (String) -> Bool = { _ in true },
        declarations: (DeclarationSyntax) -> Bool = { _ in true }, named: (String) -> Bool = { _ in true }
    ) -> [Reference] {
        let schema = analysis.loaded.schema
        var found: [Reference] = []
        var walk = analysis.walk ?? ReferenceWalk(schema: schema)
        for (path, text) in analysis.texts.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".cloudschema") && files(path) {
            for declaration in parses.parse(text.bytes, file: path).syntax.declarations where declarations(declaration) {
                walk.visit(declaration)
            }
        }
        found += walk.found
        // Other inputs by the schema's spans: a `.cloudschema` element is covered above.
        func add(_ symbol: Symbol, _ range: SourceRange?, declaration: Bool = true) {
            if let range, !range.file.hasSuffix(".cloudschema"), files(range.file) {
                found.append(Reference(symbol: symbol, range: range, isDeclaration: declaration))
            }
        }
        for record in schema.recordTypes {
            if named(record.name) {
                add(.declaration(record.name), record.spans.name)
                for field in record.fields where !field.isSystem { add(.member(of: record.name, name: field.name), field.spans.name) }
            }
            for grant in record.grants {
                if case .role(let role) = grant.grantee, named(role) { add(.declaration(role), grant.spans.name, declaration: false) }
            }
        }
        for role in schema.roles where named(role.name) { add(.declaration(role.name), role.spans.name) }
        for model in schema.models where named(model.name) {
            add(.declaration(model.name), model.spans.name)
            for property in model.properties { add(.member(of: model.name, name: property.name), property.spans.name) }
        }
        for type in schema.enums where named(type.name) {
            add(.declaration(type.name), type.spans.name)
            for item in type.cases { add(.enumCase(type: type.name, name: item.name), item.spans.name) }
        }
        return inSourceOrder(found)
    }

    /// By file, then where each starts.
    static func inSourceOrder(_ found: [Reference]) -> [Reference] {
        // Each range's file looked up once, not in every comparison: a lookup takes a lock.
        found.map { ($0.range.file, $0) }.sorted { ($0.0, $0.1.range.start.offset) < ($1.0, $1.1.range.start.offset) }.map(\.1)
    }

    /// The symbol under an LSP position and its declaration (nil when the schema declares no
    /// such name), as `lookUp` finds them in the whole index, for hover and definition: only the
    /// declarations at the cursor and those of the symbol's name are walked.
    mutating func lookUpDeclaration(_ uri: String, _ position: (line: Int, character: Int)) -> (
        analysis: Analysis, found: Reference, declaration: SourceRange?
    )? {
        let path = Self.path(of: uri)
        var analysis = analysis(uri)
        if let references = analysis.references {  // indexed already
            guard let text = analysis.texts[path],
                let found = Self.symbol(at: text.offset(line: position.line, character: position.character), in: path, references)
            else { return nil }
            return (analysis, found, references.first { $0.symbol == found.symbol && $0.isDeclaration }?.range)
        }
        guard let text = analysis.texts[path] else { return nil }
        if analysis.walk == nil {
            analysis.walk = ReferenceWalk(schema: analysis.loaded.schema)
            analyses[Self.scope(of: uri)]?.walk = analysis.walk
        }
        let offset = text.offset(line: position.line, character: position.character)
        let here = Self.references(
            analysis, parses: parses, files: { $0 == path },
            declarations: { $0.range.start.offset <= offset && offset <= $0.range.end.offset },
            named: { _ in !path.hasSuffix(".cloudschema") })
        guard let found = Self.symbol(at: offset, in: path, here) else { return nil }
        let name = found.symbol.declarationName
        let declared = Self.references(analysis, parses: parses, declarations: { $0.declaredName == name }, named: { $0 == name })
        return (analysis, found, declared.first { $0.symbol == found.symbol && $0.isDeclaration }?.range)
    }

    /// What the name under the cursor names, and where that name is written there.
    static func symbol(at offset: Int, in path: String, _ references: [Reference]) -> Reference? {
        references.first { $0.range.file == path && $0.range.start.offset <= offset && offset <= $0.range.end.offset }
    }

    /// The symbol under an LSP position, with the analysis's references.
    mutating func lookUp(_ uri: String, _ position: (line: Int, character: Int)) -> (Analysis, [Reference], Reference)? {
        let (analysis, references) = indexed(uri)
        let path = Self.path(of: uri)
        guard let text = analysis.texts[path],
            let found = Self.symbol(at: text.offset(line: position.line, character: position.character), in: path, references)
        else { return nil }
        return (analysis, references, found)
    }

    /// A symbol's declaration and its file's text, for go to definition: nil when the schema
    /// declares no such name. Right after a change to a folder of `.cloudschema` files only, it is
    /// found without analysing the folder again (`ParsedFolder`).
    mutating func declaration(_ uri: String, at position: (line: Int, character: Int)) -> (range: SourceRange, text: LSPText)? {
        if var folder = parsedFolder(uri) {
            let path = Self.path(of: uri)
            guard let text = lineIndex(path, in: folder),
                let (_, declared) = folder.lookUp(path, text.offset(line: position.line, character: position.character)),
                let declared, let target = lineIndex(declared.file, in: folder)
            else { return nil }
            return (declared, target)
        }
        guard let (analysis, _, declared) = lookUpDeclaration(uri, position), let declared, let text = analysis.texts[declared.file]
        else { return nil }
        return (declared, text)
    }

    // MARK: Requests

    mutating func prepareRename(_ uri: String, at position: (line: Int, character: Int)) throws(RequestError) -> JSON {
        guard let (analysis, references, found) = lookUp(uri, position),
            case let declarations = references.filter({ $0.symbol == found.symbol && $0.isDeclaration }),
            !declarations.isEmpty, declarations.allSatisfy({ $0.range.file.hasSuffix(".cloudschema") }),
            let text = analysis.texts[found.range.file]
        else {
            throw RequestError(
                code: .requestFailed,
                message: "only a record type, field, enum, enum case, keyvalue store or key declared in .cloudschema is renamed")
        }
        if let reason = Self.storedNameChange(found.symbol, in: analysis.loaded.schema) {
            throw RequestError(code: .requestFailed, message: reason)
        }
        return text.range(found.range)
    }

    /// The names of the schema's declarations, which share one namespace.
    static func declaredNames(_ schema: Schema) -> [String] {
        schema.recordTypes.map(\.name) + schema.enums.map(\.name) + schema.models.map(\.name) + schema.zones.map(\.name)
            + schema.roles.map(\.name) + schema.keyValueStores.map(\.name)
    }

    /// Why renaming `symbol` would change a name CloudKit holds, with no `@name` to keep it; nil
    /// when nothing stored changes. An enum's name is stored nowhere a record field or keyvalue key
    /// reaches (they hold its raw values: `Enum.swift.template`, `.ckdb`'s STRING or INT64), and an
    /// enum case keeps its raw value; a `@transient` property is not stored at all.
    static func storedNameChange(_ symbol: Symbol, in schema: Schema) -> String? {
        // What the resolver left out (its type does not resolve, say) has no stored name to read and keep.
        let (resolved, what): (Bool, String)
        switch symbol {
        case .declaration(let name):
            (resolved, what) = (declaredNames(schema).contains(name), name)
        case .member(let container, let name):
            resolved =
                schema.recordType(named: container)?.field(named: name) != nil
                || schema.model(named: container)?.property(named: name) != nil
                || schema.keyValueStores.contains { $0.name == container && $0.keys.contains { $0.name == name } }
            what = container + "." + name
        case .enumCase(let type, let name):
            (resolved, what) = (schema.enumType(named: type)?.cases.contains { $0.name == name } == true, type + "." + name)
        }
        guard resolved else {
            return "'\(what)' is not renamed while its declaration has errors: fix them first, so the rename can keep what CloudKit stores"
        }
        switch symbol {
        case .declaration(let name):
            // A zone is found by its name (`CKRecordZone.ID(zoneName:ownerName:)`); the app creates it at run time.
            if schema.zone(named: name) != nil {
                return "zone '\(name)' is not renamed: CloudKit finds a zone by its name, so the app would save to a new zone"
                    + " and no longer see the records in '\(name)'; a zone has no @name to keep it"
            }
            // Security roles are deployed with the schema (ckdb-language.md §4.1, Apple's Quick Start) and
            // given to users (the `Users` record's `roles`); dropping one's grants is `GRANT_NO_DELETE`.
            if schema.roles.contains(where: { $0.name == name }) {
                return "role '\(name)' is not renamed: roles are deployed with the schema and given to users, so the new name"
                    + " would be a role no user holds, and the grants deployed to '\(name)' would be withdrawn; a role has no @name to keep it"
            }
            // The mirror's record type is `CD_` + the entity's name (sync-compat-rules.md §1.3, `CKDB/CoreDataMirror.swift`).
            if schema.model(named: name) != nil {
                return "model '\(name)' is not renamed: Core Data's CloudKit mirroring stores it as record type CD_\(name),"
                    + " so the new name is a new record type and shipped versions keep writing CD_\(name); a model has no @name to keep it"
            }
            // UNSURE how SwiftData stores an enum property (`CKDB/CoreDataMirror.swift`), so not whether the name is part of it.
            if let model = schema.models.first(where: { $0.properties.contains { ReferenceWalk.enumName($0.type) == name } }) {
                return "enum '\(name)' is not renamed: model '\(model.name)' stores it through SwiftData, and no source says"
                    + " whether SwiftData's stored value holds the enum's name"
            }
        case .member(let container, let name):
            // The mirror writes `CD_` + the property's name and never reads `originalName` (`@name`), which
            // renames only the local store's column (sync-compat-rules.md §1.4, `CKDB/CoreDataMirror.swift`).
            if let property = schema.model(named: container)?.property(named: name), !property.isTransient {
                return "property '\(container).\(name)' is not renamed: Core Data's CloudKit mirroring writes it as field"
                    + " CD_\(name), and @name (originalName) keeps only the local store's column, so the new name is a new"
                    + " CloudKit field and shipped versions keep writing CD_\(name)"
            }
        case .enumCase: break
        }
        return nil
    }

    mutating func rename(_ uri: String, at position: (line: Int, character: Int), to newName: String) throws(RequestError) -> JSON {
        _ = try prepareRename(uri, at: position)
        guard let (analysis, references, found) = lookUp(uri, position) else { return .null }
        guard newName.utf8.first.map({ !(48...57).contains($0) }) == true, newName.utf8.allSatisfy(LSPText.isNamePart),
            !Parser.isKeyword(newName)
        else {
            throw RequestError(code: .requestFailed, message: "'\(newName)' is not a name: [A-Za-z_][A-Za-z0-9_]*, and not a keyword")
        }
        let schema = analysis.loaded.schema
        var edits = references.filter { $0.symbol == found.symbol }.map { ($0.range, newName) }
        func keep(_ key: String, after range: SourceRange?) {
            guard var at = range else { return }
            at.start = at.end
            edits.append((at, " @name(\(SchemaText.stringLiteral(key)))"))
        }
        switch found.symbol {
        case .declaration(let name):
            guard !Self.declaredNames(schema).contains(newName) else {
                throw RequestError(code: .requestFailed, message: "'\(newName)' is declared already")
            }
            if let record = schema.recordType(named: name), record.spans.attributes["name"] == nil, let header = record.spans.name,
                let brace = analysis.texts[header.file]?.bytes[header.end.offset...].firstIndex(of: UInt8(ascii: "{"))
            {
                // Before the body's `{`, after any placement and attributes: CloudKit keeps the old record type.
                var at = header
                at.start.offset = brace
                at.end.offset = brace
                edits.append((at, "@name(\(SchemaText.stringLiteral(record.cloudKitName))) "))
            }
        case .member(let container, let name):
            // Each member with its stored key (`@name`, else its name) and where `@name` would go.
            var members: [(name: String, key: String, named: Bool, range: SourceRange?)] = []
            if let record = schema.recordType(named: container) {
                members = record.fields.map { ($0.name, $0.key, $0.spans.attributes["name"] != nil, $0.spans.range) }
            } else if let model = schema.model(named: container) {
                // Only a `@transient` property is renamed: nothing stored, so no `@name` to add.
                members = model.properties.map { ($0.name, $0.originalName ?? $0.name, true, $0.spans.range) }
            } else if let store = schema.keyValueStores.first(where: { $0.name == container }) {
                members = store.keys.map { ($0.name, $0.key, $0.spans.attributes["name"] != nil, $0.spans.range) }
            }
            guard !members.contains(where: { $0.name == newName || $0.key == newName }) else {
                throw RequestError(code: .requestFailed, message: "'\(container)' has a member '\(newName)' already")
            }
            if let member = members.first(where: { $0.name == name }), !member.named { keep(member.key, after: member.range) }
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
                edits.append((at, " = \(SchemaText.stringLiteral(raw))"))
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
        guard let (analysis, references, found) = lookUp(uri, position) else { return [] }
        return .array(
            references.filter { $0.symbol == found.symbol && (includeDeclaration || !$0.isDeclaration) }.compactMap { reference in
                analysis.texts[reference.range.file].map {
                    .object([("uri", .string(documentURI(of: reference.range.file))), ("range", $0.range(reference.range))])
                }
            })
    }

    mutating func highlights(_ uri: String, at position: (line: Int, character: Int)) -> JSON {
        guard let (analysis, references, found) = lookUp(uri, position), let text = analysis.texts[Self.path(of: uri)] else {
            return []
        }
        return .array(
            references.filter { $0.symbol == found.symbol && $0.range.file == found.range.file }.map {
                .object([("range", text.range($0.range))])
            })
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

/// The names of `.cloudschema` files, each with what it names in the resolved schema; a name the
/// schema does not declare (a typo, a built-in type, `public`, `world`) is no reference.
struct ReferenceWalk {
    typealias Symbol = LanguageServer.Symbol
    var found: [LanguageServer.Reference] = []
    // The schema's declarations by name (the first of duplicates), looked up for each name written.
    private let records: [String: RecordType]
    private let models: [String: Model]
    private let keyValueStores: [String: KeyValueStore]
    private let enumCases: [String: Set<String>]
    private let zones: Set<String>
    private let roles: Set<String>
    private let declared: Set<String>

    init(schema: Schema) {
        records = Self.byName(schema.recordTypes, \.name)
        models = Self.byName(schema.models, \.name)
        keyValueStores = Self.byName(schema.keyValueStores, \.name)
        enumCases = Self.byName(schema.enums, \.name).mapValues { Set($0.cases.map(\.name)) }
        zones = Set(schema.zones.map(\.name))
        roles = Set(schema.roles.map(\.name))
        declared = Set(records.keys).union(models.keys).union(keyValueStores.keys).union(enumCases.keys).union(zones).union(roles)
    }

    /// For visiting `declarations` only: of the schema's record types, models and keyvalue stores,
    /// those the visits look up (each declaration's own name, a subscription's record type) are
    /// resolved, alone.
    init(index: inout ResolverIndex, for declarations: [DeclarationSyntax]) {
        var names: Set<String> = []
        for declaration in declarations {
            if case .subscription(let subscription) = declaration { names.insert(subscription.target.name) }
            if let name = declaration.declaredName { names.insert(name) }
        }
        records = Self.byName(names.compactMap { index.recordType(named: $0) }, \.name)
        models = Self.byName(names.compactMap { index.model(named: $0) }, \.name)
        keyValueStores = Self.byName(names.compactMap { index.keyValueStore(named: $0) }, \.name)
        enumCases = index.enumCases
        zones = index.zones
        roles = index.roles
        declared = index.declared
    }

    private static func byName<T>(_ items: [T], _ name: KeyPath<T, String>) -> [String: T] {
        Dictionary(items.map { ($0[keyPath: name], $0) }, uniquingKeysWith: { first, _ in first })
    }

    private mutating func add(_ symbol: Symbol, _ name: NameSyntax, declaration: Bool = false) {
        found.append(.init(symbol: symbol, range: name.range, isDeclaration: declaration))
    }

    /// The enum a member's values are cases of, the model a relationship points to.
    private static func element(_ type: FieldType?) -> FieldType? {
        if case .list(let element)? = type { return element }
        return type
    }

    static func enumName(_ type: FieldType?) -> String? {
        if case .enumeration(let name, _)? = element(type) { return name }
        return nil
    }

    mutating func visit(_ declaration: DeclarationSyntax) {
        switch declaration {
        case .container: break
        case .role(let role): add(.declaration(role.name.name), role.name, declaration: true)
        case .zone(let zone): add(.declaration(zone.name.name), zone.name, declaration: true)
        case .enumeration(let type):
            add(.declaration(type.name.name), type.name, declaration: true)
            for item in type.cases { add(.enumCase(type: type.name.name, name: item.name.name), item.name, declaration: true) }
        case .record(let record):
            add(.declaration(record.name.name), record.name, declaration: true)
            if let zone = record.placement, zones.contains(zone.name) { add(.declaration(zone.name), zone) }
            let resolved = records[record.name.name]
            for field in record.fields { member(field, of: record.name.name, type: resolved?.field(named: field.name.name)?.type) }
            for grant in record.grants where roles.contains(grant.role.name) {
                add(.declaration(grant.role.name), grant.role)
            }
        case .model(let model):
            add(.declaration(model.name.name), model.name, declaration: true)
            let resolved = models[model.name.name]
            for attribute in model.attributes where attribute.name.name == "unique" {
                for case .name(let property) in attribute.arguments ?? [] {
                    add(.member(of: model.name.name, name: property.name), property)
                }
            }
            for property in model.properties {
                let type = resolved?.property(named: property.name.name)?.type
                member(property, of: model.name.name, type: type)
                if case .model(let target)? = Self.element(type) {
                    for attribute in property.attributes where attribute.name.name == "inverse" {
                        for case .name(let inverse) in attribute.arguments ?? [] {
                            add(.member(of: target, name: inverse.name), inverse)
                        }
                    }
                }
            }
        case .keyValue(let store):
            add(.declaration(store.name.name), store.name, declaration: true)
            let resolved = keyValueStores[store.name.name]
            for key in store.keys { member(key, of: store.name.name, type: resolved?.keys.first { $0.name == key.name.name }?.type) }
        case .subscription(let subscription):
            guard declared.contains(subscription.target.name), subscription.kind != .database else { return }
            add(.declaration(subscription.target.name), subscription.target)
            if let record = records[subscription.target.name], let predicate = subscription.predicate {
                visit(predicate, on: record)
            }
        }
    }

    /// A field, property or key: its name, the declared types it names, the cases its default names.
    private mutating func member(_ syntax: FieldSyntax, of container: String, type: FieldType?) {
        add(.member(of: container, name: syntax.name.name), syntax.name, declaration: true)
        visit(syntax.type)
        if let value = syntax.defaultValue { visit(value, enumName: Self.enumName(type)) }
    }

    private mutating func visit(_ type: TypeSyntax) {
        switch type {
        case .named(let name, let arguments, _):
            if declared.contains(name.name) { add(.declaration(name.name), name) }
            for argument in arguments { visit(argument) }
        case .list(let element, _), .optional(let element, _): visit(element)
        }
    }

    private mutating func visit(_ value: ExpressionSyntax, enumName: String?) {
        switch value {
        case .enumCase(let name, _):
            if let enumName, enumCases[enumName]?.contains(name.name) == true {
                add(.enumCase(type: enumName, name: name.name), name)
            }
        case .list(let items, _): for item in items { visit(item, enumName: enumName) }
        default: break
        }
    }

    /// A predicate's fields, and the enum cases compared with them.
    private mutating func visit(_ predicate: PredicateSyntax, on record: RecordType) {
        switch predicate {
        case .and(let terms, _): for term in terms { visit(term, on: record) }
        case .not(let inner, _), .parenthesized(let inner, _): visit(inner, on: record)
        case .comparison(let field, _, _, let value): condition(field, [value], on: record)
        case .call(let receiver, _, let arguments, _): condition(receiver, arguments, on: record)
        }
    }

    private mutating func condition(_ name: NameSyntax, _ values: [ExpressionSyntax], on record: RecordType) {
        guard let field = record.field(named: name.name) else { return }  // `textSearch`, or a name lint reports
        add(.member(of: record.name, name: field.name), name)
        for value in values { visit(value, enumName: Self.enumName(field.type)) }
    }
}

extension DeclarationSyntax {
    /// The name it declares; nil for a container.
    var declaredName: String? {
        switch self {
        case .container: nil
        case .role(let d): d.name.name
        case .zone(let d): d.name.name
        case .enumeration(let d): d.name.name
        case .record(let d): d.name.name
        case .model(let d): d.name.name
        case .keyValue(let d): d.name.name
        case .subscription(let d): d.name.name
        }
    }
}
