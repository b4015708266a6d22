/// CloudKit's implicit fields, which every record type has: read by the resolver (a
/// `.cloudschema` field written with a system key), the `.ckdb` parser, exporter and importer.
public enum SystemFields {
    /// The implicit fields with their fixed types, in export order.
    public static let all: [(name: String, type: FieldType)] = [
        ("___createTime", .date), ("___createdBy", .reference(target: nil)), ("___etag", .string),
        ("___modTime", .date), ("___modifiedBy", .reference(target: nil)), ("___recordID", .reference(target: nil)),
    ]

    /// The record name, which `@queryable` on a record type indexes.
    public static let recordID = "___recordID"

    public static func contains(_ key: String) -> Bool { all.contains { $0.name == key } }

    /// The system field behind a CKRecord metadata key that query predicates and sort descriptors
    /// use (`CKRecord.SystemFieldKey`), whose indexes the `.ckdb` system field carries: `creationDate`
    /// is `___createTime`. The pairing is observed, not spelled out by Apple
    /// (reference/ckdb-language.md, 1.5).
    public static func field(forMetadataKey key: String) -> String? {
        switch key {
        case "creationDate": "___createTime"
        case "creatorUserRecordID": "___createdBy"
        case "modificationDate": "___modTime"
        case "lastModifiedUserRecordID": "___modifiedBy"
        case "recordID": "___recordID"
        default: nil
        }
    }

    static func type(of key: String) -> FieldType? {
        // Each system key starts with "___": one byte rules out almost every key (this runs per field).
        guard key.utf8.first == UInt8(ascii: "_") else { return nil }
        return all.first { $0.name == key }?.type
    }
}

extension Field {
    /// A CloudKit system field (`"___recordID"`...): from `.ckdb` (`isSystem`) or written by key in `.cloudschema`.
    public var isCloudKitSystemField: Bool { isSystem || SystemFields.contains(key) }
}
