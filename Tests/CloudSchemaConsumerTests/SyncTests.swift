import CloudSchemaConsumerSync
import CloudSchemaRuntime
import Foundation
import Testing

// Sync.cloudschema's generated code under CloudKit's semantics, on InMemoryRecord and
// InMemoryDatabase (which saves like CloudKit's default `.ifServerRecordUnchanged` policy:
// only a record's changed keys are written, against a matching change tag).

/// An Entry with every field set, saved once: what a device fetches.
private func savedEntry(in database: InMemoryDatabase) throws -> InMemoryRecord {
    let entry = Entry(
        title: "Monday", body: "rain", mood: .busy, priority: .high, words: 120, tags: ["work"], moods: [.calm],
        journal: Reference(recordID: RecordID(recordName: "journal", zoneID: Entry.zoneID)))
    guard case .saved(let record) = try database.save(entry.makeInMemoryRecord()) else {
        throw SyncTestError.notSaved
    }
    return record
}

private enum SyncTestError: Error { case notSaved }

@Suite struct RecordPlacementTests {
    @Test func newRecordsLandInTheirRecordTypesZone() {
        #expect(Entry.databaseScope == .private)
        #expect(Entry.zoneID == RecordZoneID(zoneName: "Journal"))
        #expect(Entry.zoneID == SchemaRegistry.Zones.journal)
        #expect(Entry(title: "t").recordID.zoneID == Entry.zoneID)

        #expect(Setting.databaseScope == .private)
        #expect(Setting(name: "n").recordID.zoneID == .default)

        #expect(Notice.databaseScope == .public)
        #expect(Notice(text: "t").recordID.zoneID == .default)
    }

    @Test func eachPlaceHasItsOwnRecordEnum() {
        #expect(SyncedRecord.recordTypes == ["Entry"])
        #expect(DefaultZoneRecord.recordTypes == ["Setting"])
        #expect(PublicRecord.recordTypes == ["Notice"])
    }
}

@Suite struct ChangedFieldsTests {
    /// Each edit, with the one key it must change.
    static let edits: [(key: String, edit: @Sendable (inout Entry) -> Void)] = [
        ("title", { $0.title = "Tuesday" }),
        ("body", { $0.body = "sun" }),
        ("mood", { $0.mood = .tired }),
        ("priority", { $0.priority = .low }),
        ("words", { $0.words = 7 }),
        ("tags", { $0.tags.append("home") }),
        ("moods", { $0.moods = nil }),
        ("journal", { $0.journal = nil }),
    ]

    @Test(arguments: 0..<edits.count)
    func anEditedValueWritesExactlyTheEditedField(_ index: Int) throws {
        let (key, edit) = Self.edits[index]
        var entry = try Entry(record: savedEntry(in: InMemoryDatabase()))
        edit(&entry)
        let record = try entry.makeInMemoryRecord()
        #expect(record.recordChangeTag == "1")
        #expect(record.changedKeys() == [key])
    }

    @Test func everyEditIsCovered() {
        #expect(Set(Self.edits.map(\.key)) == Set(Entry.Field.allKeys))
    }

    @Test func anUneditedValueWritesNothing() throws {
        let entry = try Entry(record: savedEntry(in: InMemoryDatabase()))
        #expect(try entry.makeInMemoryRecord().changedKeys().isEmpty)
    }

    @Test func aNewValueWritesEveryField() throws {
        let record = try Entry(title: "Monday").makeInMemoryRecord()
        #expect(record.changedKeys() == Entry.Field.allKeys.sorted())
        #expect(record.recordChangeTag == nil)
    }

    @Test func settingAFieldToNilRemovesItOnTheServer() throws {
        let database = InMemoryDatabase()
        var entry = try Entry(record: savedEntry(in: database))
        entry.body = nil
        let record = try entry.makeInMemoryRecord()
        #expect(record.changedKeys() == ["body"])
        guard case .saved(let saved) = database.save(record) else { throw SyncTestError.notSaved }
        #expect(saved[encryptedField: "body"] == nil)
        #expect(saved[field: "title"] == "Monday")
    }

    @Test func anAbsentFieldReadAsItsDefaultIsNotWrittenBack() throws {
        let record = InMemoryRecord(recordType: "Entry", recordID: RecordID(zoneID: Entry.zoneID))
        record[field: "title"] = "From an older version"
        record.simulateServerSave()
        var entry = try Entry(record: record)
        #expect(entry.words == 0 && entry.mood == .calm && entry.tags == [])
        entry.title = "Edited"
        #expect(try entry.makeInMemoryRecord().changedKeys() == ["title"])
        entry.words = 3
        #expect(try entry.makeInMemoryRecord().changedKeys() == ["title", "words"])
    }

    @Test func afterASaveOnlyLaterEditsAreWritten() throws {
        let database = InMemoryDatabase()
        var entry = try Entry(record: savedEntry(in: database))
        entry.title = "Tuesday"
        guard case .saved(let saved) = try database.save(entry.makeInMemoryRecord()) else { throw SyncTestError.notSaved }
        entry.markSaved(saved)
        let next = try entry.makeInMemoryRecord()
        #expect(next.recordChangeTag == "2")
        #expect(next.changedKeys().isEmpty)
        entry.words = 1
        #expect(try entry.makeInMemoryRecord().changedKeys() == ["words"])
    }

    @Test func anEditMadeWhileASaveWasInFlightStaysUnsaved() throws {
        let database = InMemoryDatabase()
        var entry = try Entry(record: savedEntry(in: database))
        entry.title = "Tuesday"
        let sent = try entry.makeInMemoryRecord()
        entry.title = "Wednesday"
        guard case .saved(let saved) = database.save(sent) else { throw SyncTestError.notSaved }
        entry.markSaved(saved)
        #expect(try entry.makeInMemoryRecord().changedKeys() == ["title"])
    }
}

@Suite struct ForwardCompatibilityTests {
    /// A record a newer app version wrote: a mood this version doesn't know, in a field and a
    /// list, and a field this version's schema doesn't have.
    private func newerRecord(in database: InMemoryDatabase) throws -> InMemoryRecord {
        let record = try savedEntry(in: database)
        record[field: "mood"] = "ecstatic"
        record[field: "moods"] = ["calm", "ecstatic"]
        record[field: "priority"] = 5
        record[field: "colour"] = "teal"
        guard case .saved(let saved) = database.save(record) else { throw SyncTestError.notSaved }
        return saved
    }

    @Test func unknownValuesDecodeAndAreKept() throws {
        let entry = try Entry(record: newerRecord(in: InMemoryDatabase()))
        #expect(entry.mood == .unrecognized("ecstatic"))
        #expect(entry.moods == [.calm, .unrecognized("ecstatic")])
        #expect(entry.priority == .unrecognized(5))
        #expect(Mood(rawValue: "worn-out") == .tired && Mood.tired.rawValue == "worn-out")
    }

    @Test func reEncodingWritesUnknownValuesBackUnchanged() throws {
        let server = try newerRecord(in: InMemoryDatabase())
        var entry = try Entry(record: server)
        #expect(try entry.makeInMemoryRecord().changedKeys().isEmpty)
        // As a new record (no server version), every value is written as it was read.
        entry.serverVersion = nil
        let fresh = try entry.makeInMemoryRecord()
        #expect(fresh[field: "mood"] == server[field: "mood"])
        #expect(fresh[field: "moods"] == server[field: "moods"])
        #expect(fresh[field: "priority"] == server[field: "priority"])
    }

    @Test func unknownValuesSurviveASaveOfAnotherEditedField() throws {
        let database = InMemoryDatabase()
        var entry = try Entry(record: newerRecord(in: database))
        entry.title = "Edited by the older version"
        guard case .saved(let saved) = try database.save(entry.makeInMemoryRecord()) else { throw SyncTestError.notSaved }
        #expect(saved[field: "title"] == "Edited by the older version")
        #expect(saved[field: "mood"] == "ecstatic")
        #expect(saved[field: "moods"] == ["calm", "ecstatic"])
        #expect(saved[field: "priority"] == 5)
        #expect(saved[field: "colour"] == "teal")
    }
}

@Suite struct ConflictRecipeTests {
    /// Two devices edit different fields of one entry; the second save conflicts. The recipe
    /// for CKSyncEngine's `failedRecordSaves` (`.serverRecordChanged`): merge into the server
    /// record, decode it into local state, and save again.
    @Test func twoDevicesEditingDifferentFieldsKeepBothEdits() throws {
        let database = InMemoryDatabase()
        let fetched = try savedEntry(in: database)
        var phone = try Entry(record: fetched)
        var laptop = try Entry(record: fetched)

        phone.title = "Phone's title"
        guard case .saved(let phoneSaved) = try database.save(phone.makeInMemoryRecord()) else { throw SyncTestError.notSaved }
        phone.markSaved(phoneSaved)

        laptop.body = "Laptop's body"
        laptop.tags.append("laptop")
        let sent = try laptop.makeInMemoryRecord()
        guard case .serverRecordChanged(let server) = database.save(sent) else {
            Issue.record("expected a conflict")
            return
        }
        // CloudKit didn't send an ancestor: the value's remembered server version stands in.
        let merged = Entry.mergeConflict(ancestor: nil, client: sent, server: server, base: laptop.serverVersion)
        laptop = try Entry(record: merged)
        #expect(laptop.title == "Phone's title")
        #expect(laptop.body == "Laptop's body")
        // The merged fields are not on the server yet, so they are what the next save sends.
        let resend = try laptop.makeInMemoryRecord()
        #expect(resend.changedKeys() == ["body", "tags"])
        guard case .saved(let saved) = database.save(resend) else { throw SyncTestError.notSaved }
        laptop.markSaved(saved)
        #expect(saved[field: "title"] == "Phone's title")
        #expect(saved[encryptedField: "body"] == "Laptop's body")
        #expect(saved[field: "tags"] == ["work", "laptop"])
        #expect(try laptop.makeInMemoryRecord().changedKeys().isEmpty)
    }

    @Test func aServerOnlyChangeIsNeverOverwrittenWithoutAnyOriginal() throws {
        let database = InMemoryDatabase()
        let fetched = try savedEntry(in: database)
        var other = try Entry(record: fetched)
        other.words = 999
        guard case .saved = try database.save(other.makeInMemoryRecord()) else { throw SyncTestError.notSaved }
        var mine = try Entry(record: fetched)
        mine.title = "Mine"
        let sent = try mine.makeInMemoryRecord()
        guard case .serverRecordChanged(let server) = database.save(sent) else {
            Issue.record("expected a conflict")
            return
        }
        let merged = Entry.mergeConflict(ancestor: nil, client: sent, server: server)
        #expect(merged[field: "words"] == 999)
        #expect(merged[field: "title"] == "Mine")
    }
}

@Suite struct RegistryEnumSyncTests {
    @Test func theEnumCarriesItsValuesServerVersionAndSaves() throws {
        let database = InMemoryDatabase()
        guard case .known(var value) = try SyncedRecord.decode(savedEntry(in: database)), case .entry(var entry) = value else {
            Issue.record("not an entry")
            return
        }
        #expect(value.serverVersion == entry.serverVersion)
        entry.title = "Edited"
        value = .entry(entry)
        guard case .saved(let saved) = try database.save(value.makeInMemoryRecord()) else { throw SyncTestError.notSaved }
        value.markSaved(saved)
        #expect(try value.makeInMemoryRecord().changedKeys().isEmpty)
        value.serverVersion = nil
        #expect(try value.makeInMemoryRecord().recordChangeTag == nil)
    }

    @Test func theEnumMergesWithItsValuesServerVersion() throws {
        let database = InMemoryDatabase()
        let fetched = try savedEntry(in: database)
        var other = try Entry(record: fetched)
        other.words = 5
        guard case .saved = try database.save(other.makeInMemoryRecord()) else { throw SyncTestError.notSaved }
        var mine = try Entry(record: fetched)
        mine.words = 7
        mine.title = "Mine"
        let sent = try mine.makeInMemoryRecord()
        guard case .serverRecordChanged(let server) = database.save(sent) else {
            Issue.record("expected a conflict")
            return
        }
        // Both changed `words` (the policy, mine, decides); only mine changed `title`.
        let merged = SyncedRecord.entry(mine).mergeConflict(ancestor: nil, client: sent, server: server)
        #expect(merged[field: "words"] == 7 && merged[field: "title"] == "Mine")
    }

    @Test func aServerVersionSurvivesAnAppRestartAsJSON() throws {
        let entry = try Entry(record: savedEntry(in: InMemoryDatabase()))
        let stored = try JSONEncoder().encode(entry.serverVersion)
        var restored = entry
        restored.serverVersion = try JSONDecoder().decode(ServerVersion.self, from: stored)
        #expect(restored == entry)
        restored.words = 1
        #expect(try restored.makeInMemoryRecord().changedKeys() == ["words"])
    }
}
