/// The types a `.cloudschema` file names: the one table the resolver reads them from and the
/// README lists (a test compares the two). `FieldType.description` spells them back with an
/// exhaustive switch, so a new `FieldType` case cannot be forgotten there.
package enum TypeCatalog {
    /// The built-in types; `Decimal` only in models (the resolver says so elsewhere).
    static let builtins: [(name: String, type: FieldType)] = [
        ("String", .string), ("Int64", .int64), ("Int", .int), ("Double", .double), ("Bool", .bool),
        ("Date", .date), ("Data", .data), ("UUID", .uuid), ("URL", .url), ("Asset", .asset),
        ("Location", .location), ("Decimal", .decimal),
    ]

    /// `Reference<T>`, or untyped `Reference`: takes a record type as its generic argument.
    static let reference = "Reference"

    /// `.ckdb`'s `NUMBER`: `Number`, or `Number<Int64>` / `Number<Double>` for `NUMBER PREFERRED AS
    /// INT64 | DOUBLE`. Record fields only: CloudKit infers it in development (ckdb-language 1.2).
    static let number = "Number"

    /// Every name the language defines, for "did you mean" hints.
    package static let names = builtins.map(\.name) + [reference, number]

    /// A scan, not a dictionary: as cheap as a switch for a dozen names, no hashing.
    static func builtin(_ name: String) -> FieldType? {
        for entry in builtins where entry.name == name { return entry.type }
        return nil
    }
}
