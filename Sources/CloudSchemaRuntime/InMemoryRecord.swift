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
    /// The record type, e.g. `"Bed"`.
    public let recordType: String
    /// The record's ID, which never changes (as with `CKRecord`).
    public let recordID: RecordID
    /// The change tag of the last simulated save; `nil` for a record never saved.
    public private(set) var recordChangeTag: String?
    /// The parent record's ID; setting it marks the parent changed, so a save sends it.
    public var parentIdentifier: RecordID? {
        didSet { parentChanged = true }
    }

    /// Each key's plain and encrypted values and whether it changed, in the order the keys were
    /// first set. Mapping code reads and writes a record's fields in the order they are declared,
    /// so a lookup first tries the entry after the one found last (a read also that one), and
    /// hashes only when none matches.
    @exclusivity(unchecked) private var entries: [Entry] = []
    /// An open-addressing index into `entries`: each slot holds a position plus one, or 0 when
    /// empty. Its size is a power of two at least twice the number of keys.
    @exclusivity(unchecked) private var slots: [Int32] = []
    /// The position the last lookup found.
    @exclusivity(unchecked) private var lastFound = 0
    /// How many entries are changed, so an unchanged record's ``changedFieldKeys`` costs nothing.
    @exclusivity(unchecked) private var changedCount = 0
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

    /// ``recordID``, under the name ``RecordStorage`` uses.
    public var recordIdentifier: RecordID { recordID }

    struct Entry: Sendable {
        let key: String
        var plain: RecordValue?
        var encrypted: RecordValue?
        var changed = false
    }

    /// A plain field's value; `nil` when absent. Setting marks the key changed, even to the same value.
    public subscript(field key: String) -> RecordValue? {
        get { position(of: key).flatMap { entries[$0].plain } }
        set { update(key) { $0.plain = newValue } }
    }

    /// An encrypted field's value, kept apart from the plain one. Setting an asset or reference
    /// traps, because CloudKit doesn't encrypt those.
    public subscript(encryptedField key: String) -> RecordValue? {
        get { position(of: key).flatMap { entries[$0].encrypted } }
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
        let position: Int
        // Only the next key: writing a new value's fields in order adds a key each time, so the
        // one found last never matches.
        if lastFound + 1 < entries.count, entries[lastFound + 1].key == key {
            position = lastFound + 1
        } else {
            switch probe(key) {
            case .found(let found): position = found
            case .absent(let slot): position = append(key, at: slot)
            }
        }
        lastFound = position
        if Self.apply(change, to: &entries[position]) { changedCount += 1 }
    }

    /// Where `key` is in `entries`, or `nil` when it was never set.
    private func position(of key: String) -> Int? {
        if let hinted = hintedPosition(of: key) { return hinted }
        guard case .found(let position) = probe(key) else { return nil }
        lastFound = position
        return position
    }

    /// `key`'s position when it is the key after the one found last, or that one.
    private func hintedPosition(of key: String) -> Int? {
        if lastFound + 1 < entries.count, entries[lastFound + 1].key == key {
            lastFound += 1
            return lastFound
        }
        if lastFound < entries.count, entries[lastFound].key == key { return lastFound }
        return nil
    }

    private enum Probe {
        case found(Int)
        case absent(slot: Int)
    }

    /// Looks `key` up in the index: its position, or the empty slot where it would go.
    private func probe(_ key: String) -> Probe {
        if entries.count * 2 >= slots.count { rebuildIndex(forKeys: entries.count + 1) }
        let mask = slots.count - 1
        var slot = Self.hash(key) & mask
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            if entries[position].key == key { return .found(position) }
            slot = (slot + 1) & mask
        }
        return .absent(slot: slot)
    }

    /// Adds `key` with an empty entry at the empty `slot` that ``probe(_:)`` found; its position.
    private func append(_ key: String, at slot: Int) -> Int {
        entries.append(Entry(key: key))
        slots[slot] = Int32(entries.count)
        return entries.count - 1
    }

    /// A new index sized for `count` keys, holding the current ones.
    private func rebuildIndex(forKeys count: Int) {
        var size = 16
        while size < count * 2 { size <<= 1 }
        slots = [Int32](repeating: 0, count: size)
        for position in entries.indices { addToIndex(position) }
    }

    private func addToIndex(_ position: Int) {
        let mask = slots.count - 1
        var slot = Self.hash(entries[position].key) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(position + 1)
    }

    /// A multiplicative hash of the key's UTF-8, eight bytes at a time. Field keys are short and
    /// come from the app, not from someone who could choose colliding keys, so they don't need
    /// `String`'s seeded SipHash, which was most of the cost of reading a field.
    private static func hash(_ key: String) -> Int {
        if let (hash, isASCII) = key.utf8.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0)) }), isASCII {
            return hash
        }
        // Equal keys must hash alike, and Swift compares strings by canonical equivalence
        // ("e\u{301}" == "é", "\u{212A}" == "K"): hash a key that isn't ASCII in its composed form.
        return Array(key.precomposedStringWithCanonicalMapping.utf8).withUnsafeBytes { hash($0).hash }
    }

    private static func hash(_ bytes: UnsafeRawBufferPointer) -> (hash: Int, isASCII: Bool) {
        var hash = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var highBits: UInt64 = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            highBits |= word
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            offset += 8
        }
        var tail: UInt64 = 0
        for byte in bytes[offset...] { tail = tail << 8 | UInt64(byte) }
        highBits |= tail
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return (Int(truncatingIfNeeded: hash ^ hash >> 29), highBits & 0x8080_8080_8080_8080 == 0)
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

    /// The field values as they are now: this record's storage, shared until its next write
    /// (copy-on-write). What a decoded value remembers as its server version, copying nothing.
    var storedFields: StoredFields { StoredFields(entries: entries, slots: slots) }

    /// An ``InMemoryRecord``'s field values at one moment, looked up as the record looks them up.
    @usableFromInline
    struct StoredFields: Sendable {
        let entries: [Entry]
        let slots: [Int32]

        /// The value of the field at `position` of `fields`, found first at the same position
        /// (where a record whose fields were written in declaration order has it), else through
        /// the index.
        @inline(__always)
        func value(at position: Int, of fields: RecordFields) -> RecordValue? {
            let key = fields.keys[position]
            let found: Int
            if position < entries.count, entries[position].key == key {
                found = position
            } else {
                guard let indexed = Self.position(of: key, entries: entries, slots: slots) else { return nil }
                found = indexed
            }
            return fields.fields[position].encrypted ? entries[found].encrypted : entries[found].plain
        }

        /// Where `key` is in `entries` by the index, or `nil` when it was never set. The loop of
        /// `probe(_:)`, on a snapshot: one function for both, taking the arrays as arguments,
        /// made every write about 15% slower (encode 1.20 → 1.44 µs in `CloudSchemaBenchmark mapping`).
        static func position(of key: String, entries: [Entry], slots: [Int32]) -> Int? {
            guard !slots.isEmpty else { return nil }
            let mask = slots.count - 1
            var slot = InMemoryRecord.hash(key) & mask
            while slots[slot] != 0 {
                let position = Int(slots[slot]) - 1
                if entries[position].key == key { return position }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// Keys of plain fields that have a value, sorted.
    public func allKeys() -> [String] { entries.filter { $0.plain != nil }.map(\.key).sorted() }

    /// Keys of encrypted fields that have a value, sorted.
    public func allEncryptedKeys() -> [String] { entries.filter { $0.encrypted != nil }.map(\.key).sorted() }

    /// Keys (plain or encrypted) set or removed since the record was created, restored or last
    /// saved, sorted.
    public func changedKeys() -> [String] { changedFieldKeys.sorted() }

    /// Keys (plain or encrypted) set or removed since the record was created, restored or last saved.
    public var changedFieldKeys: Set<String> {
        guard changedCount > 0 else { return [] }
        var keys = Set<String>(minimumCapacity: changedCount)
        for entry in entries where entry.changed { keys.insert(entry.key) }
        return keys
    }

    /// Makes room for `count` more keys, so writing a new value's fields doesn't grow the storage per field.
    public func reserveCapacity(forFields count: Int) {
        entries.reserveCapacity(entries.count + count)
        if (entries.count + count) * 2 > slots.count { rebuildIndex(forKeys: entries.count + count) }
    }

    /// What the server does when it accepts a save: a new change tag, and no changed keys.
    /// Tags here count up from `"1"`; real CloudKit tags are opaque strings.
    public func simulateServerSave() {
        recordChangeTag = String((recordChangeTag.flatMap { Int($0) } ?? 0) + 1)
        if changedCount > 0 {
            // Keys removed since the last save are gone now.
            entries = entries.compactMap { entry in
                entry.plain == nil && entry.encrypted == nil ? nil : Entry(key: entry.key, plain: entry.plain, encrypted: entry.encrypted)
            }
            rebuildIndex(forKeys: entries.count)
            changedCount = 0
        }
        parentChanged = false
        systemFieldsArchive = nil
    }

    /// The type, ID and change tag, without field values or parent, in this library's own
    /// format (not `CKRecord`'s), cached until the next save.
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
        for sent in client.entries where sent.changed {
            // The client's value, in whichever storage it set; this record's changed keys stay as they are.
            let position: Int
            switch probe(sent.key) {
            case .found(let found): position = found
            case .absent(let slot): position = append(sent.key, at: slot)
            }
            (entries[position].plain, entries[position].encrypted) =
                sent.encrypted != nil ? (nil, sent.encrypted) : (sent.plain, nil)
        }
        if client.parentChanged { parentIdentifier = client.parentIdentifier }
    }

    /// An independent copy with the same ID, tag, values, parent and changed keys.
    public func copy() -> InMemoryRecord {
        let copy = InMemoryRecord(recordType: recordType, recordID: recordID)
        copy.recordChangeTag = recordChangeTag
        copy.parentIdentifier = parentIdentifier
        copy.entries = entries
        copy.slots = slots
        copy.changedCount = changedCount
        copy.parentChanged = parentChanged
        copy.systemFieldsArchive = systemFieldsArchive
        return copy
    }

    /// The type, ID, change tag, parent and every field, for test failures.
    public var description: String {
        var parts = ["\(recordType) \(recordID)"]
        if let recordChangeTag { parts.append("tag \(recordChangeTag)") }
        if let parentIdentifier { parts.append("parent \(parentIdentifier)") }
        for key in allKeys() { parts.append("\(key): \(self[field: key]!)") }
        for key in allEncryptedKeys() { parts.append("\(key) (encrypted): \(self[encryptedField: key]!)") }
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
