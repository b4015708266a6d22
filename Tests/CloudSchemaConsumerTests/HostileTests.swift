import CloudSchemaConsumerHostile
import CloudSchemaRuntime
import Foundation
import Testing

/// Schemas/Hostile.cloudschema: keywords and standard-library names as Swift names, and text
/// that tries to leave comments and literals. Compiling at all is half the test.
@Suite struct HostileTests {
    let everything = Everything(
        recordID: id("everything"),
        string: "quote \" backslash \\ \\( 😀 \n",
        int64: .min,
        int: -42,
        double: 0.1 + 0.2,
        bool: true,
        date: Date(timeIntervalSince1970: 1_234_567_890.123),
        data: Data([0, 1, 2, 255]),
        uuid: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
        url: URL(string: "https://example.com/a?b=c#d")!,
        asset: Asset(fileURL: URL(fileURLWithPath: "/tmp/photo.jpg")),
        location: Location(
            latitude: 51.5, longitude: -0.12, altitude: 11, horizontalAccuracy: 5, verticalAccuracy: 3,
            timestamp: Date(timeIntervalSince1970: 5)),
        reference: Reference(recordID: id("self-reference")),
        untyped: RecordReference(recordID: id("anything"), action: .deleteSelf),
        kind: .case,
        count: .big,
        strings: ["", "a", "ü"],
        int64s: [.max, 0, -1],
        ints: [1, 2],
        doubles: [.pi, -0.0, 1e300],
        bools: [true, false],
        dates: [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -1)],
        datas: [Data(), Data([7])],
        uuids: [UUID(uuidString: "00000000-0000-0000-0000-000000000001")!],
        urls: [URL(string: "file:///x")!],
        assets: [Asset(fileURL: URL(fileURLWithPath: "/tmp/a")), Asset(fileURL: URL(fileURLWithPath: "/tmp/b"))],
        locations: [Location(latitude: 1, longitude: 2)],
        references: [Reference(recordID: id("t1"), action: .deleteSelf)],
        untypeds: [RecordReference(recordID: id("u1"))],
        kinds: Kind.allCases,
        counts: Count.allCases,
        optionalString: "present",
        optionalReference: Reference(recordID: id("s1"), action: .deleteSelf),
        optionalReferences: [Reference(recordID: id("f1"))],
        secret: "🤫",
        secretNumber: 7,
        secretList: [1.5],
        secretLocation: Location(latitude: -33.9, longitude: 151.2)
    )

    @Test func everyFieldTypeRoundTripsExactly() throws {
        let record = try everything.makeInMemoryRecord()
        var decoded = try Everything(record: record)
        #expect(decoded.systemFields != nil)
        decoded.serverVersion = nil
        #expect(decoded == everything)
    }

    @Test func valuesAreStoredAsTheirCloudKitTypes() throws {
        let record = try everything.makeInMemoryRecord()
        #expect(record[field: "bool"] == .int64(1))
        #expect(record[field: "uuid"] == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(record[field: "kind"] == "case \"quoted\" \\ */")
        #expect(record[field: "count"] == .int64(.max))
        #expect(record[field: "asset"] == .asset(Asset(fileURL: URL(fileURLWithPath: "/tmp/photo.jpg"))))
        // Encrypted fields are in encrypted storage and nowhere else.
        #expect(record.allEncryptedKeys() == ["secret", "secretList", "secretLocation", "secretNumber"])
        for key in record.allEncryptedKeys() { #expect(record[field: key] == nil) }
        #expect(record[encryptedField: "secret"] == "🤫")
        #expect(!record.allKeys().contains { $0.hasPrefix("secret") })
        // References get the schema's action, whatever the value carried.
        #expect(record[field: "reference"] == .reference(RecordReference(recordID: id("self-reference"), action: .none)))
        #expect(record[field: "references"] == [.reference(RecordReference(recordID: id("t1"), action: .deleteSelf))])
        #expect(record[field: "optionalReferences"] == [.reference(RecordReference(recordID: id("f1"), action: .none))])
        // An untyped reference keeps the action it carries.
        #expect(record[field: "untyped"] == .reference(RecordReference(recordID: id("anything"), action: .deleteSelf)))
    }

    @Test func keywordNamedFieldsKeepTheirKeysAndDefaults() throws {
        let value = String_(self: false)
        #expect(value.class == "quote \" backslash \\ newline \n tab \t \\(interpolation) 😀 👩‍👩‍👧 \"\"\" #")
        #expect(value.default == -7)
        #expect(value.`self` == false)
        #expect(value.`init` == 1000)
        #expect(value.Type_ == .default)
        #expect(value.String == ["a\"b", "c\\d", ""])
        #expect(value.rawValue == 42)
        #expect(value.newValue == "*/")
        #expect(value.recordName == .`self`)
        #expect(value.enum == [.`init`, .Type_, .rawValue_])
        #expect(String_.recordType == "String")
        #expect(String_.Field.Type_ == "Type")
        #expect(String_.Field.record == "CD_record")
        #expect(String_.Field.`self` == "self")
        #expect(String_.Field.String == "String")
        #expect(String_.Field.allKeys.count == 13)

        let record = try value.makeInMemoryRecord()
        #expect(record.recordType == "String")
        #expect(record[field: "class"] == .string(value.class))
        #expect(record[field: "self"] == .int64(0))
        #expect(record[field: "Type"] == "default")
        #expect(record[field: "CD_record"] == nil)
        var decoded = try String_(record: record)
        decoded.serverVersion = nil
        #expect(decoded == value)
    }

    @Test func absentFieldsDecodeAsNilOrTheirDefault() throws {
        let record = InMemoryRecord(recordType: "String", recordID: id("empty"))
        let decoded = try String_(record: record)
        #expect(decoded == String_(recordID: id("empty"), self: true).with(serverVersion: decoded.serverVersion))
        #expect(decoded.record == nil)
        #expect(decoded.Field_ == nil)
        // An optional field with a default takes the default when absent.
        #expect(decoded.newValue == "*/")
        #expect(decoded.recordName == .`self`)
    }

    @Test func namesGeneratedCodeUsesAreRenamedAndStillRoundTrip() throws {
        let value = RecordFields_(fieldEqual_: "x", recordFields: 3, fields: true)
        let record = try value.makeInMemoryRecord()
        #expect(record.recordType == "RecordFields")
        #expect(record.allKeys() == ["fieldEqual", "fields", "recordFields"])
        var decoded = try RecordFields_(record: record)
        #expect(decoded != value)
        decoded.serverVersion = nil
        #expect(decoded == value)
    }

    @Test func renamedRecordTypesUseTheirCloudKitNames() throws {
        let field = Field_(protocol: Date(timeIntervalSince1970: 9), where: Reference(recordID: id("string")))
        let record = try field.makeInMemoryRecord()
        #expect(record.recordType == "FieldRecord")
        #expect(record.parentIdentifier == id("string"))
        #expect(
            decodingError { try Field_(record: InMemoryRecord(recordType: "Field")) }?.description == "FieldRecord: wrong record type Field"
        )
        let type = Type_()
        #expect(type.any == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(
            type.some.absoluteString == "https://example.com/a?b=%22c%22&d=%5C"
                || type.some.absoluteString == "https://example.com/a?b=\"c\"&d=\\")
        #expect(type.Protocol_.count == 1)
    }

    @Test func anUnknownEnumValueIsKeptUnderTheUnrecognizedCase() throws {
        let record = try String_().makeInMemoryRecord()
        record[field: "Type"] = "peat"
        let decoded = try String_(record: record)
        #expect(decoded.Type_ == .unrecognized("peat"))
        #expect(decoded.Type_.rawValue == "peat")
    }

}

extension String_ {
    func with(serverVersion: ServerVersion?) -> String_ {
        var copy = self
        copy.serverVersion = serverVersion
        return copy
    }
}
