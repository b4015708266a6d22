// A CKSyncEngine delegate for the Garden schema (Schemas/Garden), written against the generated
// code (`SyncedRecord`, `SchemaRegistry`, `Bed`, `Plant`) and CloudSchemaRuntime. In an app the
// generated code is a module of its own: add `import Garden` (or whatever the target is called).
// Examples/typecheck.sh type-checks this file against Apple's SDK on Linux.
import CloudKit
import CloudSchemaRuntime
import Foundation
import os

/// Syncs beds and plants, the Garden schema's private-database records (in the custom zone
/// "GardenBeds"), between `store` and iCloud.
///
/// The public database's `Species` is not here: CKSyncEngine can't sync the public database
/// (query it with `RecordQuery` and save it with a `CKDatabase`).
@available(iOS 17, macOS 14, *)
actor GardenSyncEngine: CKSyncEngineDelegate {
    /// The app's data. Read it, edit a value, and hand it back to ``save(_:)``.
    private(set) var store: GardenStore
    /// Persists the store (records and sync state together) after every change.
    private let persist: @Sendable (GardenStore) async -> Void
    private let database: CKDatabase
    private var createdEngine: CKSyncEngine?
    private let logger = Logger(subsystem: "app.gardenlog", category: "sync")

    init(
        containerIdentifier: String = "iCloud.app.gardenlog", store: GardenStore,
        persist: @escaping @Sendable (GardenStore) async -> Void
    ) {
        self.database = CKContainer(identifier: containerIdentifier).privateCloudDatabase
        self.store = store
        self.persist = persist
    }

    /// The sync engine, created on first use from the saved state, and again after an account
    /// change wiped that state.
    private var engine: CKSyncEngine {
        if let createdEngine { return createdEngine }
        let state = store.syncState.flatMap { try? JSONDecoder().decode(CKSyncEngine.State.Serialization.self, from: $0) }
        let engine = CKSyncEngine(CKSyncEngine.Configuration(database: database, stateSerialization: state, delegate: self))
        if state == nil {
            // First sync (or a new account): create the schema's zones before any record is sent.
            engine.state.add(pendingDatabaseChanges: SchemaRegistry.recordZones.map { .saveZone($0) })
        }
        createdEngine = engine
        return engine
    }

    // MARK: - The app's changes

    /// Saves a new bed or plant, or one read from ``store`` and edited (it carries the server
    /// version the edit is based on): into the store now, to iCloud when the engine next sends.
    func save(_ value: SyncedRecord) async {
        store.records[value.recordID] = value
        await persist(store)
        engine.state.add(pendingRecordZoneChanges: [.saveRecord(value.recordID.ckRecordID)])
    }

    /// Deletes a bed or plant. (Deleting a bed also deletes its plants on the server: their
    /// `bed` reference is `deleteSelf`.)
    func delete(_ recordID: RecordID) async {
        store.records[recordID] = nil
        await persist(store)
        engine.state.add(pendingRecordZoneChanges: [.deleteRecord(recordID.ckRecordID)])
    }

    /// Fetches and sends now, e.g. on pull-to-refresh. The engine also syncs by itself.
    func syncNow() async throws {
        try await engine.fetchChanges()
        try await engine.sendChanges()
    }

    // MARK: - CKSyncEngineDelegate

    func handleEvent(_ event: CKSyncEngine.Event, syncEngine: CKSyncEngine) async {
        switch event {
        case .stateUpdate(let update):
            do {
                store.syncState = try JSONEncoder().encode(update.stateSerialization)
            } catch {
                logger.fault("Can't encode the sync state: \(error)")
            }
        case .accountChange(let change):
            handleAccountChange(change)
        case .fetchedDatabaseChanges(let changes):
            handleFetchedDatabaseChanges(changes, syncEngine: syncEngine)
        case .fetchedRecordZoneChanges(let changes):
            handleFetchedRecordZoneChanges(changes, syncEngine: syncEngine)
        case .sentDatabaseChanges(let sent):
            for failure in sent.failedZoneSaves {
                logger.error("Can't save zone \(failure.zone.zoneID): \(failure.error)")
            }
        case .sentRecordZoneChanges(let sent):
            handleSentRecordZoneChanges(sent, syncEngine: syncEngine)
        case .willFetchChanges, .willFetchRecordZoneChanges, .didFetchRecordZoneChanges, .didFetchChanges,
            .willSendChanges, .didSendChanges:
            return
        @unknown default:
            logger.info("Unknown sync engine event: \(event)")
            return
        }
        await persist(store)
    }

    func nextRecordZoneChangeBatch(
        _ context: CKSyncEngine.SendChangesContext, syncEngine: CKSyncEngine
    ) async -> CKSyncEngine.RecordZoneChangeBatch? {
        // Only the changes this send is about (a send can be limited to some zones or records).
        let scope = context.options.scope
        let pending = syncEngine.state.pendingRecordZoneChanges.filter { scope.contains($0) }
        // Deletions need no record; each save gets the local value as a CKRecord restored from
        // its system fields (so the save carries the change tag) with only the edited fields set.
        return await CKSyncEngine.RecordZoneChangeBatch(pendingChanges: pending) { recordID in
            await self.recordToSave(recordID, syncEngine: syncEngine)
        }
    }

    private func recordToSave(_ recordID: CKRecord.ID, syncEngine: CKSyncEngine) -> CKRecord? {
        guard let value = store.records[RecordID(recordID)] else {
            // Deleted locally since the save was scheduled: nothing to send.
            syncEngine.state.remove(pendingRecordZoneChanges: [.saveRecord(recordID)])
            return nil
        }
        do {
            return try value.makeCKRecord()
        } catch {
            logger.fault("Can't restore the system fields of \(recordID): \(error)")
            return nil
        }
    }

    // MARK: - Events

    /// Fetched records: decoded into the store. A record type this version doesn't know is kept
    /// as is, not dropped; a local value with unsent edits keeps them (merged into the fetched
    /// record, they are still unsaved and go out with the next send).
    private func handleFetchedRecordZoneChanges(
        _ changes: CKSyncEngine.Event.FetchedRecordZoneChanges, syncEngine: CKSyncEngine
    ) {
        let pendingDeletions = Set(syncEngine.state.pendingRecordZoneChanges.filter {
            if case .deleteRecord = $0 { true } else { false }
        })
        for modification in changes.modifications {
            let fetched = modification.record
            let id = RecordID(fetched.recordID)
            // Deleted here, not yet on the server: the deletion wins.
            if pendingDeletions.contains(.deleteRecord(fetched.recordID)) { continue }
            do {
                switch try SyncedRecord.decode(mergingLocalEdits(into: fetched)) {
                case .known(let value):
                    store.records[id] = value
                case .unknown(let recordType, _):
                    logger.info("Keeping \(id), of record type \(recordType) this version doesn't know")
                    store.undecodedRecords[id] = fetched
                }
            } catch {
                logger.error("Keeping \(id) undecoded: \(error)")
                store.undecodedRecords[id] = fetched
            }
        }
        for deletion in changes.deletions {
            let id = RecordID(deletion.recordID)
            store.records[id] = nil
            store.undecodedRecords[id] = nil
        }
    }

    /// The fetched record with the local value's unsent edits merged in (the merge writes them
    /// into `fetched`, as changed keys); `fetched` itself when there are none.
    private func mergingLocalEdits(into fetched: CKRecord) -> CKRecord {
        guard let local = store.records[RecordID(fetched.recordID)], local.recordType == fetched.recordType,
            let edits = try? local.makeCKRecord(), !edits.changedFieldKeys.isEmpty
        else { return fetched }
        return local.mergeConflict(ancestor: nil, client: edits, server: fetched)
    }

    /// Sent records: saved ones become the values' server versions; failed ones are repaired and
    /// scheduled again. CKSyncEngine retries transient errors (network, rate limits, busy zones,
    /// account temporarily unavailable) by itself.
    private func handleSentRecordZoneChanges(_ sent: CKSyncEngine.Event.SentRecordZoneChanges, syncEngine: CKSyncEngine) {
        for saved in sent.savedRecords {
            store.records[RecordID(saved.recordID)]?.markSaved(saved)
        }
        var retries: [CKSyncEngine.PendingRecordZoneChange] = []
        var zonesToSave: [CKSyncEngine.PendingDatabaseChange] = []
        for failure in sent.failedRecordSaves {
            let recordID = failure.record.recordID
            let id = RecordID(recordID)
            guard var local = store.records[id] else { continue }  // deleted locally since
            switch failure.error.code {
            case .serverRecordChanged:
                // Another device saved first. Merge into the server's record (it has the current
                // change tag): fields only we changed keep our value, fields only they changed
                // theirs, fields both changed follow the schema's @merge. The local value is the
                // client side: it has the failed save's edits and any made since the batch.
                guard let server = failure.error.serverRecord else { continue }
                let client = (try? local.makeCKRecord()) ?? failure.record
                let merged = local.mergeConflict(ancestor: failure.error.ancestorRecord, client: client, server: server)
                do {
                    if case .known(let value) = try SyncedRecord.decode(merged) {
                        store.records[id] = value  // the merged fields are unsaved keys: the next save sends them
                    }
                    retries.append(.saveRecord(recordID))
                } catch {
                    logger.error("Can't decode the merged \(id): \(error)")
                }
            case .zoneNotFound:
                // The zone is gone (deleted on another device, or never created): create it and
                // save the record again as new.
                zonesToSave.append(.saveZone(CKRecordZone(zoneID: recordID.zoneID)))
                local.serverVersion = nil
                store.records[id] = local
                retries.append(.saveRecord(recordID))
            case .unknownItem:
                // The record is gone from the server (deleted on another device) but not here:
                // upload it again as new (or delete it locally, if that suits the app better).
                local.serverVersion = nil
                store.records[id] = local
                retries.append(.saveRecord(recordID))
            default:
                logger.error("Can't save \(id): \(failure.error)")
            }
        }
        for (recordID, error) in sent.failedRecordDeletes {
            logger.error("Can't delete \(recordID): \(error)")
        }
        syncEngine.state.add(pendingDatabaseChanges: zonesToSave)
        syncEngine.state.add(pendingRecordZoneChanges: retries)
    }

    /// Deleted zones: their records are gone from iCloud.
    private func handleFetchedDatabaseChanges(_ changes: CKSyncEngine.Event.FetchedDatabaseChanges, syncEngine: CKSyncEngine) {
        for deletion in changes.deletions {
            let zoneID = RecordZoneID(deletion.zoneID)
            let inZone = store.records.values.filter { $0.recordID.zoneID == zoneID }
            switch deletion.reason {
            case .encryptedDataReset:
                // The user reset encrypted data during account recovery: upload what this device
                // has again, into a new zone.
                syncEngine.state.add(pendingDatabaseChanges: [.saveZone(CKRecordZone(zoneID: deletion.zoneID))])
                for var value in inZone {
                    value.serverVersion = nil
                    store.records[value.recordID] = value
                }
                syncEngine.state.add(pendingRecordZoneChanges: inZone.map { .saveRecord($0.recordID.ckRecordID) })
            case .deleted, .purged:
                // Deleted by the app on another device, or purged by the user in Settings: delete
                // the local copies too, and send nothing more to that zone.
                store.removeRecords(inZone: zoneID)
                let unsent = syncEngine.state.pendingRecordZoneChanges.filter { change in
                    switch change {
                    case .saveRecord(let id), .deleteRecord(let id): id.zoneID == deletion.zoneID
                    @unknown default: false
                    }
                }
                syncEngine.state.remove(pendingRecordZoneChanges: unsent)
            @unknown default:
                store.removeRecords(inZone: zoneID)
            }
        }
    }

    /// Sign in: upload what was created while signed out. Sign out or another account: the data
    /// belongs to the previous account, so wipe it, and the sync state with it (a new engine
    /// starts from scratch).
    private func handleAccountChange(_ change: CKSyncEngine.Event.AccountChange) {
        switch change.changeType {
        case .signIn:
            engine.state.add(pendingDatabaseChanges: SchemaRegistry.recordZones.map { .saveZone($0) })
            engine.state.add(pendingRecordZoneChanges: store.records.keys.map { .saveRecord($0.ckRecordID) })
        case .signOut, .switchAccounts:
            store = GardenStore()
            createdEngine = nil
            _ = engine
        @unknown default:
            logger.info("Unknown account change: \(change)")
        }
    }
}
