import Foundation

/// A Swift value type generated for one record type.
///
/// Generated conformances decode every field in ``init(record:)`` and write every field in
/// ``encode(to:)``; they keep the record's ID and archived system fields so an edited value can be
/// saved against the server version it came from (no spurious `serverRecordChanged`).
public protocol CloudRecord: Sendable {
    /// The CloudKit record type, e.g. `"Bed"`.
    static var recordType: String { get }
    /// The record's ID.
    var recordID: RecordID { get }
    /// The record's archived system fields (``RecordStorage/archiveSystemFields()``), or `nil`
    /// for a value that has never been saved.
    var systemFields: Data? { get }
    /// Decodes a record. Throws if the record type or any field is wrong.
    init(record: some RecordStorage) throws(RecordDecodingError)
    /// Writes every field, the encrypted ones to encrypted storage, and the parent if any.
    /// Doesn't touch the record ID, type or system fields.
    func encode(to record: some RecordStorage)
}

extension CloudRecord {
    /// An in-memory record holding this value: restored from ``systemFields`` when there are some
    /// (same ID and change tag), otherwise a new record with ``recordID``.
    public func makeInMemoryRecord() throws(SystemFieldsArchiveError) -> InMemoryRecord {
        let record = try systemFields.map { data throws(SystemFieldsArchiveError) in
            try InMemoryRecord(systemFieldsArchive: data)
        } ?? InMemoryRecord(recordType: Self.recordType, recordID: recordID)
        encode(to: record)
        return record
    }
}
