import CloudSchemaConsumerCatalogue
import CloudSchemaConsumerGarden
import CloudSchemaConsumerNotes
import CloudSchemaRuntime
import Foundation
import Testing

/// The example schemas' generated code (Schemas/Garden, Notes, Catalogue) used as an app would.
@Suite struct GardenTests {
    let bed = Bed(recordID: id("bed-1"), name: "North bed")

    @Test func aValueRoundTripsWithDefaultsApplied() throws {
        #expect(bed.sunHours == 6 && bed.tags == [] && bed.location == nil && bed.cover == nil)
        let record = try bed.makeInMemoryRecord()
        #expect(record.recordType == "Bed")
        #expect(record.recordID == id("bed-1"))
        #expect(record.allKeys() == ["name", "sunHours", "tags"])
        var decoded = try Bed(record: record)
        decoded.serverVersion = nil
        #expect(decoded == bed)
    }

    @Test func valuesAreEqualWhenEveryFieldAndTheServerVersionAre() throws {
        var edited = bed
        edited.tags = ["herbs"]
        #expect(edited != bed)
        // An edited value keeps its hash (the record ID's), so it stays findable by identity.
        #expect(edited.hashValue == bed.hashValue)
        #expect(Set([bed, edited, bed]).count == 2)
        let read = try Bed(record: bed.makeInMemoryRecord())
        #expect(read != bed)
        var forgotten = read
        forgotten.serverVersion = nil
        #expect(forgotten == bed)
    }

    @Test func encryptedFieldsLandInEncryptedStorageOnly() throws {
        let plant = Plant(name: "Basil", plantedOn: Date(timeIntervalSince1970: 0), notes: "pinch the flowers", bed: Reference(bed))
        let record = try plant.makeInMemoryRecord()
        #expect(record.allEncryptedKeys() == ["notes"])
        #expect(record[encryptedField: "notes"] == "pinch the flowers")
        #expect(record[field: "notes"] == nil)
        #expect(try Plant(record: record).notes == "pinch the flowers")
    }

    @Test func theParentFieldSetsTheParentAndDeleteSelfTheAction() throws {
        let plant = Plant(name: "Basil", plantedOn: Date(timeIntervalSince1970: 0), bed: Reference(bed))
        let record = try plant.makeInMemoryRecord()
        #expect(record[field: "bed"] == .reference(RecordReference(recordID: id("bed-1"), action: .deleteSelf)))
        #expect(record.parentIdentifier == id("bed-1"))
        #expect(try Plant(record: record).bed == Reference(bed, action: .deleteSelf))
    }

    @Test func absentFieldsDecodeAsNilOrTheirDefault() throws {
        let record = InMemoryRecord(recordType: "Plant", recordID: id("p"))
        record[field: "name"] = "Mint"
        record[field: "plantedOn"] = .date(Date(timeIntervalSince1970: 10))
        record[field: "bed"] = .reference(RecordReference(recordID: id("bed-1")))
        let plant = try Plant(record: record)
        #expect(plant.notes == nil)
        #expect(plant.status == .growing)
    }

    @Test func aMissingRequiredFieldNamesRecordTypeAndField() throws {
        let record = InMemoryRecord(recordType: "Plant")
        record[field: "name"] = "Mint"
        let error = try #require(decodingError { try Plant(record: record) })
        #expect(error == RecordDecodingError(recordType: "Plant", key: "plantedOn", problem: .missing))
        #expect(error.description == "Plant.plantedOn: missing required field")
    }

    /// Fields are read in declaration order and the first one that can't be read is reported,
    /// whether its decoder throws at once (a reference) or remembers the failure until every
    /// field is read (a string, an enum, an optional).
    @Test func theFirstUnreadableFieldIsTheOneReported() throws {
        let record = try Plant(name: "Basil", plantedOn: Date(timeIntervalSince1970: 0), bed: Reference(bed)).makeInMemoryRecord()
        record[encryptedField: "notes"] = .int64(3)  // optional: `nil` only when absent
        record[field: "bed"] = "bed-1"
        record[field: "status"] = .int64(1)
        #expect(decodingError { try Plant(record: record) }?.description == "Plant.notes: expected STRING, found INT64")
        record[encryptedField: "notes"] = nil
        #expect(decodingError { try Plant(record: record) }?.description == "Plant.bed: expected REFERENCE, found STRING")
        record[field: "bed"] = .reference(RecordReference(recordID: id("bed-1")))
        #expect(decodingError { try Plant(record: record) }?.description == "Plant.status: expected STRING, found INT64")
    }

    @Test func aWrongTypeNamesRecordTypeFieldAndBothTypes() throws {
        let record = try bed.makeInMemoryRecord()
        record[field: "sunHours"] = "six"
        let error = try #require(decodingError { try Bed(record: record) })
        #expect(error.description == "Bed.sunHours: expected INT64, found STRING")
    }

    @Test func anUnknownEnumValueIsKept() throws {
        let record = try Plant(name: "Basil", plantedOn: Date(timeIntervalSince1970: 0), bed: Reference(bed)).makeInMemoryRecord()
        record[field: "status"] = "wilted"
        #expect(try Plant(record: record).status == .unrecognized("wilted"))
        // Raw values that differ from case names are what is stored.
        record[field: "status"] = "done"
        #expect(try Plant(record: record).status == .harvested)
    }

    @Test func aSystemFieldsRoundTripKeepsTheChangeTag() throws {
        let server = try bed.makeInMemoryRecord()
        server.simulateServerSave()
        var fetched = try Bed(record: server)
        fetched.sunHours = 8
        let toSave = try fetched.makeInMemoryRecord()
        #expect(toSave.recordChangeTag == "1")
        #expect(toSave.recordID == server.recordID)
        #expect(toSave[field: "sunHours"] == .int64(8))
    }

    @Test func deprecatedFieldsStillRoundTrip() throws {
        var plant = Plant(
            name: "Basil", plantedOn: Date(timeIntervalSince1970: 0), bed: Reference(bed, action: .deleteSelf), legacyColour: "green")
        let record = try plant.makeInMemoryRecord()
        #expect(record[field: "legacyColour"] == "green")
        plant.serverVersion = try Plant(record: record).serverVersion
        #expect(try Plant(record: record) == plant)
        // Equality compares the deprecated field's private storage too.
        var recoloured = plant
        recoloured.serverVersion = nil
        plant.serverVersion = nil
        #expect(recoloured == plant)
        recoloured = Plant(
            recordID: plant.recordID, name: "Basil", plantedOn: Date(timeIntervalSince1970: 0), bed: Reference(bed, action: .deleteSelf),
            legacyColour: "red")
        #expect(recoloured != plant)
    }

    @Test func theFieldEnumListsTheKeys() {
        #expect(Plant.Field.plantedOn == "plantedOn")
        #expect(Plant.Field.allKeys == ["name", "plantedOn", "notes", "bed", "status", "legacyColour"])
        #expect(Species.recordType == "Species")
    }
}

@Suite struct CatalogueTests {
    @Test func aRecordTypeNameFromAtNameIsUsedOnTheRecord() throws {
        let author = Author(displayName: "Ada", homepage: URL(string: "https://example.com/ada"))
        #expect(Author.recordType == "RecipeAuthor")
        let record = try author.makeInMemoryRecord()
        #expect(record.recordType == "RecipeAuthor")
        #expect(
            decodingError { try Author(record: InMemoryRecord(recordType: "Author")) }?.description
                == "RecipeAuthor: wrong record type Author")
    }

    @Test func anOptionalReferenceWithoutActionIsWrittenWithActionNone() throws {
        let author = Author(displayName: "Ada")
        let recipe = Recipe(title: "Pasta", cuisine: .middleEastern, author: Reference(recordID: author.recordID, action: .deleteSelf))
        let record = try recipe.makeInMemoryRecord()
        #expect(record[field: "author"] == .reference(RecordReference(recordID: author.recordID, action: .none)))
        #expect(record[field: "cuisine"] == "middle-eastern")
        #expect(record.parentIdentifier == nil)
        let noAuthor = try Recipe(title: "Soup", cuisine: .french).makeInMemoryRecord()
        #expect(noAuthor[field: "author"] == nil)
    }

    @Test func nowDefaultsAreTakenWhenTheValueIsMade() throws {
        let before = Date()
        let recipe = Recipe(title: "Pasta", cuisine: .italian)
        #expect(recipe.publishedAt >= before && recipe.publishedAt <= Date())
    }
}

@Suite struct NotesTests {
    // Notes is generated with `--access package`: usable from this module of the same package.
    @Test func packageAccessCodeWorksAcrossModules() throws {
        let folder = Folder(title: "Inbox")
        let note = Note(title: "Hello", body: "secret", folder: Reference(folder))
        let record = try note.makeInMemoryRecord()
        #expect(record.parentIdentifier == folder.recordID)
        #expect(record.allEncryptedKeys() == ["body"])
        #expect(record[field: "folder"] == .reference(RecordReference(recordID: folder.recordID, action: .deleteSelf)))
        let reminder = Reminder(note: Reference(note), priority: .high)
        let reminderRecord = try reminder.makeInMemoryRecord()
        #expect(reminderRecord[field: "priority"] == .int64(2))
        #expect(try Reminder(record: reminderRecord).priority == .high)
        #expect(FolderColour.graphite.rawValue == "grey")
    }
}
