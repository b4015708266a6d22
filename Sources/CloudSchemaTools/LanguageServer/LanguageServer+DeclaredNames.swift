import CloudSchemaCore

/// The names completion offers (declarations, enum cases), kept across changes that leave them
/// as they were, so completion right after a keystroke needs the changed file's parse and not
/// the folder's analysis. They are the resolved schema's, so they are the analysis's answer:
/// what they are read from (`NamesBasis`) is every input that decides them, and they are used
/// only while each input still gives the same basis.
extension LanguageServer {
    struct DeclaredNames {
        var enums: [(name: String, cases: [String])]
        var models: [String]
        var recordTypes: [String]
        var zones: [String]
        var roles: [String]
        var basis: [NamesBasis]

        init(_ schema: Schema, basis: [NamesBasis]) {
            enums = schema.enums.map { ($0.name, $0.cases.map(\.name)) }
            models = schema.models.map(\.name)
            recordTypes = schema.recordTypes.map(\.name)
            zones = schema.zones.map(\.name)
            roles = schema.roles.map(\.name)
            self.basis = basis
        }
    }

    /// One input of a folder's names: a `.cloudschema` file by what of it the resolver's names
    /// depend on, any other file by its text.
    struct NamesBasis: Equatable {
        var path: String
        var what: [UInt8]
    }

    /// The folder's declared names: the kept ones while their basis holds, else the analysis's.
    mutating func declaredNames(_ uri: String) -> DeclaredNames {
        let scope = Self.scope(of: uri)
        let basis = namesBasis(sources(uri))
        if let kept = keptNames[scope], kept.basis == basis { return kept }
        let names = DeclaredNames(analysis(uri).loaded.schema, basis: basis)
        keptNames[scope] = names
        return names
    }

    /// `modelProperties`: with each model's property names, which the resolver's first pass also
    /// reads (`ResolverIndex`).
    func namesBasis(_ sources: [(String, [UInt8])], modelProperties: Bool = false) -> [NamesBasis] {
        sources.map { path, bytes in
            // As `SchemaLoader.load` tells them apart: what it does not parse as `.cloudschema` by its text.
            let other = [".ckdb", ".sql", ".swift", ".entitlements"].contains { path.hasSuffix($0) }
            guard !other, SchemaLoader.notTextDiagnostic(bytes, file: path) == nil else { return NamesBasis(path: path, what: bytes) }
            let syntax = parses.parse(bytes, file: path).syntax
            return NamesBasis(path: path, what: Self.namesSignature(syntax, bytes, modelProperties: modelProperties))
        }
    }

    /// What of a `.cloudschema` file the schema's names depend on, declaration by declaration:
    /// its kind and name (the resolver keeps the first of duplicates), an enum's whole text (its
    /// cases), a record type's attributes (`@name` decides whether a `.ckdb` record type of the
    /// same CloudKit name is merged in).
    static func namesSignature(_ syntax: SourceFileSyntax, _ bytes: [UInt8], modelProperties: Bool = false) -> [UInt8] {
        var signature: [UInt8] = []
        func text(_ range: SourceRange) {
            signature += bytes[min(range.start.offset, bytes.count)..<min(range.end.offset, bytes.count)]
            signature.append(0)
        }
        for declaration in syntax.declarations {
            switch declaration {
            case .container: signature.append(1)
            case .role(let role): signature.append(2); signature += role.name.name.utf8
            case .zone(let zone): signature.append(3); signature += zone.name.name.utf8
            case .enumeration(let type): signature.append(4); text(type.range)
            case .record(let record):
                signature.append(5)
                signature += record.name.name.utf8
                for attribute in record.attributes { text(attribute.range) }
            case .model(let model):
                signature.append(6)
                signature += model.name.name.utf8
                for property in model.properties where modelProperties {
                    signature.append(0)
                    signature += property.name.name.utf8
                }
            case .keyValue(let store): signature.append(7); signature += store.name.name.utf8
            case .subscription(let subscription): signature.append(8); signature += subscription.name.name.utf8
            }
            signature.append(0)
        }
        return signature
    }
}
