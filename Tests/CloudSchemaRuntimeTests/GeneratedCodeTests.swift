import CloudSchemaRuntime
import Foundation
import Testing

@Suite("Generated record types read and write records")
struct GeneratedCodeTests {
    let bed = Bed(recordID: RecordID(recordName: "bed-1", zoneID: RecordZoneID(zoneName: "Garden")), name: "North bed")

    @Test func aValueRoundTripsThroughANewRecord() throws {
        let plant = Plant(name: "Basil", notes: "pinch the flowers", bed: Reference(bed), soil: .clay)
        let record = try plant.makeInMemoryRecord()

        #expect(record.recordType == "Plant")
        #expect(record.recordID == plant.recordID)
        #expect(record[field: "name"] == "Basil")
        #expect(record[encryptedField: "notes"] == "pinch the flowers")
        #expect(record[field: "notes"] == nil)
        #expect(record[field: "soil"] == "clay")

        var decoded = try Plant(record: record)
        #expect(decoded.systemFields != nil)
        decoded.serverVersion = nil
        #expect(
            decoded
                == Plant(
                    recordID: plant.recordID, name: "Basil", notes: "pinch the flowers", bed: Reference(bed, action: .deleteSelf),
                    soil: .clay))
    }

    @Test func theParentReferenceIsAFieldWithItsActionAndTheRecordsParent() throws {
        let plant = Plant(name: "Basil", bed: Reference(bed))
        let record = try plant.makeInMemoryRecord()
        // The schema says @deleteSelf, so the field gets that action whatever the value carries...
        #expect(record[field: "bed"] == .reference(RecordReference(recordID: bed.recordID, action: .deleteSelf)))
        // ...and @parent makes the bed the record's parent (action .none, as CloudKit requires).
        #expect(record.parentIdentifier == bed.recordID)
    }

    @Test func anAbsentOptionalEncryptedFieldDecodesAsNil() throws {
        let record = try Plant(name: "Basil", bed: Reference(bed)).makeInMemoryRecord()
        #expect(record.allEncryptedKeys().isEmpty)
        #expect(try Plant(record: record).notes == nil)
    }

    @Test func anEditedValueIsWrittenBackWithItsChangeTag() throws {
        // Fetched from the server at change tag 1...
        let serverRecord = try Plant(name: "Basil", bed: Reference(bed)).makeInMemoryRecord()
        serverRecord.simulateServerSave()
        var plant = try Plant(record: serverRecord)

        // ...edited locally, and turned back into a record to save.
        plant.soil = .sand
        let toSave = try plant.makeInMemoryRecord()
        #expect(toSave.recordID == serverRecord.recordID)
        #expect(toSave.recordChangeTag == "1")
        #expect(toSave[field: "soil"] == "sand")
        // Only the edit: the server keeps every other field as it has it.
        #expect(toSave.changedKeys() == ["soil"])
    }

    @Test func theRuntimeVersionIsSeven() {
        #expect(CloudSchemaRuntimeVersion.current == 7)
        // Fixtures.swift references CloudSchemaRuntimeVersion_7 the way generated files do;
        // compiling at all is the test.
        let _: CloudSchemaRuntimeVersion_7.Type = CloudSchemaRuntimeVersion_7.self
    }
}
