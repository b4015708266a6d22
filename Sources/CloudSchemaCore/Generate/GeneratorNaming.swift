/// The Swift names generated code uses for schema names: one deterministic rule per
/// position, applied before any template sees a name.
///
/// - **Types** (records, enums): a name that would shadow a type the generated code
///   uses (`String`, `Date`, `Reference`, `Asset`, the nested `Field` enum, …; see
///   `reservedTypeNames`) gets a `_` suffix: `record String` → `struct String_`. The
///   CloudKit record type name stays `"String"`.
/// - **Properties** (fields): a name that would collide with a member every generated
///   record has (`recordID`, `serverVersion`, `recordType`, `Field`, …; see
///   `reservedMemberNames`) or with `Field.allKeys` gets a `_` suffix; the CloudKit key is
///   unchanged. The `Field` enum's keys take the properties' names.
/// - **Enum cases**: a name that collides with a member of the protocols generated enums
///   conform to (`rawValue`, `allCases`, `fieldType`, …) gets a `_` suffix.
/// - Then `SwiftNaming.identifier`: characters Swift doesn't allow become `_`, `Type`
///   and `Protocol` get `_`, keywords get backticks (`` `class` ``).
/// - A name that clashes with one already taken in the same scope gets more `_`
///   suffixes until it is unique, in declaration order.
public enum GeneratorNaming {
    /// Names the runtime and generated code use as types, besides `SwiftNaming.reservedTypeNames`.
    public static let runtimeTypeNames: Set<String> = [
        "Asset", "CloudFieldValue", "CloudRecord", "CloudSchemaRuntimeVersion", "InMemoryRecord", "Location",
        "RecordDecodingError", "RecordFieldType", "RecordID", "RecordReference", "RecordStorage", "RecordValue",
        "RecordZoneID", "Reference", "ReferenceAction", "SystemFieldsArchiveError", "Decimal", "Field",
        "CKRecord", "Testing", "XCTest",
        // Key-value stores, the registry and SwiftData (`CloudSchema.swift`).
        "KeyValueStorage", "InMemoryKeyValueStore", "KeyValueChange", "KeyValueChangeReason", "DecodedRecord",
        "SchemaRecord", "SyncedRecord", "DefaultZoneRecord", "PublicRecord", "SchemaRegistry", "SchemaModels", "SwiftData", "Model",
        "ModelConfiguration", "ModelContainer",
        "PersistentModel", "Schema", "CloudKit",
        // Queries and merges.
        "RecordQuery", "QueryPredicate", "QuerySort", "QueryArgument", "QueryableRecord", "QueryField", "QueryListField",
        "QueryLocationField", "TextSearch", "QueryIndex", "QueryableIndex", "SortableIndex", "QueryableSortableIndex",
        "FieldMergePolicy", "FieldConflict", "FieldChange", "RecordConflict",
        // Server versions and databases.
        "ServerVersion", "RecordFields", "RecordFieldValues", "DatabaseScope", "InMemoryDatabase",
        // Nested in every record type, so a type of that name would be shadowed there.
        "QueryFields", "CustomMerge",
        // A runtime function generated `==` calls, which a type of that name would shadow.
        "fieldEqual",
    ]

    /// Type names generated types may not take.
    public static let reservedTypeNames: Set<String> = SwiftNaming.reservedTypeNames.union(runtimeTypeNames)

    /// Members of every generated record type (and of the protocols it conforms to),
    /// which a field's property may not be named.
    public static let reservedMemberNames: Set<String> = [
        "recordType", "recordID", "systemFields", "Field", "encode", "makeInMemoryRecord", "makeCKRecord",
        "hash", "hashValue", "databaseScope", "zoneID", "serverVersion", "markSaved",
        // Queries and merges: the `QueryFields` handles share the fields' names, beside `textSearch`.
        "QueryFields", "queryFields", "query", "textSearch", "CustomMerge", "mergeConflict",
        // Generated code reaches the record type's field table as `Self.recordFields`, and
        // compares fields with the runtime's `fieldEqual`.
        "Self", "fieldEqual",
        // The `Field` enum has a key per field beside `allKeys`.
        "allKeys",
    ]

    /// Members of generated enums besides their cases: a case may not take these names.
    public static let reservedCaseNames: Set<String> = [
        "rawValue", "allCases", "fieldType", "recordValue", "hashValue", "hash", "RawValue", "AllCases",
    ]

    /// Parameter names that would shadow what the memberwise init's body uses (`self.x = x`):
    /// such a parameter gets an internal name with a `_` suffix.
    public static let shadowingParameterNames: Set<String> = ["self"]

    /// Whether `name` is one of `SwiftNaming.namesNeedingRenaming`, `Type` and `Protocol`: by
    /// length first, then compared (asked for every name generated; iterating the set cost more).
    static func needsRenaming(_ name: String) -> Bool {
        switch name.utf8.count {
        case 4: name == "Type"
        case 8: name == "Protocol"
        default: false
        }
    }

    /// Whether `name` is one of `shadowingParameterNames`: compared, not hashed (asked per field).
    static func isShadowingParameterName(_ name: String) -> Bool { shadowingParameterNames.contains { $0 == name } }

    /// The sanitised, unescaped name for `name` in a scope where `reserved` names are taken
    /// by generated code: `reserved` names and `Type`/`Protocol` get a `_` suffix.
    static func baseName(_ name: String, reserved: Set<String>) -> String {
        var base = SwiftNaming.sanitizedIdentifier(name)
        if reserved.contains(base) || needsRenaming(base) { base += "_" }
        return base
    }

    /// Picks unique names in one scope, in the order asked.
    struct Scope {
        /// Taken from the start. Kept apart from `claimed`, so that a scope per record type
        /// shares the reserved set instead of copying it on its first claim.
        private let reserved: Set<String>
        private var claimed: Set<String> = []

        /// `capacity`: about how many names will be claimed (room for them is made once).
        init(taken: Set<String> = [], capacity: Int = 0) {
            reserved = taken
            claimed.reserveCapacity(capacity)
        }

        /// `base`, or `base` with as many `_` appended as it takes to be free; marks it taken.
        mutating func claim(_ base: String) -> String {
            var name = base
            // Usually free at once: `insert` is the lookup in `claimed` as well.
            while reserved.contains(name) || needsRenaming(name) || !claimed.insert(name).inserted {
                name += "_"
            }
            return name
        }

        /// `claim(baseName(name, reserved:))` with this scope's reserved names, in one pass: the
        /// base name's `_` for a reserved name is the first `_` `claim` would add.
        mutating func claimBaseName(of name: String) -> String {
            claim(SwiftNaming.sanitizedIdentifier(name))
        }
    }
}
