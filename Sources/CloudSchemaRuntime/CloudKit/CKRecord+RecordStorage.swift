// The CloudKit bridge: CKRecord as a RecordStorage, and conversions between the runtime's value
// types and CloudKit's. Written against documented signatures only (see Documentation/GeneratedCode.md's list of what
// was verified where); it cannot be compiled on Linux, where this file is empty.
#if canImport(CloudKit) && canImport(CoreLocation)
import CloudKit
import CoreLocation
import Foundation

// MARK: - IDs and references

extension RecordZoneID {
    /// The same zone as a CloudKit zone ID.
    public init(_ zoneID: CKRecordZone.ID) {
        self.init(zoneName: zoneID.zoneName, ownerName: zoneID.ownerName)
    }

    /// This zone as a `CKRecordZone.ID`.
    public var ckRecordZoneID: CKRecordZone.ID {
        CKRecordZone.ID(zoneName: zoneName, ownerName: ownerName)
    }
}

extension RecordID {
    /// The same record as a CloudKit record ID.
    public init(_ recordID: CKRecord.ID) {
        self.init(recordName: recordID.recordName, zoneID: RecordZoneID(recordID.zoneID))
    }

    /// This record ID as a `CKRecord.ID`.
    public var ckRecordID: CKRecord.ID {
        CKRecord.ID(recordName: recordName, zoneID: zoneID.ckRecordZoneID)
    }
}

extension ReferenceAction {
    /// CloudKit's action; anything but `.deleteSelf` is `.none`.
    public init(_ action: CKRecord.ReferenceAction) {
        self = action == CKRecord.ReferenceAction.deleteSelf ? .deleteSelf : .none
    }

    /// This action as a `CKRecord.ReferenceAction`.
    public var ckReferenceAction: CKRecord.ReferenceAction {
        switch self {
        case .none: CKRecord.ReferenceAction.none
        case .deleteSelf: CKRecord.ReferenceAction.deleteSelf
        }
    }
}

extension RecordReference {
    /// The target and action of a `CKRecord.Reference`.
    public init(_ reference: CKRecord.Reference) {
        self.init(recordID: RecordID(reference.recordID), action: ReferenceAction(reference.action))
    }

    /// This reference as a `CKRecord.Reference`.
    public var ckReference: CKRecord.Reference {
        CKRecord.Reference(recordID: recordID.ckRecordID, action: action.ckReferenceAction)
    }
}

// MARK: - Assets and locations

extension Asset {
    /// `nil` when the asset has no local file (`CKAsset.fileURL` is optional).
    public init?(_ asset: CKAsset) {
        guard let fileURL = asset.fileURL else { return nil }
        self.init(fileURL: fileURL)
    }

    /// A `CKAsset` for the file, uploaded when the record is saved.
    public var ckAsset: CKAsset { CKAsset(fileURL: fileURL) }
}

extension Location {
    /// Core Location's altitude is valid only when `verticalAccuracy` is positive.
    public init(_ location: CLLocation) {
        let hasAltitude = location.verticalAccuracy > 0
        self.init(
            latitude: location.coordinate.latitude,
            longitude: location.coordinate.longitude,
            altitude: hasAltitude ? location.altitude : nil,
            horizontalAccuracy: location.horizontalAccuracy,
            verticalAccuracy: hasAltitude ? location.verticalAccuracy : 0,
            timestamp: location.timestamp
        )
    }

    /// Without an altitude the vertical accuracy is -1 (invalid); without a timestamp, now.
    public var clLocation: CLLocation {
        CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude),
            altitude: altitude ?? 0,
            horizontalAccuracy: horizontalAccuracy,
            verticalAccuracy: altitude == nil ? -1 : verticalAccuracy,
            timestamp: timestamp ?? Date()
        )
    }
}

// MARK: - Values

extension RecordValue {
    /// Converts a value read from a `CKRecord`. Numbers become `.double` when Core Foundation says
    /// they are floating point and `.int64` otherwise, as CloudKit's own Swift overlay does.
    /// Returns `nil` for a value of no CloudKit type, and for an asset without a local file.
    public init?(ckRecordValue value: any CKRecordValue) {
        switch value {
        case let string as NSString:
            self = .string(string as String)
        case let number as NSNumber:
            self = CFNumberIsFloatType(number as CFNumber) ? .double(number.doubleValue) : .int64(number.int64Value)
        case let date as NSDate:
            self = .date(date as Date)
        case let data as NSData:
            self = .bytes(data as Data)
        case let asset as CKAsset:
            guard let asset = Asset(asset) else { return nil }
            self = .asset(asset)
        case let location as CLLocation:
            self = .location(Location(location))
        case let reference as CKRecord.Reference:
            self = .reference(RecordReference(reference))
        case let array as NSArray:
            self = .list(
                array.compactMap { element in
                    (element as? any CKRecordValue).flatMap { RecordValue(ckRecordValue: $0) }
                })
        default:
            return nil
        }
    }

    /// The value to store in a `CKRecord`.
    public var ckRecordValue: any CKRecordValue {
        switch self {
        case .string(let value): value as NSString
        case .int64(let value): NSNumber(value: value)
        case .double(let value): NSNumber(value: value)
        case .date(let value): value as NSDate
        case .bytes(let value): value as NSData
        case .asset(let value): value.ckAsset
        case .location(let value): value.clLocation
        case .reference(let value): value.ckReference
        case .list(let items): NSArray(array: items.map(\.ckRecordValue))
        }
    }
}

// MARK: - CKRecord as RecordStorage

extension CKRecord: RecordStorage {
    /// `recordID` as a ``RecordID``.
    public var recordIdentifier: RecordID { RecordID(recordID) }

    /// `object(forKey:)` and `setObject(_:forKey:)`, converted.
    public subscript(field key: String) -> RecordValue? {
        get { object(forKey: key).flatMap { RecordValue(ckRecordValue: $0) } }
        set { setObject(newValue?.ckRecordValue, forKey: key) }
    }

    /// The same through `encryptedValues`.
    public subscript(encryptedField key: String) -> RecordValue? {
        get { encryptedValues.object(forKey: key).flatMap { RecordValue(ckRecordValue: $0) } }
        set { encryptedValues.setObject(newValue?.ckRecordValue, forKey: key) }
    }

    /// `changedKeys()` of the record and of its `encryptedValues`.
    public var changedFieldKeys: Set<String> {
        Set(changedKeys()).union(encryptedValues.changedKeys())
    }

    /// CloudKit requires a parent reference's action to be `.none`; this always sets it so.
    public var parentIdentifier: RecordID? {
        get { parent.map { RecordID($0.recordID) } }
        set {
            parent = newValue.map { CKRecord.Reference(recordID: $0.ckRecordID, action: CKRecord.ReferenceAction.none) }
        }
    }

    /// `encodeSystemFields(with:)` into a secure-coding keyed archive.
    public func archiveSystemFields() -> Data {
        let archiver = NSKeyedArchiver(requiringSecureCoding: true)
        encodeSystemFields(with: archiver)
        archiver.finishEncoding()
        return archiver.encodedData
    }

    /// A record restored from ``archiveSystemFields()`` with `CKRecord(coder:)`: same ID, type and
    /// change tag, no field values. Set the fields, then save it.
    public static func restoring(systemFieldsArchive data: Data) throws(SystemFieldsArchiveError) -> CKRecord {
        let unarchiver: NSKeyedUnarchiver
        do {
            unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        } catch {
            throw SystemFieldsArchiveError(reason: "not a keyed archive")
        }
        unarchiver.requiresSecureCoding = true
        defer { unarchiver.finishDecoding() }
        guard let record = CKRecord(coder: unarchiver) else {
            throw SystemFieldsArchiveError(reason: "CKRecord(coder:) returned nil")
        }
        return record
    }
}

extension CloudRecord {
    /// A `CKRecord` to save for this value: restored from ``systemFields`` when there are some (so
    /// the save carries the change tag) with the fields changed since ``serverVersion`` set,
    /// otherwise a new record with ``recordID`` and every field.
    public func makeCKRecord() throws(SystemFieldsArchiveError) -> CKRecord {
        let record: CKRecord
        if let systemFields {
            record = try CKRecord.restoring(systemFieldsArchive: systemFields)
        } else {
            record = CKRecord(recordType: Self.recordType, recordID: recordID.ckRecordID)
        }
        encode(to: record)
        return record
    }
}
#endif
