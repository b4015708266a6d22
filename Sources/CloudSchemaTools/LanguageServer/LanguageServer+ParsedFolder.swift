import CloudSchemaCore

/// A folder of `.cloudschema` files right after a change, before it is analysed again: the files'
/// parses (the changed file's parsed again around the change) and the resolver's first pass
/// (`ResolverIndex`), which resolves only the record types, models, keyvalue stores and zones
/// asked for, each alone. Without `.ckdb`, SQL or Swift inputs these resolve as `SchemaLoader`
/// resolves them (nothing is merged into them), so what go to definition and hover find here is
/// what they find in the folder's analysis.
struct ParsedFolder {
    typealias Reference = LanguageServer.Reference
    let sources: [(String, [UInt8])]
    private let files: [SourceFileSyntax]
    private var index: ResolverIndex

    /// `index`: the folder's last, kept while its basis holds (`LanguageServer.keptIndexes`).
    init(_ sources: [(String, [UInt8])], parses: ParseCache, index: (([SourceFileSyntax]) -> ResolverIndex)) {
        self.sources = sources
        // As `SchemaLoader.load` reads them: a file that is not text is not parsed.
        files = sources.filter { SchemaLoader.notTextDiagnostic($0.1, file: $0.0) == nil }.map { parses.parse($0.1, file: $0.0).syntax }
        self.index = index(files)
    }

    /// The top-level declarations of `file` whose range holds bytes `from` to `to`.
    private func declarations(in file: String, holding from: Int, _ to: Int) -> [DeclarationSyntax] {
        files.first { $0.path == file }?.declarations.filter { $0.range.start.offset <= from && to <= $0.range.end.offset } ?? []
    }

    /// The names written in `declarations`, in source order.
    private mutating func walked(_ declarations: [DeclarationSyntax]) -> [Reference] {
        var walk = ReferenceWalk(index: &index, for: declarations)
        for declaration in declarations { walk.visit(declaration) }
        return LanguageServer.inSourceOrder(walk.found)
    }

    /// What `lookUpDeclaration` finds at `offset` of `path`: the symbol there and its declaration
    /// (nil when the schema declares no such name), walking only the declarations at the cursor
    /// and those of the symbol's name.
    mutating func lookUp(_ path: String, _ offset: Int) -> (found: Reference, declaration: SourceRange?)? {
        guard let found = LanguageServer.symbol(at: offset, in: path, walked(declarations(in: path, holding: offset, offset))) else {
            return nil
        }
        let name = found.symbol.declarationName
        let named = files.flatMap { $0.declarations.filter { $0.declaredName == name } }
        return (found, walked(named).first { $0.symbol == found.symbol && $0.isDeclaration }?.range)
    }

    /// The elements `LanguageServer.describe` may find at `target`: the record types, models,
    /// keyvalue stores, zones and enums declared around it. Nil for a role, whose hover
    /// lists the record types that grant it something, so needs them all.
    mutating func elements(around target: SourceRange) -> Schema? {
        var schema = Schema()
        for declaration in declarations(in: target.file, holding: target.start.offset, target.end.offset) {
            // By name: a duplicate declaration at the target gives the first one, which is not at it.
            switch declaration {
            case .zone(let syntax): schema.zones += index.zone(named: syntax.name.name).map { [$0] } ?? []
            case .record(let syntax): schema.recordTypes += index.recordType(named: syntax.name.name).map { [$0] } ?? []
            case .model(let syntax): schema.models += index.model(named: syntax.name.name).map { [$0] } ?? []
            case .keyValue(let syntax): schema.keyValueStores += index.keyValueStore(named: syntax.name.name).map { [$0] } ?? []
            case .enumeration(let syntax): schema.enums += index.enumType(named: syntax.name.name).map { [$0] } ?? []
            case .role: return nil
            case .container, .subscription: break
            }
        }
        return schema
    }
}

extension LanguageServer {
    /// The document's folder as parsed, while its analysis is dropped (right after a change) and
    /// it holds `.cloudschema` files only; nil otherwise.
    mutating func parsedFolder(_ uri: String) -> ParsedFolder? {
        let scope = Self.scope(of: uri)
        guard analyses[scope] == nil, case let sources = sources(uri), sources.allSatisfy({ $0.0.hasSuffix(".cloudschema") })
        else { return nil }
        let basis = namesBasis(sources, modelProperties: true)
        return ParsedFolder(sources, parses: parses) { files in
            if let kept = keptIndexes[scope], kept.basis == basis { return kept.index.reading(files) }
            let index = ResolverIndex(files)
            resolverIndexCount += 1
            keptIndexes[scope] = (basis, index.withoutFiles)
            return index
        }
    }

    /// A file's text of `folder`, with its line index.
    func lineIndex(_ file: String, in folder: ParsedFolder) -> LSPText? {
        guard let bytes = folder.sources.first(where: { $0.0 == file })?.1 else { return nil }
        let open = lineIndexes[documentURI(of: file)]
        return open?.bytes == bytes ? open : LSPText(bytes, encoding: client.encoding)
    }
}
