import Foundation

/// A value stored in one field of a record, independent of CloudKit.
///
/// Each case is one CloudKit field type; `.list` is `LIST<…>`, whose elements CloudKit requires
/// to share one type (this enum doesn't enforce that; decoding reports a mixed list as a type mismatch).
public enum RecordValue: Hashable, Sendable, Codable {
    /// `STRING`
    case string(String)
    /// `INT64` (also how Bool and Int are stored)
    case int64(Int64)
    /// `DOUBLE`
    case double(Double)
    /// `TIMESTAMP`. CloudKit keeps millisecond precision.
    case date(Date)
    /// `BYTES`. Counts toward the 1 MB record limit; use an asset for large data.
    case bytes(Data)
    /// `ASSET`
    case asset(Asset)
    /// `LOCATION` (boxed, like `REFERENCE`: the large payloads would otherwise make every value
    /// 64 bytes instead of 24)
    indirect case location(Location)
    /// `REFERENCE`
    indirect case reference(RecordReference)
    /// `LIST<…>`
    case list([RecordValue])

    /// The field type this value has, e.g. `STRING` or `LIST<INT64>`.
    /// An empty list's element type is unknown: ``RecordFieldType/list(_:)`` with `nil`.
    public var fieldType: RecordFieldType {
        switch self {
        case .string: .string
        case .int64: .int64
        case .double: .double
        case .date: .timestamp
        case .bytes: .bytes
        case .asset: .asset
        case .location: .location
        case .reference: .reference
        case .list(let items): .list(items.first?.fieldType)
        }
    }
}

extension RecordValue: CustomStringConvertible {
    /// Strings are quoted, so `"7"` and `7` read differently in messages.
    public var description: String {
        switch self {
        case .string(let value): quoted(value)
        case .int64(let value): String(value)
        case .double(let value): String(value)
        case .date(let value): value.formatted(.iso8601)
        case .bytes(let value): "\(value.count) bytes"
        case .asset(let value): "asset \(value.fileURL.path)"
        case .location(let value): "location (\(value.latitude), \(value.longitude))"
        case .reference(let value): "reference \(value)"
        case .list(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        }
    }
}

/// Swift-style quoting with the few escapes a message needs.
func quoted(_ text: String) -> String {
    var result = "\""
    for character in text {
        switch character {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        case "\r": result += "\\r"
        default: result.append(character)
        }
    }
    return result + "\""
}

extension RecordValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByArrayLiteral {
    /// `"Tom"` is `.string("Tom")`, so tests and defaults read as the values they are.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `7` is `.int64(7)`.
    public init(integerLiteral value: Int64) { self = .int64(value) }
    /// `2.5` is `.double(2.5)`.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// `["a", "b"]` is `.list([.string("a"), .string("b")])`.
    public init(arrayLiteral elements: RecordValue...) { self = .list(elements) }
}

/// A CloudKit field type, as the schema language spells it.
public indirect enum RecordFieldType: Hashable, Sendable, CustomStringConvertible {
    /// `STRING`
    case string
    /// `INT64`
    case int64
    /// `DOUBLE`
    case double
    /// `TIMESTAMP`
    case timestamp
    /// `BYTES`
    case bytes
    /// `ASSET`
    case asset
    /// `LOCATION`
    case location
    /// `REFERENCE`
    case reference
    /// `LIST<element>`; `nil` when the element type is unknown (an empty list).
    case list(RecordFieldType?)

    /// The type as the schema language and error messages spell it: `STRING`, `LIST<INT64>`.
    public var description: String {
        switch self {
        case .string: "STRING"
        case .int64: "INT64"
        case .double: "DOUBLE"
        case .timestamp: "TIMESTAMP"
        case .bytes: "BYTES"
        case .asset: "ASSET"
        case .location: "LOCATION"
        case .reference: "REFERENCE"
        case .list(let element?): "LIST<\(element)>"
        case .list(nil): "LIST"
        }
    }
}
