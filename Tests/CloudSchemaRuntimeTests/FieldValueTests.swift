import CloudSchemaRuntime
import Foundation
import Testing

/// Writes `value` to a fresh record, checks what is stored, and reads it back.
private func expectRoundTrip<Value: CloudFieldValue & Equatable>(
    _ value: Value, storedAs stored: RecordValue, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let record = InMemoryRecord(recordType: "Sample")
    record.encode(value, forKey: "field")
    #expect(record[field: "field"] == stored, sourceLocation: sourceLocation)
    #expect(try record.decode(Value.self, forKey: "field") == value, sourceLocation: sourceLocation)
}

private let bedID = RecordID(recordName: "bed-1", zoneID: RecordZoneID(zoneName: "Garden"))
private let fileURL = URL(fileURLWithPath: "/tmp/photo.jpg")
private let moment = Date(timeIntervalSince1970: 1_700_000_000.25)
private let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
private let basilPatch = Location(
    latitude: 52.52, longitude: 13.405, altitude: 34, horizontalAccuracy: 5, verticalAccuracy: 3, timestamp: moment)

@Suite("Every field type round-trips through a record")
struct FieldRoundTripTests {
    @Test func stringIsStoredAsSTRING() throws {
        try expectRoundTrip("Basil", storedAs: .string("Basil"))
        try expectRoundTrip("", storedAs: .string(""))
    }

    @Test func integersAreStoredAsINT64() throws {
        try expectRoundTrip(Int64.max, storedAs: .int64(.max))
        try expectRoundTrip(-42, storedAs: .int64(-42))
    }

    @Test func boolIsStoredAsINT64ZeroOrOne() throws {
        try expectRoundTrip(true, storedAs: .int64(1))
        try expectRoundTrip(false, storedAs: .int64(0))
    }

    @Test func doubleIsStoredAsDOUBLE() throws {
        try expectRoundTrip(2.5, storedAs: .double(2.5))
        try expectRoundTrip(-0.0, storedAs: .double(-0.0))
    }

    @Test func dateIsStoredAsTIMESTAMP() throws {
        try expectRoundTrip(moment, storedAs: .date(moment))
    }

    @Test func dataIsStoredAsBYTES() throws {
        try expectRoundTrip(Data([0, 1, 255]), storedAs: .bytes(Data([0, 1, 255])))
    }

    @Test func uuidIsStoredAsItsUpperCaseString() throws {
        try expectRoundTrip(uuid, storedAs: .string("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
    }

    @Test func uuidReadsLowerCaseStringsToo() throws {
        let record = InMemoryRecord(recordType: "Sample")
        record[field: "id"] = "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"
        #expect(try record.decode(UUID.self, forKey: "id") == uuid)
    }

    @Test func urlIsStoredAsItsAbsoluteString() throws {
        try expectRoundTrip(URL(string: "https://example.com/a?b=c")!, storedAs: .string("https://example.com/a?b=c"))
        try expectRoundTrip(fileURL, storedAs: .string("file:///tmp/photo.jpg"))
    }

    @Test func assetIsStoredAsASSET() throws {
        try expectRoundTrip(Asset(fileURL: fileURL), storedAs: .asset(Asset(fileURL: fileURL)))
    }

    @Test func locationIsStoredAsLOCATION() throws {
        try expectRoundTrip(basilPatch, storedAs: .location(basilPatch))
        let bare = Location(latitude: -33.87, longitude: 151.21)
        try expectRoundTrip(bare, storedAs: .location(bare))
        #expect(bare.altitude == nil && bare.timestamp == nil)
    }

    @Test func referencesKeepTheirTargetAndAction() throws {
        try expectRoundTrip(
            Reference<Bed>(recordID: bedID, action: .deleteSelf),
            storedAs: .reference(RecordReference(recordID: bedID, action: .deleteSelf)))
        try expectRoundTrip(
            RecordReference(recordID: bedID),
            storedAs: .reference(RecordReference(recordID: bedID, action: .none)))
    }

    @Test func enumsAreStoredAsTheirRawValue() throws {
        try expectRoundTrip(Soil.clay, storedAs: .string("clay"))
        try expectRoundTrip(Priority.high, storedAs: .int64(10))
    }
}

@Suite("Lists of every element type round-trip as LIST<…>")
struct ListTests {
    @Test func listsOfScalars() throws {
        try expectRoundTrip(["a", "b"], storedAs: ["a", "b"])
        try expectRoundTrip([1, 2] as [Int64], storedAs: [1, 2])
        try expectRoundTrip([3, 4] as [Int], storedAs: [3, 4])
        try expectRoundTrip([true, false], storedAs: [1, 0])
        try expectRoundTrip([1.5, 2], storedAs: [1.5, 2.0])
        try expectRoundTrip([moment], storedAs: .list([.date(moment)]))
        try expectRoundTrip([Data([1]), Data()], storedAs: .list([.bytes(Data([1])), .bytes(Data())]))
        try expectRoundTrip([uuid], storedAs: ["E621E1F8-C36C-495A-93FC-0C247A3E6E5F"])
        try expectRoundTrip([fileURL], storedAs: ["file:///tmp/photo.jpg"])
    }

    @Test func listsOfAssetsLocationsAndReferences() throws {
        try expectRoundTrip([Asset(fileURL: fileURL)], storedAs: .list([.asset(Asset(fileURL: fileURL))]))
        try expectRoundTrip([basilPatch], storedAs: .list([.location(basilPatch)]))
        try expectRoundTrip(
            [Reference<Bed>(recordID: bedID, action: .deleteSelf)],
            storedAs: .list([.reference(RecordReference(recordID: bedID, action: .deleteSelf))]))
        try expectRoundTrip([RecordReference(recordID: bedID)], storedAs: .list([.reference(RecordReference(recordID: bedID))]))
    }

    @Test func listsOfEnums() throws {
        try expectRoundTrip([Soil.sand, .loam], storedAs: ["sand", "loam"])
        try expectRoundTrip([Priority.low], storedAs: [0])
    }

    @Test func emptyListsDecodeAsAnyListType() throws {
        try expectRoundTrip([String](), storedAs: [])
        let record = InMemoryRecord(recordType: "Sample")
        record[field: "tags"] = []
        #expect(try record.decode([Reference<Bed>].self, forKey: "tags").isEmpty)
    }
}

@Suite("Number leniency")
struct NumberLeniencyTests {
    @Test func aDoubleFieldAcceptsAnINT64Value() throws {
        let record = InMemoryRecord(recordType: "Sample")
        record[field: "weight"] = .int64(3)
        #expect(try record.decode(Double.self, forKey: "weight") == 3.0)
    }

    @Test func aDoubleFieldRejectsAnINT64ThatWouldRound() {
        let record = InMemoryRecord(recordType: "Sample")
        record[field: "weight"] = .int64(9_007_199_254_740_993)  // 2^53 + 1
        #expect(
            decodingError { try record.decode(Double.self, forKey: "weight") }?
                .description == "Sample.weight: invalid value 9007199254740993: not exactly representable as Double")
    }

    @Test func integerFieldsRejectDOUBLEValuesEvenWhole() {
        let record = InMemoryRecord(recordType: "Sample")
        record[field: "count"] = .double(2.0)
        #expect(
            decodingError { try record.decode(Int64.self, forKey: "count") }?
                .description == "Sample.count: expected INT64, found DOUBLE")
        #expect(
            decodingError { try record.decode(Int.self, forKey: "count") }?
                .description == "Sample.count: expected INT64, found DOUBLE")
    }

    @Test func boolReadsAnyNonZeroINT64AsTrue() throws {
        let record = InMemoryRecord(recordType: "Sample")
        record[field: "done"] = .int64(2)
        #expect(try record.decode(Bool.self, forKey: "done") == true)
        record[field: "done"] = .int64(0)
        #expect(try record.decode(Bool.self, forKey: "done") == false)
    }
}
