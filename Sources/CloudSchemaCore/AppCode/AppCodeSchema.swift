/// The record types app code is checked against, by CloudKit name, with how sure each fact is:
/// `.cloudschema` and `.ckdb` record types state their fields, types, indexes and encryption;
/// the record types derived from SwiftData models (`CD_…`, CoreDataMirror) and SQLiteData tables
/// (SQLiteDataMirror) are what the mirror is believed to write, so findings on them are warnings.
struct AppCodeSchema: Sendable {
    struct Entry: Sendable {
        var record: RecordType
        var fields: [String: Field]
        /// Read from a `.cloudschema` or `.ckdb` file, not derived.
        var isStated: Bool
        /// Every field is listed: stated, not a Core Data mirror (whose `_ckAsset` fields appear
        /// just in time), and with a field of its own (a `.ckdb` may list a type by name only).
        var listsEveryField: Bool
    }

    private(set) var types: [String: Entry] = [:]
    /// Record types of the container are listed: a `.cloudschema` or `.ckdb` file was read.
    private(set) var listsTypes = false
    /// The `.ckdb` files read, when none of the files read is known to list every record type
    /// (`isWholeSchema`): a record type they lack may be one they leave out.
    private(set) var partialFiles: [String] = []
    /// Every record type of the container is listed.
    var listsEveryType: Bool { listsTypes && partialFiles.isEmpty }
    /// The record types with each field key (system keys left out), for a record whose type the
    /// code does not say.
    private(set) var typesByKey: [String: [String]] = [:]

    init() {}

    init(_ schema: Schema) {
        var ckdbFiles: Set<String> = []
        var isWhole = false
        for record in schema.recordTypes {
            if record.format == .ckdb, let file = record.spans.range?.file { ckdbFiles.insert(file) }
            isWhole = isWhole || Self.isWholeSchema(record)
            guard types[record.cloudKitName] == nil else { continue }
            let listsFields = !record.isCoreDataMirror && record.fields.contains { !$0.isCloudKitSystemField }
            add(record, isStated: true, listsEveryField: listsFields)
            listsTypes = true
        }
        if !isWhole { partialFiles = ckdbFiles.sorted() }
        // Core Data mirrors no model of a store without CloudKit (`MODEL_LOCAL_STORE`).
        var mirrored = schema
        let local = Set(schema.localModels.filter(\.isCertain).flatMap(\.models))
        mirrored.models.removeAll { local.contains($0.name) }
        for record in CoreDataMirror.recordTypes(for: mirrored) + SQLiteDataMirror.recordTypes(for: schema.sqlite)
        where types[record.cloudKitName] == nil {
            add(record, isStated: false, listsEveryField: false)
        }
    }

    /// Whether `record` says its file lists every record type of the container: a `.cloudschema`
    /// file is the app's whole schema; a `.ckdb` file is when it lists CloudKit's `Users` type,
    /// which every `cktool export-schema` file has (ckdb-language.md §2.2, 16 of 16 exports in the
    /// corpus) and a file written to add a few types to a container (`cktool import-schema`) need not.
    static func isWholeSchema(_ record: RecordType) -> Bool {
        record.format == .cloudschema || record.cloudKitName == usersType
    }

    /// CloudKit's user record type (`CKRecordTypeUserRecord`) as exports name it.
    static let usersType = "Users"

    private mutating func add(_ record: RecordType, isStated: Bool, listsEveryField: Bool) {
        var fields: [String: Field] = [:]
        for field in record.fields where fields[field.key] == nil { fields[field.key] = field }
        types[record.cloudKitName] = Entry(record: record, fields: fields, isStated: isStated, listsEveryField: listsEveryField)
        for key in fields.keys where !SystemFields.contains(key) { typesByKey[key, default: []].append(record.cloudKitName) }
    }

    var isEmpty: Bool { types.isEmpty }

    /// What a key names on a record of `type` (nil: a record whose type is not known).
    enum Lookup {
        /// `isTypeKnown` is false for a record whose type the code does not say, when one record
        /// type alone has the key: it is that type's field, unless the record has another type and
        /// the key is a mistake, so findings about it are warnings.
        case field(Field, Entry, isTypeKnown: Bool)
        /// No record type has the key, or the known one lacks it; `isSure` when the record type
        /// (or, for an unknown type, the container) lists every field.
        case unknown(isSure: Bool, suggestion: String?)
        /// Nothing to check: a key of another record type when the type is not known, a record
        /// type the schema does not list, or a CKRecord metadata key.
        case notChecked
    }

    /// `metadata`: the key is a predicate's or sort's, where CKRecord's metadata keys
    /// (`creationDate`) name the system fields; subscripts never store those.
    func lookup(_ key: String, in type: String?, metadata: Bool) -> Lookup {
        let systemKey = metadata ? SystemFields.field(forMetadataKey: key) : nil
        if systemKey == nil, SystemFields.contains(key) || RecordRules.recordPropertyKeys.contains(key) { return .notChecked }
        guard let type else {
            if systemKey != nil { return .notChecked }
            if let owners = typesByKey[key] {
                guard owners.count == 1, let entry = types[owners[0]], let field = entry.fields[key] else { return .notChecked }
                return .field(field, entry, isTypeKnown: false)
            }
            guard listsTypes else { return .notChecked }
            return .unknown(isSure: false, suggestion: Spelling.closest(to: key, among: typesByKey.keys.sorted()))
        }
        guard let entry = types[type] else { return .notChecked }
        if let field = entry.fields[systemKey ?? key] { return .field(field, entry, isTypeKnown: true) }
        if systemKey != nil { return .notChecked }
        let keys = entry.fields.keys.filter { !SystemFields.contains($0) }.sorted()
        return .unknown(isSure: entry.listsEveryField, suggestion: Spelling.closest(to: key, among: keys))
    }

    /// Whether the schema states `field`'s indexes: a stated field, and for a system field one a
    /// `.ckdb` file lists (only `.ckdb` can state their indexes; one it leaves out is added without any).
    static func statesIndexes(of field: Field, in entry: Entry) -> Bool {
        guard entry.isStated else { return false }
        guard field.isCloudKitSystemField else { return true }
        return entry.record.format == .ckdb && field.spans.range != nil
    }
}
