import CloudSchemaRuntime
import Foundation

// Generated mapping (Sample, from Mapping.cloudschema) against the limit, the same fields mapped
// by hand (HandWrittenSample.swift), and against what CloudKitCodable-style libraries do: the
// same struct, Codable, through an Encoder/Decoder over the record's fields. All run against
// InMemoryRecord, in one process; the figures are ratios.

/// The generated Sample's fields as a plain Codable struct.
struct CodableSample: Codable {
    var title: String
    var subtitle: String?
    var body: String?
    var author: String
    var category: String
    var count: Int64
    var rank: Int64
    var views: Int64?
    var likes: Int64
    var score: Double
    var ratio: Double?
    var weight: Double
    var published: Bool
    var pinned: Bool?
    var created: Date
    var modified: Date?
    var tags: [String]
    var links: [String]?
    var counts: [Int64]?
    var archived: Bool
}

/// Writes a Codable value's top-level fields into a record; leaf values go through
/// `CloudFieldValue`, as a dictionary-backed record encoder would.
struct RecordFieldEncoder: Encoder {
    let record: InMemoryRecord
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Container(record: record))
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { fatalError("top-level fields only") }
    func singleValueContainer() -> any SingleValueEncodingContainer { fatalError("top-level fields only") }

    struct Container<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let record: InMemoryRecord
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { record[field: key.stringValue] = nil }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            guard let field = value as? any CloudFieldValue else {
                throw EncodingError.invalidValue(value, .init(codingPath: [key], debugDescription: "not a field value"))
            }
            record[field: key.stringValue] = field.recordValue
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<
            NestedKey
        > {
            fatalError("top-level fields only")
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { fatalError("top-level fields only") }
        mutating func superEncoder() -> any Encoder { fatalError("top-level fields only") }
        mutating func superEncoder(forKey key: Key) -> any Encoder { fatalError("top-level fields only") }
    }
}

/// Reads a Codable value's top-level fields from a record.
struct RecordFieldDecoder: Decoder {
    let record: InMemoryRecord
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Container(record: record))
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { fatalError("top-level fields only") }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { fatalError("top-level fields only") }

    struct Container<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let record: InMemoryRecord
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { record.allKeys().compactMap(Key.init(stringValue:)) }

        func contains(_ key: Key) -> Bool { record[field: key.stringValue] != nil }
        func decodeNil(forKey key: Key) throws -> Bool { record[field: key.stringValue] == nil }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let stored = record[field: key.stringValue] else {
                throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "missing"))
            }
            guard let fieldType = type as? any CloudFieldValue.Type, let value = try? fieldType.init(recordValue: stored) as? T else {
                throw DecodingError.typeMismatch(type, .init(codingPath: [key], debugDescription: "not \(type)"))
            }
            return value
        }
        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<
            NestedKey
        > {
            fatalError("top-level fields only")
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { fatalError("top-level fields only") }
        func superDecoder() throws -> any Decoder { fatalError("top-level fields only") }
        func superDecoder(forKey key: Key) throws -> any Decoder { fatalError("top-level fields only") }
    }
}

/// Issue 36's mapping figures from one run: decode and encode as a multiple of the hand-written
/// mapping's speed, and a conflict merge in hand-written decodes.
struct MappingFigures {
    var decodeSpeed: Double
    var encodeSpeed: Double
    var mergeDecodes: Double
}

@discardableResult
func runMappingBenchmark() -> MappingFigures {
    let iterations = 20_000
    let created = Date(timeIntervalSince1970: 1_700_000_000)
    let sample = Sample(
        title: "A title", subtitle: "sub", body: String(repeating: "text ", count: 20), author: "Ada", count: 3, views: 99,
        score: 4.5, ratio: 0.25, pinned: true, created: created, modified: created, tags: ["a", "b", "c"],
        links: ["https://example.com"], counts: [1, 2, 3])
    let codable = CodableSample(
        title: sample.title, subtitle: sample.subtitle, body: sample.body, author: sample.author, category: sample.category,
        count: sample.count, rank: sample.rank, views: sample.views, likes: sample.likes, score: sample.score, ratio: sample.ratio,
        weight: sample.weight, published: sample.published, pinned: sample.pinned, created: sample.created,
        modified: sample.modified, tags: sample.tags, links: sample.links, counts: sample.counts, archived: sample.archived)
    let record = InMemoryRecord(recordType: Sample.recordType, recordID: sample.recordID)
    sample.encode(to: record)
    record.simulateServerSave()

    /// `iterations` calls of each body, in turn, eleven rounds; the best round of each in thread
    /// CPU seconds. Alternating keeps both sides under the same conditions (caches, clock, load).
    func time(_ bodies: () throws -> Void...) -> [Double] {
        var best = [Double](repeating: .infinity, count: bodies.count)
        for _ in 0..<11 {
            for (index, body) in bodies.enumerated() {
                let seconds = cpuSeconds {
                    for _ in 0..<iterations {
                        do { try body() } catch { preconditionFailure("\(error)") }
                    }
                }
                best[index] = min(best[index], seconds)
            }
        }
        return best
    }
    func perCall(_ seconds: Double) -> Double { seconds / Double(iterations) * 1e6 }
    func report(_ label: String, generated: Double, handWritten: Double, codable: Double) {
        let name = label.padding(toLength: 10, withPad: " ", startingAt: 0)
        print(
            String(
                format: "  %@ generated %6.2f µs, hand-written %6.2f µs, Codable %6.2f µs: generated is %.2f× as fast as"
                    + " hand-written, %.2f× as fast as Codable",
                name, perCall(generated), perCall(handWritten), perCall(codable), handWritten / generated, codable / generated))
    }

    print("mapping a 20-field record, \(iterations) times (InMemoryRecord)")
    // What both sides pay the record itself, with no mapping: reading each field's raw value,
    // and writing each raw value into a new record. No mapping can be faster than this.
    let keys = Sample.Field.allKeys
    let stored = keys.map { record[field: $0] }
    let decode = time(
        { _ = try Sample(record: record) },
        { _ = try CodableSample(from: RecordFieldDecoder(record: record)) },
        { for key in keys { _ = record[field: key] } },
        { _ = try CodableSample(handWritten: record) })
    report("decode", generated: decode[0], handWritten: decode[3], codable: decode[1])
    let encode = time(
        { sample.encode(to: InMemoryRecord(recordType: Sample.recordType, recordID: sample.recordID)) },
        { try codable.encode(to: RecordFieldEncoder(record: InMemoryRecord(recordType: Sample.recordType, recordID: sample.recordID))) },
        {
            let fresh = InMemoryRecord(recordType: Sample.recordType, recordID: sample.recordID)
            fresh.reserveCapacity(forFields: keys.count)
            for (key, value) in zip(keys, stored) { fresh[field: key] = value }
        },
        { codable.encodeByHand(to: InMemoryRecord(recordType: Sample.recordType, recordID: sample.recordID)) })
    report("encode", generated: encode[0], handWritten: encode[3], codable: encode[1])
    print(
        String(
            format:
                "  the record alone (raw values, no mapping): read %.2f µs, write %.2f µs; beyond that, Codable takes %.2f× generated decode's time and %.2f× encode's",
            perCall(decode[2]), perCall(encode[2]),
            (decode[1] - decode[2]) / (decode[0] - decode[2]), (encode[1] - encode[2]) / (encode[0] - encode[2])))

    // A conflict where both sides edited different fields, merged into a fresh copy of the server
    // record each time; the copy is taken off, and the figure is in hand-written decodes of the
    // same run. A copy shares the record's storage until its first write, which copies all of it:
    // "with the copy's first write" counts that too. A record CloudKit hands back with
    // `.serverRecordChanged` is the app's own to merge into and save, so "alone" merges into a
    // copy that already has storage of its own (reserving room makes it).
    let client = record.copy()
    client[field: "title"] = "client"
    let server = record.copy()
    server[field: "count"] = 4
    func ownedCopy() -> InMemoryRecord {
        let copy = server.copy()
        copy.reserveCapacity(forFields: 1)
        return copy
    }
    let merge = time(
        { _ = Sample.mergeConflict(ancestor: record, client: client, server: server.copy()) },
        { _ = server.copy() },
        { _ = Sample.mergeConflict(ancestor: record, client: client, server: ownedCopy()) },
        { _ = ownedCopy() },
        { _ = try CodableSample(handWritten: record) })
    print(
        String(
            format:
                "  merge      %6.2f µs per conflict alone: %.2f hand-written decodes; with the copy's first write %.2f µs, %.2f decodes",
            perCall(merge[2] - merge[3]), (merge[2] - merge[3]) / merge[4], perCall(merge[0] - merge[1]),
            (merge[0] - merge[1]) / merge[4]))
    return MappingFigures(
        decodeSpeed: decode[3] / decode[0], encodeSpeed: encode[3] / encode[0], mergeDecodes: (merge[2] - merge[3]) / merge[4])
}
