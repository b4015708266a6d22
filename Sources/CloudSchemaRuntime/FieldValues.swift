import Foundation

/// A file stored in an `ASSET` field, like `CKAsset(fileURL:)`.
///
/// CloudKit uploads the file when the record is saved and, when a record is fetched,
/// hands back a URL to its own cached copy; that URL is only valid for a while, so copy
/// the file if you need to keep it.
public struct Asset: Hashable, Sendable, Codable {
    /// A `file:` URL.
    public var fileURL: URL

    /// An asset for the file at `fileURL`, uploaded when the record is saved.
    public init(fileURL: URL) {
        self.fileURL = fileURL
    }
}

/// A `LOCATION` value: the parts of a `CLLocation` that CloudKit keeps.
///
/// `CLLocation` treats its altitude as valid only when its vertical accuracy is positive;
/// here that is spelled out as an optional ``altitude``. Course and speed are not modelled.
public struct Location: Hashable, Sendable, Codable {
    /// Degrees, -90...90.
    public var latitude: Double
    /// Degrees, -180...180.
    public var longitude: Double
    /// Meters above mean sea level, or `nil` when unknown.
    public var altitude: Double?
    /// Radius of uncertainty of the coordinate in meters; negative means the coordinate is invalid.
    public var horizontalAccuracy: Double
    /// Uncertainty of ``altitude`` in meters. Give a positive value with an altitude, or a
    /// `CLLocation` round trip drops the altitude (Core Location calls it invalid otherwise).
    public var verticalAccuracy: Double
    /// When the location was measured; `nil` when unknown. (`CLLocation` always has a timestamp:
    /// converting a location without one uses the current date, as `CLLocation(latitude:longitude:)` does.)
    public var timestamp: Date?

    /// A location; without an altitude, the vertical accuracy is unused.
    public init(
        latitude: Double,
        longitude: Double,
        altitude: Double? = nil,
        horizontalAccuracy: Double = 0,
        verticalAccuracy: Double = 0,
        timestamp: Date? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.timestamp = timestamp
    }
}

/// What CloudKit does to a record holding a reference when the referenced record is deleted
/// (`CKRecord.ReferenceAction`).
public enum ReferenceAction: String, Hashable, Sendable, Codable {
    /// Nothing happens (`.none`).
    case none
    /// The record holding the reference is deleted too (`.deleteSelf`): a cascading delete.
    case deleteSelf
}

/// An untyped `REFERENCE` value, like `CKRecord.Reference`: the target's record ID and the delete action.
///
/// References only work between records in the same zone of the same database.
public struct RecordReference: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The referenced record.
    public var recordID: RecordID
    /// What happens to the record holding this reference when the target is deleted.
    public var action: ReferenceAction

    /// A reference to `recordID`; by default deleting the target leaves the holder alone.
    public init(recordID: RecordID, action: ReferenceAction = .none) {
        self.recordID = recordID
        self.action = action
    }

    /// `→` and the target's ID, with `(deleteSelf)` for a cascading delete.
    public var description: String { "→\(recordID)\(action == .deleteSelf ? " (deleteSelf)" : "")" }
}

/// A typed `REFERENCE` to a record of type `Target`.
///
/// The type parameter is only a compile-time label: CloudKit references don't carry the
/// target's record type, so decoding cannot check it.
public struct Reference<Target: CloudRecord>: Hashable, Sendable, CustomStringConvertible {
    /// The referenced record.
    public var recordID: RecordID
    /// What happens to the record holding this reference when the target is deleted.
    public var action: ReferenceAction

    /// A reference to the record `recordID`, assumed to be a `Target`.
    public init(recordID: RecordID, action: ReferenceAction = .none) {
        self.recordID = recordID
        self.action = action
    }

    /// A reference to `target`.
    public init(_ target: Target, action: ReferenceAction = .none) {
        self.init(recordID: target.recordID, action: action)
    }

    /// Labels an untyped reference with `Target` (unchecked: references don't carry a record type).
    public init(_ untyped: RecordReference) {
        self.init(recordID: untyped.recordID, action: untyped.action)
    }

    /// The same reference with another delete action. Generated code writes the schema's action
    /// this way, whatever action the value carries.
    public func with(action: ReferenceAction) -> Reference {
        Reference(recordID: recordID, action: action)
    }

    /// The same reference without its type.
    public var untyped: RecordReference { RecordReference(recordID: recordID, action: action) }

    /// The target's record type, then the untyped reference: `Bed→…`.
    public var description: String { "\(Target.recordType)\(untyped)" }
}
