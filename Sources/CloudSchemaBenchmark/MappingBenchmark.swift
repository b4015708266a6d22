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
    let (sample, codable, record) = mappingSample()

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
    let (client, server) = mappingConflict(record)
    func ownedCopy() -> InMemoryRecord { ownedCopyOf(server) }
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
    printMappingInstructions(decode: decode[3] / decode[0], encode: encode[3] / encode[0], merge: (merge[2] - merge[3]) / merge[4])
    return MappingFigures(
        decodeSpeed: decode[3] / decode[0], encodeSpeed: encode[3] / encode[0], mergeDecodes: (merge[2] - merge[3]) / merge[4])
}

/// The value both mappings map, and a record the generated one wrote and the server saved.
func mappingSample() -> (Sample, CodableSample, InMemoryRecord) {
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
    return (sample, codable, record)
}

/// Copies of `record` where the client edited one field and the server another.
func mappingConflict(_ record: InMemoryRecord) -> (client: InMemoryRecord, server: InMemoryRecord) {
    let client = record.copy()
    client[field: "title"] = "client"
    let server = record.copy()
    server[field: "count"] = 4
    return (client, server)
}

/// A copy of `server` with storage of its own (reserving room makes it), as a record CloudKit
/// hands back with `.serverRecordChanged` is.
func ownedCopyOf(_ server: InMemoryRecord) -> InMemoryRecord {
    let copy = server.copy()
    copy.reserveCapacity(forFields: 1)
    return copy
}

/// The mapping figures in callgrind instructions beside the time ratios, or why they are not
/// measured. A count does not move with the machine's load, so it is the steady figure where
/// sub-microsecond times are not.
func printMappingInstructions(decode: Double, encode: Double, merge: Double) {
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/valgrind" }
    guard let valgrind = path.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
        print("  instructions: not measured (needs valgrind on PATH)")
        return
    }
    let count = 2_000
    func instructions(_ body: String) -> Double? {
        let log = NSTemporaryDirectory() + "cloudschema-mapping-callgrind-\(body).log"
        let run = ChildProcess.run(
            [
                valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", "--toggle-collect=*countedCalls*",
                Bundle.main.executablePath!, "--mapping-once", body, String(count),
            ], logFile: log)
        // callgrind ends with "==pid== Collected : <instructions>".
        let line = run.output.split(separator: "\n").last { $0.contains("Collected :") }
        return run.succeeded ? line.flatMap { Double($0.split(separator: " ").last ?? "") }.map { $0 / Double(count) } : nil
    }
    let counts = Dictionary(uniqueKeysWithValues: mappingOnceNames.map { ($0, instructions($0)) })
    guard let decodeGenerated = counts["decode"]!, let decodeByHand = counts["decode-by-hand"]!, let encodeGenerated = counts["encode"]!,
        let encodeByHand = counts["encode-by-hand"]!, let merged = counts["merge"]!, let copied = counts["copy"]!
    else {
        print("  instructions: not measured (callgrind failed; logs in \(NSTemporaryDirectory()))")
        return
    }
    print(
        String(
            format: "  instructions per call (callgrind): decode %.0f vs %.0f hand-written: %.2f× (time %.2f×); encode %.0f vs %.0f: %.2f×"
                + " (time %.2f×); merge alone %.0f: %.2f hand-written decodes (time %.2f)",
            decodeGenerated, decodeByHand, decodeByHand / decodeGenerated, decode, encodeGenerated, encodeByHand,
            encodeByHand / encodeGenerated, encode, merged - copied, (merged - copied) / decodeByHand, merge))
}

/// The names of what `--mapping-once` runs.
let mappingOnceNames = ["decode", "decode-by-hand", "encode", "encode-by-hand", "merge", "copy"]

/// What `--mapping-once` runs, by name: the bodies `runMappingBenchmark` times.
func mappingOnceBody(_ name: String) -> (() -> Void)? {
    let (sample, codable, record) = mappingSample()
    let (client, server) = mappingConflict(record)
    func ownedCopy() -> InMemoryRecord { ownedCopyOf(server) }
    return [
        "decode": { _ = try! Sample(record: record) },
        "decode-by-hand": { _ = try! CodableSample(handWritten: record) },
        "encode": { sample.encode(to: InMemoryRecord(recordType: Sample.recordType, recordID: sample.recordID)) },
        "encode-by-hand": { codable.encodeByHand(to: InMemoryRecord(recordType: Sample.recordType, recordID: sample.recordID)) },
        "merge": { _ = Sample.mergeConflict(ancestor: record, client: client, server: ownedCopy()) },
        "copy": { _ = ownedCopy() },
    ][name]
}

/// `--mapping-once body count`: runs one of `mappingOnceNames` `count` times, for callgrind,
/// which counts only `countedCalls` (not building the sample or starting the process).
func mappingOnceAndExit(_ arguments: ArraySlice<String>) -> Never {
    guard let name = arguments.first, let body = mappingOnceBody(name), let count = arguments.dropFirst().first.flatMap(Int.init) else {
        print("usage: --mapping-once \(mappingOnceNames.joined(separator: "|")) count")
        exit(2)
    }
    body()  // the first call's one-time work (lazy statics, caches) is not counted
    countedCalls(count, body)
    exit(0)
}

@inline(never)
func countedCalls(_ count: Int, _ body: () -> Void) {
    for _ in 0..<count { body() }
}
