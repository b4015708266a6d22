import CloudSchemaRuntime
import Foundation

/// The generated Sample's fields (`CodableSample`'s stored properties) mapped by hand, as an app
/// without a mapping library would: one `record[field:]` and a `switch` per field, no change
/// tracking, no remembered server version. The limit generated code is measured against.
extension CodableSample {
    /// A field missing or of another type.
    struct Unreadable: Error {
        var key: String
    }

    init(handWritten record: InMemoryRecord) throws {
        guard record.recordType == "Sample" else { throw Unreadable(key: "recordType") }
        title = try Self.required(Self.string(record, "title"), "title")
        subtitle = try Self.string(record, "subtitle")
        body = try Self.string(record, "body")
        author = try Self.required(Self.string(record, "author"), "author")
        category = try Self.string(record, "category") ?? "general"
        count = try Self.required(Self.int64(record, "count"), "count")
        rank = try Self.int64(record, "rank") ?? 0
        views = try Self.int64(record, "views")
        likes = try Self.int64(record, "likes") ?? 0
        score = try Self.required(Self.double(record, "score"), "score")
        ratio = try Self.double(record, "ratio")
        weight = try Self.double(record, "weight") ?? 1
        published = try Self.int64(record, "published").map { $0 != 0 } ?? false
        pinned = try Self.int64(record, "pinned").map { $0 != 0 }
        created = try Self.required(Self.date(record, "created"), "created")
        modified = try Self.date(record, "modified")
        tags = try Self.strings(record, "tags") ?? []
        links = try Self.strings(record, "links")
        counts = try Self.int64s(record, "counts")
        archived = try Self.int64(record, "archived").map { $0 != 0 } ?? false
    }

    func encodeByHand(to record: InMemoryRecord) {
        record[field: "title"] = .string(title)
        record[field: "subtitle"] = subtitle.map { .string($0) }
        record[field: "body"] = body.map { .string($0) }
        record[field: "author"] = .string(author)
        record[field: "category"] = .string(category)
        record[field: "count"] = .int64(count)
        record[field: "rank"] = .int64(rank)
        record[field: "views"] = views.map { .int64($0) }
        record[field: "likes"] = .int64(likes)
        record[field: "score"] = .double(score)
        record[field: "ratio"] = ratio.map { .double($0) }
        record[field: "weight"] = .double(weight)
        record[field: "published"] = .int64(published ? 1 : 0)
        record[field: "pinned"] = pinned.map { .int64($0 ? 1 : 0) }
        record[field: "created"] = .date(created)
        record[field: "modified"] = modified.map { .date($0) }
        record[field: "tags"] = .list(tags.map { .string($0) })
        record[field: "links"] = links.map { .list($0.map { .string($0) }) }
        record[field: "counts"] = counts.map { .list($0.map { .int64($0) }) }
        record[field: "archived"] = .int64(archived ? 1 : 0)
    }

    private static func required<Value>(_ value: Value?, _ key: String) throws -> Value {
        guard let value else { throw Unreadable(key: key) }
        return value
    }

    private static func string(_ record: InMemoryRecord, _ key: String) throws -> String? {
        switch record[field: key] {
        case .string(let value): value
        case nil: nil
        default: throw Unreadable(key: key)
        }
    }

    private static func int64(_ record: InMemoryRecord, _ key: String) throws -> Int64? {
        switch record[field: key] {
        case .int64(let value): value
        case nil: nil
        default: throw Unreadable(key: key)
        }
    }

    private static func double(_ record: InMemoryRecord, _ key: String) throws -> Double? {
        switch record[field: key] {
        case .double(let value): value
        case .int64(let value): Double(value)
        case nil: nil
        default: throw Unreadable(key: key)
        }
    }

    private static func date(_ record: InMemoryRecord, _ key: String) throws -> Date? {
        switch record[field: key] {
        case .date(let value): value
        case nil: nil
        default: throw Unreadable(key: key)
        }
    }

    private static func strings(_ record: InMemoryRecord, _ key: String) throws -> [String]? {
        switch record[field: key] {
        case .list(let items):
            try items.map {
                guard case .string(let value) = $0 else { throw Unreadable(key: key) }
                return value
            }
        case nil: nil
        default: throw Unreadable(key: key)
        }
    }

    private static func int64s(_ record: InMemoryRecord, _ key: String) throws -> [Int64]? {
        switch record[field: key] {
        case .list(let items):
            try items.map {
                guard case .int64(let value) = $0 else { throw Unreadable(key: key) }
                return value
            }
        case nil: nil
        default: throw Unreadable(key: key)
        }
    }
}
