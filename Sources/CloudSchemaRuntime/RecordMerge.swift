import Foundation

// Three-way merge for `.serverRecordChanged`. CloudKit hands back the server record (what is
// there now, with the current change tag), the client record (what the failed save sent) and,
// not always, the ancestor (what the client's change was based on). The merge writes into the
// server record, field by field:
//
// | client changed it | server changed it | result |
// |---|---|---|
// | no | either | the server's value |
// | yes | no | the client's value ("mine") |
// | yes | yes | the field's `@merge` policy (the same new value on both sides: kept) |
//
// "The client changed it": the key is among the client record's changed keys (generated code
// encodes only what the app edited) and its value differs from the original. "The server changed
// it": the server's value differs from the original. The original is the ancestor's value, or
// without an ancestor the value in the client value's remembered ``ServerVersion`` (`base`).
// With neither, a field the client changed counts as changed on both sides when the values
// differ, so only the policy can decide it; a field only the server changed is still never
// overwritten. Values are compared as stored (``RecordValue``), an absent value being a value of
// its own; keys the schema doesn't declare are left as the server has them.

/// How a field both sides changed is resolved (the schema's `@merge`, except `custom`).
public enum FieldMergePolicy: String, Hashable, Sendable, CaseIterable {
    /// The client's value (the default).
    case mine
    /// The server's value.
    case theirs
    /// Lists: the server's elements, then the client's elements the server doesn't have. An
    /// absent list counts as empty. Removals made on only one side are not kept: an element
    /// either side still has stays.
    case union
    /// The larger value (strings, numbers, dates; an `Int64` enum by raw value). A present value
    /// beats an absent one; values that can't be compared keep the server's.
    case max
    /// The smaller value, with the same rules as ``max``.
    case min
}

/// Which side changed a field.
@_spi(Generated)
public enum FieldChange: Hashable, Sendable {
    /// Neither side changed the field: the server's value stays.
    case neither
    /// Only the client changed it: the client's value wins.
    case mine
    /// Only the server changed it: the server's value stays.
    case theirs
    /// Both changed it: the field's policy decides.
    case both
}

/// One field both sides changed to different values, for a `custom` merge.
@_spi(Generated)
public struct FieldConflict: Hashable, Sendable {
    /// The record type, for decoding errors.
    public var recordType: String
    /// The field's key.
    public var key: String
    /// The value in the ancestor record; `nil` when absent, or with no ancestor record.
    public var ancestor: RecordValue?
    /// The client's value.
    public var mine: RecordValue?
    /// The server's value.
    public var theirs: RecordValue?

    /// A conflict over `key`, with each side's stored value.
    public init(recordType: String, key: String, ancestor: RecordValue?, mine: RecordValue?, theirs: RecordValue?) {
        self.recordType = recordType
        self.key = key
        self.ancestor = ancestor
        self.mine = mine
        self.theirs = theirs
    }

    /// The three sides, for decoding one.
    public enum Side: Hashable, Sendable {
        /// What the client's change was based on.
        case ancestor
        /// The client's value.
        case mine
        /// The server's value.
        case theirs
    }

    /// One side's stored value; `nil` when absent.
    public func value(_ side: Side) -> RecordValue? {
        switch side {
        case .ancestor: ancestor
        case .mine: mine
        case .theirs: theirs
        }
    }

    /// One side's value decoded, or `nil` when absent.
    public func decodeIfPresent<Value: CloudFieldValue>(
        _ side: Side, as type: Value.Type = Value.self
    ) throws(RecordDecodingError) -> Value? {
        guard let stored = value(side) else { return nil }
        do {
            return try Value(recordValue: stored)
        } catch {
            throw RecordDecodingError(recordType: recordType, key: key, problem: .init(error, reading: stored))
        }
    }

    /// One side's value decoded; throws `missing` when absent.
    public func decode<Value: CloudFieldValue>(
        _ side: Side, as type: Value.Type = Value.self
    ) throws(RecordDecodingError) -> Value {
        guard let value = try decodeIfPresent(side, as: type) else {
            throw RecordDecodingError(recordType: recordType, key: key, problem: .missing)
        }
        return value
    }
}

extension RecordValue {
    /// Orders two values of one orderable kind (strings, integers, doubles, dates; an integer
    /// and a double compare as numbers); `nil` when they can't be compared.
    public static func mergeOrder(_ a: RecordValue, _ b: RecordValue) -> ComparisonResult? {
        func order<T: Comparable>(_ x: T, _ y: T) -> ComparisonResult {
            x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame
        }
        switch (a, b) {
        case (.string(let x), .string(let y)): return order(x, y)
        case (.int64(let x), .int64(let y)): return order(x, y)
        case (.double(let x), .double(let y)): return x.isNaN || y.isNaN ? nil : order(x, y)
        case (.int64(let x), .double(let y)): return y.isNaN ? nil : order(Double(x), y)
        case (.double(let x), .int64(let y)): return x.isNaN ? nil : order(x, Double(y))
        case (.date(let x), .date(let y)): return order(x, y)
        default: return nil
        }
    }

    /// The policy's result for a field both sides changed.
    public static func merge(mine: RecordValue?, theirs: RecordValue?, policy: FieldMergePolicy) -> RecordValue? {
        switch policy {
        case .mine:
            return mine
        case .theirs:
            return theirs
        case .union:
            var result: [RecordValue]
            switch theirs {
            case .list(let items): result = items
            case nil: result = []
            case let other?: return other  // not a list: nothing to unite, keep the server's
            }
            guard case .list(let mineItems) = mine else { return theirs }  // absent or not a list: nothing to add
            for item in mineItems where !result.contains(item) {
                result.append(item)
            }
            return .list(result)
        case .max, .min:
            guard let mine else { return theirs }
            guard let theirs else { return mine }
            guard let order = mergeOrder(mine, theirs) else { return theirs }
            if policy == .max {
                return order == .orderedDescending ? mine : theirs
            }
            return order == .orderedAscending ? mine : theirs
        }
    }
}

/// One `.serverRecordChanged` conflict, merged field by field into ``server`` (see the table
/// above). Generated `mergeConflict` functions make one and merge every field of the schema.
@_spi(Generated)
public struct RecordConflict<Storage: RecordStorage> {
    /// What the client's change was based on, when CloudKit supplies it.
    public let ancestor: Storage?
    /// The record the failed save sent.
    public let client: Storage
    /// The record on the server; the merge writes into it.
    public let server: Storage
    /// The server version the client's value was read from, standing in for a missing ancestor.
    public let base: ServerVersion?
    private let clientChangedKeys: Set<String>

    /// A conflict as CloudKit reports it (`CKError.ancestorRecord`, `clientRecord`,
    /// `serverRecord`), with the client value's remembered version as `base`.
    public init(ancestor: Storage?, client: Storage, server: Storage, base: ServerVersion? = nil) {
        self.ancestor = ancestor
        self.client = client
        self.server = server
        self.base = base
        self.clientChangedKeys = client.changedFieldKeys
    }

    /// The sides of the field `key`, its original from `base` by key.
    private func sides(forKey key: String, encrypted: Bool) -> FieldSides {
        sides(forKey: key, encrypted: encrypted) { $0.serverValue(forKey: key) }
    }

    /// The sides of the field at `position` of `fields`, its original from `base` by position.
    private func sides(at position: Int, of fields: RecordFields) -> FieldSides {
        sides(forKey: fields.keys[position], encrypted: fields.fields[position].encrypted) {
            $0.serverValue(at: position, of: fields)
        }
    }

    private func sides(forKey key: String, encrypted: Bool, inBase baseValue: (ServerVersion) -> RecordValue??) -> FieldSides {
        FieldSides(
            mine: client.recordValue(forKey: key, encrypted: encrypted),
            theirs: server.recordValue(forKey: key, encrypted: encrypted),
            original: ancestor.map { .some($0.recordValue(forKey: key, encrypted: encrypted)) } ?? base.flatMap(baseValue))
    }

    /// Which side changed a field with these sides; `clientChangedKey`: whether its key is
    /// among the client's changed keys.
    private static func change(_ sides: FieldSides, clientChangedKey: Bool) -> FieldChange {
        let mineChanged = clientChangedKey && sides.original.map { sides.mine != $0 } ?? true
        let theirsChanged = sides.original.map { sides.theirs != $0 } ?? (mineChanged && sides.theirs != sides.mine)
        switch (mineChanged, theirsChanged) {
        case (false, false): return .neither
        case (true, false): return .mine
        case (false, true): return .theirs
        case (true, true): return .both
        }
    }

    /// Which side changed the field.
    public func change(forKey key: String, encrypted: Bool = false) -> FieldChange {
        Self.change(sides(forKey: key, encrypted: encrypted), clientChangedKey: clientChangedKeys.contains(key))
    }

    /// Merges one field; `policy` decides when both sides changed it.
    public func mergeField(forKey key: String, encrypted: Bool = false, policy: FieldMergePolicy) {
        mergeField(forKey: key, encrypted: encrypted) { conflict in
            RecordValue.merge(mine: conflict.mine, theirs: conflict.theirs, policy: policy)
        }
    }

    /// Merges one field; `resolve` gets the conflict when both sides changed the field to
    /// different values and returns the value to keep (`nil` removes it).
    public func mergeField<Failure: Error>(
        forKey key: String, encrypted: Bool = false, resolve: (FieldConflict) throws(Failure) -> RecordValue?
    ) throws(Failure) {
        // Only a change the client made can alter the server's record.
        guard clientChangedKeys.contains(key) else { return }
        try mergeChangedField(sides(forKey: key, encrypted: encrypted), forKey: key, encrypted: encrypted, resolve: resolve)
    }

    /// Merges a field whose key the client changed, classified once from its sides.
    private func mergeChangedField<Failure: Error>(
        _ sides: FieldSides, forKey key: String, encrypted: Bool, resolve: (FieldConflict) throws(Failure) -> RecordValue?
    ) throws(Failure) {
        let merged: RecordValue?
        switch Self.change(sides, clientChangedKey: true) {
        case .neither, .theirs:
            return
        case .mine:
            merged = sides.mine
        case .both:
            if sides.mine == sides.theirs { return }
            merged = try resolve(
                FieldConflict(
                    recordType: server.recordType, key: key, ancestor: sides.original ?? nil, mine: sides.mine,
                    theirs: sides.theirs))
        }
        if merged == sides.theirs { return }
        server.setRecordValue(merged, forKey: key, encrypted: encrypted)
    }

    /// Merges every field of `fields` that has a policy: the keys the client changed (only those
    /// can alter the server's record; keys `fields` doesn't declare stay as the server has
    /// them), each looked up once and read by position, then the parent from each parent field.
    public func merge(_ fields: RecordFields) {
        for key in clientChangedKeys {
            guard let position = fields.position(of: key), let policy = fields.fields[position].merge else { continue }
            mergeChangedField(sides(at: position, of: fields), forKey: key, encrypted: fields.fields[position].encrypted) {
                RecordValue.merge(mine: $0.mine, theirs: $0.theirs, policy: policy)
            }
        }
        for key in fields.mergedParentKeys {
            server.mergeParent(fromField: key)
        }
    }

    /// Sets the server record's parent from a reference field's merged value.
    public func mergeParent(fromField key: String) {
        server.mergeParent(fromField: key)
    }
}

/// One field's three values in a conflict: the client's, the server's, and the original (`nil`
/// when neither an ancestor nor `base` knows it). Outside ``RecordConflict``, so it isn't generic.
private struct FieldSides {
    var mine: RecordValue?
    var theirs: RecordValue?
    var original: RecordValue??
}

extension RecordStorage {
    /// Sets the parent from a reference field's (merged) value, as encoding does: the parent is
    /// the referenced record, or none when the field is absent.
    @_spi(Generated)
    public func mergeParent(fromField key: String) {
        if case .reference(let reference) = self[field: key] {
            if parentIdentifier != reference.recordID { parentIdentifier = reference.recordID }
        } else if parentIdentifier != nil {
            parentIdentifier = nil
        }
    }
}
