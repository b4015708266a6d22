import CloudKit
import CloudSchemaRuntime
import Foundation

/// The app's local Garden data: what the sync engine sends from and writes fetched records into.
///
/// Kept in memory to keep the example short. An app keeps it in its own database, with two rules:
/// - keep each value with its `serverVersion` (the system fields and field values it was read
///   with): a save then sends only the fields edited since, and a conflict merge can tell who
///   changed what;
/// - save `syncState` in the same transaction as the records it describes: after a relaunch the
///   engine fetches only what changed since that state.
@available(iOS 17, macOS 14, *)
struct GardenStore: Sendable {
    /// Beds and plants (`SyncedRecord`: the private database's record types) by record ID.
    var records: [RecordID: SyncedRecord] = [:]
    /// Records this version of the app can't read: a record type a newer version added, or a
    /// record of a known type that doesn't decode. Kept as fetched, never dropped: the engine
    /// won't fetch them again, so an app update that knows them decodes them from here.
    var undecodedRecords: [RecordID: CKRecord] = [:]
    /// `CKSyncEngine.State.Serialization` as JSON: what was fetched and what is still to send.
    /// `nil` before the first sync and after an account change.
    var syncState: Data?

    var beds: [Bed] {
        records.values.compactMap { if case .bed(let bed) = $0 { bed } else { nil } }
    }

    var plants: [Plant] {
        records.values.compactMap { if case .plant(let plant) = $0 { plant } else { nil } }
    }

    /// Forgets every record of a zone (the zone is gone from the server).
    mutating func removeRecords(inZone zoneID: RecordZoneID) {
        records = records.filter { $0.key.zoneID != zoneID }
        undecodedRecords = undecodedRecords.filter { $0.key.zoneID != zoneID }
    }
}
