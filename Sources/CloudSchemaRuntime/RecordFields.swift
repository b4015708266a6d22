import Foundation

/// One record type's fields in declaration order: what generated code reads, writes and merges,
/// by position. Each generated type keeps one in a `static let`, so the work per field is done
/// here, compiled once, instead of in generated code, compiled once per field of every record
/// type; and a record is read with one lookup per field.
///
/// Generated code spells the fields as one string, read once when the table is first used,
/// and their defaults as one function of the field's position:
///
/// ```swift
/// private static let recordFields = RecordFields(
///     recordType: "Plant",
///     """
///     name
///     notes encrypted
///     bed parent
///     soil default
///     tags default union
///     """,
///     defaults: {
///         switch $0 {
///         case 3: (.loam as Soil).recordValue
///         case 4: ([] as [String]).recordValue
///         default: nil
///         }
///     })
/// ```
///
/// A line per field: its key, then its options: `encrypted`, `parent`, `default` (the field has
/// one, which `defaults` gives), and a merge policy other than `mine` (`theirs`, `union`, `max`,
/// `min`, or `custom` for a field generated code merges itself). Every byte of a key but
/// `[A-Za-z0-9_]` is percent-encoded. (A string rather than an array literal of fields: the
/// optimizer works through an array literal element by element, 30-40 ms per record type of 20
/// fields at `-O`, and a string literal costs it nothing.)
@_spi(Generated)
public final class RecordFields: Sendable {
    /// How one field is stored and merged.
    public struct Field: Sendable {
        /// The field's key in the record.
        public var key: String
        /// Stored in encrypted values (`CKRecord.encryptedValues`).
        public var encrypted = false
        /// The value an absent field reads as (the schema's default), stored.
        public var defaultValue: RecordValue?
        /// How a conflict both sides changed is resolved; `nil` for `@merge(custom)`, which
        /// generated code merges itself.
        public var merge: FieldMergePolicy? = .mine
        /// A reference that is also the record's parent (`@parent`).
        public var isParent = false
    }

    /// The record type these fields belong to, checked before reading.
    public let recordType: String
    /// The fields, in declaration order; generated code refers to them by position.
    public let fields: [Field]
    /// The fields' keys in declaration order: a generated `Field.allKeys`.
    public let keys: [String]
    /// Each key's position in ``fields``.
    let positions: [String: Int]
    /// The keys of the parent fields that have a merge policy, whose merged value sets the
    /// record's parent after a merge.
    let mergedParentKeys: [String]

    /// The table for `recordType`, indexing the keys once.
    init(recordType: String, _ fields: [Field]) {
        self.recordType = recordType
        self.fields = fields
        keys = fields.map(\.key)
        var positions: [String: Int] = [:]
        positions.reserveCapacity(fields.count)
        for (position, field) in fields.enumerated() { positions[field.key] = position }
        self.positions = positions
        mergedParentKeys = fields.filter { $0.isParent && $0.merge != nil }.map(\.key)
    }

    /// The table for `recordType` from generated code's spelling of its fields (see above);
    /// `defaults` is called once for each field with the option `default`.
    public convenience init(recordType: String, _ spelled: String, defaults: (Int) -> RecordValue? = { _ in nil }) {
        var fields: [Field] = []
        for spelledField in spelled.split(separator: "\n") {
            let words = spelledField.split(separator: " ")
            let key = String(words[0])
            var field = Field(key: key.contains("%") ? key.removingPercentEncoding ?? key : key)
            for option in words.dropFirst() {
                switch option {
                case "encrypted": field.encrypted = true
                case "parent": field.isParent = true
                case "default": field.defaultValue = defaults(fields.count)
                case "custom": field.merge = nil
                default:
                    guard let merge = FieldMergePolicy(rawValue: String(option)) else {
                        preconditionFailure("\(recordType): unknown field option \(option) in \(spelled)")
                    }
                    field.merge = merge
                }
            }
            fields.append(field)
        }
        self.init(recordType: recordType, fields)
    }

    /// Reads `record` after checking its record type: every field once, or, for an
    /// ``InMemoryRecord``, its storage, shared copy-on-write. The values read are also the
    /// ``ServerVersion`` the decoded value remembers.
    /// Inlinable, and not inlined: specialized once per storage type, it calls the record directly.
    @inlinable @inline(never)
    public func read(_ record: some RecordStorage) throws(RecordDecodingError) -> RecordFieldValues {
        try record.requireRecordType(recordType)
        // An in-memory record's storage is shared copy-on-write instead of copied value by value.
        if let record = record as? InMemoryRecord { return RecordFieldValues(self, sharing: record) }
        var values: [RecordValue?] = []
        values.reserveCapacity(fields.count)
        // By position: copying each `Field` would copy its default value too.
        for position in fields.indices {
            let key = keys[position]
            values.append(fields[position].encrypted ? record[encryptedField: key] : record[field: key])
        }
        return RecordFieldValues(
            self, values: values, recordID: record.recordIdentifier, systemFields: record.archiveSystemFields(),
            unsavedKeys: record.changedFieldKeys)
    }

    /// Writes `values` (one per field, in order; `nil` removes the field) into `record`, except
    /// those `version` (the server version the value was read from) already has, so the
    /// record's changed keys are the fields the app edited. Without a version (a new value)
    /// every field is written. A parent field that is written sets the record's parent too.
    /// Inlinable, and not inlined: specialized once per storage type, it calls the record directly.
    @inlinable @inline(never)
    public func write(_ values: consuming [RecordValue?], to record: some RecordStorage, changedSince version: ServerVersion?) {
        precondition(values.count == fields.count, "\(recordType): \(values.count) values for \(fields.count) fields")
        if version == nil { record.reserveCapacity(forFields: fields.count) }
        // Each value is moved into the record rather than copied: no retain and release per field.
        values.withUnsafeMutableBufferPointer { values in
            for position in fields.indices {
                let slot = values.baseAddress! + position
                let value = slot.move()
                slot.initialize(to: nil)
                if let version, isUnchanged(value, at: position, since: version) { continue }
                if fields[position].isParent {
                    record.parentIdentifier = if case .reference(let reference) = value { reference.recordID } else { nil }
                }
                record.setRecordValue(value, forKey: keys[position], encrypted: fields[position].encrypted)
            }
        }
    }

    /// Whether `value`, the field at `position`, is what `version` read from the server.
    @usableFromInline
    func isUnchanged(_ value: RecordValue?, at position: Int, since version: ServerVersion) -> Bool {
        version.isUnchanged(value, at: position, of: self)
    }

    /// The position of `key`, or `nil` for a key this record type doesn't declare.
    func position(of key: String) -> Int? {
        positions[key]
    }
}

/// A record's field values as ``RecordFields/read(_:)`` read them, decoded by position in a
/// generated `init(record:)`.
///
/// ```swift
/// var fields = try Self.recordFields.read(record)
/// try self.init(  // the memberwise initializer Swift synthesizes
///     recordID: fields.takeRecordID(),
///     serverVersion: fields.takeServerVersion(),
///     name: fields.decode(0, placeholder: ""),
///     notes: fields.decodeIfPresent(1),
///     bed: fields.decode(2),  // a reference has no placeholder: throws
///     soil: fields.decode(3, placeholder: .loam))  // absent: the table's default
/// try fields.throwFirstFailure()
/// ```
///
/// The record ID and server version are moved into the decoded value, not copied (a copy is a
/// retain per string, archive and array, and a release of each when these values go); the
/// fields keep decoding from ``values``, which hold the same storage.
///
/// The decoders are specialized for each field type once per module and called, not inlined:
/// inlined into every field of every record type they cost compile time and nothing at run time.
@_spi(Generated)
public struct RecordFieldValues {
    @usableFromInline let fields: RecordFields
    /// The ID of the record read, until ``takeRecordID()``.
    @usableFromInline var recordID: RecordID?
    /// The version read: the record's system fields and the values the fields decode from,
    /// until ``takeServerVersion()``.
    @usableFromInline var serverVersion: ServerVersion?
    /// The values the fields decode from: the server version's, held apart so that the version
    /// can be moved out first (the memberwise initializer takes it before the fields).
    @usableFromInline let values: Values
    /// The first field that couldn't be read, thrown by ``throwFirstFailure()``.
    @usableFromInline var firstFailure: RecordDecodingError?

    /// The values of a record, one way or the other: the server version's snapshot without
    /// the table, which is ``fields``.
    @usableFromInline
    enum Values {
        /// Copied out of the record, one value per field.
        case positional([RecordValue?])
        /// An ``InMemoryRecord``'s storage, shared copy-on-write.
        case stored(InMemoryRecord.StoredFields)

        /// The value read for the field at `position` of `fields`. Not inlined into generated
        /// code, and the lookup inlined here: one call per field, whichever way the values are held.
        @usableFromInline
        func value(at position: Int, of fields: RecordFields) -> RecordValue? {
            switch self {
            case .positional(let values): values[position]
            case .stored(let stored): stored.value(at: position, of: fields)
            }
        }
    }

    /// Moves the ID of the record read out, for the decoded value. Once only.
    @inlinable
    public mutating func takeRecordID() -> RecordID {
        // `swap`, a move, rather than `Optional.take()`, which Swift 5.9's standard library lacks.
        var taken: RecordID?
        swap(&taken, &recordID)
        guard let taken else { preconditionFailure("the record ID was taken already") }
        return taken
    }

    /// Moves the version read out, for the decoded value; the fields still decode after it.
    @inlinable
    public mutating func takeServerVersion() -> ServerVersion? {
        var taken: ServerVersion?
        swap(&taken, &serverVersion)
        return taken
    }

    /// Decodes a required field or one with a default: absent, the default in the table, else
    /// ``RecordDecodingError/Problem/missing``. When the field can't be read, remembers the
    /// problem for ``throwFirstFailure()`` and returns `placeholder`, which nothing sees: the
    /// initializer throws once every field is read. (One `try` at the end instead of one per
    /// field: each `try` among the arguments is a failure path releasing the fields read before
    /// it, compiled code that grows with the square of the field count.)
    @inlinable @inline(never)
    public mutating func decode<Value: CloudFieldValue>(_ position: Int, placeholder: Value) -> Value {
        do {
            return try Self.value(at: position, of: fields, in: values)
        } catch {
            remember(error)
            return placeholder
        }
    }

    /// Decodes a field whose type has no placeholder (see ``decode(_:placeholder:)``), throwing
    /// the first failure so far, this field's included.
    @inlinable @inline(never)
    public mutating func decode<Value: CloudFieldValue>(_ position: Int) throws(RecordDecodingError) -> Value {
        try throwFirstFailure()
        return try Self.value(at: position, of: fields, in: values)
    }

    /// Decodes an optional field: `nil` when absent. When the field is present but unreadable,
    /// remembers the problem for ``throwFirstFailure()`` and returns `nil`.
    @inlinable @inline(never)
    public mutating func decodeIfPresent<Value: CloudFieldValue>(_ position: Int) -> Value? {
        guard let stored = values.value(at: position, of: fields) else { return nil }
        do {
            // Consumed, not copied (an initializer takes its argument owned); a failure reads it again.
            return try Value(recordValue: consume stored)
        } catch {
            let stored = values.value(at: position, of: fields)!
            remember(Self.failure(RecordDecodingError.Problem(error, reading: stored), at: position, of: fields))
            return nil
        }
    }

    /// Throws the problem with the first field that couldn't be read, if any.
    @inlinable
    public func throwFirstFailure() throws(RecordDecodingError) {
        if let firstFailure { throw firstFailure }
    }

    /// The field at `position`: absent, its default in the table (read from the table rather than
    /// passed in: a default argument per call site is a closure for the compiler to specialize).
    /// Static, taking the two properties it reads: a method called from a `mutating` decoder
    /// copied the whole of `self` for each field.
    @inlinable @inline(__always)
    static func value<Value: CloudFieldValue>(
        at position: Int, of fields: RecordFields, in values: Values
    ) throws(RecordDecodingError) -> Value {
        guard let stored = values.value(at: position, of: fields) ?? fields.fields[position].defaultValue else {
            throw failure(.missing, at: position, of: fields)
        }
        do {
            // Consumed, not copied (see decodeIfPresent(_:)).
            return try Value(recordValue: consume stored)
        } catch {
            let stored = (values.value(at: position, of: fields) ?? fields.fields[position].defaultValue)!
            throw failure(RecordDecodingError.Problem(error, reading: stored), at: position, of: fields)
        }
    }

    /// Keeps the first failure: fields are read in order, and the first is what a throwing
    /// decoder would have reported.
    @usableFromInline
    mutating func remember(_ failure: RecordDecodingError) {
        if firstFailure == nil { firstFailure = failure }
    }

    /// The error for the field at `position`. Not inlined: only the failure path needs it.
    @usableFromInline
    static func failure(_ problem: RecordDecodingError.Problem, at position: Int, of fields: RecordFields) -> RecordDecodingError {
        RecordDecodingError(recordType: fields.recordType, key: fields.fields[position].key, problem: problem)
    }
}

// The initializers are in an extension, so the struct keeps the memberwise initializer, and
// call it: it builds the value in place, where an initializer assigning the properties ends in a
// copy and a destroy of the whole value (Swift 6.3).
extension RecordFieldValues {
    @usableFromInline
    init(_ fields: RecordFields, values: [RecordValue?], recordID: RecordID, systemFields: Data, unsavedKeys: Set<String>) {
        self.init(
            fields: fields, recordID: recordID,
            serverVersion: ServerVersion(systemFields: systemFields, snapshot: .positional(fields, values), unsavedKeys: unsavedKeys),
            values: .positional(values))
    }

    /// The values of `record`, read from its storage, which the server version shares.
    @usableFromInline
    init(_ fields: RecordFields, sharing record: InMemoryRecord) {
        let stored = record.storedFields
        self.init(
            fields: fields, recordID: record.recordID,
            serverVersion: ServerVersion(
                systemFields: record.archiveSystemFields(), snapshot: .shared(fields, stored), unsavedKeys: record.changedFieldKeys),
            values: .stored(stored))
    }
}

/// Compares one field of two values for a generated `==`: specialized once per field type in
/// each module and called, so the comparison of every field of every record type isn't
/// compiled again where it is used.
@_spi(Generated) @inlinable @inline(never)
public func fieldEqual<Value: Equatable>(_ lhs: Value, _ rhs: Value) -> Bool {
    lhs == rhs
}
