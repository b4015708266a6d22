import Foundation

/// A stand-in for one CloudKit database in tests: it keeps records by ID and saves the way
/// CloudKit's default save policy (`.ifServerRecordUnchanged`) does: a save of a record whose
/// change tag isn't the server's is refused with the server's record (`.serverRecordChanged`),
/// and an accepted save writes only the record's changed keys, leaving every other field as the
/// server has it, then gives the record a new change tag.
///
/// Like ``InMemoryRecord`` it is not `Sendable`; keep it in one isolation domain.
public final class InMemoryDatabase {
    private var records: [RecordID: InMemoryRecord] = [:]

    /// An empty database.
    public init() {}

    /// What a save did.
    public enum SaveResult {
        /// Saved: the server's record after the save, with its new change tag.
        case saved(InMemoryRecord)
        /// Refused: the server has a newer version (`CKError.Code.serverRecordChanged`); this
        /// is it, to merge with.
        case serverRecordChanged(serverRecord: InMemoryRecord)
        /// Refused: the record has a change tag but the server has no such record
        /// (`CKError.Code.unknownItem`).
        case unknownItem
    }

    /// Saves `record` (typically restored from system fields, with the app's changes set).
    public func save(_ record: InMemoryRecord) -> SaveResult {
        let server: InMemoryRecord
        if let existing = records[record.recordID] {
            guard existing.recordChangeTag == record.recordChangeTag, existing.recordType == record.recordType else {
                return .serverRecordChanged(serverRecord: existing.copy())
            }
            server = existing
        } else {
            guard record.recordChangeTag == nil else { return .unknownItem }
            server = InMemoryRecord(recordType: record.recordType, recordID: record.recordID)
        }
        server.applyChanges(of: record)
        server.simulateServerSave()
        records[record.recordID] = server
        return .saved(server.copy())
    }

    /// The server's record, as a fetch returns it: a copy with no changed keys.
    public func fetch(_ recordID: RecordID) -> InMemoryRecord? {
        records[recordID]?.copy()
    }
}

/// Records shared across isolation domains would race.
@available(*, unavailable)
extension InMemoryDatabase: Sendable {}
