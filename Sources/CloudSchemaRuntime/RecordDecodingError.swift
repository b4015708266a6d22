/// Why a record could not be decoded into a generated type: which record type, which field, what went wrong.
///
/// ```
/// Bed.name: missing required field
/// Bed.size: expected INT64, found STRING
/// Bed.soil: unknown raw value "peat" for Soil
/// Bed.id: invalid value "xyz": not a UUID
/// Bed: wrong record type Plant
/// ```
public struct RecordDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The record type being decoded (the generated type's record type).
    public var recordType: String {
        get { storage.recordType }
        set { storage = Storage(recordType: newValue, key: key, problem: problem) }
    }
    /// The field's key in the record; `nil` for problems with the whole record.
    public var key: String? {
        get { storage.key }
        set { storage = Storage(recordType: recordType, key: newValue, problem: problem) }
    }
    /// What went wrong.
    public var problem: Problem {
        get { storage.problem }
        set { storage = Storage(recordType: recordType, key: key, problem: newValue) }
    }

    /// One reference: a `throws(RecordDecodingError)` returns it in a register, so each `try`
    /// of a generated decoder passes on one word instead of copying the fields through memory.
    private final class Storage: Sendable {
        let recordType: String
        let key: String?
        let problem: Problem

        init(recordType: String, key: String?, problem: Problem) {
            self.recordType = recordType
            self.key = key
            self.problem = problem
        }
    }

    private var storage: Storage

    /// An error for `key` (`nil`: the whole record) of `recordType`.
    public init(recordType: String, key: String?, problem: Problem) {
        storage = Storage(recordType: recordType, key: key, problem: problem)
    }

    /// Equal when the record type, key and problem are.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.recordType == rhs.recordType && lhs.key == rhs.key && lhs.problem == rhs.problem
    }

    /// Hashes the record type, key and problem.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(recordType)
        hasher.combine(key)
        hasher.combine(problem)
    }

    /// What is wrong with a field (or, for ``wrongRecordType(_:)``, the record).
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// A required field without a default has no value.
        case missing
        /// The stored value has a different CloudKit type than the Swift property needs.
        case typeMismatch(expected: RecordFieldType, found: RecordFieldType)
        /// The stored raw value matches no case of the enum named `enumType` (a hand-written
        /// enum: generated enums keep such values as `.unrecognized`).
        case unknownEnumValue(RecordValue, enumType: String)
        /// The stored value has the right type but can't become the Swift value
        /// (a string that isn't a UUID or URL, an integer too large for `Int`).
        case invalidValue(RecordValue, reason: String)
        /// The record has this record type instead of the expected one.
        case wrongRecordType(String)

        /// What `init(recordValue:)` threw while reading `value`: a ``Problem`` as it is, any other
        /// error (from a hand-written ``CloudFieldValue``) as an invalid value.
        @usableFromInline
        init(_ error: any Error, reading value: RecordValue) {
            self = error as? Problem ?? .invalidValue(value, reason: String(describing: error))
        }

        /// The problem as a message: `missing required field`, `expected INT64, found STRING`.
        public var description: String {
            switch self {
            case .missing:
                "missing required field"
            case .typeMismatch(let expected, let found):
                "expected \(expected), found \(found)"
            case .unknownEnumValue(let value, let enumType):
                "unknown raw value \(value) for \(enumType)"
            case .invalidValue(let value, let reason):
                "invalid value \(value): \(reason)"
            case .wrongRecordType(let found):
                "wrong record type \(found)"
            }
        }
    }

    /// `Type.key: problem`, or `Type: problem` for the whole record.
    public var description: String {
        if let key {
            "\(recordType).\(key): \(problem)"
        } else {
            "\(recordType): \(problem)"
        }
    }
}
