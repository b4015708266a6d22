@_spi(Generated) import CloudSchemaRuntime
import Foundation

// Hand-written the way cloudschema generates code, for this schema:
//
//   record Bed {
//     name: String
//   }
//   record Plant {
//     name: String
//     notes: String? @encrypted
//     bed: Reference<Bed> @parent @deleteSelf
//     soil: Soil = .loam
//   }
//   enum Soil: String { loam, clay, sand }

private typealias RegenerateWithAMatchingCloudschemaOrUpdateTheCloudSchemaRuntimeDependency =
    CloudSchemaRuntime.CloudSchemaRuntimeVersion_7

enum Soil: String, CloudFieldValue, CaseIterable {
    case loam, clay, sand
}

enum Priority: Int64, CloudFieldValue {
    case low = 0
    case high = 10
}

struct Bed: CloudRecord, Hashable {
    static let recordType = "Bed"
    static let databaseScope = DatabaseScope.private
    static let zoneID = RecordZoneID.default
    private static let recordFields = RecordFields(recordType: recordType, "name")
    var recordID: RecordID
    var serverVersion: ServerVersion?
    var name: String

    func encode(to record: some RecordStorage) {
        Self.recordFields.write([name.recordValue], to: record, changedSince: serverVersion)
    }
}

// The initializers in an extension keep the memberwise one Swift synthesizes, which both call.
extension Bed {
    init(recordID: RecordID = RecordID(), name: String) {
        self.init(recordID: recordID, serverVersion: nil, name: name)
    }

    init(record: some RecordStorage) throws(RecordDecodingError) {
        var fields = try Self.recordFields.read(record)
        self.init(recordID: fields.takeRecordID(), serverVersion: fields.takeServerVersion(), name: fields.decode(0, placeholder: ""))
        try fields.throwFirstFailure()
    }
}

struct Plant: CloudRecord, Hashable {
    static let recordType = "Plant"
    static let databaseScope = DatabaseScope.private
    static let zoneID = RecordZoneID.default
    private static let recordFields = RecordFields(
        recordType: recordType,
        """
        name
        notes encrypted
        bed parent
        soil default
        """,
        defaults: { $0 == 3 ? Soil.loam.recordValue : nil })
    var recordID: RecordID
    var serverVersion: ServerVersion?
    var name: String
    var notes: String?
    var bed: Reference<Bed>
    var soil: Soil

    func encode(to record: some RecordStorage) {
        Self.recordFields.write(
            [name.recordValue, notes?.recordValue, bed.with(action: .deleteSelf).recordValue, soil.recordValue],
            to: record, changedSince: serverVersion)
    }
}

extension Plant {
    init(recordID: RecordID = RecordID(), name: String, notes: String? = nil, bed: Reference<Bed>, soil: Soil = .loam) {
        self.init(recordID: recordID, serverVersion: nil, name: name, notes: notes, bed: bed, soil: soil)
    }

    init(record: some RecordStorage) throws(RecordDecodingError) {
        var fields = try Self.recordFields.read(record)
        try self.init(
            recordID: fields.takeRecordID(), serverVersion: fields.takeServerVersion(), name: fields.decode(0, placeholder: ""),
            notes: fields.decodeIfPresent(1), bed: fields.decode(2), soil: fields.decode(3, placeholder: .loam))
        try fields.throwFirstFailure()
    }
}

/// Runs `body` and returns the decoding error it throws, or `nil` if it doesn't throw.
/// (Swift doesn't yet infer a closure's typed `throws`, so this takes any error.)
func decodingError<T>(_ body: () throws -> T) -> RecordDecodingError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? RecordDecodingError
    }
}
