import Foundation

/// A Swift value type generated for one record type.
///
/// A value read from a record (``init(record:)``) remembers that record's ``serverVersion``;
/// ``encode(to:)`` then writes only the fields the app changed since, so saving a record
/// restored from the system fields sends exactly the app's edits. A new value has no server
/// version and writes every field.
public protocol CloudRecord: Sendable {
    /// The CloudKit record type, e.g. `"Bed"`.
    static var recordType: String { get }
    /// The database the record type lives in (`private` for a custom zone: records shared with
    /// the user appear in the `shared` database, in the owner's zone).
    static var databaseScope: DatabaseScope { get }
    /// The zone new records of this type are created in: the schema's custom zone, or the
    /// default zone of the private or public database.
    static var zoneID: RecordZoneID { get }
    /// The record's ID.
    var recordID: RecordID { get }
    /// The server version this value was read from or last saved as; `nil` for a new value.
    var serverVersion: ServerVersion? { get set }
    /// Decodes a record. Throws if the record type or any field is wrong; values this version of
    /// the app doesn't know (enum raw values, fields) never make it throw.
    init(record: some RecordStorage) throws(RecordDecodingError)
    /// Writes the fields changed since ``serverVersion`` (every field for a new value), the
    /// encrypted ones to encrypted storage, and the parent with its field. Doesn't touch the
    /// record ID, type or system fields.
    func encode(to record: some RecordStorage)
}

extension CloudRecord {
    /// The archived system fields of ``serverVersion``, or `nil` for a value never saved.
    public var systemFields: Data? { serverVersion?.systemFields }

    /// An in-memory record to save for this value: restored from ``systemFields`` when there are
    /// some (same ID and change tag) with the changed fields set, otherwise a new record with
    /// ``recordID`` and every field.
    public func makeInMemoryRecord() throws(SystemFieldsArchiveError) -> InMemoryRecord {
        let record: InMemoryRecord
        if let systemFields {
            record = try InMemoryRecord(systemFieldsArchive: systemFields)
        } else {
            record = InMemoryRecord(recordType: Self.recordType, recordID: recordID)
        }
        encode(to: record)
        return record
    }

    /// Remembers a successful save (CKSyncEngine's `sentRecordZoneChanges.savedRecords`): the
    /// saved record's system fields and the field values it carried become the server version,
    /// so the next save sends only later edits. A field edited again after the save was built
    /// differs from what was saved and stays changed.
    public mutating func markSaved(_ savedRecord: some RecordStorage) {
        let sent = InMemoryRecord(recordType: Self.recordType, recordID: recordID)
        encode(to: sent)
        var fields = serverVersion?.fields ?? [:]
        var unsaved = serverVersion?.unsavedKeys ?? []
        for key in sent.changedFieldKeys {
            let value = sent[field: key] ?? sent[encryptedField: key]
            guard value == savedRecord[field: key] ?? savedRecord[encryptedField: key] else { continue }
            fields[key] = value
            unsaved.remove(key)
        }
        serverVersion = ServerVersion(systemFields: savedRecord.archiveSystemFields(), fields: fields, unsavedKeys: unsaved)
    }
}
