/// The CloudKit record types SQLiteData's `SyncEngine` writes for the synced tables, so
/// `cloudschema export --format ckdb` shows what a production schema will hold. Follows
/// sync-compat-rules.md §2.2 (sqlite-data CloudKit+StructuredQueries.swift, `update(with:)`):
///
/// - one record type per synced table, named as the table, in SQLiteData's own zone;
/// - each column as the field of the same name, in `encryptedValues` (ENCRYPTED) with its
///   CloudKit type, except a BLOB, which is a plain ASSET;
/// - beside each column an ENCRYPTED INT64 `sqlitedata_icloud_userModificationTime_<column>`, and
///   one `sqlitedata_icloud_userModificationTime` per record (field-wise last edit wins).
///
/// UNSURE, and decided here: SQLiteData binds values by their Swift type, which SQL does not
/// state, so a column's type comes from its declared type: a name with `DATE` or `TIME` is
/// TIMESTAMP, `BOOL` is INT64, otherwise SQLite's affinity (INTEGER → INT64, REAL and NUMERIC →
/// DOUBLE, TEXT → STRING). The `<blob>_hash` field's type is not in the notes; it is written as
/// ENCRYPTED BYTES (a SHA-256 digest).
public enum SQLiteDataMirror {
    static let modificationTime = "sqlitedata_icloud_userModificationTime"
    /// The zone SyncEngine writes to by default (sync-compat-rules.md §2.2).
    public static let zoneName = "co.pointfree.SQLiteData.defaultZone"

    public static func recordTypes(for sqlite: SQLiteSchema) -> [RecordType] {
        sqlite.tables.filter { sqlite.isSynced($0.name) }.map { table in
            var fields = [Field(name: modificationTime, type: .int64, isOptional: true, isEncrypted: true)]
            for column in table.columns {
                let type = fieldType(column)
                fields.append(
                    Field(name: column.name, type: type, isOptional: true, isEncrypted: type != .asset, spans: column.spans))
                if type == .asset {
                    fields.append(Field(name: column.name + "_hash", type: .data, isOptional: true, isEncrypted: true))
                }
                fields.append(
                    Field(name: "\(modificationTime)_\(column.name)", type: .int64, isOptional: true, isEncrypted: true))
            }
            return RecordType(
                name: table.name, placement: .zone(zoneName), fields: fields,
                grants: CKDB.defaultGrants, spans: table.spans)
        }
    }

    static func fieldType(_ column: SQLColumn) -> FieldType {
        let declared = column.type.uppercased()
        if declared.contains("DATE") || declared.contains("TIME") { return .date }
        if declared.contains("BOOL") { return .int64 }
        switch column.affinity {
        case .integer: return .int64
        case .text: return .string
        case .blob: return .asset
        case .real, .numeric: return .double
        }
    }
}
