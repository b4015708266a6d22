/// Names and rules of Apple's CloudKit Schema Language (`.ckdb`) shared by the parser,
/// exporter, importer and Core Data mirroring.
public enum CKDB {
    /// The field options that declare indexes (`QUERYABLE`...), from the attribute table.
    static let indexOptions = AttributeCatalog.indexes.map { (word: $0.name.uppercased(), index: $0.index) }

    /// The built-in roles as CloudKit names them.
    public static let builtInRoles: [String: Grant.Grantee] = ["_creator": .creator, "_icloud": .icloud, "_world": .world]

    /// Apple's reserved words: names spelled like these must be written in double quotes.
    /// Matched without regard to letter case, as keywords are.
    public static let reservedWords: Set<String> = ["GRANT", "PREFERRED", "QUERYABLE", "SORTABLE", "SEARCHABLE"]

    /// CloudKit's own record types, which exports list beside the app's: the user record type
    /// (`CKRecordTypeUserRecord`, `Users`) and the share record type (`CKRecordTypeShare`), which
    /// exports write quoted as `"cloudkit.share"` with `"cloudkit.*"` fields. Any `cloudkit.` name is
    /// CloudKit's: a dot is not allowed in a user identifier.
    public static func isSystemRecordType(_ name: String) -> Bool { name == "Users" || name.hasPrefix("cloudkit.") }

    /// A field CloudKit defines on one of its own record types: `"___*"` or `"cloudkit.*"`.
    static func isSystemRecordTypeField(_ key: String) -> Bool { key.hasPrefix("___") || key.hasPrefix("cloudkit.") }

    /// The grants exports list on a record type created without any (CKDBExporter).
    public static let defaultGrants: [Grant] = [
        Grant(permissions: .write, grantee: .creator), Grant(permissions: .create, grantee: .icloud),
        Grant(permissions: .read, grantee: .world),
    ]

    /// The grants a record type has once deployed: its own, or the defaults when it lists none.
    public static func deployedGrants(of record: RecordType) -> [Grant] { record.grants.isEmpty ? defaultGrants : record.grants }

    /// Exactly the grants `cktool export-schema` writes on every record type, private ones included
    /// (`GRANT WRITE TO "_creator"`, `GRANT CREATE TO "_icloud"`, `GRANT READ TO "_world"`): they
    /// say nothing about where the type lives.
    static func areDefaultGrants(_ grants: [Grant]) -> Bool {
        let defaults = defaultGrants
        return grants.count == defaults.count
            && defaults.allSatisfy { d in grants.contains { $0.grantee == d.grantee && $0.permissions == d.permissions } }
    }

    /// The prefix `NSPersistentCloudKitContainer` gives record types and fields it creates.
    public static let coreDataPrefix = "CD_"

    /// `[A-Za-z][A-Za-z0-9_]*`: a user identifier as Apple's rules allow it.
    public static func isUserIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, isLetter(first) else { return false }
        return name.utf8.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }

    /// A name as it must be written in `.ckdb`: quoted when it is a system name (leading `_`),
    /// a reserved word, or not a plain identifier; unquoted otherwise (as `cktool` exports do).
    public static func spelled(_ name: String) -> String {
        isUserIdentifier(name) && !reservedWords.contains(name.uppercased()) ? name : "\"\(name)\""
    }

    /// Raw byte order of names, the order `cktool export-schema` sorts record types, fields and grants in.
    static func byteOrder(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }

    /// Grants in export order: by role name bytes, then permissions (`READ` < `CREATE` < `WRITE`).
    static func exportOrder(_ a: Grant, _ b: Grant) -> Bool {
        a.grantee.cloudKitName != b.grantee.cloudKitName
            ? byteOrder(a.grantee.cloudKitName, b.grantee.cloudKitName) : a.permissions.rawValue < b.permissions.rawValue
    }

    static func isLetter(_ c: UInt8) -> Bool { (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) }
}

extension RecordType {
    /// One of CloudKit's own record types (`Users`, `cloudkit.share`), as exports list them.
    public var isCloudKitSystemType: Bool { CKDB.isSystemRecordType(cloudKitName) }

    /// A record type `NSPersistentCloudKitContainer` creates: `CD_<Entity>`, or `CDMR` for
    /// many-to-many relationships. It lives in the private database's Core Data zone.
    public var isCoreDataMirror: Bool { Self.isCoreDataMirror(cloudKitName: cloudKitName) }

    /// `isCoreDataMirror` from the name alone, for lint to read a record type in place.
    static func isCoreDataMirror(cloudKitName: String) -> Bool {
        (cloudKitName.hasPrefix(CKDB.coreDataPrefix) && cloudKitName.count > CKDB.coreDataPrefix.count)
            || cloudKitName == CoreDataMirror.manyToManyRecordType
    }

    /// For a `CD_`-prefixed record type: the Core Data / SwiftData entity it mirrors
    /// (`CD_Harvest` → `Harvest`). `NSPersistentCloudKitContainer` creates and owns such types.
    public var coreDataEntityName: String? {
        guard cloudKitName.hasPrefix(CKDB.coreDataPrefix), cloudKitName.count > CKDB.coreDataPrefix.count else { return nil }
        return String(cloudKitName.dropFirst(CKDB.coreDataPrefix.count))
    }
}
