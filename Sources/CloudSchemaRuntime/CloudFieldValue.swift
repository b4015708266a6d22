import Foundation

/// A Swift type that can be stored in one record field.
///
/// | Swift | stored as |
/// |---|---|
/// | `String` | `STRING` |
/// | `Int64`, `Int` | `INT64` |
/// | `Bool` | `INT64` 0 or 1 |
/// | `Double` | `DOUBLE` |
/// | `Date` | `TIMESTAMP` |
/// | `Data` | `BYTES` |
/// | `UUID` | `STRING` (`uuidString`, upper case) |
/// | `URL` | `STRING` (`absoluteString`) |
/// | ``Asset``, ``Location`` | `ASSET`, `LOCATION` |
/// | ``Reference``, ``RecordReference`` | `REFERENCE` |
/// | `[T]` | `LIST<T>` |
/// | an enum with a `String`, `Int64` or `Int` raw value | its raw value |
///
/// Decoding is strict except where CloudKit itself blurs types:
/// - A `Double` accepts an `INT64` value that converts exactly (a `NUMBER` field, or a number
///   CloudKit hands back as an integer). The reverse does not hold: an integer property rejects a
///   `DOUBLE` value, even `2.0`, because CloudKit never turns an `INT64` field into a `DOUBLE`, so
///   such a value means the schema and the code disagree.
/// - A `Bool` reads any `INT64`, non-zero as `true`, as `NSNumber.boolValue` does; it writes 0 or 1.
/// - An `Int` reports an `INT64` that doesn't fit (32-bit watchOS) as an invalid value.
///
/// To store an enum, declare the conformance; the implementation comes with `RawRepresentable`:
/// ```swift
/// enum Soil: String, CloudFieldValue { case loam, clay, sand }
/// ```
public protocol CloudFieldValue: Sendable {
    /// The CloudKit type of the field, used in error messages.
    static var fieldType: RecordFieldType { get }
    /// This value as stored in a record.
    var recordValue: RecordValue { get }
    /// Reads a value back, or says precisely why it can't: throw a ``RecordDecodingError/Problem``
    /// (any other error is reported as an invalid value).
    ///
    /// Untyped `throws`: Swift (6.3) doesn't devirtualize a typed-throws requirement, so with
    /// `throws(RecordDecodingError.Problem)` every field decoded was an indirect call returning
    /// through memory instead of an inlined `switch`.
    init(recordValue: RecordValue) throws
}

extension CloudFieldValue {
    /// The error for a value of the wrong CloudKit type.
    @usableFromInline
    static func mismatch(_ found: RecordValue) -> RecordDecodingError.Problem {
        .typeMismatch(expected: fieldType, found: found.fieldType)
    }
}

extension String: CloudFieldValue {
    public static var fieldType: RecordFieldType { .string }
    @inlinable public var recordValue: RecordValue { .string(self) }
    @inlinable public init(recordValue: RecordValue) throws {
        guard case .string(let value) = recordValue else { throw Self.mismatch(recordValue) }
        self = value
    }
}

extension Int64: CloudFieldValue {
    public static var fieldType: RecordFieldType { .int64 }
    @inlinable public var recordValue: RecordValue { .int64(self) }
    @inlinable public init(recordValue: RecordValue) throws {
        guard case .int64(let value) = recordValue else { throw Self.mismatch(recordValue) }
        self = value
    }
}

extension Int: CloudFieldValue {
    public static var fieldType: RecordFieldType { .int64 }
    @inlinable public var recordValue: RecordValue { .int64(Int64(self)) }
    @inlinable public init(recordValue: RecordValue) throws {
        guard case .int64(let value) = recordValue else { throw Self.mismatch(recordValue) }
        guard let int = Int(exactly: value) else {
            throw RecordDecodingError.Problem.invalidValue(recordValue, reason: "out of range for Int")
        }
        self = int
    }
}

extension Bool: CloudFieldValue {
    public static var fieldType: RecordFieldType { .int64 }
    @inlinable public var recordValue: RecordValue { .int64(self ? 1 : 0) }
    @inlinable public init(recordValue: RecordValue) throws {
        guard case .int64(let value) = recordValue else { throw Self.mismatch(recordValue) }
        self = value != 0
    }
}

extension Double: CloudFieldValue {
    public static var fieldType: RecordFieldType { .double }
    @inlinable public var recordValue: RecordValue { .double(self) }
    @inlinable public init(recordValue: RecordValue) throws {
        switch recordValue {
        case .double(let value):
            self = value
        case .int64(let value):
            guard let double = Double(exactly: value) else {
                throw RecordDecodingError.Problem.invalidValue(recordValue, reason: "not exactly representable as Double")
            }
            self = double
        default:
            throw Self.mismatch(recordValue)
        }
    }
}

extension Date: CloudFieldValue {
    public static var fieldType: RecordFieldType { .timestamp }
    @inlinable public var recordValue: RecordValue { .date(self) }
    @inlinable public init(recordValue: RecordValue) throws {
        guard case .date(let value) = recordValue else { throw Self.mismatch(recordValue) }
        self = value
    }
}

extension Data: CloudFieldValue {
    public static var fieldType: RecordFieldType { .bytes }
    @inlinable public var recordValue: RecordValue { .bytes(self) }
    @inlinable public init(recordValue: RecordValue) throws {
        guard case .bytes(let value) = recordValue else { throw Self.mismatch(recordValue) }
        self = value
    }
}

extension UUID: CloudFieldValue {
    public static var fieldType: RecordFieldType { .string }
    @inlinable public var recordValue: RecordValue { .string(uuidString) }
    @inlinable public init(recordValue: RecordValue) throws {
        guard case .string(let text) = recordValue else { throw Self.mismatch(recordValue) }
        guard let uuid = UUID(uuidString: text) else {
            throw RecordDecodingError.Problem.invalidValue(recordValue, reason: "not a UUID")
        }
        self = uuid
    }
}

extension URL: CloudFieldValue {
    public static var fieldType: RecordFieldType { .string }
    @inlinable public var recordValue: RecordValue { .string(absoluteString) }
    @inlinable public init(recordValue: RecordValue) throws {
        guard case .string(let text) = recordValue else { throw Self.mismatch(recordValue) }
        guard let url = URL(string: text) else {
            throw RecordDecodingError.Problem.invalidValue(recordValue, reason: "not a URL")
        }
        self = url
    }
}

extension Asset: CloudFieldValue {
    public static var fieldType: RecordFieldType { .asset }
    @inlinable public var recordValue: RecordValue { .asset(self) }
    @inlinable public init(recordValue: RecordValue) throws {
        guard case .asset(let value) = recordValue else { throw Self.mismatch(recordValue) }
        self = value
    }
}

extension Location: CloudFieldValue {
    public static var fieldType: RecordFieldType { .location }
    @inlinable public var recordValue: RecordValue { .location(self) }
    @inlinable public init(recordValue: RecordValue) throws {
        guard case .location(let value) = recordValue else { throw Self.mismatch(recordValue) }
        self = value
    }
}

extension RecordReference: CloudFieldValue {
    public static var fieldType: RecordFieldType { .reference }
    @inlinable public var recordValue: RecordValue { .reference(self) }
    @inlinable public init(recordValue: RecordValue) throws {
        guard case .reference(let value) = recordValue else { throw Self.mismatch(recordValue) }
        self = value
    }
}

extension Reference: CloudFieldValue {
    public static var fieldType: RecordFieldType { .reference }
    @inlinable public var recordValue: RecordValue { .reference(untyped) }
    @inlinable public init(recordValue: RecordValue) throws {
        self.init(try RecordReference(recordValue: recordValue))
    }
}

extension Array: CloudFieldValue where Element: CloudFieldValue {
    public static var fieldType: RecordFieldType { .list(Element.fieldType) }
    @inlinable public var recordValue: RecordValue { .list(map { $0.recordValue }) }
    @inlinable public init(recordValue: RecordValue) throws {
        guard case .list(let items) = recordValue else { throw Self.mismatch(recordValue) }
        var elements: [Element] = []
        elements.reserveCapacity(items.count)
        for item in items {
            do {
                elements.append(try Element(recordValue: item))
            } catch RecordDecodingError.Problem.typeMismatch(let expected, let found) {
                // Report a wrong element type as a wrong list type: LIST<STRING> vs LIST<INT64>.
                throw RecordDecodingError.Problem.typeMismatch(expected: .list(expected), found: .list(found))
            }
        }
        self = elements
    }
}

extension CloudFieldValue where Self: RawRepresentable, RawValue: CloudFieldValue {
    public static var fieldType: RecordFieldType { RawValue.fieldType }
    @inlinable public var recordValue: RecordValue { rawValue.recordValue }
    @inlinable public init(recordValue: RecordValue) throws {
        let rawValue = try RawValue(recordValue: recordValue)
        guard let value = Self(rawValue: rawValue) else {
            throw RecordDecodingError.Problem.unknownEnumValue(recordValue, enumType: String(describing: Self.self))
        }
        self = value
    }
}
