// Schema subscriptions as CloudKit subscriptions, and a CKDatabase as a SubscriptionStore.
// Written against documented API only: CKQuerySubscription(recordType:predicate:subscriptionID:
// options:) and its zoneID, CKRecordZoneSubscription(zoneID:subscriptionID:),
// CKDatabaseSubscription(subscriptionID:), CKSubscription.NotificationInfo
// (shouldSendContentAvailable, alertBody), CKDatabase.allSubscriptions() and
// modifySubscriptions(saving:deleting:) (iOS 15, macOS 12). Not compiled on Linux.
#if canImport(CloudKit) && canImport(CoreLocation)
import CloudKit
import Foundation

extension SchemaSubscription.Events {
    /// `CKQuerySubscription.Options`.
    public var querySubscriptionOptions: CKQuerySubscription.Options {
        var options: CKQuerySubscription.Options = []
        if contains(.create) { options.insert(.firesOnRecordCreation) }
        if contains(.update) { options.insert(.firesOnRecordUpdate) }
        if contains(.delete) { options.insert(.firesOnRecordDeletion) }
        return options
    }
}

extension SchemaSubscription {
    /// A new `CKSubscription` with this ID, predicate (`NSPredicate(format:argumentArray:)`, keys
    /// as `%K` arguments), zone and notification info; save it in `database`.
    public func makeCKSubscription() -> CKSubscription {
        let subscription: CKSubscription
        switch kind {
        case .query(let recordType, let format, let arguments, let zoneID, let events):
            let query = CKQuerySubscription(
                recordType: recordType, predicate: NSPredicate(format: format, argumentArray: arguments.map(\.predicateArgument)),
                subscriptionID: id, options: events.querySubscriptionOptions)
            query.zoneID = zoneID?.ckRecordZoneID
            subscription = query
        case .zone(let zoneID):
            subscription = CKRecordZoneSubscription(zoneID: zoneID.ckRecordZoneID, subscriptionID: id)
        case .database:
            subscription = CKDatabaseSubscription(subscriptionID: id)
        }
        let info = CKSubscription.NotificationInfo()
        switch notification {
        case .none: break
        case .silent: info.shouldSendContentAvailable = true
        case .alert(let body): info.alertBody = body
        }
        subscription.notificationInfo = info
        return subscription
    }
}

extension DatabaseScope {
    /// `CKDatabase.Scope`.
    public var ckDatabaseScope: CKDatabase.Scope {
        switch self {
        case .public: .public
        case .private: .private
        case .shared: .shared
        }
    }
}

/// A `CKDatabase` as a `SubscriptionStore`:
/// `try await CloudKitSubscriptionStore(container.privateCloudDatabase).saveMissingSubscriptions(SchemaRegistry.subscriptions)`.
@available(iOS 15, macOS 12, tvOS 15, watchOS 8, *)
public struct CloudKitSubscriptionStore: SubscriptionStore, @unchecked Sendable {
    // CKDatabase is thread-safe (its operations run on CloudKit's queues) but not marked Sendable
    // in every SDK.
    /// The database saved into.
    public let database: CKDatabase

    /// A store saving into `database`.
    public init(_ database: CKDatabase) { self.database = database }

    /// The database's `databaseScope`.
    public var scope: DatabaseScope {
        switch database.databaseScope {
        case .public: .public
        case .shared: .shared
        default: .private
        }
    }

    /// `allSubscriptions()`' IDs.
    public func subscriptionIDs() async throws -> [String] {
        try await database.allSubscriptions().map(\.subscriptionID)
    }

    /// `modifySubscriptions(saving:deleting:)`, throwing the first per-subscription failure.
    public func modifySubscriptions(saving: [SchemaSubscription], deleting: [String]) async throws {
        let (saveResults, deleteResults) = try await database.modifySubscriptions(
            saving: saving.map { $0.makeCKSubscription() }, deleting: deleting)
        for result in saveResults.values { _ = try result.get() }
        for result in deleteResults.values { try result.get() }
    }
}
#endif
