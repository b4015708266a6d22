import CloudSchemaRuntime
import Foundation
import Testing

@Suite("Decoding errors name the record type, the field and the problem")
struct DecodingErrorTests {
    private func plantRecord() -> InMemoryRecord {
        let record = InMemoryRecord(recordType: "Plant", recordID: RecordID(recordName: "plant-1"))
        record[field: "name"] = "Basil"
        record[field: "bed"] = .reference(RecordReference(recordID: RecordID(recordName: "bed-1"), action: .deleteSelf))
        return record
    }

    @Test func aCompleteRecordDecodes() throws {
        let plant = try Plant(record: plantRecord())
        #expect(plant.name == "Basil")
        #expect(plant.soil == .loam)  // absent, so the default
    }

    @Test func missingRequiredField() {
        let record = plantRecord()
        record[field: "name"] = nil
        let error = decodingError { try Plant(record: record) }
        #expect(error == RecordDecodingError(recordType: "Plant", key: "name", problem: .missing))
        #expect(error?.description == "Plant.name: missing required field")
    }

    @Test func wrongType() {
        let record = plantRecord()
        record[field: "name"] = 7
        let error = decodingError { try Plant(record: record) }
        #expect(
            error
                == RecordDecodingError(
                    recordType: "Plant", key: "name", problem: .typeMismatch(expected: .string, found: .int64)))
        #expect(error?.description == "Plant.name: expected STRING, found INT64")
    }

    @Test func wrongTypeForAReference() {
        let record = plantRecord()
        record[field: "bed"] = "bed-1"
        #expect(decodingError { try Plant(record: record) }?.description == "Plant.bed: expected REFERENCE, found STRING")
    }

    @Test func unknownStringEnumValueIsShownQuoted() {
        let record = plantRecord()
        record[field: "soil"] = "peat"
        let error = decodingError { try Plant(record: record) }
        #expect(
            error
                == RecordDecodingError(
                    recordType: "Plant", key: "soil", problem: .unknownEnumValue("peat", enumType: "Soil")))
        #expect(error?.description == #"Plant.soil: unknown raw value "peat" for Soil"#)
    }

    @Test func unknownIntegerEnumValueIsShownBare() {
        let record = InMemoryRecord(recordType: "Task")
        record[field: "priority"] = 5
        #expect(
            decodingError { try record.decode(Priority.self, forKey: "priority") }?.description
                == "Task.priority: unknown raw value 5 for Priority")
    }

    @Test func aDefaultDoesNotHideAWrongValue() {
        let record = plantRecord()
        record[field: "soil"] = 3
        #expect(decodingError { try Plant(record: record) }?.description == "Plant.soil: expected STRING, found INT64")
    }

    @Test func wrongRecordType() {
        let record = InMemoryRecord(recordType: "Bed")
        record[field: "name"] = "North bed"
        let error = decodingError { try Plant(record: record) }
        #expect(error == RecordDecodingError(recordType: "Plant", key: nil, problem: .wrongRecordType("Bed")))
        #expect(error?.description == "Plant: wrong record type Bed")
    }

    @Test func invalidUUIDAndURLStrings() {
        let record = InMemoryRecord(recordType: "Sample")
        record[field: "id"] = "xyz"
        record[field: "link"] = ""
        #expect(
            decodingError { try record.decode(UUID.self, forKey: "id") }?.description
                == #"Sample.id: invalid value "xyz": not a UUID"#)
        #expect(
            decodingError { try record.decode(URL.self, forKey: "link") }?.description
                == #"Sample.link: invalid value "": not a URL"#)
    }

    @Test func aWrongElementTypeIsReportedAsAWrongListType() {
        let record = InMemoryRecord(recordType: "Sample")
        record[field: "tags"] = ["a", 2]
        let error = decodingError { try record.decode([String].self, forKey: "tags") }
        #expect(error?.problem == .typeMismatch(expected: .list(.string), found: .list(.int64)))
        #expect(error?.description == "Sample.tags: expected LIST<STRING>, found LIST<INT64>")
    }

    @Test func aScalarWhereAListBelongs() {
        let record = InMemoryRecord(recordType: "Sample")
        record[field: "tags"] = "a"
        #expect(
            decodingError { try record.decode([String].self, forKey: "tags") }?.description
                == "Sample.tags: expected LIST<STRING>, found STRING")
        record[field: "name"] = []
        #expect(
            decodingError { try record.decode(String.self, forKey: "name") }?.description
                == "Sample.name: expected STRING, found LIST")
    }

    @Test func anUnknownEnumValueInsideAList() {
        let record = InMemoryRecord(recordType: "Sample")
        record[field: "soils"] = ["loam", "peat"]
        #expect(
            decodingError { try record.decode([Soil].self, forKey: "soils") }?.description
                == #"Sample.soils: unknown raw value "peat" for Soil"#)
    }

    @Test func anEncryptedFieldIsNotReadFromPlainStorage() throws {
        let record = InMemoryRecord(recordType: "Plant")
        record[field: "notes"] = "written unencrypted by mistake"
        #expect(try record.decodeIfPresent(String.self, forKey: "notes", encrypted: true) == nil)
        #expect(
            decodingError { try record.decode(String.self, forKey: "notes", encrypted: true) }?.description
                == "Plant.notes: missing required field")
    }

    /// A hand-written field type whose decoding fails with its own error.
    struct Percentage: CloudFieldValue, Equatable {
        struct OutOfRange: Error, CustomStringConvertible {
            var description: String { "not between 0 and 100" }
        }
        static var fieldType: RecordFieldType { .int64 }
        var value: Int64
        var recordValue: RecordValue { .int64(value) }
        init(recordValue: RecordValue) throws {
            let value = try Int64(recordValue: recordValue)
            guard (0...100).contains(value) else { throw OutOfRange() }
            self.value = value
        }
    }

    @Test func aHandWrittenTypesOwnErrorIsAnInvalidValue() {
        let record = InMemoryRecord(recordType: "Sample")
        record[field: "done"] = 150
        #expect(
            decodingError { try record.decode(Percentage.self, forKey: "done") }?.description
                == "Sample.done: invalid value 150: not between 0 and 100")
        // Its Problems pass through as they are.
        record[field: "done"] = "half"
        #expect(
            decodingError { try record.decode(Percentage.self, forKey: "done") }?.problem
                == .typeMismatch(expected: .int64, found: .string))
    }

    @Test func anErrorIsOneReferenceAndAValue() {
        // One word, so generated decoders pass a thrown error on in a register.
        #expect(MemoryLayout<RecordDecodingError>.size == MemoryLayout<AnyObject>.size)
        let missing = RecordDecodingError(recordType: "Plant", key: "name", problem: .missing)
        var renamed = missing
        renamed.key = "title"
        #expect(missing.description == "Plant.name: missing required field")
        #expect(renamed.description == "Plant.title: missing required field")
        #expect(renamed != missing)
        #expect(Set([missing, renamed, missing]).count == 2)
    }

    @Test func quotesInValuesAreEscaped() {
        #expect(RecordValue.string("say \"hi\"\n").description == #""say \"hi\"\n""#)
    }
}
