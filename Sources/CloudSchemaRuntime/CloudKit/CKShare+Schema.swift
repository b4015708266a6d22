// Shares of the schema's @shareable record types and zones. Written against documented API only:
// CKShare(rootRecord:) and CKShare(recordZoneID:) (iOS 15, macOS 12), CKShare.SystemFieldKey
// .title and .shareType, CKRecord.setObject(_:forKey:). Not compiled on Linux.
#if canImport(CloudKit) && canImport(CoreLocation)
import CloudKit
import Foundation

extension ShareableRecord {
    /// A new share of `rootRecord` (a record of this type) and its `@parent` children, with
    /// its title and this record type's share type set. Save it together with `rootRecord`, in
    /// one modify operation, as `CKShare(rootRecord:)` requires.
    public static func makeShare(rootRecord: CKRecord, title: String) -> CKShare {
        let share = CKShare(rootRecord: rootRecord)
        share.setSchemaFields(title: title, shareType: shareType)
        return share
    }
}

extension RecordZoneID {
    /// A new share of every record in this custom zone (`CKShare(recordZoneID:)`, for a
    /// `@shareable` zone), with its title and share type set. A zone and its records take part
    /// in only one share.
    @available(iOS 15, macOS 12, tvOS 15, watchOS 8, *)
    public func makeShare(title: String, shareType: String) -> CKShare {
        let share = CKShare(recordZoneID: ckRecordZoneID)
        share.setSchemaFields(title: title, shareType: shareType)
        return share
    }
}

extension CKShare {
    fileprivate func setSchemaFields(title: String, shareType: String) {
        setObject(title as NSString, forKey: CKShare.SystemFieldKey.title)
        setObject(shareType as NSString, forKey: CKShare.SystemFieldKey.shareType)
    }
}
#endif
