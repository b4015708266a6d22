@_spi(Generated) import CloudSchemaRuntime
import Foundation
import Testing

@Suite("InMemoryRecord behaves like CKRecord")
struct InMemoryRecordTests {
    @Test func aNewRecordIsInTheDefaultZoneOfTheCurrentUser() {
        let record = InMemoryRecord(recordType: "Bed")
        #expect(record.recordID.zoneID == RecordZoneID(zoneName: "_defaultZone", ownerName: "__defaultOwner__"))
        #expect(record.recordID.zoneID == .default)
        #expect(UUID(uuidString: record.recordID.recordName) != nil)
        #expect(record.recordChangeTag == nil)
        #expect(record.recordIdentifier == record.recordID)
    }

    @Test func encryptedValuesLiveOnlyInEncryptedStorage() {
        let record = InMemoryRecord(recordType: "Plant")
        record.encode("water daily", forKey: "notes", encrypted: true)
        #expect(record[encryptedField: "notes"] == "water daily")
        #expect(record[field: "notes"] == nil)
        #expect(record.allKeys().isEmpty)
        #expect(record.allEncryptedKeys() == ["notes"])

        record.encode("Basil", forKey: "name")
        #expect(record[encryptedField: "name"] == nil)
        #expect(record.allKeys() == ["name"])
    }

    @Test func theSameKeyCanHoldDifferentPlainAndEncryptedValues() {
        let record = InMemoryRecord(recordType: "Plant")
        record[field: "notes"] = "plain"
        record[encryptedField: "notes"] = "secret"
        #expect(record[field: "notes"] == "plain")
        #expect(record[encryptedField: "notes"] == "secret")
    }

    @Test func encodingNilRemovesAField() {
        let record = InMemoryRecord(recordType: "Plant")
        record.encode("secret", forKey: "notes", encrypted: true)
        record.encode(nil as String?, forKey: "notes", encrypted: true)
        #expect(record[encryptedField: "notes"] == nil)
        #expect(record.allEncryptedKeys().isEmpty)
    }

    @Test func encryptingAnAssetOrReferenceStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let record = InMemoryRecord(recordType: "Plant")
            record[encryptedField: "photo"] = .asset(Asset(fileURL: URL(fileURLWithPath: "/tmp/p.jpg")))
        }
        await #expect(processExitsWith: .failure) {
            let record = InMemoryRecord(recordType: "Plant")
            record[encryptedField: "beds"] = [.reference(RecordReference(recordID: RecordID(recordName: "b")))]
        }
    }

    @Test func theParentIsARecordID() {
        let record = InMemoryRecord(recordType: "Plant")
        record.parentIdentifier = RecordID(recordName: "bed-1")
        // CloudKit requires a parent reference's action to be .none.
        #expect(record.decodeParent(Reference<Bed>.self) == Reference<Bed>(recordID: RecordID(recordName: "bed-1"), action: .none))
        record.parentIdentifier = nil
        #expect(record.decodeParent(Reference<Bed>.self) == nil)
    }

    @Test func aServerSaveBumpsTheChangeTagAndClearsChangedKeys() {
        let record = InMemoryRecord(recordType: "Bed")
        record[field: "name"] = "North"
        record[encryptedField: "notes"] = "shady"
        #expect(record.changedKeys() == ["name", "notes"])

        record.simulateServerSave()
        #expect(record.recordChangeTag == "1")
        #expect(record.changedKeys().isEmpty)

        record[field: "name"] = nil
        record[field: "name"] = "South"
        record[field: "name"] = nil
        #expect(record.changedKeys() == ["name"])
        #expect(record.allKeys().isEmpty)
        record.simulateServerSave()
        #expect(record.recordChangeTag == "2")
        #expect(record.changedKeys().isEmpty)
        #expect(record.allEncryptedKeys() == ["notes"])
    }

    @Test func systemFieldsRestoreIDTypeAndChangeTagButNoValues() throws {
        let zone = RecordZoneID(zoneName: "Garden", ownerName: "_a1b2c3")
        let record = InMemoryRecord(recordType: "Plant", recordID: RecordID(recordName: "plant-1", zoneID: zone))
        record[field: "name"] = "Basil"
        record[encryptedField: "notes"] = "secret"
        record.parentIdentifier = RecordID(recordName: "bed-1", zoneID: zone)
        record.simulateServerSave()

        let restored = try InMemoryRecord(systemFieldsArchive: record.archiveSystemFields())
        #expect(restored.recordType == "Plant")
        #expect(restored.recordID == RecordID(recordName: "plant-1", zoneID: zone))
        #expect(restored.recordChangeTag == "1")
        #expect(restored.allKeys().isEmpty)
        #expect(restored.allEncryptedKeys().isEmpty)
        #expect(restored.parentIdentifier == nil)
        #expect(restored.changedKeys().isEmpty)
    }

    @Test func systemFieldsOfANeverSavedRecordHaveNoChangeTag() throws {
        let record = InMemoryRecord(recordType: "Bed", recordID: RecordID(recordName: "bed-1"))
        let restored = try InMemoryRecord(systemFieldsArchive: record.archiveSystemFields())
        #expect(restored.recordID.recordName == "bed-1")
        #expect(restored.recordChangeTag == nil)
    }

    @Test func systemFieldsArchivesAreDeterministic() {
        let record = InMemoryRecord(recordType: "Bed", recordID: RecordID(recordName: "bed-1"))
        #expect(record.archiveSystemFields() == record.archiveSystemFields())
    }

    @Test func theSystemFieldsArchiveFollowsTheChangeTag() throws {
        // The archive is kept until the change tag changes: a save archives the new tag.
        let record = InMemoryRecord(recordType: "Bed", recordID: RecordID(recordName: "bed-1"))
        let unsaved = record.archiveSystemFields()
        record.simulateServerSave()
        #expect(try InMemoryRecord(systemFieldsArchive: unsaved).recordChangeTag == nil)
        #expect(try InMemoryRecord(systemFieldsArchive: record.archiveSystemFields()).recordChangeTag == "1")
        let copy = record.copy()
        copy.simulateServerSave()
        #expect(try InMemoryRecord(systemFieldsArchive: copy.archiveSystemFields()).recordChangeTag == "2")
        #expect(try InMemoryRecord(systemFieldsArchive: record.archiveSystemFields()).recordChangeTag == "1")
    }

    @Test func reservingCapacityChangesNoKeys() {
        let record = InMemoryRecord(recordType: "Bed", recordID: RecordID(recordName: "bed-1"))
        record[field: "name"] = "North"
        record.reserveCapacity(forFields: 20)
        #expect(record.allKeys() == ["name"])
        #expect(record.changedKeys() == ["name"])
    }

    @Test func everyKeyIsFoundInAnyOrderAsTheRecordGrowsAndSaves() {
        // Lookups in field order take a shortcut; any other order, long and non-ASCII keys, and
        // more keys than the index first holds must find the same values.
        let keys = (0..<300).map { "field\($0)" } + ["a", "ä", "a-key-longer-than-sixteen-bytes", "🌱"]
        let record = InMemoryRecord(recordType: "Bed")
        for (number, key) in keys.enumerated() { record[field: key] = .int64(Int64(number)) }
        for (number, key) in keys.enumerated().reversed() { #expect(record[field: key] == .int64(Int64(number))) }
        #expect(record[field: "field300"] == nil)
        #expect(record[field: "A"] == nil)
        // Keys are Swift strings: canonically equivalent spellings are one key.
        #expect(record[field: "a\u{308}"] == .int64(301))
        record[field: "K"] = "kelvin"
        #expect(record[field: "\u{212A}"] == "kelvin")
        record[field: "K"] = nil

        // A save drops the removed keys; the rest are still found, in the record and its copies.
        for key in keys.prefix(150) { record[field: key] = nil }
        record.simulateServerSave()
        let copy = record.copy()
        copy[field: "field299"] = "changed"
        for (number, key) in keys.enumerated().shuffled() {
            #expect(record[field: key] == (number < 150 ? nil : .int64(Int64(number))))
        }
        #expect(record.allKeys() == keys.suffix(154).sorted())
        #expect(copy[field: "field299"] == "changed")
        #expect(copy.changedKeys() == ["field299"])
        record[field: "field0"] = "back"
        #expect(record.changedKeys() == ["field0"])
        #expect(record.allKeys().count == 155)
    }

    @Test func garbageIsNotASystemFieldsArchive() {

        #expect(throws: SystemFieldsArchiveError(reason: "not an InMemoryRecord system fields archive")) {
            try InMemoryRecord(systemFieldsArchive: Data("nope".utf8))
        }
    }

    @Test func aCopyIsIndependent() {
        let record = InMemoryRecord(recordType: "Bed")
        record[field: "name"] = "North"
        let copy = record.copy()
        copy[field: "name"] = "South"
        #expect(record[field: "name"] == "North")
        #expect(copy.recordID == record.recordID)
    }

    @Test func descriptionListsEverything() {
        let record = InMemoryRecord(recordType: "Plant", recordID: RecordID(recordName: "plant-1"))
        record[field: "name"] = "Basil"
        record[field: "count"] = 3
        record[encryptedField: "notes"] = "secret"
        #expect(
            record.description
                == #"InMemoryRecord(Plant plant-1@_defaultZone/__defaultOwner__, count: 3, name: "Basil", notes (encrypted): "secret")"#)
    }
}
