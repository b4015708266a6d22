import Foundation

/// The record that generated code reads and writes: ``InMemoryRecord`` everywhere, and `CKRecord`
/// on Apple platforms.
///
/// Member names avoid the ones `CKRecord` already has with other types (`recordID`, `parent`,
/// the unlabelled subscript), so conforming `CKRecord` adds no overloads to apps' existing code.
public protocol RecordStorage: AnyObject {
    /// The record type, e.g. `"Bed"`.
    var recordType: String { get }
    /// The record's ID (`CKRecord.recordID`).
    var recordIdentifier: RecordID { get }
    /// A plain (unencrypted) field value; `nil` when absent. Setting `nil` removes the field.
    subscript(field key: String) -> RecordValue? { get set }
    /// An encrypted field value (`CKRecord.encryptedValues`), stored apart from plain fields:
    /// a key set here is not visible through ``subscript(field:)`` and vice versa.
    /// CloudKit doesn't encrypt assets or references; don't store them here.
    subscript(encryptedField key: String) -> RecordValue? { get set }
    /// The parent record's ID (`CKRecord.parent`), used by CloudKit sharing.
    /// CloudKit requires the parent reference's action to be `.none`, so only the ID is exposed.
    var parentIdentifier: RecordID? { get set }
    /// The server's change tag for the version this record was fetched as; `nil` before its first save.
    var recordChangeTag: String? { get }
    /// Keys (plain or encrypted) set or removed since the record was fetched, restored or last
    /// saved (`CKRecord.changedKeys()` and `encryptedValues.changedKeys()`).
    var changedFieldKeys: Set<String> { get }
    /// The system fields (ID, type, change tag and other server metadata, no field values), archived
    /// so a later copy of the record can be saved against the same server version
    /// (`CKRecord.encodeSystemFields(with:)`).
    func archiveSystemFields() -> Data
    /// Makes room for `count` more field values before generated code writes them. A hint:
    /// the default does nothing (`CKRecord` has no such call).
    func reserveCapacity(forFields count: Int)
}

/// An archive of system fields could not be read.
public struct SystemFieldsArchiveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the archive.
    public var reason: String

    /// An error saying `reason`.
    public init(reason: String) {
        self.reason = reason
    }

    /// `unreadable system fields archive:` and the reason.
    public var description: String { "unreadable system fields archive: \(reason)" }
}

extension RecordStorage {
    /// Does nothing: storage without a way to reserve room needs no implementation.
    public func reserveCapacity(forFields count: Int) {}
}

// MARK: - Reading and writing fields

extension RecordStorage {
    /// Throws unless this record has the given record type. Call before decoding fields.
    @_spi(Generated)
    public func requireRecordType(_ expected: String) throws(RecordDecodingError) {
        guard recordType == expected else {
            throw RecordDecodingError(recordType: expected, key: nil, problem: .wrongRecordType(recordType))
        }
    }

    /// The raw value of a plain or encrypted field. (Not `value(forKey:)`, which is NSObject's
    /// key-value coding on `CKRecord`.)
    @inlinable
    public func recordValue(forKey key: String, encrypted: Bool = false) -> RecordValue? {
        encrypted ? self[encryptedField: key] : self[field: key]
    }

    /// Sets or (with `nil`) removes a plain or encrypted field's raw value, moving it in.
    @inlinable
    func setRecordValue(_ value: consuming RecordValue?, forKey key: String, encrypted: Bool) {
        if encrypted {
            self[encryptedField: key] = value
        } else {
            self[field: key] = value
        }
    }

    /// Decodes a required field.
    ///
    /// ```swift
    /// name = try record.decode(String.self, forKey: "name")
    /// ```
    /// - Throws: ``RecordDecodingError`` naming the record type, the key and the problem:
    ///   missing, wrong type, unknown enum raw value or invalid value.
    public func decode<Value: CloudFieldValue>(
        _ type: Value.Type = Value.self, forKey key: String, encrypted: Bool = false
    ) throws(RecordDecodingError) -> Value {
        guard let value = try decodeIfPresent(type, forKey: key, encrypted: encrypted) else {
            throw RecordDecodingError(recordType: recordType, key: key, problem: .missing)
        }
        return value
    }

    /// Decodes an optional field: `nil` when absent, an error when present but unreadable.
    public func decodeIfPresent<Value: CloudFieldValue>(
        _ type: Value.Type = Value.self, forKey key: String, encrypted: Bool = false
    ) throws(RecordDecodingError) -> Value? {
        guard let stored = recordValue(forKey: key, encrypted: encrypted) else { return nil }
        return try Value(stored: stored, in: self, key: key)
    }

    /// Decodes a field that has a default: the default when absent, an error when present but unreadable.
    public func decode<Value: CloudFieldValue>(
        _ type: Value.Type = Value.self, forKey key: String, default defaultValue: @autoclosure () -> Value,
        encrypted: Bool = false
    ) throws(RecordDecodingError) -> Value {
        try decodeIfPresent(type, forKey: key, encrypted: encrypted) ?? defaultValue()
    }

    /// Writes a field; `nil` removes it.
    ///
    /// ```swift
    /// record.encode(name, forKey: "name")
    /// record.encode(notes, forKey: "notes", encrypted: true)
    /// ```
    public func encode<Value: CloudFieldValue>(_ value: Value?, forKey key: String, encrypted: Bool = false) {
        setRecordValue(value?.recordValue, forKey: key, encrypted: encrypted)
    }

    /// This record's parent as a typed reference with action `.none`, or `nil` without a parent.
    public func decodeParent<Target: CloudRecord>(_ type: Reference<Target>.Type) -> Reference<Target>? {
        parentIdentifier.map { Reference(recordID: $0, action: .none) }
    }
}
