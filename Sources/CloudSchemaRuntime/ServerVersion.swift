import Foundation

/// The version of a record on the server that a value was read from: its archived system fields
/// (the change tag included) and its field values as read.
///
/// Generated code keeps it in every value read from a record, so that:
/// - encoding onto a record restored from ``systemFields`` writes only the fields whose values
///   differ from it: the record's changed keys are what the app edited, and CloudKit's default
///   save policy (`.ifServerRecordUnchanged`) uploads only those keys, leaving fields written by
///   other devices or newer app versions as they are on the server;
/// - a `.serverRecordChanged` merge without an ancestor from CloudKit can still tell which side
///   changed a field (pass it as `base:` to a generated `mergeConflict`).
///
/// It is `Codable`: keep it with the value in local storage, so edits made before the app quit
/// are still saved as changes (and merged against it) after the next launch.
public struct ServerVersion: Hashable, Sendable, Codable {
    /// ``RecordStorage/archiveSystemFields()`` of the record.
    public var systemFields: Data
    /// The values of the schema's fields as the record had them (plain and encrypted fields by
    /// key); an absent field has no entry.
    public var fields: [String: RecordValue]
    /// Keys the record had changed locally when it was read, such as the fields a conflict merge
    /// wrote into the server's record: their values are not yet on the server, so encoding
    /// always writes them.
    public var unsavedKeys: Set<String>

    public init(systemFields: Data, fields: [String: RecordValue], unsavedKeys: Set<String> = []) {
        self.systemFields = systemFields
        self.fields = fields
        self.unsavedKeys = unsavedKeys
    }

    /// The field's value on the server: `.some(nil)` when absent there, `nil` when unknown
    /// (an unsaved key).
    @inlinable
    public func serverValue(forKey key: String) -> RecordValue?? {
        unsavedKeys.contains(key) ? nil : .some(fields[key])
    }

    /// Whether `value` (stored as `stored`) is what the server already has for `key`. A field
    /// with a default that was absent on the server is unchanged while it holds the default.
    @inlinable
    func isUnchanged(_ stored: RecordValue?, forKey key: String, default defaultValue: @autoclosure () -> RecordValue?) -> Bool {
        guard let serverValue = serverValue(forKey: key) else { return false }
        if serverValue == stored { return true }
        return serverValue == nil && stored != nil && stored == defaultValue()
    }
}

/// Reads a record's fields for a generated `init(record:)`, remembering each value as read for
/// the value's ``ServerVersion``.
///
/// ```swift
/// var reader = RecordReader(record)
/// name = try reader.decode(forKey: "name")
/// serverVersion = reader.serverVersion()
/// ```
@_spi(Generated)
public struct RecordReader<Storage: RecordStorage> {
    public let record: Storage
    @usableFromInline var fields: [String: RecordValue] = [:]

    /// - Parameter fieldCount: How many fields the record type has, to size the snapshot once.
    @inlinable
    public init(_ record: Storage, fieldCount: Int = 0) {
        self.record = record
        fields.reserveCapacity(fieldCount)
    }

    /// Decodes a required field; see ``RecordStorage/decode(_:forKey:encrypted:)``.
    @inlinable
    public mutating func decode<Value: CloudFieldValue>(
        _ type: Value.Type = Value.self, forKey key: String, encrypted: Bool = false
    ) throws(RecordDecodingError) -> Value {
        guard let value = try decodeIfPresent(type, forKey: key, encrypted: encrypted) else {
            throw RecordDecodingError(recordType: record.recordType, key: key, problem: .missing)
        }
        return value
    }

    /// Decodes an optional field; see ``RecordStorage/decodeIfPresent(_:forKey:encrypted:)``.
    @inlinable
    public mutating func decodeIfPresent<Value: CloudFieldValue>(
        _ type: Value.Type = Value.self, forKey key: String, encrypted: Bool = false
    ) throws(RecordDecodingError) -> Value? {
        guard let stored = record.recordValue(forKey: key, encrypted: encrypted) else { return nil }
        remember(stored, forKey: key, in: &fields)
        return try Value(stored: stored, in: record, key: key)
    }

    /// Decodes a field that has a default; see ``RecordStorage/decode(_:forKey:default:encrypted:)``.
    @inlinable
    public mutating func decode<Value: CloudFieldValue>(
        _ type: Value.Type = Value.self, forKey key: String, default defaultValue: @autoclosure () -> Value,
        encrypted: Bool = false
    ) throws(RecordDecodingError) -> Value {
        try decodeIfPresent(type, forKey: key, encrypted: encrypted) ?? defaultValue()
    }

    /// The version read: the record's system fields and the values decoded so far.
    public func serverVersion() -> ServerVersion {
        ServerVersion(systemFields: record.archiveSystemFields(), fields: fields, unsavedKeys: record.changedFieldKeys)
    }
}

/// Records a value as read. Not inlined: generated code inlines only the value's conversion, so
/// each field costs the compiler one call, not a copy of a dictionary insertion.
@usableFromInline
func remember(_ value: RecordValue, forKey key: String, in fields: inout [String: RecordValue]) {
    fields[key] = value
}

extension CloudFieldValue {
    /// Decodes a stored value, naming the record type and key in the error (the record type is
    /// read only then).
    @inlinable
    init(stored: RecordValue, in record: some RecordStorage, key: String) throws(RecordDecodingError) {
        do {
            try self.init(recordValue: stored)
        } catch {
            throw RecordDecodingError(recordType: record.recordType, key: key, problem: error)
        }
    }
}
