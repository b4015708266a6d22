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
    CloudSchemaRuntime.CloudSchemaRuntimeVersion_3

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
    var recordID: RecordID
    var serverVersion: ServerVersion?
    var name: String

    init(recordID: RecordID = RecordID(), name: String) {
        self.recordID = recordID
        self.name = name
    }

    init(record: some RecordStorage) throws(RecordDecodingError) {
        try record.requireRecordType(Self.recordType)
        var reader = RecordReader(record)
        recordID = record.recordIdentifier
        name = try reader.decode(String.self, forKey: "name")
        serverVersion = reader.serverVersion()
    }

    func encode(to record: some RecordStorage) {
        record.encode(name, forKey: "name", changedSince: serverVersion)
    }
}

struct Plant: CloudRecord, Hashable {
    static let recordType = "Plant"
    static let databaseScope = DatabaseScope.private
    static let zoneID = RecordZoneID.default
    var recordID: RecordID
    var serverVersion: ServerVersion?
    var name: String
    var notes: String?
    var bed: Reference<Bed>
    var soil: Soil

    init(recordID: RecordID = RecordID(), name: String, notes: String? = nil, bed: Reference<Bed>, soil: Soil = .loam) {
        self.recordID = recordID
        self.name = name
        self.notes = notes
        self.bed = bed
        self.soil = soil
    }

    init(record: some RecordStorage) throws(RecordDecodingError) {
        try record.requireRecordType(Self.recordType)
        var reader = RecordReader(record)
        recordID = record.recordIdentifier
        name = try reader.decode(String.self, forKey: "name")
        notes = try reader.decodeIfPresent(String.self, forKey: "notes", encrypted: true)
        bed = try reader.decode(Reference<Bed>.self, forKey: "bed")
        soil = try reader.decode(Soil.self, forKey: "soil", default: .loam)
        serverVersion = reader.serverVersion()
    }

    func encode(to record: some RecordStorage) {
        let base = serverVersion
        record.encode(name, forKey: "name", changedSince: base)
        record.encode(notes, forKey: "notes", encrypted: true, changedSince: base)
        if record.encode(bed.with(action: .deleteSelf), forKey: "bed", changedSince: base) {
            record.encodeParent(bed)
        }
        record.encode(soil, forKey: "soil", default: .loam, changedSince: base)
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
