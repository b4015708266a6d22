/// The schema's declared names as `Resolver.resolve` indexes them, with the enums resolved, and
/// any one zone, record type, model or keyvalue store resolved alone when asked: what the language
/// server needs to find the symbol under the cursor and its declaration, and to describe it, right
/// after a change, without resolving the whole schema. A declaration resolved here is what `resolve` makes of
/// it: pass 2 resolves each declaration from pass 1's index and the enums only (its "did you
/// mean" hints, which depend on what was asked before, are not kept: only diagnostics have them).
///
/// Pass 1 reads of the trees only each declaration's kind and name, each enum's cases and each
/// model's property names: an index made for trees that declare the same is this one with the new
/// trees (`reading`), as a keystroke in a field usually leaves them, and costs nothing to make.
package struct ResolverIndex {
    private var resolver = Resolver()
    private var files: [SourceFileSyntax]
    /// Where the declaration pass 2 resolves for each name (not a duplicate) is, by name.
    private var kept: [String: (file: Int, declaration: Int)] = [:]
    package let zones: Set<String>
    package let roles: Set<String>
    /// Every name declared: zones, roles, enums, record types, models and keyvalue stores.
    package let declared: Set<String>
    /// Each enum's cases, by the enum's name.
    package let enumCases: [String: Set<String>]

    /// For the trees `resolve` is given (`.cloudschema` files only: no `.ckdb` record types are
    /// merged in, no Swift models named).
    package init(_ files: [SourceFileSyntax]) {
        self.files = files
        var schema = Schema()
        let resolves = resolver.indexAndResolveEnums(files, into: &schema)
        var position = 0
        var zones: Set<String> = []
        var roles: Set<String> = []
        var enumCases: [String: Set<String>] = [:]
        for type in schema.enums where enumCases[type.name] == nil { enumCases[type.name] = Set(type.cases.map(\.name)) }
        kept.reserveCapacity(resolves.count)
        for f in files.indices {
            for d in files[f].declarations.indices {
                defer { position += 1 }
                guard resolves[position] else { continue }
                switch files[f].declarations[d] {
                case .zone(let syntax):
                    zones.insert(syntax.name.name)
                    kept[syntax.name.name] = (f, d)
                case .role(let syntax): roles.insert(syntax.name.name)
                case .record(let syntax): kept[syntax.name.name] = (f, d)
                case .enumeration(let syntax): kept[syntax.name.name] = (f, d)
                case .model(let syntax): kept[syntax.name.name] = (f, d)
                case .keyValue(let syntax): kept[syntax.name.name] = (f, d)
                case .container, .subscription: break
                }
            }
        }
        self.zones = zones
        self.roles = roles
        self.enumCases = enumCases
        declared = Set(kept.keys).union(enumCases.keys).union(roles)
    }

    /// This index for `files`, which declare what the trees it was made for declare (same kinds,
    /// names, enum cases and model properties, in the same order, wherever they are written): each
    /// declaration resolves from it as from a new index. The caller checks that they do.
    package func reading(_ files: [SourceFileSyntax]) -> ResolverIndex {
        var index = self
        index.files = files
        index.resolver.diagnostics = []
        return index
    }

    /// Without its trees, to keep across a change: a reparse moves the kept part of a tree in place,
    /// which another holder of it would make a copy of the whole tree.
    package var withoutFiles: ResolverIndex {
        var index = self
        index.files = []
        return index
    }

    private func declaration(_ name: String) -> DeclarationSyntax? { kept[name].map { files[$0.file].declarations[$0.declaration] } }

    /// Resolved again from the tree, not pass 1's: the index may have been made for trees where
    /// the enum was written elsewhere (`reading`), and its ranges are the tree's.
    package mutating func enumType(named name: String) -> EnumType? {
        guard case .enumeration(let syntax)? = declaration(name) else { return nil }
        return resolver.resolveEnum(syntax)
    }

    package mutating func zone(named name: String) -> Zone? {
        guard case .zone(let syntax)? = declaration(name) else { return nil }
        return resolver.resolveZone(syntax)
    }

    package mutating func recordType(named name: String) -> RecordType? {
        guard case .record(let syntax)? = declaration(name) else { return nil }
        return resolver.resolveRecord(syntax)
    }

    package mutating func model(named name: String) -> Model? {
        guard case .model(let syntax)? = declaration(name) else { return nil }
        return resolver.resolveModel(syntax)
    }

    package mutating func keyValueStore(named name: String) -> KeyValueStore? {
        guard case .keyValue(let syntax)? = declaration(name) else { return nil }
        return resolver.resolveKeyValue(syntax)
    }
}
