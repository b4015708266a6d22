/// What a generated record enum's `decode(_:)` (`SyncedRecord.decode(_:)`, `PublicRecord.decode(_:)`)
/// made of a record: a typed value, or a record type the schema doesn't declare.
///
/// An unknown record type is not an error: a newer version of the app may have added it, or
/// the container holds record types another app writes. Keep or skip such records; don't fail
/// the sync over them.
public enum DecodedRecord<Value: Sendable>: Sendable {
    /// A record of a record type the schema declares, decoded.
    case known(Value)
    /// A record whose type the schema doesn't declare (or, for a record type marked deprecated
    /// in generated code, doesn't list in the registry).
    case unknown(recordType: String, recordID: RecordID)

    /// The decoded value, or `nil` for an unknown record type.
    public var value: Value? {
        if case .known(let value) = self { return value }
        return nil
    }
}

extension DecodedRecord: Equatable where Value: Equatable {}
extension DecodedRecord: Hashable where Value: Hashable {}
