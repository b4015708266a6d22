import Foundation

// Three-way merge for `.serverRecordChanged`: CloudKit hands back the ancestor (what the client
// last fetched), the client record (what it tried to save) and the server record (what is there
// now, with the current change tag). The merge writes into the server record, field by field:
//
// | ancestor → client | ancestor → server | result |
// |---|---|---|
// | unchanged | unchanged | keep the server value (the same) |
// | changed | unchanged | the client's value ("mine") |
// | unchanged | changed | keep the server's value ("theirs") |
// | changed | changed | the field's `@merge` policy (same new value on both: keep it) |
//
// Values are compared as stored (``RecordValue``), an absent value being a value of its own; with
// no ancestor record, every field counts as absent in the ancestor. Generated code calls
// ``RecordStorage/mergeField(forKey:encrypted:ancestor:client:policy:)`` for each field of the
// schema; keys the schema doesn't declare are left as the server has them.

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

/// Which side changed a field since the ancestor.
public enum FieldChange: Hashable, Sendable {
    case neither, mine, theirs, both

    public init(ancestor: RecordValue?, mine: RecordValue?, theirs: RecordValue?) {
        switch (mine != ancestor, theirs != ancestor) {
        case (false, false): self = .neither
        case (true, false): self = .mine
        case (false, true): self = .theirs
        case (true, true): self = .both
        }
    }
}

/// One field both sides changed to different values, for a `custom` merge.
public struct FieldConflict: Hashable, Sendable {
    /// The record type, for decoding errors.
    public var recordType: String
    public var key: String
    /// The value in the ancestor record; `nil` when absent, or with no ancestor record.
    public var ancestor: RecordValue?
    /// The client's value.
    public var mine: RecordValue?
    /// The server's value.
    public var theirs: RecordValue?

    public init(recordType: String, key: String, ancestor: RecordValue?, mine: RecordValue?, theirs: RecordValue?) {
        self.recordType = recordType
        self.key = key
        self.ancestor = ancestor
        self.mine = mine
        self.theirs = theirs
    }

    /// The three sides, for decoding one.
    public enum Side: Hashable, Sendable {
        case ancestor, mine, theirs
    }

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
            throw RecordDecodingError(recordType: recordType, key: key, problem: error)
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

extension RecordStorage {
    /// Merges one field of `client` into this record (the server record) with the three-way
    /// rule above; `policy` decides when both sides changed it.
    public func mergeField<Record: RecordStorage>(
        forKey key: String, encrypted: Bool = false, ancestor: Record?, client: Record, policy: FieldMergePolicy
    ) {
        mergeField(forKey: key, encrypted: encrypted, ancestor: ancestor, client: client) { conflict in
            RecordValue.merge(mine: conflict.mine, theirs: conflict.theirs, policy: policy)
        }
    }

    /// Merges one field of `client` into this record; `resolve` gets the conflict when both
    /// sides changed the field to different values and returns the value to keep (`nil` removes it).
    public func mergeField<Record: RecordStorage, Failure: Error>(
        forKey key: String, encrypted: Bool = false, ancestor: Record?, client: Record,
        resolve: (FieldConflict) throws(Failure) -> RecordValue?
    ) throws(Failure) {
        let base = ancestor?.recordValue(forKey: key, encrypted: encrypted)
        let mine = client.recordValue(forKey: key, encrypted: encrypted)
        let theirs = recordValue(forKey: key, encrypted: encrypted)
        let merged: RecordValue?
        switch FieldChange(ancestor: base, mine: mine, theirs: theirs) {
        case .neither, .theirs:
            return
        case .mine:
            merged = mine
        case .both:
            if mine == theirs { return }
            merged = try resolve(FieldConflict(recordType: recordType, key: key, ancestor: base, mine: mine, theirs: theirs))
        }
        if merged == theirs { return }
        if encrypted {
            self[encryptedField: key] = merged
        } else {
            self[field: key] = merged
        }
    }

    /// Sets the parent from a reference field's (merged) value, as encoding does: the parent is
    /// the referenced record, or none when the field is absent.
    public func mergeParent(fromField key: String) {
        if case .reference(let reference) = self[field: key] {
            if parentIdentifier != reference.recordID { parentIdentifier = reference.recordID }
        } else if parentIdentifier != nil {
            parentIdentifier = nil
        }
    }
}
