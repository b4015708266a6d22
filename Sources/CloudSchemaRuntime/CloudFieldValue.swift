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
    /// `STRING`.
    public static var fieldType: RecordFieldType { .string }
    /// The string, as `.string`.
    @inlinable public var recordValue: RecordValue { .string(self) }
    /// Reads a `STRING`; any other type is a type mismatch.
    @inlinable public init(recordValue: RecordValue) throws {
        guard case .string(let value) = recordValue else { throw Self.mismatch(recordValue) }
        self = value
    }
}

extension Int64: CloudFieldValue {
    /// `INT64`.
    public static var fieldType: RecordFieldType { .int64 }
    /// The integer, as `.int64`.
    @inlinable public var recordValue: RecordValue { .int64(self) }
    /// Reads an `INT64`; a `DOUBLE`, even `2.0`, is a type mismatch (CloudKit never stores an `INT64` field as `DOUBLE`).
    @inlinable public init(recordValue: RecordValue) throws {
        guard case .int64(let value) = recordValue else { throw Self.mismatch(recordValue) }
        self = value
    }
}

extension Int: CloudFieldValue {
    /// `INT64`.
    public static var fieldType: RecordFieldType { .int64 }
    /// The integer widened to `Int64`, as `.int64`.
    @inlinable public var recordValue: RecordValue { .int64(Int64(self)) }
    /// Reads an `INT64`; one that doesn't fit `Int` (32-bit watchOS) is an invalid value.
    @inlinable public init(recordValue: RecordValue) throws {
        guard case .int64(let value) = recordValue else { throw Self.mismatch(recordValue) }
        guard let int = Int(exactly: value) else {
            throw RecordDecodingError.Problem.invalidValue(recordValue, reason: "out of range for Int")
        }
        self = int
    }
}

extension Bool: CloudFieldValue {
    /// `INT64`: CloudKit has no Boolean type.
    public static var fieldType: RecordFieldType { .int64 }
    /// `.int64(1)` for `true`, `.int64(0)` for `false`.
    @inlinable public var recordValue: RecordValue { .int64(self ? 1 : 0) }
    /// Reads any `INT64`, non-zero as `true`, as `NSNumber.boolValue` does.
    @inlinable public init(recordValue: RecordValue) throws {
        guard case .int64(let value) = recordValue else { throw Self.mismatch(recordValue) }
        self = value != 0
    }
}

extension Double: CloudFieldValue {
    /// `DOUBLE`.
    public static var fieldType: RecordFieldType { .double }
    /// The number, as `.double`.
    @inlinable public var recordValue: RecordValue { .double(self) }
    /// Reads a `DOUBLE`, or an `INT64` that converts exactly (a `NUMBER` field, or a number CloudKit hands back as an integer).
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
    /// `TIMESTAMP`.
    public static var fieldType: RecordFieldType { .timestamp }
    /// The date, as `.date` (CloudKit keeps millisecond precision).
    @inlinable public var recordValue: RecordValue { .date(self) }
    /// Reads a `TIMESTAMP`.
    @inlinable public init(recordValue: RecordValue) throws {
        guard case .date(let value) = recordValue else { throw Self.mismatch(recordValue) }
        self = value
    }
}

extension Data: CloudFieldValue {
    /// `BYTES`.
    public static var fieldType: RecordFieldType { .bytes }
    /// The bytes, as `.bytes`.
    @inlinable public var recordValue: RecordValue { .bytes(self) }
    /// Reads `BYTES`.
    @inlinable public init(recordValue: RecordValue) throws {
        guard case .bytes(let value) = recordValue else { throw Self.mismatch(recordValue) }
        self = value
    }
}

extension UUID: CloudFieldValue {
    /// `STRING`: CloudKit has no UUID type.
    public static var fieldType: RecordFieldType { .string }
    /// The `uuidString` (upper case), as `.string`.
    @inlinable public var recordValue: RecordValue { .string(uuidString) }
    /// Reads a `STRING` holding a UUID; any other string is an invalid value.
    @inlinable public init(recordValue: RecordValue) throws {
        guard case .string(let text) = recordValue else { throw Self.mismatch(recordValue) }
        guard let uuid = UUID(uuidString: text) else {
            throw RecordDecodingError.Problem.invalidValue(recordValue, reason: "not a UUID")
        }
        self = uuid
    }
}

extension URL: CloudFieldValue {
    /// `STRING`: CloudKit has no URL type.
    public static var fieldType: RecordFieldType { .string }
    /// The `absoluteString`, as `.string`.
    @inlinable public var recordValue: RecordValue { .string(absoluteString) }
    /// Reads a `STRING` holding a URL; a string `URL(string:)` rejects is an invalid value.
    @inlinable public init(recordValue: RecordValue) throws {
        guard case .string(let text) = recordValue else { throw Self.mismatch(recordValue) }
        guard let url = URL(string: text) else {
            throw RecordDecodingError.Problem.invalidValue(recordValue, reason: "not a URL")
        }
        self = url
    }
}

extension Asset: CloudFieldValue {
    /// `ASSET`.
    public static var fieldType: RecordFieldType { .asset }
    /// The asset, as `.asset`.
    @inlinable public var recordValue: RecordValue { .asset(self) }
    /// Reads an `ASSET`.
    @inlinable public init(recordValue: RecordValue) throws {
        guard case .asset(let value) = recordValue else { throw Self.mismatch(recordValue) }
        self = value
    }
}

extension Location: CloudFieldValue {
    /// `LOCATION`.
    public static var fieldType: RecordFieldType { .location }
    /// The location, as `.location`.
    @inlinable public var recordValue: RecordValue { .location(self) }
    /// Reads a `LOCATION`.
    @inlinable public init(recordValue: RecordValue) throws {
        guard case .location(let value) = recordValue else { throw Self.mismatch(recordValue) }
        self = value
    }
}

extension RecordReference: CloudFieldValue {
    /// `REFERENCE`.
    public static var fieldType: RecordFieldType { .reference }
    /// The reference, as `.reference`.
    @inlinable public var recordValue: RecordValue { .reference(self) }
    /// Reads a `REFERENCE`.
    @inlinable public init(recordValue: RecordValue) throws {
        guard case .reference(let value) = recordValue else { throw Self.mismatch(recordValue) }
        self = value
    }
}

extension Reference: CloudFieldValue {
    /// `REFERENCE`.
    public static var fieldType: RecordFieldType { .reference }
    /// The reference without its type, as `.reference`.
    @inlinable public var recordValue: RecordValue { .reference(untyped) }
    /// Reads a `REFERENCE`; its target's record type can't be checked (CloudKit references don't carry it).
    @inlinable public init(recordValue: RecordValue) throws {
        self.init(try RecordReference(recordValue: recordValue))
    }
}

extension Array: CloudFieldValue where Element: CloudFieldValue {
    /// `LIST<…>` of the element's type.
    public static var fieldType: RecordFieldType { .list(Element.fieldType) }
    /// The elements' values, as `.list`.
    @inlinable public var recordValue: RecordValue { .list(map { $0.recordValue }) }
    /// Reads a `LIST`; an element of another type is reported as a list type mismatch (`LIST<STRING>` vs `LIST<INT64>`).
    @inlinable public init(recordValue: RecordValue) throws {
        guard case .list(let items) = recordValue else { throw Self.mismatch(recordValue) }
        do {
            // `map` fills an array of the right size, faster than appending to a reserved one.
            self = try items.map { try Element(recordValue: $0) }
        } catch RecordDecodingError.Problem.typeMismatch(let expected, let found) {
            // Report a wrong element type as a wrong list type: LIST<STRING> vs LIST<INT64>.
            throw RecordDecodingError.Problem.typeMismatch(expected: .list(expected), found: .list(found))
        }
    }
}

extension CloudFieldValue where Self: RawRepresentable, RawValue: CloudFieldValue {
    /// The raw value's field type: an enum is stored as its raw value.
    public static var fieldType: RecordFieldType { RawValue.fieldType }
    /// The raw value as stored.
    @inlinable public var recordValue: RecordValue { rawValue.recordValue }
    /// Reads the raw value; one that matches no case is ``RecordDecodingError/Problem/unknownEnumValue(_:enumType:)``
    /// (generated enums keep such values as `.unrecognized` instead).
    @inlinable public init(recordValue: RecordValue) throws {
        let rawValue = try RawValue(recordValue: recordValue)
        guard let value = Self(rawValue: rawValue) else {
            throw RecordDecodingError.Problem.unknownEnumValue(recordValue, enumType: String(describing: Self.self))
        }
        self = value
    }
}
