import CloudSchemaConsumerCatalogue
import CloudSchemaConsumerGarden
import CloudSchemaConsumerHostile
import CloudSchemaConsumerNotes
import CloudSchemaRuntime
import Foundation
import Testing

// Every consumer module has its own record enums and `SchemaRegistry`, so names are qualified.
typealias GardenRegistry = CloudSchemaConsumerGarden.SchemaRegistry
typealias GardenRecord = CloudSchemaConsumerGarden.SyncedRecord
typealias GardenPublicRecord = CloudSchemaConsumerGarden.PublicRecord
typealias NotesRegistry = CloudSchemaConsumerNotes.SchemaRegistry
typealias CatalogueRegistry = CloudSchemaConsumerCatalogue.SchemaRegistry
typealias HostileRegistry = CloudSchemaConsumerHostile.SchemaRegistry

/// The schema registry in CloudSchema.swift: what a CKSyncEngine delegate uses to turn fetched
/// records into typed values and pending saves into records, exercised on in-memory records.
@Suite struct RegistryTests {
    @Test func syncedAndPublicRecordTypesDecodeThroughTheirOwnEnums() throws {
        let bed = Bed(recordID: id("bed"), name: "North bed")
        let plant = Plant(
            recordID: id("plant"), name: "Basil", plantedOn: Date(timeIntervalSince1970: 0), bed: Reference(bed, action: .deleteSelf))
        let species = Species(recordID: id("species"), commonName: "Basil", latinName: "Ocimum basilicum")
        #expect(GardenRegistry.recordTypes == ["Bed", "Plant", "Species"])
        // CKSyncEngine syncs custom zones only; the public database's types are apart.
        #expect(GardenRecord.recordTypes == ["Bed", "Plant"])
        #expect(GardenPublicRecord.recordTypes == ["Species"])
        for value: GardenRecord in [.bed(bed), .plant(plant)] {
            let record = try value.makeInMemoryRecord()
            #expect(record.recordType == value.recordType)
            let decoded = try #require(try GardenRecord.decode(record).value)
            #expect(decoded.recordID == value.recordID)
            #expect(withoutServerVersion(decoded) == value)
        }
        let record = try GardenPublicRecord.species(species).makeInMemoryRecord()
        guard case .species(var decoded) = try GardenPublicRecord.decode(record).value else {
            Issue.record("not a species")
            return
        }
        decoded.serverVersion = nil
        #expect(decoded == species)
    }

    @Test func aPublicRecordIsUnknownToTheSyncedEnumAndViceVersa() throws {
        let species = try Species(commonName: "Basil").makeInMemoryRecord()
        #expect(try GardenRecord.decode(species) == .unknown(recordType: "Species", recordID: species.recordID))
        let bed = try Bed(name: "North bed").makeInMemoryRecord()
        #expect(try GardenPublicRecord.decode(bed) == .unknown(recordType: "Bed", recordID: bed.recordID))
    }

    @Test func everyNotesAndCatalogueRecordTypeDecodes() throws {
        let folder = Folder(title: "Inbox")
        let note = Note(title: "Hello", folder: Reference(folder))
        let reminder = Reminder(note: Reference(note))
        for value: CloudSchemaConsumerNotes.SyncedRecord in [.folder(folder), .note(note), .reminder(reminder)] {
            let decoded = try CloudSchemaConsumerNotes.SyncedRecord.decode(value.makeInMemoryRecord())
            #expect(decoded.value?.recordID == value.recordID)
            #expect(decoded.value?.recordType == value.recordType)
        }
        let recipe = Recipe(title: "Soup", cuisine: .allCases[0])
        let author = Author(displayName: "Ada")
        let review = Review(recipe: Reference(recipe))
        for value: CloudSchemaConsumerCatalogue.PublicRecord in [.recipe(recipe), .author(author), .review(review)] {
            let decoded = try CloudSchemaConsumerCatalogue.PublicRecord.decode(value.makeInMemoryRecord())
            #expect(decoded.value?.recordType == value.recordType)
        }
        // The @name'd record type is registered under its CloudKit name.
        #expect(CatalogueRegistry.recordTypes == ["Recipe", "RecipeAuthor", "Review"])
    }

    @Test func anUnknownRecordTypeIsADistinctNonFatalResult() throws {
        let record = InMemoryRecord(recordType: "Compost", recordID: id("heap"))
        record[field: "name"] = "heap"
        let result = try GardenRecord.decode(record)
        #expect(result == .unknown(recordType: "Compost", recordID: id("heap")))
        #expect(result.value == nil)
        // A known type's broken record still throws, naming the field.
        let broken = InMemoryRecord(recordType: "Bed")
        #expect(decodingError { try GardenRecord.decode(broken) } == RecordDecodingError(recordType: "Bed", key: "name", problem: .missing))
    }

    @Test func recordTypesMarkedDeprecatedAreLeftOutOfTheRegistry() throws {
        // Hostile's `Old` and `Older` are @available(deprecated); `Used` is deprecated but used by `Current`.
        #expect(!HostileRegistry.recordTypes.contains("Old") && !HostileRegistry.recordTypes.contains("Older"))
        #expect(HostileRegistry.recordTypes.contains("Used"))
        #expect(
            try CloudSchemaConsumerHostile.SyncedRecord.decode(InMemoryRecord(recordType: "Old", recordID: id("o")))
                == .unknown(recordType: "Old", recordID: id("o")))
    }

    @Test func zoneIDsAreConstants() {
        #expect(GardenRegistry.Zones.gardenBeds == RecordZoneID(zoneName: "GardenBeds"))
        #expect(GardenRegistry.Zones.all == [GardenRegistry.Zones.gardenBeds])
        #expect(NotesRegistry.Zones.library.zoneName == "Library")
    }

    @Test func aPendingSaveBecomesARecordAgainstItsServerVersion() throws {
        // A value read from a saved record keeps its system fields; its record has the same change tag.
        let saved = try Bed(recordID: id("bed"), name: "North bed").makeInMemoryRecord()
        saved.simulateServerSave()
        guard case .known(var value) = try GardenRecord.decode(saved), case .bed(var bed) = value else {
            Issue.record("not a bed")
            return
        }
        bed.sunHours = 8
        value = .bed(bed)
        let pending = try value.makeInMemoryRecord()
        #expect(pending.recordChangeTag == "1")
        #expect(pending[field: "sunHours"] == 8)
        #expect(pending.changedKeys() == ["sunHours"])
    }

    private func withoutServerVersion(_ value: GardenRecord) -> GardenRecord {
        switch value {
        case .bed(var v): v.serverVersion = nil; return .bed(v)
        case .plant(var v): v.serverVersion = nil; return .plant(v)
        }
    }
}
