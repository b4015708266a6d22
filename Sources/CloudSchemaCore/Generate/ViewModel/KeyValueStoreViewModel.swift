/// A `keyvalue` declaration (`KeyValueStoreViewModel`).
public struct KeyValueStoreViewModel: Sendable {
    /// Members of every generated accessor, which a key's property may not be named.
    static let reservedMemberNames: Set<String> = ["store", "changes", "reset", "Key", "Change", "init"]

    public var name: String
    public var swiftName: String
    public var doc: String?
    public var keys: [KeyValueKeyViewModel]
    public var sourcePath: String?

    init(_ store: KeyValueStore, names: SchemaNames) {
        name = store.name
        swiftName = names.typeName(store.name)
        doc = store.doc
        sourcePath = store.spans.range?.file ?? store.spans.name?.file
        var scope = GeneratorNaming.Scope(taken: Self.reservedMemberNames)
        keys = store.keys.map { key in
            let base = scope.claimBaseName(of: key.name)
            return KeyValueKeyViewModel(key, base: base, names: names)
        }
    }

    var templateValue: TemplateValue {
        [
            "name": .string(name),
            "swiftName": .string(swiftName),
            "doc": doc.map(TemplateValue.string) ?? .null,
            "keys": .array(keys.map(\.templateValue)),
            "sourceFile": .string(sourcePath.map { FileViewModel(sourcePath: $0).sourceFile } ?? ""),
        ]
    }
}
