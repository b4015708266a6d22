import Foundation

/// A record kept in memory that behaves like `CKRecord` for everything generated code uses:
/// plain and encrypted values kept apart, a parent, a change tag, and system fields that archive
/// and restore without the field values.
///
/// Use it in tests and on platforms without CloudKit. ``simulateServerSave()`` stands in for the
/// server accepting a save: it bumps the change tag and clears ``changedKeys()``.
///
/// Like `CKRecord` it is a mutable reference type; it is not `Sendable`, so keep each record
/// in one isolation domain (or copy it with ``copy()``).
public final class InMemoryRecord: RecordStorage, CustomStringConvertible {
    public let recordType: String
    public let recordID: RecordID
    public private(set) var recordChangeTag: String?
    public var parentIdentifier: RecordID? {
        didSet { parentChanged = true }
    }

    /// Each key's plain and encrypted values and whether it changed: one dictionary, so
    /// setting a field hashes its key once.
    @exclusivity(unchecked) private var entries: [String: Entry] = [:]
    /// How many entries are changed, so an unchanged record's ``changedFieldKeys`` costs nothing.
    private var changedCount = 0
    /// Whether the parent was set since the record was created, restored or saved.
    private(set) var parentChanged = false
    /// ``archiveSystemFields()`` for the current change tag (the only system field that
    /// changes), so decoding a record many times archives it once.
    private var systemFieldsArchive: Data?

    /// A new record that has never been saved: no change tag, no values.
    public init(recordType: String, recordID: RecordID = RecordID()) {
        self.recordType = recordType
        self.recordID = recordID
    }

    /// Restores a record from ``archiveSystemFields()``: same type, ID and change tag, no values
    /// and no parent, as `CKRecord(coder:)` does with `encodeSystemFields(with:)` output.
    public init(systemFieldsArchive data: Data) throws(SystemFieldsArchiveError) {
        let fields = try SystemFields(archive: data)
        self.recordType = fields.recordType
        self.recordID = RecordID(
            recordName: fields.recordName,
            zoneID: RecordZoneID(zoneName: fields.zoneName, ownerName: fields.ownerName)
        )
        self.recordChangeTag = fields.recordChangeTag
    }

    public var recordIdentifier: RecordID { recordID }

    private struct Entry {
        var plain: RecordValue?
        var encrypted: RecordValue?
        var changed = false
    }

    public subscript(field key: String) -> RecordValue? {
        get { entries[key]?.plain }
        set { update(key) { $0.plain = newValue } }
    }

    public subscript(encryptedField key: String) -> RecordValue? {
        get { entries[key]?.encrypted }
        set {
            precondition(
                newValue.map(Self.isEncryptable) ?? true,
                "CloudKit doesn't encrypt assets or references; store '\(key)' as a plain field"
            )
            update(key) { $0.encrypted = newValue }
        }
    }

    /// Changes `key`'s entry and marks it changed, with one lookup.
    private func update(_ key: String, _ change: (inout Entry) -> Void) {
        if Self.apply(change, to: &entries[key, default: Entry()]) { changedCount += 1 }
    }

    /// Applies `change` and marks the entry changed; whether it was unchanged before.
    private static func apply(_ change: (inout Entry) -> Void, to entry: inout Entry) -> Bool {
        change(&entry)
        let newlyChanged = !entry.changed
        entry.changed = true
        return newlyChanged
    }

    private static func isEncryptable(_ value: RecordValue) -> Bool {
        switch value {
        case .asset, .reference: false
        case .list(let items): items.allSatisfy(isEncryptable)
        default: true
        }
    }

    /// Keys of plain fields that have a value, sorted.
    public func allKeys() -> [String] { entries.filter { $0.value.plain != nil }.keys.sorted() }

    /// Keys of encrypted fields that have a value, sorted.
    public func allEncryptedKeys() -> [String] { entries.filter { $0.value.encrypted != nil }.keys.sorted() }

    /// Keys (plain or encrypted) set or removed since the record was created, restored or last
    /// saved, sorted.
    public func changedKeys() -> [String] { changedFieldKeys.sorted() }

    public var changedFieldKeys: Set<String> {
        guard changedCount > 0 else { return [] }
        var keys = Set<String>(minimumCapacity: changedCount)
        for (key, entry) in entries where entry.changed { keys.insert(key) }
        return keys
    }

    public func reserveCapacity(forFields count: Int) {
        entries.reserveCapacity(entries.count + count)
    }

    /// What the server does when it accepts a save: a new change tag, and no changed keys.
    /// Tags here count up from `"1"`; real CloudKit tags are opaque strings.
    public func simulateServerSave() {
        recordChangeTag = String((recordChangeTag.flatMap { Int($0) } ?? 0) + 1)
        if changedCount > 0 {
            entries = entries.compactMapValues { entry in
                entry.plain == nil && entry.encrypted == nil ? nil : Entry(plain: entry.plain, encrypted: entry.encrypted)
            }
            changedCount = 0
        }
        parentChanged = false
        systemFieldsArchive = nil
    }

    public func archiveSystemFields() -> Data {
        if let systemFieldsArchive { return systemFieldsArchive }
        let archive = SystemFields(
            recordType: recordType, recordName: recordID.recordName, zoneName: recordID.zoneID.zoneName,
            ownerName: recordID.zoneID.ownerName, recordChangeTag: recordChangeTag
        ).archive
        systemFieldsArchive = archive
        return archive
    }

    /// Writes what `client` changed (its changed keys, and its parent if set) into this record,
    /// as the server does with a save.
    func applyChanges(of client: InMemoryRecord) {
        for (key, sent) in client.entries where sent.changed {
            // The client's value, in whichever storage it set; this record's changed keys stay as they are.
            var entry = entries[key] ?? Entry()
            (entry.plain, entry.encrypted) = sent.encrypted != nil ? (nil, sent.encrypted) : (sent.plain, nil)
            entries[key] = entry.plain == nil && entry.encrypted == nil && !entry.changed ? nil : entry
        }
        if client.parentChanged { parentIdentifier = client.parentIdentifier }
    }

    /// An independent copy with the same ID, tag, values, parent and changed keys.
    public func copy() -> InMemoryRecord {
        let copy = InMemoryRecord(recordType: recordType, recordID: recordID)
        copy.recordChangeTag = recordChangeTag
        copy.parentIdentifier = parentIdentifier
        copy.entries = entries
        copy.changedCount = changedCount
        copy.parentChanged = parentChanged
        copy.systemFieldsArchive = systemFieldsArchive
        return copy
    }

    public var description: String {
        var parts = ["\(recordType) \(recordID)"]
        if let recordChangeTag { parts.append("tag \(recordChangeTag)") }
        if let parentIdentifier { parts.append("parent \(parentIdentifier)") }
        for key in allKeys() { parts.append("\(key): \(entries[key]!.plain!)") }
        for key in allEncryptedKeys() { parts.append("\(key) (encrypted): \(entries[key]!.encrypted!)") }
        return "InMemoryRecord(" + parts.joined(separator: ", ") + ")"
    }

    /// The archive: a format tag, then each string as a 4-byte little-endian length and its
    /// UTF-8 bytes (the change tag's length is 0xFFFFFFFF when there is none). Cheap to write,
    /// because generated code archives the system fields of every record it decodes.
    private struct SystemFields {
        static let formatTag = Data("CSIMR2".utf8)
        static let noValue = UInt32.max
        var recordType: String
        var recordName: String
        var zoneName: String
        var ownerName: String
        var recordChangeTag: String?

        init(recordType: String, recordName: String, zoneName: String, ownerName: String, recordChangeTag: String?) {
            self.recordType = recordType
            self.recordName = recordName
            self.zoneName = zoneName
            self.ownerName = ownerName
            self.recordChangeTag = recordChangeTag
        }

        var archive: Data {
            var data = Self.formatTag
            data.reserveCapacity(64 + recordType.utf8.count + recordName.utf8.count + zoneName.utf8.count)
            func append(_ text: String?) {
                guard let text else { return withUnsafeBytes(of: Self.noValue.littleEndian) { data.append(contentsOf: $0) } }
                withUnsafeBytes(of: UInt32(text.utf8.count).littleEndian) { data.append(contentsOf: $0) }
                data.append(contentsOf: text.utf8)
            }
            append(recordType)
            append(recordName)
            append(zoneName)
            append(ownerName)
            append(recordChangeTag)
            return data
        }

        init(archive data: Data) throws(SystemFieldsArchiveError) {
            let bytes = [UInt8](data)
            guard bytes.starts(with: Self.formatTag) else {
                throw SystemFieldsArchiveError(reason: "not an InMemoryRecord system fields archive")
            }
            var position = Self.formatTag.count
            func next() throws(SystemFieldsArchiveError) -> String? {
                guard position + 4 <= bytes.count else { throw SystemFieldsArchiveError(reason: "truncated archive") }
                let length = bytes[position..<position + 4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                position += 4
                if length == Self.noValue { return nil }
                guard Int(length) <= bytes.count - position,
                    let text = String(bytes: bytes[position..<position + Int(length)], encoding: .utf8)
                else { throw SystemFieldsArchiveError(reason: "truncated archive") }
                position += Int(length)
                return text
            }
            func required() throws(SystemFieldsArchiveError) -> String {
                guard let text = try next() else { throw SystemFieldsArchiveError(reason: "missing field in archive") }
                return text
            }
            recordType = try required()
            recordName = try required()
            zoneName = try required()
            ownerName = try required()
            recordChangeTag = try next()
            guard position == bytes.count else { throw SystemFieldsArchiveError(reason: "trailing bytes in archive") }
        }
    }
}

/// A mutable record shared across isolation domains would race; make that a compile error.
@available(*, unavailable)
extension InMemoryRecord: Sendable {}
