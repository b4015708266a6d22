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
    /// Keys the record had changed locally when it was read, such as the fields a conflict merge
    /// wrote into the server's record: their values are not yet on the server, so encoding
    /// always writes them.
    public var unsavedKeys: Set<String>
    /// The field values, as generated code read them (by position) or by key.
    var snapshot: Snapshot

    /// The field values the server has: read by a generated `init(record:)` with a record
    /// type's ``RecordFields`` (by position, no dictionary to build per decode), or by key.
    enum Snapshot: Sendable {
        /// Copied out of the record, one value per field of the table.
        case positional(RecordFields, [RecordValue?])
        /// An ``InMemoryRecord``'s storage as it was read, shared copy-on-write: nothing copied.
        case shared(RecordFields, InMemoryRecord.StoredFields)
        case keyed([String: RecordValue])

        /// The value of the field at `position` of `recordFields`: by position when read with
        /// that table, else by key (`nil` for a key the table read doesn't have).
        @inline(__always)
        func value(at position: Int, of recordFields: RecordFields) -> RecordValue? {
            switch self {
            case .positional(let read, let values):
                read === recordFields ? values[position] : read.position(of: recordFields.keys[position]).flatMap { values[$0] }
            case .shared(let read, let stored):
                read === recordFields
                    ? stored.value(at: position, of: read)
                    : read.position(of: recordFields.keys[position]).flatMap { stored.value(at: $0, of: read) }
            case .keyed(let fields):
                fields[recordFields.keys[position]]
            }
        }

        /// The table the values were read with; `nil` for values by key.
        var recordFields: RecordFields? {
            switch self {
            case .positional(let read, _), .shared(let read, _): read
            case .keyed: nil
            }
        }
    }

    /// A version from archived system fields and the field values the server has, by key.
    public init(systemFields: Data, fields: [String: RecordValue], unsavedKeys: Set<String> = []) {
        self.init(systemFields: systemFields, snapshot: .keyed(fields), unsavedKeys: unsavedKeys)
    }

    init(systemFields: Data, snapshot: Snapshot, unsavedKeys: Set<String>) {
        self.systemFields = systemFields
        self.snapshot = snapshot
        self.unsavedKeys = unsavedKeys
    }

    /// The values of the schema's fields as the record had them (plain and encrypted fields by
    /// key); an absent field has no entry.
    public var fields: [String: RecordValue] {
        get {
            switch snapshot {
            case .keyed(let fields):
                return fields
            case .positional(let read, _), .shared(let read, _):
                var fields: [String: RecordValue] = [:]
                fields.reserveCapacity(read.keys.count)
                for position in read.keys.indices {
                    if let value = snapshot.value(at: position, of: read) { fields[read.keys[position]] = value }
                }
                return fields
            }
        }
        set { snapshot = .keyed(newValue) }
    }

    /// The field's value on the server: `.some(nil)` when absent there, `nil` when unknown
    /// (an unsaved key).
    public func serverValue(forKey key: String) -> RecordValue?? {
        guard !unsavedKeys.contains(key) else { return nil }
        switch snapshot {
        case .keyed(let fields): return .some(fields[key])
        case .positional(let read, _), .shared(let read, _):
            return .some(read.position(of: key).flatMap { snapshot.value(at: $0, of: read) })
        }
    }

    /// The value on the server of the field at `position` of `recordFields`, as
    /// ``serverValue(forKey:)``: by position when this version was read with those fields.
    func serverValue(at position: Int, of recordFields: RecordFields) -> RecordValue?? {
        if !unsavedKeys.isEmpty, unsavedKeys.contains(recordFields.keys[position]) { return nil }
        return .some(snapshot.value(at: position, of: recordFields))
    }

    /// Whether `stored`, the value of the field at `position`, is what the server already has.
    /// A field with a default that was absent on the server is unchanged while it holds the default.
    func isUnchanged(_ stored: RecordValue?, at position: Int, of recordFields: RecordFields) -> Bool {
        guard let serverValue = serverValue(at: position, of: recordFields) else { return false }
        if serverValue == stored { return true }
        return serverValue == nil && stored != nil && stored == recordFields.fields[position].defaultValue
    }

    /// Equal when the system fields, unsaved keys and field values by key are.
    public static func == (lhs: ServerVersion, rhs: ServerVersion) -> Bool {
        guard lhs.systemFields == rhs.systemFields, lhs.unsavedKeys == rhs.unsavedKeys else { return false }
        if let read = lhs.snapshot.recordFields, read === rhs.snapshot.recordFields {
            return read.keys.indices.allSatisfy { lhs.snapshot.value(at: $0, of: read) == rhs.snapshot.value(at: $0, of: read) }
        }
        return lhs.fields == rhs.fields
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(systemFields)
        hasher.combine(unsavedKeys)
        hasher.combine(fields)
    }

    private enum CodingKeys: String, CodingKey {
        case systemFields, fields, unsavedKeys
    }

    /// The format is the same whichever way the values are held: `fields` by key.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            systemFields: try container.decode(Data.self, forKey: .systemFields),
            fields: try container.decode([String: RecordValue].self, forKey: .fields),
            unsavedKeys: try container.decode(Set<String>.self, forKey: .unsavedKeys))
    }

    /// Writes `systemFields`, `fields` (by key) and `unsavedKeys`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(systemFields, forKey: .systemFields)
        try container.encode(fields, forKey: .fields)
        try container.encode(unsavedKeys, forKey: .unsavedKeys)
    }
}

extension CloudFieldValue {
    /// Decodes a stored value, naming the record type and key in the error (the record type is
    /// read only then).
    @inlinable
    init(stored: RecordValue, in record: some RecordStorage, key: String) throws(RecordDecodingError) {
        do {
            try self.init(recordValue: stored)
        } catch {
            throw RecordDecodingError(recordType: record.recordType, key: key, problem: .init(error, reading: stored))
        }
    }
}
