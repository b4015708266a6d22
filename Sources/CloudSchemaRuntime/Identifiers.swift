import Foundation

/// Identifies a record zone: a zone name plus the name of the user who owns it,
/// like `CKRecordZone.ID`.
public struct RecordZoneID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The default zone's name, `_defaultZone` (`CKRecordZone.ID.defaultZoneName`).
    public static let defaultZoneName = "_defaultZone"
    /// The owner name that stands for the current user, `__defaultOwner__`
    /// (what `CKRecordZone.ID(zoneName:)` uses when no owner is given).
    public static let defaultOwnerName = "__defaultOwner__"
    /// The current user's default zone (`CKRecordZone.ID.default`).
    public static let `default` = RecordZoneID()

    /// The zone's name, unique within its owner's database.
    public var zoneName: String
    /// The record name of the user who owns the zone; ``defaultOwnerName`` for the current user.
    public var ownerName: String

    /// A zone ID; by default the current user's default zone.
    public init(zoneName: String = RecordZoneID.defaultZoneName, ownerName: String = RecordZoneID.defaultOwnerName) {
        self.zoneName = zoneName
        self.ownerName = ownerName
    }

    /// `zoneName/ownerName`, for messages.
    public var description: String { "\(zoneName)/\(ownerName)" }
}

/// Identifies a record: a record name within a zone, like `CKRecord.ID`.
public struct RecordID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The record's name, unique within its zone.
    public var recordName: String
    /// The zone the record lives in.
    public var zoneID: RecordZoneID

    /// Like `CKRecord.ID(recordName:zoneID:)`, the name defaults to a fresh UUID string
    /// and the zone to the default zone.
    public init(recordName: String = UUID().uuidString, zoneID: RecordZoneID = .default) {
        self.recordName = recordName
        self.zoneID = zoneID
    }

    /// `recordName@zoneName/ownerName`, for messages.
    public var description: String { "\(recordName)@\(zoneID)" }
}

/// A CloudKit database, like `CKDatabase.Scope`.
public enum DatabaseScope: String, Hashable, Sendable, Codable, CaseIterable {
    /// Everyone's records of the app; CKSyncEngine can't sync it.
    case `public`
    /// The user's own records.
    case `private`
    /// Records other users shared with the user, in zones they own.
    case shared
}
